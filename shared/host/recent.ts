// The recent-scenarios list behind File ▸ Open recent, as pure functions: newest first, each
// scenario once, at most `max`. The desktop keeps it in a file (electron/recent.ts), the
// browser mode in the page's local storage (renderer/src/state/recent.ts).
import type { RecentScenario } from './commands.js';

export const DEFAULT_MAX_RECENT = 10;
const ID = /^[A-Za-z0-9_-]{1,64}$/;

/** The list with `item` moved (or added) to the front, trimmed to `max`. */
export function addRecent(list: readonly RecentScenario[], item: RecentScenario, max = DEFAULT_MAX_RECENT): RecentScenario[] {
  return [item, ...list.filter((r) => r.id !== item.id)].slice(0, Math.max(0, max));
}

export function removeRecent(list: readonly RecentScenario[], id: string): RecentScenario[] {
  return list.filter((r) => r.id !== id);
}

/** Entries of a parsed file that are well-formed, first of each id kept. */
export function parseRecent(value: unknown, max = DEFAULT_MAX_RECENT): RecentScenario[] {
  const items = Array.isArray(value) ? value : (value as { recent?: unknown } | null)?.recent;
  if (!Array.isArray(items)) return [];
  const out: RecentScenario[] = [];
  for (const entry of items) {
    if (typeof entry !== 'object' || entry === null) continue;
    const { id, title } = entry as Record<string, unknown>;
    if (typeof id !== 'string' || !ID.test(id) || out.some((r) => r.id === id)) continue;
    out.push({ id, title: typeof title === 'string' && title.trim() ? title.trim().slice(0, 200) : id });
    if (out.length >= max) break;
  }
  return out;
}

