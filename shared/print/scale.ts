// Map scale: the ground distance across one cell against the printed cell size.
import { trimNumber } from './units.js';

/** Group thousands with commas, independent of the locale ("400000" → "400,000"). */
export function groupThousands(n: number): string {
  return String(Math.round(n)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

export interface MapScale {
  kmPerCell: number;
  /** The N of 1:N. */
  ratio: number;
  /** "40 km per cell (10 cm) = 1:400,000" */
  text: string;
}

export function mapScale(kmPerCell: number, cellSizeMm: number, cellSizeText: string): MapScale {
  const ratio = (kmPerCell * 1_000_000) / cellSizeMm;
  return { kmPerCell, ratio, text: `${trimNumber(kmPerCell)} km per cell (${cellSizeText}) = 1:${groupThousands(ratio)}` };
}
