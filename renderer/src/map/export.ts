// Whole-map image export. PNG: the map drawn off screen by the same chunk painters as the
// canvas, at a chosen number of pixels per cell. SVG: written from the grid geometry and the
// document (one path per terrain type and per side's tint, lines for sides and routes,
// symbols for markers), so it stays sharp and editable; nothing is read back from a canvas.
import type { Cell, Point } from '../../../shared/grid/types.js';
import { CONTROL_TINT } from './bitmap.js';
import { bucketEdges, buildChunk, chunkRanges } from './chunks.js';
import { drawBase, drawFeatures, drawLabels, type MapLayers } from './draw.js';
import { detailFor } from './lod.js';
import { NONE, type MapModel } from './model.js';

/** Map pixels per cell the geometry is computed at. */
const SIZE = 100;
/** Browsers refuse canvases much larger than this on a side. */
export const MAX_PNG_SIDE = 16384;

/** Largest pixels-per-cell a PNG of this map can have. */
export function maxPngCellPx(model: MapModel): number {
  const b = model.grid.bounds(SIZE);
  return Math.floor((MAX_PNG_SIDE / Math.max(b.width, b.height)) * SIZE);
}

/** The whole map as a PNG blob at `cellPx` pixels across a cell. */
export async function exportPng(model: MapModel, cellPx: number, layers?: MapLayers): Promise<Blob> {
  const scale = Math.min(cellPx, maxPngCellPx(model)) / SIZE;
  const b = model.grid.bounds(SIZE);
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.ceil(b.width * scale));
  canvas.height = Math.max(1, Math.ceil(b.height * scale));
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('This browser could not make a drawing surface for the image.');
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.setTransform(scale, 0, 0, scale, -b.x * scale, -b.y * scale);
  const detail = { ...detailFor(SIZE * scale), bitmap: false };
  const edges = bucketEdges(model);
  const c = model.grid.center({ col: 0, row: 0 }, SIZE);
  const corners = model.grid.corners({ col: 0, row: 0 }, SIZE).map((p) => ({ x: p.x - c.x, y: p.y - c.y }));
  const chunks = chunkRanges(model).map((range) => buildChunk(model, SIZE, range, edges));
  // Pass by pass over all chunks, so a chunk's fills never cover its neighbour's lines.
  for (const pass of [drawBase, drawFeatures, drawLabels]) {
    for (const chunk of chunks) pass({ ctx, model, chunk, size: SIZE, scale, detail, corners, layers });
  }
  return new Promise((resolve, reject) => canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('The PNG could not be encoded.'))), 'image/png'));
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const n = (v: number) => (Math.round(v * 10) / 10).toString();

/** The whole map as SVG text; `physical` sets width/height in the map's printed units. */
export function exportSvg(model: MapModel, cellSize: { value: number; unit: string }, title: string): string {
  const { grid } = model;
  const b = grid.bounds(SIZE);
  const k = cellSize.value / SIZE;
  const poly = (cell: Cell) => {
    const pts = grid.corners(cell, SIZE);
    return `M${pts.map((p) => `${n(p.x)} ${n(p.y)}`).join('L')}Z`;
  };
  const terrainPaths: string[][] = model.terrainTypes.map(() => []);
  const sidePaths: string[][] = model.sides.map(() => []);
  for (let row = 0; row < model.rows; row++)
    for (let col = 0; col < model.cols; col++) {
      const i = row * model.cols + col;
      const cell = { col, row };
      const t = model.terrain[i]!;
      if (t !== NONE) terrainPaths[t]!.push(poly(cell));
      const s = model.control[i]!;
      if (s !== NONE && t !== NONE && model.terrainTinted[t]) sidePaths[s]!.push(poly(cell));
    }
  const seg = (e: string) => {
    const [p, q] = grid.edgeEndpoints(e, SIZE);
    return `M${n(p.x)} ${n(p.y)}L${n(q.x)} ${n(q.y)}`;
  };
  const route = (e: string) => {
    const [a, c] = grid.edgeCells(e);
    const [p, q] = grid.edgeEndpoints(e, SIZE);
    const m: Point = { x: (p.x + q.x) / 2, y: (p.y + q.y) / 2 };
    const ends = [a, c].filter((x) => grid.inMap(x)).map((x) => grid.center(x, SIZE));
    return ends.length === 2 ? `M${n(ends[0]!.x)} ${n(ends[0]!.y)}L${n(m.x)} ${n(m.y)}L${n(ends[1]!.x)} ${n(ends[1]!.y)}` : `M${n(ends[0]!.x)} ${n(ends[0]!.y)}L${n(m.x)} ${n(m.y)}`;
  };
  const out: string[] = [];
  out.push(
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="${n(b.x)} ${n(b.y)} ${n(b.width)} ${n(b.height)}" width="${n(b.width * k)}${cellSize.unit}" height="${n(b.height * k)}${cellSize.unit}">`,
    `<title>${esc(title)}</title>`,
  );
  out.push('<g id="terrain">');
  model.terrainTypes.forEach((t, i) => {
    if (terrainPaths[i]!.length) out.push(`<path data-terrain="${esc(t.id)}" fill="${t.colour}" stroke="${t.colour}" stroke-width="0.5" d="${terrainPaths[i]!.join('')}"/>`);
  });
  out.push('</g><g id="control">');
  model.sides.forEach((s, i) => {
    if (sidePaths[i]!.length) out.push(`<path data-side="${esc(s.id)}" fill="${s.colour}" fill-opacity="${CONTROL_TINT}" d="${sidePaths[i]!.join('')}"/>`);
  });
  // Control borders: sides between cells of different control.
  const borders: string[] = [];
  for (let row = 0; row < model.rows; row++)
    for (let col = 0; col < model.cols; col++) {
      const cell = { col, row };
      for (const dir of grid.ownedDirections) {
        const nb = grid.step(cell, dir);
        if (!nb || !grid.inMap(nb)) continue;
        if (model.control[row * model.cols + col] === model.control[grid.index(nb)]) continue;
        const e = grid.edgeOf(cell, dir);
        if (e) borders.push(seg(e));
      }
    }
  if (borders.length) out.push(`<path id="control-borders" fill="none" stroke="#1f2328" stroke-opacity="0.55" stroke-width="5" stroke-linecap="round" d="${borders.join('')}"/>`);
  const all: string[] = [];
  for (let row = 0; row < model.rows; row++) for (let col = 0; col < model.cols; col++) all.push(poly({ col, row }));
  out.push(`</g><path id="grid" fill="none" stroke="#1f2328" stroke-opacity="0.42" stroke-width="1.2" d="${all.join('')}"/>`);
  if (model.lakeShores.length) out.push(`<path id="lake-shores" fill="none" stroke="#1d4f7c" stroke-width="5" stroke-linecap="round" d="${model.lakeShores.map(seg).join('')}"/>`);
  if (model.rivers.length) out.push(`<path id="rivers" fill="none" stroke="#2f6fb3" stroke-width="8.5" stroke-linecap="round" d="${model.rivers.map(seg).join('')}"/>`);
  if (model.roads.length) out.push(`<path id="roads" fill="none" stroke="#8a5a2b" stroke-width="4.5" stroke-linecap="round" stroke-linejoin="round" d="${model.roads.map(route).join('')}"/>`);
  if (model.rails.length) out.push(`<path id="rails" fill="none" stroke="#26292e" stroke-width="3" stroke-linecap="round" stroke-linejoin="round" d="${model.rails.map(route).join('')}"/>`);
  // Bridges: a road or rail over a river side gets a deck across the river.
  const bridges = [...model.roads, ...model.rails].filter((e) => model.riverSet.has(e));
  if (bridges.length) {
    out.push('<g id="bridges">');
    for (const e of new Set(bridges)) {
      const [p, q] = grid.edgeEndpoints(e, SIZE);
      const m = { x: (p.x + q.x) / 2, y: (p.y + q.y) / 2 };
      const angle = (Math.atan2(q.y - p.y, q.x - p.x) * 180) / Math.PI;
      out.push(`<rect x="${n(m.x - 7)}" y="${n(m.y - 13)}" width="14" height="26" fill="#fbf6ea" stroke="#26292e" stroke-width="2" transform="rotate(${n(angle + 90)} ${n(m.x)} ${n(m.y)})"/>`);
    }
    out.push('</g>');
  }
  out.push('<g id="markers">');
  for (const [i, f] of model.features) {
    const cell = grid.cellAt(i);
    const c = grid.center(cell, SIZE);
    const side = (id: string | undefined) => model.sides.find((s) => s.id === id)?.colour ?? '#555';
    if (f.supplyBase) out.push(`<circle cx="${n(c.x - 22)}" cy="${n(c.y - 4)}" r="12" fill="${side(f.supplyBase)}" stroke="#1f2328" stroke-width="2"/>`);
    if (f.fortification) out.push(`<rect x="${n(c.x + 10)}" y="${n(c.y - 16)}" width="22" height="22" fill="none" stroke="#1f2328" stroke-width="3"/>`);
    if (f.victory) {
      const pts = Array.from({ length: 10 }, (_, j) => {
        const r = j % 2 ? 7 : 17;
        const a = (j * Math.PI) / 5;
        return `${n(c.x + Math.sin(a) * r)},${n(c.y - 14 - Math.cos(a) * r)}`;
      });
      out.push(`<polygon points="${pts.join(' ')}" fill="#e3b21c" stroke="#1f2328" stroke-width="1.5"/>`);
    }
    if (f.entry?.length) out.push(`<path d="M${n(c.x - 12)} ${n(c.y + 20)}L${n(c.x + 12)} ${n(c.y + 20)}L${n(c.x)} ${n(c.y + 36)}Z" fill="${side(f.entry[0])}" stroke="#1f2328" stroke-width="1.5"/>`);
    if (f.name)
      out.push(
        `<text x="${n(c.x)}" y="${n(c.y + 31)}" text-anchor="middle" dominant-baseline="middle" font-family="system-ui, sans-serif" font-weight="600" font-size="14" paint-order="stroke" stroke="#ffffff" stroke-width="4" fill="#1f2328">${esc(f.name)}</text>`,
      );
  }
  out.push('</g></svg>');
  return out.join('\n');
}

/** Offers a blob to the user as a file download (the browser or Electron asks where). */
export function download(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
