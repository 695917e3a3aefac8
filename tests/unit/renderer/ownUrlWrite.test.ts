import { describe, expect, it } from 'vitest';
import { isOwnWrite, OWN_WRITE } from '../../../src/renderer/ui/ownUrlWrite';

describe("a screen's own URL write", () => {
  it('is known by its state also as the browser history gives it back: a copy', () => {
    // The hash router reads a location's state back from window.history, a structured clone.
    expect(isOwnWrite(structuredClone(OWN_WRITE))).toBe(true);
    expect(isOwnWrite(OWN_WRITE)).toBe(true);
  });

  it('is not a saved view, a link or no state at all', () => {
    expect(isOwnWrite({ filtersFromUrl: true })).toBe(false);
    expect(isOwnWrite(null)).toBe(false);
    expect(isOwnWrite(undefined)).toBe(false);
    expect(isOwnWrite({ listQueryWritten: 'yes' })).toBe(false);
  });
});
