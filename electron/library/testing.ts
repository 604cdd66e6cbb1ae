// Helpers for the library's tests: a library in a fresh temp folder with a pinned clock,
// and a second raw connection for looking at (or sabotaging) the file directly.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { newScenario } from '../../shared/format/new-scenario.js';
import type { Scenario } from '../../shared/format/scenario.types.js';
import { openLibrary, type OpenLibraryOptions } from './library.js';
import type { Library } from './types.js';

export interface TestLibrary {
  lib: Library;
  dir: string;
  /** Advances the pinned clock by `ms` (default one second). */
  tick(ms?: number): number;
  /** A raw connection to the same file; closed by cleanup(). */
  raw(): Database.Database;
  reopen(options?: Partial<OpenLibraryOptions>): Library;
  cleanup(): void;
}

export function tempDir(): string {
  return mkdtempSync(path.join(os.tmpdir(), 'gridfront-lib-'));
}

export function testLibrary(options: Partial<OpenLibraryOptions> = {}): TestLibrary {
  const dir = options.dir ?? tempDir();
  let clock = Date.UTC(2026, 0, 1);
  const now = () => clock;
  let counter = 0;
  const newId = () => `gen-${++counter}`;
  const raws: Database.Database[] = [];
  const t: TestLibrary = {
    lib: openLibrary({ dir, now, newId, ...options }),
    dir,
    tick(ms = 1000) {
      clock += ms;
      return clock;
    },
    raw() {
      const db = new Database(t.lib.path);
      raws.push(db);
      return db;
    },
    reopen(more = {}) {
      t.lib.close();
      t.lib = openLibrary({ dir, now, newId, ...options, ...more });
      return t.lib;
    },
    cleanup() {
      for (const db of raws) if (db.open) db.close();
      t.lib.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
  return t;
}

export const FIXTURE_DESCRIPTION = 'A small hex map for library tests.';

/** A small valid scenario with a given id and title (and any other top-level changes). */
export function scenario(id: string, title: string, extra: Partial<Scenario> = {}): Scenario {
  const doc = newScenario({ id, title, gridKind: 'hex', cols: 6, rows: 5, sides: [{ name: 'Germans' }, { name: 'Soviets' }], template: 'two-sides' });
  doc.author = 'Gridfront tests';
  doc.description = FIXTURE_DESCRIPTION;
  doc.map.cells = { ...doc.map.cells, '0,3': { name: 'Smolensk' }, '4,1': { name: 'Vyazma', victory: { endGame: 4 } } };
  return { ...doc, ...extra };
}

export function mustWrite<T extends { ok: boolean }>(result: T): Extract<T, { ok: true }> {
  if (!result.ok) throw new Error(`write refused: ${JSON.stringify(result)}`);
  return result as Extract<T, { ok: true }>;
}
