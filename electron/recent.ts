// The recent-scenarios list behind File ▸ Open Recent: newest first, each scenario once,
// at most `max`, kept in a small JSON file in the user data folder. Plain Node. A missing or
// damaged file is an empty list (it is a convenience, never worth a failed start-up).
import { readFileSync } from 'node:fs';
import { writeAtomicallySync } from './files.js';
import type { RecentScenario } from '../shared/host/commands.js';
import { addRecent, DEFAULT_MAX_RECENT, parseRecent, removeRecent } from '../shared/host/recent.js';

export type { RecentScenario };

export { addRecent, DEFAULT_MAX_RECENT, parseRecent, removeRecent } from '../shared/host/recent.js';

export interface RecentStore {
  list(): RecentScenario[];
  /** Records an opened scenario; returns the new list. */
  add(item: RecentScenario): RecentScenario[];
  /** Drops an id (e.g. the scenario is gone from the library). */
  remove(id: string): RecentScenario[];
  clear(): RecentScenario[];
}

export function openRecentStore(file: string, max = DEFAULT_MAX_RECENT): RecentStore {
  let items = read(file, max);
  const save = (next: RecentScenario[]): RecentScenario[] => {
    const changed = JSON.stringify(next) !== JSON.stringify(items);
    items = next;
    if (changed) write(file, items);
    return [...items];
  };
  return {
    list: () => [...items],
    add: (item) => save(addRecent(items, item, max)),
    remove: (id) => save(removeRecent(items, id)),
    clear: () => save([]),
  };
}

function read(file: string, max: number): RecentScenario[] {
  try {
    return parseRecent(JSON.parse(readFileSync(file, 'utf8')) as unknown, max);
  } catch {
    return [];
  }
}

function write(file: string, items: readonly RecentScenario[]): void {
  try {
    writeAtomicallySync(file, `${JSON.stringify({ recent: items }, null, 2)}\n`);
  } catch (err) {
    // Losing the recent list is harmless; say so and carry on.
    console.warn(`[gridfront] could not save the recent list to ${file}: ${err instanceof Error ? err.message : String(err)}`);
  }
}
