// Speed of the network queries rules and tools call over and over, on a generated network of
// 2,000 positions laid out on a jittered lattice (each joined to its right and lower
// neighbours and to some diagonals, about 5,000 links), far larger than a point-to-point
// game's map. Run: npx tsx shared/grid/network.bench.ts   (prints JSON; milliseconds)
import { createGrid, type NetworkLayoutInput } from './index.js';

const SIDE = 50; // 50 × 40 positions
const ROWS = 40;
const SPACING = 30; // mm
let seed = 1;
const rand = () => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646;

const positions: NetworkLayoutInput['positions'][number][] = [];
const links: NetworkLayoutInput['links'][number][] = [];
const id = (c: number, r: number) => `p${c}-${r}`;
for (let r = 0; r < ROWS; r++)
  for (let c = 0; c < SIDE; c++) {
    positions.push({ id: id(c, r), x: (c + 0.5 + (rand() - 0.5) * 0.4) * SPACING, y: (r + 0.5 + (rand() - 0.5) * 0.4) * SPACING, shape: rand() < 0.2 ? 'circle' : 'box' });
    const type = rand() < 0.3 ? 'rail' : 'ordinary';
    if (c + 1 < SIDE) links.push({ id: `h${c}-${r}`, from: id(c, r), to: id(c + 1, r), type });
    if (r + 1 < ROWS) links.push({ id: `v${c}-${r}`, from: id(c, r), to: id(c, r + 1), type });
    if (c + 1 < SIDE && r + 1 < ROWS && rand() < 0.5) links.push({ id: `d${c}-${r}`, from: id(c, r), to: id(c + 1, r + 1), waypoints: [{ x: (c + 1) * SPACING, y: (r + 1.2) * SPACING }] });
  }

const layout: NetworkLayoutInput = { width: SIDE * SPACING, height: ROWS * SPACING, unit: 20, positions, links };

function time(run: () => number, repeat = 1): { ms: number; check: number } {
  run(); // warm up
  const t0 = performance.now();
  let check = 0;
  for (let i = 0; i < repeat; i++) check += run();
  return { ms: Math.round(((performance.now() - t0) / repeat) * 1000) / 1000, check };
}

const build = time(() => createGrid({ kind: 'network', network: layout }).cellCount, 5);
const g = createGrid({ kind: 'network', network: layout });
const net = g.network!;
const n = positions.length;
const enemy = new Uint8Array(n).map(() => (rand() < 0.15 ? 1 : 0));
const enter = (i: number) => enemy[i] === 0;
const corner = n - 1;

const results = {
  positions: n,
  links: links.length,
  buildMs: build.ms,
  // One supply trace: every position's distance to the map-edge sources through non-enemy positions.
  cutOffFromEdgeMs: time(() => net.cutOffFrom(Array.from({ length: ROWS }, (_, r) => r * SIDE), { enter }).length, 20).ms,
  shortestPathCornerToCornerMs: time(() => net.shortestPath(0, corner, { linkTypes: ['ordinary', 'rail'], enter })?.length ?? 0, 20).ms,
  componentsByRailMs: time(() => net.components({ linkTypes: ['rail'] }).count, 20).ms,
  // The pointer over the map: 10,000 hit tests and nearest-link searches.
  hitTest10kMs: time(() => {
    let s = 0;
    for (let i = 0; i < 10_000; i++) s += g.pixelToIndex({ x: (i * 7.31) % layout.width, y: (i * 3.17) % layout.height }, 20);
    return s;
  }).ms,
  nearestLink100Ms: time(() => {
    let s = 0;
    for (let i = 0; i < 100; i++) s += net.nearestLink({ x: (i * 71.3) % layout.width, y: (i * 31.7) % layout.height })?.link ?? 0;
    return s;
  }).ms,
};
console.log(JSON.stringify({ bench: 'network', results }, null, 2));
