import type { SessionField } from '../../../shared/api/call';

/** What core fills from the session (SPEC.md 6: the reviewer is the signed-in username). */
export type SessionValues = (field: SessionField) => string;
