import { describe, expect, it } from 'vitest';
import { isOwnWrite, OWN_WRITE, stillShowing } from '../../../src/renderer/ui/ownUrlWrite';

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

  it("is written only while the window's hash still shows its screen (the lists' writes too)", () => {
    window.location.hash = '#/market/listMarkets?page=2';
    expect(stillShowing('/market/listMarkets')).toBe(true);
    window.location.hash = '#/cryptoTag/listTags';
    expect(stillShowing('/market/listMarkets')).toBe(false);
    // No hash route (a memory router): nothing to compare, the unmount cancels instead.
    window.location.hash = '';
    expect(stillShowing('/market/listMarkets')).toBe(true);
  });
});
