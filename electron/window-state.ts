// Remembers the main window's size, position and maximised/full-screen state between runs,
// in a small JSON file in the user data folder. Plain Node: the window and the screen come in
// through narrow interfaces so this is tested without Electron. A saved position that is no
// longer on any display (a monitor was unplugged) is dropped, so the window never opens
// out of sight.
import { readFileSync } from 'node:fs';
import { writeAtomicallySync } from './files.js';

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface WindowState {
  /** Absent: let the system place the window. */
  x?: number;
  y?: number;
  width: number;
  height: number;
  maximized: boolean;
  fullScreen: boolean;
}

export interface WindowLimits {
  width: number;
  height: number;
  minWidth: number;
  minHeight: number;
}

/** How much of the title bar must be on a display for a saved position to count as visible. */
const MIN_VISIBLE = 64;

const finite = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

function overlap(a: Rect, b: Rect): { w: number; h: number } {
  return {
    w: Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x),
    h: Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y),
  };
}

/**
 * The state to open with: the saved one where it is sane, sizes clamped to the limits and to
 * the largest display, the position kept only if the window's top strip shows on a display.
 */
export function restoreWindowState(saved: unknown, displays: readonly Rect[], limits: WindowLimits): WindowState {
  const fallback: WindowState = { width: limits.width, height: limits.height, maximized: false, fullScreen: false };
  if (typeof saved !== 'object' || saved === null) return fallback;
  const s = saved as Record<string, unknown>;
  const maxW = Math.max(limits.minWidth, ...displays.map((d) => d.width));
  const maxH = Math.max(limits.minHeight, ...displays.map((d) => d.height));
  const width = finite(s.width) ? Math.round(Math.min(maxW, Math.max(limits.minWidth, s.width))) : limits.width;
  const height = finite(s.height) ? Math.round(Math.min(maxH, Math.max(limits.minHeight, s.height))) : limits.height;
  const state: WindowState = { width, height, maximized: s.maximized === true, fullScreen: s.fullScreen === true };
  if (finite(s.x) && finite(s.y)) {
    const titleBar: Rect = { x: Math.round(s.x), y: Math.round(s.y), width, height: 32 };
    const visible = displays.some((d) => {
      const o = overlap(titleBar, d);
      return o.w >= Math.min(MIN_VISIBLE, width) && o.h >= 16;
    });
    if (visible) {
      state.x = titleBar.x;
      state.y = titleBar.y;
    }
  }
  return state;
}

export function readWindowState(file: string): unknown {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as unknown;
  } catch {
    return null;
  }
}

export function writeWindowState(file: string, state: WindowState): void {
  try {
    writeAtomicallySync(file, `${JSON.stringify(state)}\n`);
  } catch (err) {
    console.warn(`[gridfront] could not save the window state to ${file}: ${err instanceof Error ? err.message : String(err)}`);
  }
}

/** What trackWindow needs of a BrowserWindow. */
export interface TrackedWindow {
  getNormalBounds(): Rect;
  isMaximized(): boolean;
  isFullScreen(): boolean;
  isDestroyed(): boolean;
  on(event: 'resize' | 'move' | 'maximize' | 'unmaximize' | 'enter-full-screen' | 'leave-full-screen' | 'close', listener: () => void): unknown;
}

/** The window's state now; the normal (unmaximised) bounds, so un-maximising next run restores them. */
export function captureWindowState(win: TrackedWindow): WindowState {
  const b = win.getNormalBounds();
  return { x: b.x, y: b.y, width: b.width, height: b.height, maximized: win.isMaximized(), fullScreen: win.isFullScreen() };
}

/**
 * Saves the window's state after it stops moving or resizing (debounced), and at once when
 * it closes. Returns a function that saves immediately (for before-quit).
 */
export function trackWindow(win: TrackedWindow, save: (state: WindowState) => void, delayMs = 400): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const flush = () => {
    clearTimeout(timer);
    timer = undefined;
    if (!win.isDestroyed()) save(captureWindowState(win));
  };
  const later = () => {
    clearTimeout(timer);
    timer = setTimeout(flush, delayMs);
  };
  for (const event of ['resize', 'move', 'maximize', 'unmaximize', 'enter-full-screen', 'leave-full-screen'] as const) win.on(event, later);
  win.on('close', flush);
  return flush;
}
