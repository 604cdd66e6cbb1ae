import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readWindowState, restoreWindowState, trackWindow, writeWindowState, type TrackedWindow } from './window-state.js';

const limits = { width: 1400, height: 900, minWidth: 900, minHeight: 600 };
const laptop = { x: 0, y: 0, width: 1920, height: 1080 };
const leftMonitor = { x: -2560, y: 0, width: 2560, height: 1440 };

afterEach(() => vi.useRealTimers());

describe('window state', () => {
  it('opens at the default size, placed by the system, when nothing was saved', () => {
    expect(restoreWindowState(null, [laptop], limits)).toEqual({ width: 1400, height: 900, maximized: false, fullScreen: false });
  });

  it('reopens where it was, maximised if it was', () => {
    const saved = { x: 100, y: 80, width: 1200, height: 800, maximized: true, fullScreen: false };
    expect(restoreWindowState(saved, [laptop], limits)).toEqual(saved);
  });

  it('drops a position on a monitor that is no longer connected, keeping the size', () => {
    const saved = { x: -2000, y: 100, width: 1500, height: 1000, maximized: false, fullScreen: false };
    expect(restoreWindowState(saved, [leftMonitor, laptop], limits)).toMatchObject({ x: -2000, y: 100 });
    const after = restoreWindowState(saved, [laptop], limits);
    expect(after.x).toBeUndefined();
    expect(after.y).toBeUndefined();
    expect(after).toMatchObject({ width: 1500, height: 1000 });
  });

  it('keeps sizes between the minimum and the largest display, and ignores junk', () => {
    expect(restoreWindowState({ width: 100, height: 99999 }, [laptop], limits)).toMatchObject({ width: 900, height: 1080 });
    expect(restoreWindowState({ width: 'wide', height: NaN, x: 5 }, [laptop], limits)).toEqual({
      width: 1400,
      height: 900,
      maximized: false,
      fullScreen: false,
    });
  });

  it('round-trips through its file; a missing file reads as nothing saved', () => {
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'gf-win-')), 'window.json');
    expect(readWindowState(file)).toBeNull();
    writeWindowState(file, { x: 1, y: 2, width: 1000, height: 700, maximized: false, fullScreen: true });
    expect(readWindowState(file)).toEqual({ x: 1, y: 2, width: 1000, height: 700, maximized: false, fullScreen: true });
  });

  it('saves once after moving stops, and at once on close', () => {
    vi.useFakeTimers();
    const listeners: Record<string, () => void> = {};
    let bounds = { x: 0, y: 0, width: 1000, height: 700 };
    const win: TrackedWindow = {
      getNormalBounds: () => bounds,
      isMaximized: () => false,
      isFullScreen: () => false,
      isDestroyed: () => false,
      on: (event, fn) => (listeners[event] = fn),
    };
    const saved: unknown[] = [];
    trackWindow(win, (s) => saved.push(s), 400);
    for (let i = 1; i <= 5; i++) {
      bounds = { ...bounds, x: i * 10 };
      listeners.move!();
      vi.advanceTimersByTime(100);
    }
    expect(saved).toHaveLength(0);
    vi.advanceTimersByTime(400);
    expect(saved).toEqual([{ x: 50, y: 0, width: 1000, height: 700, maximized: false, fullScreen: false }]);
    bounds = { ...bounds, width: 1200 };
    listeners.close!();
    expect(saved).toHaveLength(2);
    expect(saved[1]).toMatchObject({ width: 1200 });
  });
});
