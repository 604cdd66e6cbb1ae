// Tile labels: a row letter (A, B, … Z, AA, AB …) and a column number counted from 1.

export function rowLetters(row: number): string {
  let n = row + 1;
  let out = '';
  while (n > 0) {
    const r = (n - 1) % 26;
    out = String.fromCharCode(65 + r) + out;
    n = Math.floor((n - 1) / 26);
  }
  return out;
}

export const tileLabel = (row: number, col: number): string => `${rowLetters(row)}${col + 1}`;
