// Print benchmark: a 6 ft × 4 ft mat of 4 in flat-top hexes, full colour, tiled on A4.
// Prints JSON { pages, ms, bytes, ... }; the target is under 2 s.
// Also the layout alone of a 400×400 flat-top hex map at 10 cm on A4 (28,950 tiles, the page
// cap lifted: the arithmetic behind the print dialog's preview) — `layout400`, target under 1 s
// — and how fast the capped layout refuses it (`refusal400`).
import { newScenario } from '../shared/format/new-scenario.js';
import { gridSpecOf } from '../shared/format/defaults.js';
import { createGrid } from '../shared/grid/index.js';
import { layoutPrint, MAX_PRINT_PAGES } from '../shared/print/layout.js';
import { renderLayoutPdf } from '../electron/print/pdf.js';

const MAT_MM = { width: 6 * 12 * 25.4, height: 4 * 12 * 25.4 };
const CELL_MM = 4 * 25.4;

// Flat-top hexes: columns 3/4 of a hex width apart, odd columns half a hex lower.
const hexWidth = (2 / Math.sqrt(3)) * CELL_MM;
const cols = Math.floor((MAT_MM.width - hexWidth) / (0.75 * hexWidth)) + 1;
const rows = Math.floor((MAT_MM.height - CELL_MM / 2) / CELL_MM);

function benchScenario() {
  const s = newScenario({ id: 'bench-print', title: 'Print benchmark: 6 ft x 4 ft mat', gridKind: 'hex', orientation: 'flat', cols, rows, cellSize: { value: 4, unit: 'in' } });
  const codes = s.map.terrainTypes.map((t) => t.code);
  // Deterministic variety so every layer has something to draw.
  s.map.terrain = Array.from({ length: rows }, (_, r) => Array.from({ length: cols }, (_, c) => codes[(c * 7 + r * 3) % codes.length]).join(''));
  const grid = createGrid(gridSpecOf(s));
  const rivers: string[] = [];
  const roads: string[] = [];
  const rails: string[] = [];
  for (let c = 0; c < cols; c++) {
    rivers.push(grid.edgeOf({ col: c, row: Math.floor(rows / 2) }, 'N')!);
    roads.push(grid.edgeOf({ col: c, row: 2 }, 'NE')!);
    rails.push(grid.edgeOf({ col: c, row: rows - 3 }, 'SE')!);
  }
  for (let r = 0; r < rows; r++) roads.push(grid.edgeOf({ col: Math.floor(cols / 2), row: r }, 'N')!);
  s.map.rivers = [...new Set(rivers)];
  s.map.roads = [...new Set(roads)];
  s.map.rails = [...new Set(rails)];
  s.map.cells = {};
  for (let c = 1; c < cols; c += 4) s.map.cells[`${c},${c % rows}`] = { name: `Town ${c}`, victory: { perTurn: 1 } };
  s.map.cells['0,0'] = { supplyBase: s.sides[0].id };
  return s;
}

async function once(): Promise<{ ms: number; bytes: number; pages: number }> {
  const scenario = benchScenario();
  const t0 = performance.now();
  const layout = layoutPrint(scenario, { mode: 'full', paper: 'A4' });
  const pdf = await renderLayoutPdf(scenario, layout);
  return { ms: performance.now() - t0, bytes: pdf.length, pages: layout.pages.length + (layout.assembly ? 1 : 0) };
}

/** Median wall and CPU milliseconds of `fn` over `n` runs after one warm-up. */
function timed(fn: () => void, n = 3): { ms: number; cpuMs: number } {
  fn();
  const runs: { ms: number; cpuMs: number }[] = [];
  for (let k = 0; k < n; k++) {
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    fn();
    const c = process.cpuUsage(c0);
    runs.push({ ms: performance.now() - t0, cpuMs: (c.user + c.system) / 1000 });
  }
  const mid = <T>(xs: T[], f: (x: T) => number) => xs.map(f).sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  return { ms: Math.round(mid(runs, (r) => r.ms)), cpuMs: Math.round(mid(runs, (r) => r.cpuMs)) };
}

const big = newScenario({ id: 'bench-layout', title: 'Layout benchmark: 400 x 400 hexes', gridKind: 'hex', orientation: 'flat', cols: 400, rows: 400, cellSize: { value: 10, unit: 'cm' } });
let bigPages = 0;
const layout400 = timed(() => {
  bigPages = layoutPrint(big, { mode: 'grid', paper: 'A4' }, { maxPages: Infinity }).pages.length;
});
const refusal400 = timed(() => {
  try {
    layoutPrint(big, { mode: 'grid', paper: 'A4' });
  } catch {
    // refused: over the page cap
  }
});

await once(); // warm-up: module loading and JIT
const runs = [await once(), await once(), await once()];
const ms = runs.map((r) => r.ms).sort((a, b) => a - b)[1]!;
const layout = layoutPrint(benchScenario(), { mode: 'full', paper: 'A4' });
console.log(
  JSON.stringify({
    pages: runs[0]!.pages,
    ms: Math.round(ms),
    bytes: runs[0]!.bytes,
    grid: `${cols} x ${rows} flat-top hexes, 4 in across flats`,
    mapMm: { width: Math.round(layout.mapBounds.width * 10) / 10, height: Math.round(layout.mapBounds.height * 10) / 10 },
    tiles: `${layout.tileRows} x ${layout.tileCols} A4 ${layout.orientation}`,
    targetMs: 2000,
    layout400: { grid: '400 x 400 flat-top hexes, 10 cm, A4', pages: bigPages, ...layout400, targetMs: 1000 },
    refusal400: { ...refusal400, pageCap: MAX_PRINT_PAGES },
  }),
);
