// File ▸ Open recent in the browser mode: the scenarios opened lately, newest first, kept in
// the page's local storage (the desktop app keeps its list in the main process, behind the
// native menu). A scenario gone from the library drops out when it fails to open.
import { addRecent, parseRecent, removeRecent } from '../../../shared/host/recent.js';
import type { RecentScenario } from '../../../shared/host/commands.js';

const KEY = 'gridfront.recent';

function read(): RecentScenario[] {
  try {
    return parseRecent(JSON.parse(localStorage.getItem(KEY) ?? '[]') as unknown);
  } catch {
    return [];
  }
}

export class RecentScenarios {
  items = $state.raw<RecentScenario[]>(typeof localStorage === 'undefined' ? [] : read());

  add(item: RecentScenario): void {
    this.save(addRecent(this.items, item));
  }

  remove(id: string): void {
    this.save(removeRecent(this.items, id));
  }

  clear(): void {
    this.save([]);
  }

  private save(next: RecentScenario[]): void {
    if (JSON.stringify(next) === JSON.stringify(this.items)) return;
    this.items = next;
    try {
      localStorage.setItem(KEY, JSON.stringify(next));
    } catch {
      // A convenience only: a full or blocked storage costs the list, nothing else.
    }
  }
}

export const recentScenarios = new RecentScenarios();
