// Tiling one axis of the map across pages. Pure arithmetic on millimetres: the window of
// page i starts at `start + i * stride` (never accumulated), so nothing drifts.
import type { GridSpec } from '../grid/index.js';

/**
 * Where cells sit along one axis: every cell's box starts at a whole multiple of `step`
 * from the map's edge and is `extent` long (flat hexes across: step 3/4 of the width).
 */
export interface CellLattice {
  step: number;
  extent: number;
}

const SQRT3 = Math.sqrt(3);

/** The lattice of cell boxes along x and y for a grid, for cells `size` across flats. */
export function cellLattice(spec: Pick<GridSpec, 'kind' | 'orientation'>, size: number): { x: CellLattice; y: CellLattice } {
  if (spec.kind === 'hex' && spec.orientation === 'flat') {
    // Columns are 3/4 of a hex width apart; odd columns drop by half a hex.
    return { x: { step: (SQRT3 / 2) * size, extent: (2 / SQRT3) * size }, y: { step: size / 2, extent: size } };
  }
  if (spec.kind === 'hex') {
    return { x: { step: size / 2, extent: size }, y: { step: (SQRT3 / 2) * size, extent: (2 / SQRT3) * size } };
  }
  if (spec.kind === 'offsetSquare') {
    return { x: { step: size / 2, extent: size }, y: { step: size, extent: size } };
  }
  return { x: { step: size, extent: size }, y: { step: size, extent: size } };
}

export interface AxisTiling {
  /** Pages along this axis. */
  count: number;
  /** Map coordinate where page 0's window starts. */
  start: number;
  /** Distance between the starts of neighbouring windows. */
  stride: number;
  /** Window length (the same on every page). */
  window: number;
  /** How much neighbouring windows share (0 with a single page). */
  overlap: number;
  /** True when every cell is guaranteed to be whole in at least one window. */
  wholeCells: boolean;
}

export interface AxisInput {
  /** Map length along the axis (its bounding box), mm. */
  length: number;
  /** Clearance kept around the map so border lines are not cut, mm. */
  pad: number;
  /** Printable length of the paper along the axis, mm. */
  printable: number;
  /** Overlap the user asked for, mm. */
  overlap: number;
  /** When given, windows step by whole cells so each cell is whole on some page. */
  lattice: CellLattice | null;
}

const EPS = 1e-9;

/** The least overlap that keeps every cell whole on some page when windows step along the lattice. */
export function minimumWholeCellOverlap(lattice: CellLattice, pad: number): number {
  return Math.max(0, lattice.extent - lattice.step) + 2 * pad;
}

export function tileAxis(input: AxisInput): AxisTiling {
  const { length, pad, printable, overlap, lattice } = input;
  const content = length + 2 * pad;
  if (content <= printable + EPS) {
    return { count: 1, start: -pad, stride: 0, window: content, overlap: 0, wholeCells: true };
  }
  if (lattice) {
    const ov = Math.max(overlap, minimumWholeCellOverlap(lattice, pad));
    const steps = Math.floor((printable - ov) / lattice.step + EPS);
    if (steps >= 1) {
      const stride = steps * lattice.step;
      const window = stride + ov;
      const count = 1 + Math.max(1, Math.ceil((content - window) / stride - EPS));
      // Centre the map in the tiled area, but only by whole lattice steps so cells stay aligned.
      const excess = (count - 1) * stride + window - content;
      const shift = Math.floor(excess / 2 / lattice.step + EPS) * lattice.step;
      return { count, start: -pad - shift, stride, window, overlap: ov, wholeCells: true };
    }
  }
  const stride = printable - overlap;
  const count = 1 + Math.max(1, Math.ceil((content - printable) / stride - EPS));
  const excess = (count - 1) * stride + printable - content;
  return { count, start: -pad - excess / 2, stride, window: printable, overlap, wholeCells: false };
}

/** Start of window `i` along an axis. */
export const windowStart = (axis: AxisTiling, i: number): number => axis.start + i * axis.stride;
