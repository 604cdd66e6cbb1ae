// Saved games and balance reports live in the library next to their scenario: migration v4
// adds their table to a version-3 file without touching what was there, and the store keeps
// each entry with the scenario revision it was made on.
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { migrate, schemaVersion } from './migrations.js';
import { defaultValidator } from './validation.js';
import { openGameStore, type GameStore } from './games.js';
import { mustWrite, scenario, tempDir, testLibrary, type TestLibrary } from './testing.js';

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const c of cleanups.splice(0).reverse()) c();
});

function setup(): { t: TestLibrary; store: GameStore } {
  const t = testLibrary();
  let clock = Date.UTC(2026, 1, 1);
  let n = 0;
  const store = openGameStore(t.lib.path, { now: () => (clock += 1000), newId: () => `game-${++n}` });
  cleanups.push(() => t.cleanup(), () => store.close());
  return { t, store };
}

describe('library migration 4 (games)', () => {
  it('upgrades a version-3 library: scenarios stay, the games table arrives empty', () => {
    const dir = tempDir();
    const file = path.join(dir, 'library.sqlite');
    const db = new Database(file);
    cleanups.push(() => db.open && db.close());
    migrate(db, { validate: defaultValidator }, 3);
    const doc = scenario('kursk', 'Kursk');
    db.prepare(
      `INSERT INTO scenarios (id, json, title, ruleset, grid_kind, cols, rows, created, updated) VALUES (?, ?, ?, 'operational', 'hex', 6, 5, 1, 1)`,
    ).run(doc.id, JSON.stringify(doc), doc.title);
    expect(schemaVersion(db)).toBe(3);
    migrate(db, { validate: defaultValidator }, 4);
    expect(schemaVersion(db)).toBe(4);
    expect(db.prepare('SELECT id FROM scenarios').pluck().all()).toEqual(['kursk']);
    expect(db.prepare('SELECT count(*) FROM games').pluck().get()).toBe(0);
  });
});

describe('library migration 6 (autosave)', () => {
  it('keeps every saved game and report of a version-5 library and then takes autosaves', () => {
    const dir = tempDir();
    const file = path.join(dir, 'library.sqlite');
    const db = new Database(file);
    cleanups.push(() => db.open && db.close());
    migrate(db, { validate: defaultValidator }, 5);
    const doc = scenario('kursk', 'Kursk');
    db.prepare(
      `INSERT INTO scenarios (id, json, title, ruleset, grid_kind, cols, rows, created, updated) VALUES (?, ?, ?, 'operational', 'hex', 6, 5, 1, 1)`,
    ).run(doc.id, JSON.stringify(doc), doc.title);
    db.prepare("INSERT INTO games (id, scenario_id, kind, name, revision, created, data) VALUES ('g1', 'kursk', 'save', 'Turn 3', 2, 10, '{}')").run();
    expect(() => db.prepare("INSERT INTO games (id, scenario_id, kind, name, created, data) VALUES ('g2', 'kursk', 'autosave', 'x', 11, '{}')").run()).toThrow(/CHECK/);
    migrate(db, { validate: defaultValidator }, 6);
    expect(schemaVersion(db)).toBe(6);
    expect(db.prepare('SELECT id, kind, name, revision FROM games').all()).toEqual([{ id: 'g1', kind: 'save', name: 'Turn 3', revision: 2 }]);
    db.prepare("INSERT INTO games (id, scenario_id, kind, name, created, data) VALUES ('g2', 'kursk', 'autosave', 'x', 11, '{}')").run();
    // The games still go with their scenario when it is deleted for good.
    db.prepare("DELETE FROM scenarios WHERE id = 'kursk'").run();
    expect(db.prepare('SELECT count(*) FROM games').pluck().get()).toBe(0);
  });
});

describe('game store', () => {
  it('keeps one autosave per scenario: the newest replaces the one before, saved games stay', () => {
    const { t, store } = setup();
    const id = mustWrite(t.lib.create(scenario('s3', 'Ros'))).summary.id;
    const other = mustWrite(t.lib.create(scenario('s4', 'Dnieper'))).summary.id;
    const kept = store.save({ scenarioId: id, kind: 'save', name: 'Turn 2', data: { n: 1 } });
    store.save({ scenarioId: id, kind: 'autosave', name: 'Turn 4, Germans to act', data: { n: 2 } });
    store.save({ scenarioId: other, kind: 'autosave', name: 'Turn 1, Soviets to act', data: { n: 3 } });
    const latest = store.save({ scenarioId: id, kind: 'autosave', name: 'Turn 5, Germans to act', data: { n: 4 } });
    expect(store.list(id, 'autosave')).toEqual([latest]);
    expect(store.load(latest.id).data).toEqual({ n: 4 });
    expect(store.list(id, 'save').map((e) => e.id)).toEqual([kept.id]);
    expect(store.list(other, 'autosave').map((e) => e.name)).toEqual(['Turn 1, Soviets to act']);
  });


  it('keeps a saved game with its scenario and the revision it was saved on, newest first', () => {
    const { t, store } = setup();
    const id = mustWrite(t.lib.create(scenario('s1', 'Ros'))).summary.id;
    mustWrite(t.lib.save(id, { ...scenario(id, 'Ros, revised') }));
    const latest = t.lib.listRevisions(id)[0]!.rev;
    const a = store.save({ scenarioId: id, kind: 'save', name: 'Turn 3', data: { log: [1, 2] } });
    const b = store.save({ scenarioId: id, kind: 'balance', name: '200 games', data: { games: 200 }, revision: 1 });
    expect(a).toMatchObject({ scenarioId: id, kind: 'save', name: 'Turn 3', revision: latest });
    expect(b.revision).toBe(1);
    expect(store.list(id).map((e) => e.id)).toEqual([b.id, a.id]);
    expect(store.list(id, 'save').map((e) => e.id)).toEqual([a.id]);
    expect(store.load(a.id).data).toEqual({ log: [1, 2] });
  });

  it('refuses a game for a scenario that is not in the library, naming it', () => {
    const { store } = setup();
    expect(() => store.save({ scenarioId: 'nowhere', kind: 'save', name: 'x', data: {} })).toThrow(/"nowhere" is not in the library/);
  });

  it('deletes an entry once and says so; loading a missing one is not-found', () => {
    const { t, store } = setup();
    const id = mustWrite(t.lib.create(scenario('s2', 'Ros'))).summary.id;
    const e = store.save({ scenarioId: id, kind: 'save', name: 'x', data: {} });
    expect(store.delete(e.id)).toEqual({ deleted: true });
    expect(store.delete(e.id)).toEqual({ deleted: false });
    expect(() => store.load(e.id)).toThrow(/No saved game/);
  });
});
