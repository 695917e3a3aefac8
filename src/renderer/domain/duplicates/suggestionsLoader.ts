import { useEffect, useState } from 'react';
import type {
  Candidate,
  DetectedRecord,
  DuplicateKind,
} from '../../../shared/workbench/duplicateChannels';
import { invoke, onBridgeEvent } from '../../bridge/bridge';
import { errorText } from '../../ui/errorText';

/**
 * The likely duplicates of the records on screen (issue 49): each row's cell asks for its record,
 * and the asks of one render go to core as one call per kind (a page of 25 or 50 is one
 * duplicates.suggest). Answers are kept until a dismissal, a restore or a reload of the list
 * changes what core would say; then every cell on screen asks again.
 */
export type SuggestionState =
  | { status: 'loading' }
  | { status: 'ready'; candidates: Candidate[] }
  | { status: 'failed'; message: string };

type Pending = { record: DetectedRecord; resolve(c: Candidate[]): void; reject(e: unknown): void };

const cache = new Map<string, Promise<Candidate[]>>();
const pending = new Map<DuplicateKind, Pending[]>();
const listeners = new Set<() => void>();
let generation = 0;
/** The last write that made every cell ask again: each cell hears it, one forgetting is enough. */
let lastSeq = 0;

const cacheKey = (kind: DuplicateKind, record: DetectedRecord) =>
  `${kind}\n${JSON.stringify(record)}`;

function flush(kind: DuplicateKind): void {
  const batch = pending.get(kind) ?? [];
  pending.delete(kind);
  if (batch.length === 0) return;
  invoke('duplicates.suggest', { kind, records: batch.map((p) => p.record) }).then(
    ({ suggestions }) => {
      const byKey = new Map(suggestions.map((s) => [s.key, s.candidates]));
      batch.forEach((p) => p.resolve(byKey.get(p.record.key) ?? []));
    },
    (error: unknown) => batch.forEach((p) => p.reject(error)),
  );
}

/** The candidates for one record: asked with the others of this render, or answered from memory. */
export function suggestionsFor(kind: DuplicateKind, record: DetectedRecord): Promise<Candidate[]> {
  const key = cacheKey(kind, record);
  const held = cache.get(key);
  if (held) return held;
  const asked = new Promise<Candidate[]>((resolve, reject) => {
    const list = pending.get(kind) ?? [];
    if (list.length === 0) queueMicrotask(() => flush(kind));
    list.push({ record, resolve, reject });
    pending.set(kind, list);
  });
  cache.set(key, asked);
  // A failed ask is asked again next time.
  asked.catch(() => {
    if (cache.get(key) === asked) cache.delete(key);
  });
  return asked;
}

/** What core would say has changed (a dismissal, a restore, a save): every cell asks again. */
export function forgetSuggestions(): void {
  cache.clear();
  generation += 1;
  listeners.forEach((listener) => listener());
}

/** A row's candidates, asked again whenever forgetSuggestions() is called. */
export function useSuggestions(kind: DuplicateKind, record: DetectedRecord): SuggestionState {
  const [state, setState] = useState<SuggestionState>({ status: 'loading' });
  const [seen, setSeen] = useState(generation);
  useEffect(() => {
    const listener = () => setSeen(generation);
    listeners.add(listener);
    // A save or merge changes the catalogue (and a queue): what core would say changes with it.
    const stop = onBridgeEvent((event) => {
      if (event.type !== 'journal.appended' || event.entry.outcome !== 'ok') return;
      if (/^(currencies|markets)\./.test(event.entry.channel) && event.entry.seq !== lastSeq) {
        lastSeq = event.entry.seq;
        forgetSuggestions();
      }
    });
    return () => {
      listeners.delete(listener);
      stop();
    };
  }, []);
  const key = cacheKey(kind, record);
  useEffect(() => {
    let live = true;
    suggestionsFor(kind, JSON.parse(key.slice(key.indexOf('\n') + 1)) as DetectedRecord).then(
      (candidates) => live && setState({ status: 'ready', candidates }),
      (error: unknown) => live && setState({ status: 'failed', message: errorText(error) }),
    );
    return () => {
      live = false;
    };
  }, [kind, key, seen]);
  return state;
}

/** Dismisses or restores a pair through core, then asks again for what is on screen. */
export async function setNotDuplicate(
  pair: { kind: DuplicateKind; detected: string; catalogue: string },
  notDuplicate: boolean,
): Promise<void> {
  await invoke(notDuplicate ? 'duplicates.dismiss' : 'duplicates.restore', pair);
  forgetSuggestions();
}
