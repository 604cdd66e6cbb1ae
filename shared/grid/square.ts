// Straight lines on square grids.

export interface Vec {
  col: number;
  row: number;
}

/**
 * 4-way line: walks the cells the segment between centres passes through, one orthogonal
 * step at a time (a "supercover" that breaks corner crossings horizontally first).
 */
export function squareLine4(a: Vec, b: Vec): Vec[] {
  const dx = b.col - a.col;
  const dy = b.row - a.row;
  const nx = Math.abs(dx);
  const ny = Math.abs(dy);
  const sx = Math.sign(dx);
  const sy = Math.sign(dy);
  let col = a.col;
  let row = a.row;
  const out: Vec[] = [{ col, row }];
  for (let ix = 0, iy = 0; ix < nx || iy < ny; ) {
    // Compare (0.5 + ix) / nx with (0.5 + iy) / ny without dividing by zero.
    if ((1 + 2 * ix) * ny <= (1 + 2 * iy) * nx) {
      col += sx;
      ix++;
    } else {
      row += sy;
      iy++;
    }
    out.push({ col, row });
  }
  return out;
}

/** 8-way line: one cell per step along the longer axis (Bresenham-like, rounded lerp). */
export function squareLine8(a: Vec, b: Vec): Vec[] {
  const dx = b.col - a.col;
  const dy = b.row - a.row;
  const n = Math.max(Math.abs(dx), Math.abs(dy));
  const out: Vec[] = [];
  for (let i = 0; i <= n; i++) {
    const t = n === 0 ? 0 : i / n;
    out.push({ col: Math.round(a.col + dx * t + 1e-9) + 0, row: Math.round(a.row + dy * t + 1e-9) + 0 });
  }
  return out;
}
