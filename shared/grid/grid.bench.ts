// Speed of the calls the renderer makes per cell, on a 1000 × 1000 map of every grid kind.
// Run: npx tsx shared/grid/grid.bench.ts   (prints JSON; milliseconds per million calls)
import { createGrid, type GridSpecInput } from './index.js';

const SPECS: Record<string, Omit<GridSpecInput, 'cols' | 'rows'>> = {
  flatHex: { kind: 'hex', orientation: 'flat' },
  pointyHex: { kind: 'hex', orientation: 'pointy' },
  square8: { kind: 'square', adjacency: 8 },
  offsetSquare: { kind: 'offsetSquare' },
};
const N = 1000;
const SIZE = 24;

function time(run: () => number): { ms: number; check: number } {
  run(); // warm up
  const t0 = performance.now();
  const check = run();
  return { ms: Math.round((performance.now() - t0) * 10) / 10, check };
}

const results: Record<string, Record<string, number>> = {};
for (const [name, spec] of Object.entries(SPECS)) {
  const g = createGrid({ ...spec, cols: N, rows: N } as GridSpecInput);
  const box = g.bounds(SIZE);
  const centerXY = time(() => {
    let s = 0;
    for (let row = 0; row < N; row++) for (let col = 0; col < N; col++) s += g.centerX(col, row, SIZE) + g.centerY(col, row, SIZE);
    return s;
  });
  const center = time(() => {
    let s = 0;
    for (let row = 0; row < N; row++) for (let col = 0; col < N; col++) s += g.center({ col, row }, SIZE).x;
    return s;
  });
  const corners = time(() => {
    let s = 0;
    for (let row = 0; row < N; row++) for (let col = 0; col < N; col++) s += g.corners({ col, row }, SIZE)[0]!.x;
    return s;
  });
  const pixelToCell = time(() => {
    let s = 0;
    for (let i = 0; i < N * N; i++) s += g.pixelToCell({ x: (i * 7.31) % box.width, y: (i * 3.17) % box.height }, SIZE).col;
    return s;
  });
  results[name] = {
    centerXYMs: centerXY.ms,
    centerMs: center.ms,
    cornersMs: corners.ms,
    pixelToCellMs: pixelToCell.ms,
  };
}
console.log(JSON.stringify({ bench: 'grid', cells: N * N, size: SIZE, results }, null, 2));
