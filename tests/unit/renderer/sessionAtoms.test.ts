import { describe, expect, it } from 'vitest';
import { SIGNED_OUT as sharedSignedOut } from '../../../src/shared/auth';
import { SIGNED_OUT } from '../../../src/renderer/session/sessionAtoms';

describe('session atoms', () => {
  it("declare the same signed-out view as shared/auth (kept apart to keep zod off the first screen's code)", () => {
    expect(SIGNED_OUT).toEqual(sharedSignedOut);
  });
});
