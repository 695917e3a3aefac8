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

/** Remembers the window's normal bounds (not the maximised ones) when it closes. */
export function rememberWindowState(window: BrowserWindow, path: string): void {
  window.on('close', () => {
    const bounds = window.getNormalBounds();
    const state: WindowState = { ...bounds, maximized: window.isMaximized() };
    try {
      writeFileSync(path, JSON.stringify(state));
    } catch {
      // Not remembering a window position is not worth bothering the user about.
    }
  });
}
