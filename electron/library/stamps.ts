// Stamps kept in the library file (table `stamps`, migration v8): a region of a map with a
// name and a small picture, to paint with in any scenario whose grid it fits. Plain Node: it
// opens its own connection to the library's database, which the library has already brought
// to the latest schema (as the saved-games store does).
import { nanoid } from 'nanoid';
import type Database from 'better-sqlite3';
import type { ChannelName, Handlers } from '../../shared/host/contract.js';
import { STAMP_NAME_MAX, type StampEntry, type StampLattice } from '../../shared/host/channels/stamps.js';
import { openDatabase } from './db.js';
import { LibraryError, hostErrors } from './errors.js';

/** A 1024×1024 map's whole area as one stamp stays well under this. */
const MAX_CLIP_BYTES = 32 * 1024 * 1024;
const MAX_THUMBNAIL_BYTES = 256 * 1024;
const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const LATTICES: readonly StampLattice[] = ['hex-flat', 'hex-pointy', 'square', 'brick'];
const EDGE_KEYS = ['rivers', 'lakeShores', 'roads', 'rails'] as const;

export interface SaveStampInput {
  name: string;
  clip: Record<string, unknown>;
  /** PNG bytes. */
  thumbnail?: Uint8Array;
}

export interface StampStore {
  list(): StampEntry[];
  get(id: string): { entry: StampEntry; clip: Record<string, unknown> };
  save(input: SaveStampInput): StampEntry;
  rename(id: string, name: string): StampEntry;
  delete(id: string): { deleted: boolean };
  close(): void;
}

interface Row {
  id: string;
  name: string;
  lattice: StampLattice;
  cells: number;
  created: number;
  updated: number;
  thumbnail: Buffer | null;
}

const ENTRY_COLUMNS = 'id, name, lattice, cells, created, updated, thumbnail';

const toEntry = (r: Row): StampEntry => ({
  id: r.id,
  name: r.name,
  lattice: r.lattice,
  cells: r.cells,
  thumbnail: r.thumbnail ? `data:image/png;base64,${r.thumbnail.toString('base64')}` : null,
  created: r.created,
  updated: r.updated,
});

const bad = (message: string) => new LibraryError('bad-request', message);

function cleanName(name: string): string {
  const n = name.replace(/\s+/g, ' ').trim();
  if (!n) throw bad('A stamp needs a name.');
  if (n.length > STAMP_NAME_MAX) throw bad(`A stamp's name may be at most ${STAMP_NAME_MAX} characters.`);
  return n;
}

const isInt = (x: unknown): x is number => typeof x === 'number' && Number.isInteger(x);

/**
 * Checks that a clip has the shape the map designer puts down (shared/editor/region.ts) and
 * answers its lattice and cell count; a clip that does not is refused with what is wrong.
 */
export function checkClip(clip: Record<string, unknown>): { lattice: StampLattice; cells: number } {
  const lattice = clip.lattice;
  if (typeof lattice !== 'string' || !LATTICES.includes(lattice as StampLattice)) throw bad(`The stamp's grid (lattice) must be one of ${LATTICES.join(', ')}.`);
  const cells = clip.cells;
  if (!Array.isArray(cells) || cells.length === 0) throw bad('A stamp must hold at least one cell.');
  cells.forEach((c: unknown, i) => {
    const cell = c as Record<string, unknown> | null;
    if (!cell || typeof cell !== 'object' || !isInt(cell.q) || !isInt(cell.r) || typeof cell.terrain !== 'string' || !isInt(cell.control)) {
      throw bad(`The stamp's cell ${i + 1} is not a cell (q, r, terrain, control).`);
    }
  });
  const edges = clip.edges as Record<string, unknown> | null;
  if (!edges || typeof edges !== 'object') throw bad("The stamp's sides (edges) are missing.");
  for (const k of EDGE_KEYS) {
    const list = edges[k];
    if (!Array.isArray(list) || !list.every((e) => Array.isArray(e) && e.length === 4 && e.every(isInt))) throw bad(`The stamp's ${k} are not a list of sides.`);
  }
  if (!Array.isArray(clip.units)) throw bad("The stamp's units are not a list.");
  if (!Array.isArray(clip.terrainTypes) || clip.terrainTypes.length === 0) throw bad("The stamp's terrain types are missing.");
  const sides = clip.sides;
  if (!Array.isArray(sides) || sides.length !== 2 || !sides.every((s) => typeof s === 'string')) throw bad("The stamp's two sides are missing.");
  if (clip.sideFeatures !== undefined) {
    const list = clip.sideFeatures;
    const ok = Array.isArray(list) && list.every((f: unknown) => {
      const x = f as Record<string, unknown> | null;
      const def = x?.feature as Record<string, unknown> | null | undefined;
      return !!x && !!def && typeof def.id === 'string' && typeof def.name === 'string' && typeof def.colour === 'string'
        && Array.isArray(x.sides) && x.sides.every((e) => Array.isArray(e) && e.length === 4 && e.every(isInt));
    });
    if (!ok) throw bad("The stamp's side features (escarpments, walls…) are not a list of features with their sides.");
  }
  return { lattice: lattice as StampLattice, cells: cells.length };
}

function checkThumbnail(png: Uint8Array): void {
  if (png.byteLength > MAX_THUMBNAIL_BYTES) throw bad(`A stamp's picture may be at most ${MAX_THUMBNAIL_BYTES / 1024} KB.`);
  if (!PNG_SIGNATURE.every((b, i) => png[i] === b)) throw bad("A stamp's picture must be a PNG image.");
}

export function openStampStore(file: string, options: { now?: () => number; newId?: () => string } = {}): StampStore {
  const db: Database.Database = openDatabase(file);
  const now = options.now ?? Date.now;
  const newId = options.newId ?? (() => nanoid(12));
  const hasTable = db.prepare("SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = 'stamps'").pluck().get() === 1;
  if (!hasTable) {
    db.close();
    throw new LibraryError('bad-request', 'The library database has no table for stamps (it was not upgraded to version 8).');
  }
  const insert = db.prepare('INSERT INTO stamps (id, name, lattice, cells, created, updated, clip, thumbnail) VALUES (?, ?, ?, ?, ?, ?, ?, ?)');
  const byId = db.prepare(`SELECT ${ENTRY_COLUMNS} FROM stamps WHERE id = ?`);
  const clipById = db.prepare('SELECT clip FROM stamps WHERE id = ?').pluck();
  const all = db.prepare(`SELECT ${ENTRY_COLUMNS} FROM stamps ORDER BY name COLLATE NOCASE, created, id`);
  const setName = db.prepare('UPDATE stamps SET name = ?, updated = ? WHERE id = ?');
  const remove = db.prepare('DELETE FROM stamps WHERE id = ?');

  const entry = (id: string): StampEntry => {
    const row = byId.get(id) as Row | undefined;
    if (!row) throw new LibraryError('not-found', 'That stamp is no longer in the library.');
    return toEntry(row);
  };

  return {
    list() {
      return (all.all() as Row[]).map(toEntry);
    },
    get(id) {
      const e = entry(id);
      return { entry: e, clip: JSON.parse(clipById.get(id) as string) as Record<string, unknown> };
    },
    save(input) {
      const name = cleanName(input.name);
      const { lattice, cells } = checkClip(input.clip);
      const json = JSON.stringify(input.clip);
      if (json.length > MAX_CLIP_BYTES) throw bad(`The stamp is ${Math.round(json.length / 1048576)} MB, over the limit of ${MAX_CLIP_BYTES / 1048576} MB: select fewer cells.`);
      if (input.thumbnail) checkThumbnail(input.thumbnail);
      const id = newId();
      const t = now();
      insert.run(id, name, lattice, cells, t, t, json, input.thumbnail ? Buffer.from(input.thumbnail) : null);
      return entry(id);
    },
    rename(id, name) {
      const n = cleanName(name);
      if (setName.run(n, now(), id).changes === 0) throw new LibraryError('not-found', 'That stamp is no longer in the library.');
      return entry(id);
    },
    delete(id) {
      return { deleted: remove.run(id).changes > 0 };
    },
    close() {
      db.close();
    },
  };
}

type StampChannel = Extract<ChannelName, `stamps.${string}`>;
export type StampHandlers = Pick<Handlers, StampChannel>;


export function stampHandlers(store: StampStore): StampHandlers {
  return {
    'stamps.list': hostErrors(() => store.list()),
    'stamps.get': hostErrors(({ id }) => store.get(id)),
    'stamps.save': hostErrors(({ name, clip, thumbnail }) => {
      const input: SaveStampInput = { name, clip };
      if (thumbnail !== undefined) input.thumbnail = Buffer.from(thumbnail, 'base64');
      return store.save(input);
    }),
    'stamps.rename': hostErrors(({ id, name }) => store.rename(id, name)),
    'stamps.delete': hostErrors(({ id }) => store.delete(id)),
  };
}
