import { z } from 'zod';

/**
 * Chromium's zoom levels: 0 is 100 %, each step is a factor of 1.2; about -7.6 is its 25 %
 * minimum and 8.8 its 500 % maximum.
 */
export const ZOOM_LIMITS = { min: -8, max: 9 } as const;

/** The window's last bounds and zoom, remembered between launches. */
export const windowStateSchema = z.object({
  x: z.number().int(),
  y: z.number().int(),
  width: z.number().int().min(400).max(20000),
  height: z.number().int().min(300).max(20000),
  maximized: z.boolean(),
  // Optional: files written before zoom was remembered still restore the window.
  zoomLevel: z.number().min(ZOOM_LIMITS.min).max(ZOOM_LIMITS.max).optional(),
});
export type WindowState = z.infer<typeof windowStateSchema>;

export const DEFAULT_WINDOW_SIZE = { width: 1440, height: 900 } as const;

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export function parseWindowState(text: string | null): WindowState | null {
  if (!text) return null;
  try {
    const parsed = windowStateSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * Keeps a remembered position only if most of the window's title bar lands on a display that is
 * still attached; otherwise (a monitor was unplugged) the window opens centred.
 */
export function placeWindow(
  saved: WindowState | null,
  displays: readonly Rect[],
): Partial<Rect> & { maximized: boolean } {
  if (!saved) return { ...DEFAULT_WINDOW_SIZE, maximized: false };
  const titleBar: Rect = { x: saved.x, y: saved.y, width: saved.width, height: 40 };
  const visible = displays.some(
    (d) => overlapArea(titleBar, d) >= titleBar.width * titleBar.height * 0.5,
  );
  if (!visible) return { width: saved.width, height: saved.height, maximized: saved.maximized };
  return {
    x: saved.x,
    y: saved.y,
    width: saved.width,
    height: saved.height,
    maximized: saved.maximized,
  };
}

function overlapArea(a: Rect, b: Rect): number {
  const w = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const h = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  return w > 0 && h > 0 ? w * h : 0;
}
