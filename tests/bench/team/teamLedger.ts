/**
 * What the team scenario checks beside its times: no item held by two reviewers at once, and no
 * decision lost or applied twice. Kept apart from the calls so that the checks themselves are
 * unit-tested (tests/unit/bench/teamLedger.test.ts).
 */

/** A decision the server accepted (200): the item's version it produced and what it wrote. */
export interface AcceptedDecision {
  id: number;
  reviewer: string;
  selected: boolean;
  /** The version the answer carried: the version the card showed plus one. */
  version: number;
}

/** An item as the database holds it at the end. */
export interface FinalItem {
  id: number;
  selected: boolean;
  version: number;
  manuallyChangedBy: string | null;
}

/**
 * The holds handed out by queue pages, as the reviewers saw them. An item leaves its holder when
 * the holder sends a decision on it or leaves it with the next page (the server releases it in
 * that call), so a second holder before then means two reviewers held it at once.
 */
export class HoldBook {
  readonly #holder = new Map<number, string>();
  #doubleHeld = new Set<number>();

  /** A queue page's items reached `reviewer`. */
  handedOut(reviewer: string, ids: readonly number[]): void {
    for (const id of ids) {
      const holder = this.#holder.get(id);
      if (holder !== undefined && holder !== reviewer) this.#doubleHeld.add(id);
      this.#holder.set(id, reviewer);
    }
  }

  /** The reviewer lets these go: a decision or a page left is about to be sent. */
  letGo(reviewer: string, ids: readonly number[]): void {
    for (const id of ids) if (this.#holder.get(id) === reviewer) this.#holder.delete(id);
  }

  /** Items that were held by two reviewers at once. */
  get doubleHeld(): number {
    return this.#doubleHeld.size;
  }
}

export interface DecisionCheck {
  /** Accepted decisions whose write is not what the item holds (overwritten unseen, or missing). */
  lost: number;
  /** Writes beyond the accepted decisions: two accepted at one version, or a version nobody was answered. */
  appliedTwice: number;
  /** Items accepted decisions from two reviewers (a plain list's overlap; none in a queue). */
  decidedByTwo: number;
}

/**
 * Checks the accepted decisions against the items at the end. Each accepted decision named the
 * version its card showed (If-Match), so the item's accepted decisions have distinct versions and
 * the last of them is the item's version now, with its decision and reviewer.
 */
export function checkDecisions(
  accepted: readonly AcceptedDecision[],
  finals: ReadonlyMap<number, FinalItem>,
): DecisionCheck {
  const byItem = new Map<number, AcceptedDecision[]>();
  for (const decision of accepted) {
    const list = byItem.get(decision.id) ?? [];
    list.push(decision);
    byItem.set(decision.id, list);
  }
  let lost = 0;
  let appliedTwice = 0;
  let decidedByTwo = 0;
  for (const [id, decisions] of byItem) {
    const versions = new Set(decisions.map((d) => d.version));
    appliedTwice += decisions.length - versions.size;
    if (new Set(decisions.map((d) => d.reviewer)).size > 1) decidedByTwo++;
    const last = decisions.reduce((a, b) => (b.version >= a.version ? b : a));
    const final = finals.get(id);
    if (!final || final.version < last.version) {
      lost += 1;
      continue;
    }
    if (final.version > last.version) appliedTwice += 1;
    else if (final.selected !== last.selected || final.manuallyChangedBy !== last.reviewer)
      lost += 1;
  }
  return { lost, appliedTwice, decidedByTwo };
}
