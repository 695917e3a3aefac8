import { CHANGE_DIRECTIONS, type ChangeDirection } from '../../../shared/bodies/insight';
import type { TriState } from '../../../shared/bodies/review';
import type { ModelRunView } from '../../../shared/responses/insight';

/**
 * The Model runs screen in its URL (DESIGN.md, "Links into the app"): the list's service and page,
 * or one run (`run`, as Review's Model button links to it) with its changes' direction, reviewed
 * and page. Pages are written 1-based, as people count them, and only when past the first; a value
 * that cannot be read is its default, never an error.
 */

export interface RunsListQuery {
  service: ModelRunView['service'] | null;
  /** Zero-based. */
  page: number;
}

export interface RunChangesQuery {
  run: number;
  direction: ChangeDirection | null;
  reviewed: TriState;
  /** Zero-based. */
  page: number;
}

export type ModelRunsQuery =
  ({ kind: 'list' } & RunsListQuery) | ({ kind: 'run' } & RunChangesQuery);

/** The most a page or a run id may be (the calls' own bounds). */
const MAX_PAGE = 100_000;
const MAX_RUN = 2_147_483_647;

function readPage(text: string | null): number {
  if (text === null || !/^\d{1,7}$/.test(text)) return 0;
  const page = Number(text);
  return page >= 1 && page <= MAX_PAGE ? page - 1 : 0;
}

export function readModelRunsQuery(search: string): ModelRunsQuery {
  const params = new URLSearchParams(search.startsWith('?') ? search.slice(1) : search);
  const page = readPage(params.get('page'));
  const runText = params.get('run');
  const run = runText !== null && /^\d{1,10}$/.test(runText) ? Number(runText) : 0;
  if (run >= 1 && run <= MAX_RUN) {
    const direction = params.get('direction');
    const reviewed = params.get('reviewed');
    return {
      kind: 'run',
      run,
      direction: (CHANGE_DIRECTIONS as readonly string[]).includes(direction ?? '')
        ? (direction as ChangeDirection)
        : null,
      reviewed: reviewed === 'true' || reviewed === 'false' ? reviewed : 'null',
      page,
    };
  }
  const service = params.get('service');
  return {
    kind: 'list',
    service: service === 'tweets' || service === 'news' ? service : null,
    page,
  };
}

/** The query (without '?') for the list: '' for every service's first page. */
export function runsListQueryOf(query: RunsListQuery): string {
  const params = new URLSearchParams();
  if (query.service) params.set('service', query.service);
  if (query.page > 0) params.set('page', String(query.page + 1));
  return params.toString();
}

/** The query (without '?') for one run's changes: `run=<id>` and what differs from any. */
export function runChangesQueryOf(query: RunChangesQuery): string {
  const params = new URLSearchParams({ run: String(query.run) });
  if (query.direction) params.set('direction', query.direction);
  if (query.reviewed !== 'null') params.set('reviewed', query.reviewed);
  if (query.page > 0) params.set('page', String(query.page + 1));
  return params.toString();
}

/** The path of one run's screen, as a link from anywhere (Review's Model button) writes it. */
export const modelRunPath = (id: number) =>
  `/model-runs?${runChangesQueryOf({ run: id, direction: null, reviewed: 'null', page: 0 })}`;
