// Stamps: clips kept by name to paint with. Which maps a stamp fits, and which of several
// stamps lands where when painting with a random choice. Pure.
//
// A stamp goes only on a map of the grid it was made on: hexes of the same orientation
// (a flat-top village put on a pointy-top map keeps its neighbours but comes out turned by
// 30°, which is not what was drawn), squares on squares, offset squares on offset squares.
//
// The random choice is a function of a seed and the cell the stamp is put on, not of how many
// were put down before: the same stroke over the same cells with the same seed puts down the
// same stamps (after an undo, on another map of the same size, in a test), and the preview
// under the pointer is exactly what a click there puts down.
import { fmix32 } from '../random.js';
import { EditError } from './types.js';
import type { Lattice } from './region.js';

const LATTICE_WORDS: Record<Lattice, string> = {
  'hex-flat': 'flat-top hexes',
  'hex-pointy': 'pointy-top hexes',
  square: 'squares',
  brick: 'offset squares',
};

/** The grid a lattice is, in the user's words ("flat-top hexes"). */
export function latticeWords(l: Lattice): string {
  return LATTICE_WORDS[l];
}

/**
 * Why stamp `name` (made on `stamp`) cannot be used on a map of `map` cells, or null when it
 * can. `map` null: the map is a network of positions (no cells to stamp).
 */
export function stampFitProblem(name: string, stamp: Lattice, map: Lattice | null): string | null {
  if (map === null) return `“${name}” is a stamp of cells; this map is a network of positions and links, which has none.`;
  if (stamp === map) return null;
  return `“${name}” was made on a map of ${LATTICE_WORDS[stamp]}; this map has ${LATTICE_WORDS[map]}. A stamp is used on maps of the grid it was made on.`;
}

/** A 32-bit mix of the seed and a cell (murmur3's finaliser over a simple combination). */
function mix(seed: number, col: number, row: number): number {
  return fmix32(seed ^ Math.imul(col + 0x9e37, 0x85ebca6b) ^ Math.imul(row + 0x79b9, 0xc2b2ae35));
}

/** Which of `n` stamps a placement on (col,row) puts down with this seed (0 ≤ answer < n). */
export function pickStamp(seed: number, col: number, row: number, n: number): number {
  if (!Number.isInteger(n) || n < 1) throw new EditError('no stamps to choose from');
  return n === 1 ? 0 : mix(seed >>> 0, col, row) % n;
}

/** A new seed for random stamps, from any source of numbers in [0, 1). */
export function newStampSeed(random: () => number = Math.random): number {
  return Math.floor(random() * 0xffffffff) >>> 0;
}
