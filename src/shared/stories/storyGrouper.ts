import {
  BOILERPLATE_SEEN,
  STORY_THRESHOLDS,
  sameStory,
  storyFacts,
  type StoryFacts,
} from './sameStory';
import { storyText, type StoryInput, type StoryText } from './storyText';

/** Copies of one story arrive within this long of each other; older items are not compared. */
export const STORY_WINDOW_MS = 3 * 86_400_000;

export interface ArrivingItem extends StoryInput {
  /** The item's own key, unique within its kind. */
  key: string;
  /** The tweet's tweetId (what quotes link to); null for news. */
  ownId: string | null;
  /** detectTime, in milliseconds. */
  time: number;
}

interface Kept {
  item: ArrivingItem;
  text: StoryText;
  story: string;
}

/**
 * Grouping as items arrive, in memory: each item joins the story that most of its matching
 * earlier items belong to, or starts its own. A source's boilerplate is learned as its items
 * arrive (BOILERPLATE_SEEN). The reference server does the same on PostgreSQL; this one serves
 * `npm run eval -- stories` and the tests that pin the rules down.
 */
export class StoryGrouper {
  readonly #kept: Kept[] = [];
  /** Word -> indexes into #kept of the items that say it: the candidates of a new item. */
  readonly #byWord = new Map<string, number[]>();
  readonly #byOwnId = new Map<string, number>();
  /** source -> sentence key -> how many items of that source said it. */
  readonly #sentences = new Map<string, Map<string, number>>();
  #stories = 0;

  /** Adds an item (in arrival order) and says which story it joined. */
  add(item: ArrivingItem): string {
    const text = storyText(item);
    this.#learnSentences(item, text);
    const facts = this.#facts(item, text);
    const votes = new Map<string, number>();
    for (const index of this.#candidates(item, text, facts)) {
      const other = this.#kept[index];
      if (other === undefined) continue;
      if (item.time - other.item.time > STORY_WINDOW_MS) continue;
      if (!sameStory(facts, this.#facts(other.item, other.text))) continue;
      votes.set(other.story, (votes.get(other.story) ?? 0) + 1);
    }
    let story: string | null = null;
    for (const [candidate, n] of votes)
      if (story === null || n > (votes.get(story) ?? 0)) story = candidate;
    story ??= `${item.kind}-story-${++this.#stories}`;
    const index = this.#kept.push({ item, text, story }) - 1;
    for (const sentence of text.sentences)
      for (const word of new Set(sentence.key.split(' ')))
        if (word) {
          const list = this.#byWord.get(word);
          if (list) list.push(index);
          else this.#byWord.set(word, [index]);
        }
    if (item.ownId !== null) this.#byOwnId.set(`${item.kind}:${item.ownId}`, index);
    return story;
  }

  #facts(item: ArrivingItem, text: StoryText): StoryFacts {
    const seen = this.#sentences.get(sourceKey(item, text));
    return storyFacts(
      item.kind,
      item.source,
      item.ownId,
      text,
      (key) => (seen?.get(key) ?? 0) >= BOILERPLATE_SEEN,
    );
  }

  #learnSentences(item: ArrivingItem, text: StoryText): void {
    // A retweet repeats its tweet: counting it would make every much-retweeted line boilerplate.
    if (text.repeats !== null) return;
    const key = sourceKey(item, text);
    const seen = this.#sentences.get(key) ?? new Map<string, number>();
    this.#sentences.set(key, seen);
    for (const sentence of new Set(text.sentences.map((s) => s.whole)))
      if (sentence) seen.set(sentence, (seen.get(sentence) ?? 0) + 1);
  }

  /** Earlier items sharing enough words with this one, and the tweets it quotes by link. */
  #candidates(item: ArrivingItem, text: StoryText, facts: StoryFacts): Set<number> {
    const shared = new Map<number, number>();
    for (const word of facts.words)
      for (const index of this.#byWord.get(word) ?? [])
        shared.set(index, (shared.get(index) ?? 0) + 1);
    const found = new Set<number>();
    const needed = Math.min(STORY_THRESHOLDS.minSharedWords, Math.max(1, facts.words.size));
    for (const [index, n] of shared)
      if (n >= needed && this.#kept[index]?.item.kind === item.kind) found.add(index);
    for (const id of text.quotes) {
      const index = this.#byOwnId.get(`${item.kind}:${id}`);
      if (index !== undefined) found.add(index);
    }
    return found;
  }
}

/** Whose words an item repeats: a retweet's are its tweet's account's, boilerplate and all. */
export const boilerplateSource = (item: StoryInput, text: StoryText): string =>
  `${item.kind}:${text.repeats ?? item.source.toLowerCase()}`;

const sourceKey = boilerplateSource;
