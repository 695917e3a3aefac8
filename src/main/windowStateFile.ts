import type { BrowserWindow } from 'electron';
import { readFileSync, writeFileSync } from 'node:fs';
import { parseWindowState, type WindowState } from './core/windowState';

export function readWindowState(path: string): WindowState | null {
  try {
    return parseWindowState(readFileSync(path, 'utf8'));
  } catch {
    return null;
  }
}

/** Remembers the window's normal bounds (not the maximised ones) and its zoom when it closes. */
export function rememberWindowState(
  window: Pick<BrowserWindow, 'on' | 'getNormalBounds' | 'isMaximized'> & {
    webContents: Pick<BrowserWindow['webContents'], 'getZoomLevel'>;
  },
  path: string,
): void {
  window.on('close', () => {
    const bounds = window.getNormalBounds();
    const state: WindowState = {
      ...bounds,
      maximized: window.isMaximized(),
      zoomLevel: window.webContents.getZoomLevel(),
    };
    try {
      writeFileSync(path, JSON.stringify(state));
    } catch {
      // Not remembering a window position is not worth bothering the user about.
    }
  });
}

/**
 * Puts the remembered zoom back each time the page has loaded: Chromium keeps zoom per origin and
 * only for the session, so a restart (or a reload that lands before it is set) starts at 100 %.
 */
export function restoreZoom(
  webContents: Pick<BrowserWindow['webContents'], 'on' | 'setZoomLevel'>,
  zoomLevel: number,
): void {
  if (zoomLevel === 0) return;
  webContents.on('did-finish-load', () => webContents.setZoomLevel(zoomLevel));
}
