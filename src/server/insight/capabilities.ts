import type { ServerExtension } from '../../shared/insight';

/**
 * What this server offers beyond SPEC.md 7 (GET /dqc-extensions/capabilities). A version goes up
 * when an extension's calls change in a way an older client would misread.
 */
export const OFFERED_EXTENSIONS: readonly ServerExtension[] = [
  { name: 'borderline', version: 1 },
  { name: 'model-runs', version: 1 },
  { name: 'keyword-impact', version: 1 },
  { name: 'item-history', version: 1 },
  { name: 'claims', version: 1 },
  { name: 'conditional-writes', version: 1 },
  { name: 'item-events', version: 1 },
  { name: 'audit', version: 1 },
  // 2: Review's filter and count with Stories on.
  { name: 'stories', version: 2 },
  { name: 'not-duplicates', version: 1 },
];
