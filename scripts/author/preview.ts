// Draws a scenario file as an SVG (terrain, control tint, rivers, roads, rails, cell names,
// supply bases, victory cells, unit counts) so a designer can eyeball a generated map.
// Run: npx tsx scripts/author/preview.ts scenarios/<file>.json [out.svg]
import { readFileSync, writeFileSync } from 'node:fs';
import { createGrid } from '../../shared/grid/index.js';
import type { Scenario } from '../../shared/format/scenario.types.js';

const [file, out = file?.replace(/\.json$/, '.svg')] = process.argv.slice(2);
if (!file || !out) throw new Error('usage: preview.ts scenario.json [out.svg]');
const s = JSON.parse(readFileSync(file, 'utf8')) as Scenario;
const grid = s.map.grid;
if (grid.kind === 'network') throw new Error(`${file}: preview.ts draws grid maps; this is a network map (positions and links)`);
const [terrainRows, controlRows] = [s.map.terrain ?? [], s.map.control ?? []];
const g = createGrid(grid);
const size = 60;
const b = g.bounds(size);
const colourOf = new Map(s.map.terrainTypes.map((t) => [t.code, t.colour]));
const sideByCode = new Map(s.sides.map((d) => [d.code, d]));
const parts: string[] = [];
const pts = (p: { x: number; y: number }[]) => p.map((q) => `${q.x.toFixed(1)},${q.y.toFixed(1)}`).join(' ');
const edgeLine = (e: string, stroke: string, width: number, dash = '') => {
  const [a, c] = g.edgeEndpoints(e, size);
  parts.push(`<line x1="${a.x}" y1="${a.y}" x2="${c.x}" y2="${c.y}" stroke="${stroke}" stroke-width="${width}" ${dash ? `stroke-dasharray="${dash}"` : ''}/>`);
};
const across = (e: string, stroke: string, width: number, dash = '') => {
  const [a, c] = g.edgeCells(e).map((x) => g.center(x, size));
  parts.push(`<line x1="${a!.x}" y1="${a!.y}" x2="${c!.x}" y2="${c!.y}" stroke="${stroke}" stroke-width="${width}" ${dash ? `stroke-dasharray="${dash}"` : ''}/>`);
};
for (let r = 0; r < grid.rows; r++) {
  for (let c = 0; c < grid.cols; c++) {
    const cell = { col: c, row: r };
    const side = sideByCode.get(controlRows[r]![c]!);
    parts.push(`<polygon points="${pts(g.corners(cell, size))}" fill="${colourOf.get(terrainRows[r]![c]!)}" stroke="#888" stroke-width="0.7"/>`);
    const ctr = g.center(cell, size);
    if (side) parts.push(`<circle cx="${ctr.x}" cy="${ctr.y}" r="${size * 0.42}" fill="${side.colour}" fill-opacity="0.18"/>`);
    parts.push(`<text x="${ctr.x}" y="${ctr.y - size * 0.3}" font-size="8" text-anchor="middle" fill="#555">${c},${r}</text>`);
  }
}
for (const e of s.map.rivers ?? []) edgeLine(e, '#2f6fb0', 4);
for (const e of s.map.lakeShores ?? []) edgeLine(e, '#1f4f80', 2);
for (const e of s.map.roads ?? []) across(e, '#8a5a2b', 3);
for (const e of s.map.rails ?? []) across(e, '#222', 2, '5,3');
for (const [key, f] of Object.entries(s.map.cells ?? {})) {
  const [c, r] = key.split(',').map(Number);
  const ctr = g.center({ col: c!, row: r! }, size);
  if (f.victory) parts.push(`<circle cx="${ctr.x}" cy="${ctr.y}" r="${size * 0.3}" fill="none" stroke="gold" stroke-width="3"/>`);
  if (f.supplyBase) parts.push(`<rect x="${ctr.x - 8}" y="${ctr.y + 6}" width="16" height="10" fill="${s.sides.find((d) => d.id === f.supplyBase)?.colour}"/>`);
  if (f.entry) parts.push(`<text x="${ctr.x}" y="${ctr.y + 26}" font-size="9" text-anchor="middle">entry</text>`);
  if (f.fortification) parts.push(`<rect x="${ctr.x - 12}" y="${ctr.y - 12}" width="24" height="24" fill="none" stroke="#000" stroke-dasharray="2,2"/>`);
  if (f.name) parts.push(`<text x="${ctr.x}" y="${ctr.y - 4}" font-size="9" font-weight="bold" text-anchor="middle">${f.name}</text>`);
}
const stacks = new Map<string, string[]>();
for (const u of s.orderOfBattle) stacks.set(u.cell, [...(stacks.get(u.cell) ?? []), `${u.branch[0]}${u.strength}`]);
for (const [key, list] of stacks) {
  const [c, r] = key.split(',').map(Number);
  const ctr = g.center({ col: c!, row: r! }, size);
  parts.push(`<text x="${ctr.x}" y="${ctr.y + 6}" font-size="9" text-anchor="middle" fill="#000">${list.join(' ')}</text>`);
}
writeFileSync(out, `<svg xmlns="http://www.w3.org/2000/svg" width="${b.width + 4}" height="${b.height + 4}"><rect width="100%" height="100%" fill="#fff"/>${parts.join('')}</svg>`);
console.log(`wrote ${out}`);
