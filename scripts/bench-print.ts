// Print benchmark: a 6 ft × 4 ft mat of 4 in flat-top hexes, full colour, tiled on A4.
// Prints JSON { pages, ms, bytes, ... }; the target is under 2 s.
import { newScenario } from '../shared/format/new-scenario.js';
import { gridSpecOf } from '../shared/format/defaults.js';
import { createGrid } from '../shared/grid/index.js';
import { layoutPrint } from '../shared/print/layout.js';
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
  }),
);
