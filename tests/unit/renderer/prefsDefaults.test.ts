import { describe, expect, it } from 'vitest';
import { DEFAULT_PREFS, userPrefsSchema } from '../../../src/shared/prefs';
import { DEFAULT_USER_PREFS } from '../../../src/renderer/domain/prefs/prefsState';

/**
 * The renderer declares the default prefs again so that the shell does not load zod; they must be
 * the ones core answers to a user who never chose anything.
 */
describe('the renderer’s default prefs', () => {
  it('equal shared/prefs.ts’s DEFAULT_PREFS', () => {
    expect(DEFAULT_USER_PREFS).toEqual(DEFAULT_PREFS);
  });

  it('fit the prefs schema as they are', () => {
    expect(userPrefsSchema.parse(DEFAULT_USER_PREFS)).toEqual(DEFAULT_USER_PREFS);
  });
});
