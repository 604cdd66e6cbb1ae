// Stamps live in the library file: migration 8 adds their table to a version-7 library without
// touching what was there, and the store keeps each stamp's clip, name and picture.
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { MapDocument, extractClip, paintTerrain } from '../../shared/editor/index.js';
import { blankScenario } from '../../shared/editor/testing.js';
import { migrate, schemaVersion } from './migrations.js';
import { defaultValidator } from './validation.js';
import { openStampStore, stampHandlers, type StampStore } from './stamps.js';
import { scenario, tempDir, testLibrary } from './testing.js';

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const c of cleanups.splice(0).reverse()) c();
});

function setup(): StampStore {
  const t = testLibrary();
  let clock = Date.UTC(2026, 1, 1);
  let n = 0;
  const store = openStampStore(t.lib.path, { now: () => (clock += 1000), newId: () => `stamp-${++n}` });
  cleanups.push(() => t.cleanup(), () => store.close());
  return store;
}

/** A village: three cells of woods around a town cell, cut from a small hex map. */
function village(): Record<string, unknown> {
  const doc = MapDocument.fromScenario(blankScenario({ kind: 'hex', orientation: 'flat', offset: 'odd' }, 6, 5));
  doc.execute(paintTerrain(doc, [7, 8], doc.terrainTypes[1]!.id)!);
  return extractClip(doc, [7, 8, 13]) as unknown as Record<string, unknown>;
}

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');

describe('library migration 8 (stamps)', () => {
  it('upgrades a version-7 library: scenarios and images stay, the stamps table arrives empty', () => {
    const dir = tempDir();
    const file = path.join(dir, 'library.sqlite');
    const db = new Database(file);
    cleanups.push(() => db.open && db.close());
    migrate(db, { validate: defaultValidator }, 7);
    const doc = scenario('kursk', 'Kursk');
    db.prepare(
      `INSERT INTO scenarios (id, json, title, ruleset, grid_kind, cols, rows, created, updated) VALUES (?, ?, ?, 'operational', 'hex', 6, 5, 1, 1)`,
    ).run(doc.id, JSON.stringify(doc), doc.title);
    db.prepare("INSERT INTO images (ref, bytes, created) VALUES ('a.png', x'00', 1)").run();
    expect(() => db.prepare('SELECT count(*) FROM stamps').get()).toThrow(/no such table/);
    migrate(db, { validate: defaultValidator }, 8);
    expect(schemaVersion(db)).toBe(8);
    expect(db.prepare('SELECT id FROM scenarios').pluck().all()).toEqual(['kursk']);
    expect(db.prepare('SELECT ref FROM images').pluck().all()).toEqual(['a.png']);
    expect(db.prepare('SELECT count(*) FROM stamps').pluck().get()).toBe(0);
    // The lattice column takes only the four grids a clip can come from.
    expect(() => db.prepare("INSERT INTO stamps (id, name, lattice, cells, created, updated, clip) VALUES ('s', 'x', 'network', 1, 1, 1, '{}')").run()).toThrow(/CHECK/);
  });

  it('a store on a library that was not upgraded says so', () => {
    const dir = tempDir();
    const file = path.join(dir, 'library.sqlite');
    const db = new Database(file);
    migrate(db, { validate: defaultValidator }, 7);
    db.close();
    expect(() => openStampStore(file)).toThrow(/not upgraded to version 8/);
  });
});

describe('stamp store', () => {
  it('keeps a stamp with its clip, cell count, grid and picture; lists by name', () => {
    const store = setup();
    const clip = village();
    const v = store.save({ name: '  Village   with roads ', clip, thumbnail: PNG });
    const f = store.save({ name: 'forest edge', clip });
    expect(v).toMatchObject({ id: 'stamp-1', name: 'Village with roads', lattice: 'hex-flat', cells: 3 });
    expect(v.thumbnail).toBe(`data:image/png;base64,${PNG.toString('base64')}`);
    expect(f.thumbnail).toBeNull();
    expect(store.list().map((e) => e.name)).toEqual(['forest edge', 'Village with roads']);
    expect(store.get(v.id).clip).toEqual(clip);
  });

  it('renames and deletes; a missing stamp is not-found', () => {
    const store = setup();
    const s = store.save({ name: 'Village', clip: village() });
    const renamed = store.rename(s.id, 'Hamlet');
    expect(renamed.name).toBe('Hamlet');
    expect(renamed.updated).toBeGreaterThan(s.updated);
    expect(() => store.rename(s.id, '   ')).toThrow(/needs a name/);
    expect(store.delete(s.id)).toEqual({ deleted: true });
    expect(store.delete(s.id)).toEqual({ deleted: false });
    expect(() => store.get(s.id)).toThrow(/no longer in the library/);
    expect(store.list()).toEqual([]);
  });

  it('refuses what is not a clip, and a picture that is not a PNG, saying what is wrong', () => {
    const store = setup();
    const clip = village();
    expect(() => store.save({ name: 'x', clip: { ...clip, lattice: 'network' } })).toThrow(/lattice\) must be one of/);
    expect(() => store.save({ name: 'x', clip: { ...clip, cells: [] } })).toThrow(/at least one cell/);
    expect(() => store.save({ name: 'x', clip: { ...clip, cells: [{ q: 0, r: 0.5, terrain: 'clear', control: 0 }] } })).toThrow(/cell 1 is not a cell/);
    expect(() => store.save({ name: 'x', clip: { ...clip, edges: { rivers: [[0, 0, 1]] } } })).toThrow(/rivers are not a list of sides/);
    expect(() => store.save({ name: 'x', clip: { ...clip, sideFeatures: [{ feature: { id: 'wall', name: 'Wall', colour: '#000000' }, sides: [[0, 0, 1]] }] } })).toThrow(/side features .* are not a list/);
    expect(() => store.save({ name: 'x', clip, thumbnail: Buffer.from('GIF89a') })).toThrow(/must be a PNG/);
    expect(store.list()).toEqual([]);
    // A clip carrying a wall (a side feature) is a stamp like any other.
    const walled = { ...clip, sideFeatures: [{ feature: { id: 'wall', name: 'Wall', colour: '#000000' }, sides: [[0, 0, 1, 0]] }] };
    expect(store.get(store.save({ name: 'walled', clip: walled }).id).clip).toEqual(walled);
  });

  it('answers through the host channels with host errors', async () => {
    const store = setup();
    const h = stampHandlers(store);
    const ctx = { host: 'web', origin: 'test' } as const;
    const saved = await h['stamps.save']({ name: 'Village', clip: village(), thumbnail: PNG.toString('base64') }, ctx);
    expect((await h['stamps.list'](undefined, ctx)).map((e) => e.id)).toEqual([saved.id]);
    expect(() => h['stamps.get']({ id: 'nope' }, ctx)).toThrow(expect.objectContaining({ code: 'not-found' }));
    expect(() => h['stamps.save']({ name: 'x', clip: {} }, ctx)).toThrow(expect.objectContaining({ code: 'bad-request' }));
  });
});
