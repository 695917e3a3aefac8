import { describe, expect, it } from 'vitest';
import {
  DEFAULT_WINDOW_SIZE,
  parseWindowState,
  placeWindow,
} from '../../../src/main/core/windowState';

const display = { x: 0, y: 0, width: 1920, height: 1080 };

describe('remembered window placement', () => {
  it('opens at the default size the first time', () => {
    expect(placeWindow(null, [display])).toEqual({ ...DEFAULT_WINDOW_SIZE, maximized: false });
  });

  it('restores position, size and maximised state on a display that is still there', () => {
    const saved = { x: 100, y: 50, width: 1200, height: 800, maximized: true };
    expect(placeWindow(saved, [display])).toEqual(saved);
  });

  it('drops the position, keeping the size, when that display is gone', () => {
    const saved = { x: 2500, y: 50, width: 1200, height: 800, maximized: false };
    expect(placeWindow(saved, [display])).toEqual({ width: 1200, height: 800, maximized: false });
  });

  it('keeps the zoom level, and still reads a file written before zoom was remembered', () => {
    const base = { x: 0, y: 0, width: 1200, height: 800, maximized: false };
    expect(parseWindowState(JSON.stringify({ ...base, zoomLevel: -1.5 }))?.zoomLevel).toBe(-1.5);
    expect(parseWindowState(JSON.stringify(base))).toEqual(base);
    expect(parseWindowState(JSON.stringify({ ...base, zoomLevel: 40 }))).toBeNull();
  });

  it('ignores a corrupted or absurd state file', () => {
    expect(parseWindowState('{oops')).toBeNull();
    expect(
      parseWindowState(JSON.stringify({ x: 0, y: 0, width: 5, height: 5, maximized: false })),
    ).toBeNull();
    expect(parseWindowState(null)).toBeNull();
  });
});
