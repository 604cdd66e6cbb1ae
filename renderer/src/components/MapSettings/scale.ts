// Map scale from the printed cell size and the ground a cell covers: 40 km on 10 cm is
// 1:400,000.
import type { PhysicalSize } from '../../../../shared/format/scenario.types.js';

const CM_PER_UNIT = { mm: 0.1, cm: 1, in: 2.54 } as const;

/** The scale's denominator (400000 for 1:400,000), rounded to a whole number. */
export function scaleDenominator(cellSize: PhysicalSize, groundKm: number): number {
  const cellCm = cellSize.value * CM_PER_UNIT[cellSize.unit];
  return Math.round((groundKm * 100_000) / cellCm);
}

export function scaleText(cellSize: PhysicalSize, groundKm: number): string {
  if (!(cellSize.value > 0) || !(groundKm > 0)) return '—';
  return `1:${scaleDenominator(cellSize, groundKm).toLocaleString('en-GB')}`;
}
