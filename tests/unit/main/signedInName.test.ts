import { describe, expect, it } from 'vitest';
import { refuseAnotherName, writingAs } from '../../../src/main/core/api/signedInName';
import { MESSAGES } from '../../../src/shared/messages';

/** Who did what is the signed-in user: core's two guards of it (src/main/core/api/signedInName.ts). */

describe("a page's name for the reviewer", () => {
  it('none, or the signed-in user however spelled, is fine', () => {
    for (const named of [undefined, null, 'reviewer1', ' Reviewer1 ', 'REVIEWER1'])
      expect(() => refuseAnotherName(named, 'reviewer1')).not.toThrow();
  });

  it('anyone else is refused with 403 and a sentence naming both', () => {
    expect(() => refuseAnotherName(' reviewer2 ', 'reviewer1')).toThrow(
      expect.objectContaining({
        status: 403,
        code: 'NAMES_ANOTHER_USER',
        message: MESSAGES.namesAnotherUser('reviewer2', 'reviewer1'),
      }),
    );
    expect(MESSAGES.namesAnotherUser('reviewer2', 'reviewer1')).toBe(
      'This change names reviewer2 as its reviewer, but you are signed in as reviewer1: the console records changes only under your own name. Nothing was sent.',
    );
  });
});

describe('a write made as one user (a run, an undo, a journalled write)', () => {
  it('names that user while they are signed in, and is refused as SESSION_ENDED once someone else is', () => {
    const signedIn = { name: 'reviewer1' };
    const values = writingAs(() => signedIn.name, 'reviewer1');
    expect(values('username')).toBe('reviewer1');
    signedIn.name = 'reviewer2';
    expect(() => values('username')).toThrow(
      expect.objectContaining({ status: 401, code: 'SESSION_ENDED' }),
    );
  });
});
