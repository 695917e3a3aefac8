import { beforeEach, describe, expect, it } from 'vitest';
import {
  draftCount,
  draftsBelongTo,
  draftsFollow,
  dropDrafts,
  keepDraft,
  readDraft,
} from '../../../src/renderer/session/drafts';
import type { SessionView } from '../../../src/shared/auth';

const as = (username: string): SessionView => ({
  signedIn: true,
  username,
  userId: username,
  roles: ['ADMIN'],
});

beforeEach(() => {
  draftsFollow({ type: 'session.signedOut', reason: 'user', message: null });
});

describe('drafts', () => {
  it('outlive a session that ends under the user and come back for the same user', () => {
    draftsBelongTo('reviewer1');
    keepDraft('filter:review', { keyword: 'btc' });
    draftsFollow({ type: 'session.signedOut', reason: 'expired', message: 'ended' });
    draftsFollow({ type: 'session.signedOut', reason: 'revoked', message: 'ended' });
    draftsFollow({ type: 'session.changed', session: as('reviewer1') });
    expect(readDraft('filter:review')).toEqual({ keyword: 'btc' });
  });

  it('are dropped when another user signs in', () => {
    draftsBelongTo('reviewer1');
    keepDraft('filter:review', { keyword: 'btc' });
    draftsFollow({ type: 'session.signedOut', reason: 'expired', message: 'ended' });
    draftsFollow({ type: 'session.changed', session: as('reviewer2') });
    expect(readDraft('filter:review')).toBeUndefined();
    expect(draftCount()).toBe(0);
  });

  it('are dropped by a deliberate sign-out', () => {
    draftsBelongTo('reviewer1');
    keepDraft('resource:Markets:form', { name: 'x' });
    draftsFollow({ type: 'session.signedOut', reason: 'user', message: null });
    expect(draftCount()).toBe(0);
  });

  it("a closed modal drops its own drafts and no one else's", () => {
    keepDraft('resource:Markets:open', { kind: 'create' });
    keepDraft('resource:Markets:form', { name: 'x' });
    keepDraft('filter:Markets', { contains: 'b' });
    dropDrafts('resource:Markets:');
    expect(draftCount()).toBe(1);
    expect(readDraft('filter:Markets')).toEqual({ contains: 'b' });
  });
});
