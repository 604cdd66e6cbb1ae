// Cell labels for people. All schemes count from 1; storage (CellId) counts from 0.
import type { Cell, LabelScheme } from './types.js';

/** Digits per coordinate in CCRR labels: 2, widened to 3 or 4 for maps over 99 / 999 cells a side. */
export function ccrrWidth(cols: number, rows: number): number {
  const longest = Math.max(cols, rows);
  return longest > 999 ? 4 : longest > 99 ? 3 : 2;
}

/** Column letters: 0 → A, 25 → Z, 26 → AA (bijective base 26). */
export function columnLetters(col: number): string {
  let n = col + 1;
  let text = '';
  while (n > 0) {
    const rem = (n - 1) % 26;
    text = String.fromCharCode(65 + rem) + text;
    n = (n - 1 - rem) / 26;
  }
  return text;
}

/** Inverse of columnLetters (case-insensitive); -1 if `text` is not letters. */
export function parseColumnLetters(text: string): number {
  if (!/^[A-Za-z]+$/.test(text)) return -1;
  let n = 0;
  for (const ch of text.toUpperCase()) n = n * 26 + (ch.charCodeAt(0) - 64);
  return n - 1;
}

export interface Labeller {
  label(cell: Cell): string;
  /** The cell a label names, whether or not it is in the map; null if not a label. */
  parse(text: string): Cell | null;
}

export function makeLabeller(scheme: LabelScheme, cols: number, rows: number): Labeller {
  const width = ccrrWidth(cols, rows);
  const limit = 10 ** width;
  const fromOne = (cell: Cell): string => `${cell.col + 1},${cell.row + 1}`;

  const label = (cell: Cell): string => {
    switch (scheme) {
      case 'CCRR': {
        const c = cell.col + 1;
        const r = cell.row + 1;
        // Cells off the map's numbering range (e.g. outside the map) fall back to "col,row".
        if (c < 1 || r < 1 || c >= limit || r >= limit) return fromOne(cell);
        return String(c).padStart(width, '0') + String(r).padStart(width, '0');
      }
      case 'A1':
        return cell.col < 0 || cell.row < 0 ? fromOne(cell) : `${columnLetters(cell.col)}${cell.row + 1}`;
      case 'col,row':
        return fromOne(cell);
    }
  };

  const parse = (raw: string): Cell | null => {
    const text = raw.trim();
    const pair = /^(-?\d+)\s*,\s*(-?\d+)$/.exec(text);
    if (pair) return { col: Number(pair[1]) - 1, row: Number(pair[2]) - 1 };
    if (scheme === 'CCRR') {
      if (text.length !== 2 * width || !/^\d+$/.test(text)) return null;
      const c = Number(text.slice(0, width));
      const r = Number(text.slice(width));
      return c < 1 || r < 1 ? null : { col: c - 1, row: r - 1 };
    }
    if (scheme === 'A1') {
      const m = /^([A-Za-z]+)(\d+)$/.exec(text);
      if (!m) return null;
      const r = Number(m[2]);
      return r < 1 ? null : { col: parseColumnLetters(m[1]!), row: r - 1 };
    }
    return null;
  };

  return { label, parse };
}
