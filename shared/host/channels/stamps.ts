// Stamps: regions of a map kept in the library to paint with (a village with its roads, a
// forest edge). A stamp's `clip` is a region clip (shared/editor/region.ts: cells in lattice
// coordinates, edges, units, the terrain types it uses); its lattice says which maps it fits.
// Service: electron/library/stamps.ts (table `stamps`, library migration v8).
import { returns, v } from '../check.js';
import { defineChannels } from '../channel.js';

export type StampLattice = 'hex-flat' | 'hex-pointy' | 'square' | 'brick';

export interface StampEntry {
  id: string;
  name: string;
  lattice: StampLattice;
  /** How many cells it covers. */
  cells: number;
  /** A small picture as a data: URL (PNG), or null. */
  thumbnail: string | null;
  /** ms since the epoch. */
  created: number;
  updated: number;
}

export const STAMP_NAME_MAX = 80;
const stampId = v.string({ minLength: 1, maxLength: 64, pattern: /^[A-Za-z0-9_-]+$/, patternHint: 'letters, digits, _ and -' });
const name = v.string({ minLength: 1, maxLength: STAMP_NAME_MAX });

export const stampChannels = defineChannels({
  'stamps.list': {
    doc: 'Every stamp in the library (without its cells), by name.',
    request: v.none(),
    response: returns<StampEntry[]>(),
  },
  'stamps.get': {
    doc: 'One stamp with its clip (the cells, sides and units it puts down).',
    request: v.object({ id: stampId }),
    response: returns<{ entry: StampEntry; clip: Record<string, unknown> }>(),
  },
  'stamps.save': {
    doc: 'Keeps a region clip as a new stamp under a name, with an optional PNG thumbnail (base64).',
    request: v.object({ name, clip: v.jsonObject<Record<string, unknown>>() }, { thumbnail: v.string({ maxLength: 400_000 }) }),
    response: returns<StampEntry>(),
  },
  'stamps.rename': {
    doc: 'Gives a stamp a new name.',
    request: v.object({ id: stampId, name }),
    response: returns<StampEntry>(),
  },
  'stamps.delete': {
    doc: 'Removes a stamp from the library.',
    request: v.object({ id: stampId }),
    response: returns<{ deleted: boolean }>(),
  },
});
