import { rmSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { LATEST_VERSION, MIGRATIONS, migrate, schemaVersion, type Migration } from './migrations.js';
import { openLibrary } from './library.js';
import { defaultValidator } from './validation.js';
import { scenario, tempDir } from './testing.js';
import type { Library } from './types.js';

const dirs: string[] = [];
const open: { close(): void }[] = [];
afterEach(() => {
  for (const o of open.splice(0)) o.close();
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function dbAt(version: number): { file: string; db: Database.Database } {
  const dir = tempDir();
  dirs.push(dir);
  const file = path.join(dir, 'library.sqlite');
  const db = new Database(file);
  open.push(db);
  migrate(db, { validate: defaultValidator }, version);
  expect(schemaVersion(db)).toBe(version);
  return { file, db };
}

function doc(id: string, title: string) {
  const d = scenario(id, title, { tags: ['Winter', 'hex'] });
  d.map.cells = { ...d.map.cells, '2,2': { name: 'Borodino' } };
  return d;
}

/** Writes rows the way the app at `version` would have: only the tables that version had. */
function fillOldDatabase(db: Database.Database, version: number): void {
  const insert = db.prepare(`INSERT INTO scenarios
    (id, json, title, author, description, tags, ruleset, grid_kind, cols, rows, sides, created, updated)
    VALUES (?, ?, ?, 'Old author', '', '["Winter","hex"]', 'operational', 'hex', 6, 5, '["Germans","Soviets"]', ?, ?)`);
  const good = doc('old-good', 'Mozhaisk line');
  const bad = { ...doc('old-bad', 'Broken'), title: '' };
  // Legal, but with a supply base away from the map edge: the check warns about it.
  const warned = doc('old-warned', 'Inland depot');
  warned.map.cells = { ...warned.map.cells, '2,1': { supplyBase: warned.sides[0].id } };
  for (const [i, d] of [good, bad, warned].entries()) {
    const info = insert.run(d.id, JSON.stringify(d), d.title || 'Broken', 1000 + i, 2000 + i);
    db.prepare('INSERT INTO scenario_tags (tag, scenario_id) VALUES (?, ?), (?, ?)').run('winter', d.id, 'hex', d.id);
    if (version >= 2) {
      db.prepare('INSERT INTO scenario_search (rowid, title, description, tags, sides, cells) VALUES (?, ?, ?, ?, ?, ?)').run(
        info.lastInsertRowid,
        d.title,
        '',
        'Winter hex',
        'Germans Soviets',
        'Smolensk Vyazma Borodino',
      );
    }
  }
  db.prepare('INSERT INTO revisions (scenario_id, rev, json, created, summary) VALUES (?, 1, ?, 1500, ?)').run(
    'old-good',
    JSON.stringify(doc('old-good', 'Mozhaisk draft')),
    'First draft',
  );
  db.prepare("INSERT INTO meta (key, value) VALUES ('seeded_bundled', '{}')").run();
  db.prepare("INSERT INTO recovery (doc_key, json, updated) VALUES ('old-good', '{\"title\":\"unsaved\"}', 3000)").run();
}

function expectUpgradedLibrary(lib: Library): void {
  expect(lib.get('old-good')!.document.title).toBe('Mozhaisk line');
  expect(lib.list({ tag: 'WINTER' }).total).toBe(3);
  expect(lib.search('mozhai').map((h) => h.id)).toEqual(['old-good']);
  expect(lib.search('borodino').map((h) => h.id).sort()).toEqual(['old-bad', 'old-good', 'old-warned']);
  expect(lib.listRevisions('old-good')).toEqual([{ rev: 1, created: 1500, summary: 'First draft', title: 'Mozhaisk draft' }]);
  expect(lib.readRecovery()).toMatchObject([{ docKey: 'old-good', document: { title: 'unsaved' } }]);
  const status = Object.fromEntries(lib.list().items.map((s) => [s.id, s.checkStatus]));
  // A row the current validator rejects is kept and flagged, never dropped.
  expect(status).toEqual({ 'old-good': 'valid', 'old-bad': 'errors', 'old-warned': 'valid' });
  const byId = Object.fromEntries(lib.list().items.map((s) => [s.id, s]));
  expect(byId['old-bad']!.errorCount).toBeGreaterThan(0);
  expect(byId['old-bad']!.checkNotes.length).toBeGreaterThan(0);
  // Warnings are counted for rows written before the library kept them.
  expect(byId['old-warned']).toMatchObject({ warningCount: 1, checkNotes: [expect.stringMatching(/not on a map edge/)] });
  expect(byId['old-good']).toMatchObject({ warningCount: 0, checkNotes: [] });
  // Seeding was recorded before the upgrade, so it does not happen again.
  expect(lib.seedBundled('/nonexistent')).toEqual({ seeded: false, results: [] });
}

describe('library migrations', () => {
  it('the migration list is numbered 1, 2, 3… with no gaps', () => {
    expect(MIGRATIONS.map((m) => m.version)).toEqual(MIGRATIONS.map((_, i) => i + 1));
  });

  it('creates the latest schema in an empty file', () => {
    const dir = tempDir();
    dirs.push(dir);
    const lib = openLibrary({ dir });
    open.push(lib);
    const db = new Database(lib.path, { readonly: true });
    open.push(db);
    expect(schemaVersion(db)).toBe(LATEST_VERSION);
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").pluck().all();
    expect(tables).toEqual(expect.arrayContaining(['scenarios', 'scenario_tags', 'revisions', 'meta', 'recovery', 'scenario_search']));
    expect(lib.list()).toEqual({ items: [], total: 0 });
  });

  for (let version = 1; version < LATEST_VERSION; version++) {
    it(`upgrades a library written at version ${version} without losing scenarios, revisions, tags or recovery`, () => {
      const { file, db } = dbAt(version);
      fillOldDatabase(db, version);
      db.close();
      const lib = openLibrary({ dbPath: file });
      open.push(lib);
      const check = new Database(file, { readonly: true });
      open.push(check);
      expect(schemaVersion(check)).toBe(LATEST_VERSION);
      expectUpgradedLibrary(lib);
    });
  }

  it('a step that fails rolls back whole and leaves the file at the previous version', () => {
    const { db } = dbAt(1);
    const failing: Migration = {
      version: 2,
      description: 'fails half-way',
      up(d) {
        d.exec('CREATE TABLE half_done (x)');
        throw new Error('power cut');
      },
    };
    expect(() => migrate(db, { validate: defaultValidator }, 2, [MIGRATIONS[0]!, failing])).toThrow('power cut');
    expect(schemaVersion(db)).toBe(1);
    expect(db.prepare("SELECT count(*) FROM sqlite_master WHERE name = 'half_done'").pluck().get()).toBe(0);
  });

  it('refuses a library written by a newer app instead of guessing at it', () => {
    const { file, db } = dbAt(LATEST_VERSION);
    db.pragma(`user_version = ${LATEST_VERSION + 1}`);
    db.close();
    expect(() => openLibrary({ dbPath: file })).toThrow(/newer than this app understands/);
  });
});
