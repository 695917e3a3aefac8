import { BOILERPLATE_SEEN, sameStory, storyFacts, type StoryFacts } from './sameStory';
import { storyKeys, storyLookupKeys } from './storyBands';
import { storyText, type StoryInput, type StoryText } from './storyText';
import { STORY_WINDOW_MS } from './storyWindow';

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
  /** Its facts, while its source's boilerplate has not changed since (#boilerplateChanges). */
  facts?: { of: number; facts: StoryFacts };
}

/** Every word an item says, boilerplate included: what its band keys are made of. */
export const allWords = (text: StoryText): ReadonlySet<string> => {
  // Once per text: grouping asks for an item's words several times (its keys, its lookups, its
  // comparisons), and the same set also keeps its MinHash signature (storyBands.ts).
  let words = wordsOfText.get(text);
  if (!words) {
    words = new Set(text.sentences.flatMap((s) => s.key.split(' ')).filter((w) => w !== ''));
    wordsOfText.set(text, words);
  }
  return words;
};
const wordsOfText = new WeakMap<StoryText, ReadonlySet<string>>();

/** Whose words an item repeats: a retweet's are its tweet's account's, boilerplate and all. */
export const boilerplateSource = (item: StoryInput, text: StoryText): string =>
  `${item.kind}:${text.repeats ?? item.source.toLowerCase()}`;

/**
 * Grouping as items arrive: each item joins the story that most of its matching earlier items
 * (within STORY_WINDOW_MS) belong to, or starts its own. Candidates are the items sharing a band
 * key with it (storyBands.ts) and the tweets it links to; a source's boilerplate is learned as its
 * items arrive (BOILERPLATE_SEEN; a retweet teaches nothing, it repeats). `npm run eval --
 * stories` runs it alone; the reference server (src/server/stories/) runs it over each batch of
 * arrivals with the earlier items and sentence counts it read from the database.
 */
export class StoryGrouper {
  readonly #kept: Kept[] = [];
  readonly #byKey = new Map<number, number[]>();
  readonly #byOwnId = new Map<string, number>();
  /** boilerplateSource -> sentence (whole) -> how many items of that source said it. */
  readonly #sentences = new Map<string, Map<string, number>>();
  /** boilerplateSource -> how many times a sentence of it became boilerplate. */
  readonly #boilerplateChanges = new Map<string, number>();
  #stories = 0;

  constructor(
    private readonly newStory: (item: ArrivingItem) => string = (item) =>
      `${item.kind}-story-${++this.#stories}`,
  ) {}

  /** An item grouped before: a candidate for those that arrive, nothing learned from it. */
  remember(item: ArrivingItem, story: string, text = storyText(item)): void {
    this.#keep(item, text, story);
  }

  /** How many items of a source said a sentence, as counted before. */
  knowSentence(source: string, sentence: string, items: number): void {
    this.#seen(source).set(sentence, items);
    this.#boilerplateChanges.set(source, (this.#boilerplateChanges.get(source) ?? 0) + 1);
  }

  /** Adds an item (in arrival order) and says which story it joined. */
  add(item: ArrivingItem, text = storyText(item)): string {
    this.#learnSentences(item, text);
    const facts = this.#facts(item, text);
    const votes = new Map<string, number>();
    for (const index of this.#candidates(item, text)) {
      const other = this.#kept[index];
      if (other === undefined || Math.abs(item.time - other.item.time) > STORY_WINDOW_MS) continue;
      if (!sameStory(facts, this.#factsOf(other))) continue;
      votes.set(other.story, (votes.get(other.story) ?? 0) + 1);
    }
    let story: string | null = null;
    for (const [candidate, n] of votes)
      if (story === null || n > (votes.get(story) ?? 0)) story = candidate;
    story ??= this.newStory(item);
    this.#keep(item, text, story);
    return story;
  }

  /** The sentences (whole) an item teaches its source: none for a retweet. */
  static sentencesTaught(text: StoryText): string[] {
    if (text.repeats !== null) return [];
    return [...new Set(text.sentences.map((s) => s.whole).filter((w) => w !== ''))];
  }

  #keep(item: ArrivingItem, text: StoryText, story: string): void {
    const index = this.#kept.push({ item, text, story }) - 1;
    for (const key of storyKeys(allWords(text), item.time)) {
      const list = this.#byKey.get(key);
      if (list) list.push(index);
      else this.#byKey.set(key, [index]);
    }
    if (item.ownId !== null) this.#byOwnId.set(`${item.kind}:${item.ownId}`, index);
  }

  #seen(source: string): Map<string, number> {
    let seen = this.#sentences.get(source);
    if (!seen) {
      seen = new Map<string, number>();
      this.#sentences.set(source, seen);
    }
    return seen;
  }

  /** A kept item's facts, read again only when its source's boilerplate changed. */
  #factsOf(kept: Kept): StoryFacts {
    const of = this.#boilerplateChanges.get(boilerplateSource(kept.item, kept.text)) ?? 0;
    if (kept.facts?.of === of) return kept.facts.facts;
    const facts = this.#facts(kept.item, kept.text);
    kept.facts = { of, facts };
    return facts;
  }

  #facts(item: ArrivingItem, text: StoryText): StoryFacts {
    const seen = this.#sentences.get(boilerplateSource(item, text));
    return storyFacts(
      item.kind,
      item.source,
      item.ownId,
      text,
      (key) => (seen?.get(key) ?? 0) >= BOILERPLATE_SEEN,
    );
  }

  #learnSentences(item: ArrivingItem, text: StoryText): void {
    const source = boilerplateSource(item, text);
    const seen = this.#seen(source);
    for (const sentence of StoryGrouper.sentencesTaught(text)) {
      const n = (seen.get(sentence) ?? 0) + 1;
      seen.set(sentence, n);
      if (n === BOILERPLATE_SEEN)
        this.#boilerplateChanges.set(source, (this.#boilerplateChanges.get(source) ?? 0) + 1);
    }
  }

  /** Earlier items sharing a band key with this one, and the tweets it links to. */
  #candidates(item: ArrivingItem, text: StoryText): Set<number> {
    const found = new Set<number>();
    for (const key of storyLookupKeys(allWords(text), item.time))
      for (const index of this.#byKey.get(key) ?? [])
        if (this.#kept[index]?.item.kind === item.kind) found.add(index);
    for (const id of text.quotes) {
      const index = this.#byOwnId.get(`${item.kind}:${id}`);
      if (index !== undefined) found.add(index);
    }
    return found;
  }
}
