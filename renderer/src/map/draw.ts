// Bulk drawing of one chunk of the static map onto a 2D context in map pixels. Cells are
// batched into one path per fill colour; all line work of a kind is one stroke. `scale` is
// screen pixels per map pixel, used to keep hairlines and small text legible.

import type { Point, Rect } from '../../../shared/grid/types.js';
import type { ChunkGeometry, Road } from './chunks.js';
import { darken, luminance, rgba, type Rgb } from './colour.js';
import { CONTROL_TINT } from './bitmap.js';
import type { DetailLevel } from './lod.js';
import { NONE, type MapModel } from './model.js';

export const INK = '#1f2328';
const RIVER = '#2f6fb3';
const LAKE_SHORE = '#1d4f7c';
const ROAD = '#8a5a2b';
const ROAD_CASING = '#fbf6ea';
const RAIL = '#26292e';
const GOLD = '#e3b21c';
const HALO = 'rgba(255,255,255,0.92)';
export const FONT = 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';

export interface DrawContext {
  ctx: CanvasRenderingContext2D;
  model: MapModel;
  chunk: ChunkGeometry;
  /** cell size across flats in map pixels */
  size: number;
  /** screen pixels per map pixel */
  scale: number;
  detail: DetailLevel;
  /** Corner offsets from a cell centre, shared by every cell of the grid. */
  corners: readonly Point[];
  /** What the user chose to show (all when absent). */
  layers?: MapLayers;
  /**
   * When only part of the chunk is being repainted (clipped to it), the map rectangle of that
   * part: cells that cannot reach into it are skipped.
   */
  only?: Rect;
}

/** The designer's layer toggles. */
export interface MapLayers {
  grid: boolean;
  coordinates: boolean;
  terrain: boolean;
  /** rivers and lake shores */
  edges: boolean;
  /** roads, rails and bridges */
  routes: boolean;
  control: boolean;
  /** markers and cell names */
  markers: boolean;
}

const ALL_LAYERS: MapLayers = { grid: true, coordinates: true, terrain: true, edges: true, routes: true, control: true, markers: true };
const BLANK_GROUND = '#f1eee6';

function cellPath(d: DrawContext, i: number): void {
  const { ctx, chunk, corners } = d;
  const x = chunk.centers[i * 2]!;
  const y = chunk.centers[i * 2 + 1]!;
  ctx.moveTo(x + corners[0]!.x, y + corners[0]!.y);
  for (let k = 1; k < corners.length; k++) ctx.lineTo(x + corners[k]!.x, y + corners[k]!.y);
  ctx.closePath();
}

function forCells(d: DrawContext, fn: (local: number, global: number) => void): void {
  const { chunk, model, only } = d;
  let local = 0;
  if (only) {
    // A cell reaches at most one cell size from its centre (markers and strokes included).
    const m = d.size * 1.2;
    const x0 = only.x - m;
    const y0 = only.y - m;
    const x1 = only.x + only.width + m;
    const y1 = only.y + only.height + m;
    for (let r = chunk.r0; r < chunk.r1; r++)
      for (let c = chunk.c0; c < chunk.c1; c++, local++) {
        const x = chunk.centers[local * 2]!;
        const y = chunk.centers[local * 2 + 1]!;
        if (x >= x0 && x <= x1 && y >= y0 && y <= y1) fn(local, r * model.cols + c);
      }
    return;
  }
  for (let r = chunk.r0; r < chunk.r1; r++)
    for (let c = chunk.c0; c < chunk.c1; c++, local++) fn(local, r * model.cols + c);
}

/** Terrain fills, control tint and borders, grid lines. */
export function drawBase(d: DrawContext): void {
  const { ctx, model, scale } = d;
  const layers = d.layers ?? ALL_LAYERS;
  const hair = 1 / scale;
  // Terrain: one path per terrain type. A hairline stroke in the same colour closes the
  // anti-aliasing seams between neighbouring cells of different colours.
  const buckets: number[][] = model.terrainRgb.map(() => []);
  const unknown: number[] = [];
  forCells(d, (local, global) => {
    const t = model.terrain[global]!;
    (t === NONE ? unknown : buckets[t]!).push(local);
  });
  ctx.lineWidth = hair;
  ctx.lineJoin = 'round';
  const fillBucket = (cells: number[], colour: string) => {
    if (cells.length === 0) return;
    ctx.beginPath();
    for (const i of cells) cellPath(d, i);
    ctx.fillStyle = colour;
    ctx.fill();
    ctx.strokeStyle = colour;
    ctx.stroke();
  };
  if (layers.terrain) {
    buckets.forEach((cells, t) => fillBucket(cells, rgba(model.terrainRgb[t]!, 1)));
    fillBucket(unknown, '#ff00ff');
  } else fillBucket([...buckets.flat(), ...unknown], BLANK_GROUND);

  // Control tint, one translucent path per side.
  const sideCells: number[][] = model.sides.map(() => []);
  if (layers.control) forCells(d, (local, global) => {
    const s = model.control[global]!;
    const t = model.terrain[global]!;
    if (s !== NONE && t !== NONE && model.terrainTinted[t]) sideCells[s]!.push(local);
  });
  sideCells.forEach((cells, s) => {
    if (cells.length === 0) return;
    ctx.beginPath();
    for (const i of cells) cellPath(d, i);
    ctx.fillStyle = rgba(model.sideRgb[s]!, CONTROL_TINT);
    ctx.fill();
  });
  if (layers.control) drawControlBorders(d);

  if (d.detail.gridLines && layers.grid) {
    ctx.beginPath();
    forCells(d, (local) => cellPath(d, local));
    ctx.strokeStyle = 'rgba(31,35,40,0.42)';
    ctx.lineWidth = Math.max(hair, d.size * 0.012);
    ctx.stroke();
  }
}

function drawControlBorders(d: DrawContext): void {
  const { ctx, model, chunk, size, scale } = d;
  if (chunk.borders.length === 0) return;
  ctx.lineCap = 'round';
  ctx.lineWidth = Math.max(2 / scale, size * 0.07);
  model.sides.forEach((_, s) => {
    ctx.beginPath();
    for (const b of chunk.borders) {
      if (b.side !== s) continue;
      ctx.moveTo(b.x1, b.y1);
      ctx.lineTo(b.x2, b.y2);
    }
    ctx.strokeStyle = rgba(darken(model.sideRgb[s]!, 0.1), 0.85);
    ctx.stroke();
  });
}

/** Terrain as a scaled bitmap (far zoom). */
export function drawBitmap(
  ctx: CanvasRenderingContext2D,
  bitmap: CanvasImageSource,
  left: number,
  top: number,
  width: number,
  height: number,
): void {
  ctx.imageSmoothingEnabled = false;
  ctx.drawImage(bitmap, left, top, width, height);
  ctx.imageSmoothingEnabled = true;
}

function strokeSegments(ctx: CanvasRenderingContext2D, segs: readonly number[]): void {
  ctx.beginPath();
  for (let i = 0; i < segs.length; i += 4) {
    ctx.moveTo(segs[i]!, segs[i + 1]!);
    ctx.lineTo(segs[i + 2]!, segs[i + 3]!);
  }
  ctx.stroke();
}

function roadPath(ctx: CanvasRenderingContext2D, roads: readonly Road[]): void {
  ctx.beginPath();
  for (const r of roads) {
    ctx.moveTo(r.ax, r.ay);
    ctx.lineTo(r.mx, r.my);
    ctx.lineTo(r.bx, r.by);
  }
}

/** Rivers, lake shores, roads, rails, bridges and cell markers. */
export function drawFeatures(d: DrawContext): void {
  const { ctx, chunk, size, scale } = d;
  const far = d.detail.bitmap;
  const layers = d.layers ?? ALL_LAYERS;
  // Road casings only help once a road is wide enough on screen to have two edges.
  const cased = size * scale >= 48;
  ctx.lineCap = 'round';
  ctx.lineJoin = 'round';

  if (chunk.lakeShores.length && layers.edges) {
    ctx.strokeStyle = LAKE_SHORE;
    ctx.lineWidth = Math.max(1.5 / scale, size * 0.05);
    strokeSegments(ctx, chunk.lakeShores);
  }
  if (chunk.rivers.length && layers.edges) {
    ctx.strokeStyle = RIVER;
    ctx.lineWidth = Math.max((far ? 1.6 : 2.6) / scale, size * 0.085);
    strokeSegments(ctx, chunk.rivers);
  }

  const roadW = Math.max((far ? 1.4 : 2.2) / scale, size * 0.045);
  if (chunk.roads.length && layers.routes) {
    if (cased) {
      roadPath(ctx, chunk.roads);
      ctx.strokeStyle = ROAD_CASING;
      ctx.lineWidth = roadW + Math.max(1.5 / scale, size * 0.03);
      ctx.stroke();
    }
    roadPath(ctx, chunk.roads);
    ctx.strokeStyle = ROAD;
    ctx.lineWidth = roadW;
    ctx.stroke();
  }

  if (chunk.rails.length && layers.routes) {
    // Where road and rail share a route, a wider road band under the track keeps both visible.
    if (chunk.sharedRoutes.length) {
      roadPath(ctx, chunk.sharedRoutes);
      ctx.strokeStyle = ROAD;
      ctx.lineWidth = Math.max(roadW * 2.4, 4 / scale);
      ctx.stroke();
    }
    roadPath(ctx, chunk.rails);
    ctx.strokeStyle = RAIL;
    ctx.lineWidth = Math.max((far ? 1.1 : 1.6) / scale, size * 0.03);
    ctx.stroke();
    if (!far && size * scale >= 16) drawRailTies(ctx, chunk.rails, size);
  }

  if (!far && layers.routes) for (const b of chunk.bridges) drawBridge(ctx, b.x, b.y, b.dx, b.dy, b.rail, size, roadW);
  if (d.detail.markers && layers.markers) drawMarkers(d);
}

function drawRailTies(ctx: CanvasRenderingContext2D, rails: readonly Road[], size: number): void {
  const spacing = size * 0.14;
  const half = size * 0.065;
  ctx.beginPath();
  const ties = (x1: number, y1: number, x2: number, y2: number) => {
    const len = Math.hypot(x2 - x1, y2 - y1);
    if (len === 0) return;
    const ux = (x2 - x1) / len;
    const uy = (y2 - y1) / len;
    for (let t = spacing / 2; t < len; t += spacing) {
      const x = x1 + ux * t;
      const y = y1 + uy * t;
      ctx.moveTo(x - uy * half, y + ux * half);
      ctx.lineTo(x + uy * half, y - ux * half);
    }
  };
  for (const r of rails) {
    ties(r.ax, r.ay, r.mx, r.my);
    ties(r.mx, r.my, r.bx, r.by);
  }
  ctx.strokeStyle = RAIL;
  ctx.lineWidth = size * 0.018;
  ctx.lineCap = 'butt';
  ctx.stroke();
  ctx.lineCap = 'round';
}

/** A deck across the river side with parapets whose ends flare outwards. */
function drawBridge(
  ctx: CanvasRenderingContext2D,
  x: number,
  y: number,
  dx: number,
  dy: number,
  rail: boolean,
  size: number,
  roadW: number,
): void {
  const half = size * 0.17; // half length along the crossing
  const w = Math.max(roadW * 1.6, size * 0.075); // half width across
  const nx = -dy;
  const ny = dx;
  ctx.beginPath();
  ctx.moveTo(x - dx * half + nx * w, y - dy * half + ny * w);
  ctx.lineTo(x + dx * half + nx * w, y + dy * half + ny * w);
  ctx.lineTo(x + dx * half - nx * w, y + dy * half - ny * w);
  ctx.lineTo(x - dx * half - nx * w, y - dy * half - ny * w);
  ctx.closePath();
  ctx.fillStyle = '#f4eee0';
  ctx.fill();
  // the road or track over the deck
  ctx.beginPath();
  ctx.moveTo(x - dx * half, y - dy * half);
  ctx.lineTo(x + dx * half, y + dy * half);
  ctx.strokeStyle = rail ? RAIL : ROAD;
  ctx.lineWidth = rail ? size * 0.03 : roadW;
  ctx.stroke();
  // parapets
  const flare = size * 0.05;
  ctx.beginPath();
  for (const sgn of [1, -1]) {
    const ox = nx * w * sgn;
    const oy = ny * w * sgn;
    ctx.moveTo(x - dx * (half + flare) + ox + nx * flare * sgn, y - dy * (half + flare) + oy + ny * flare * sgn);
    ctx.lineTo(x - dx * half + ox, y - dy * half + oy);
    ctx.lineTo(x + dx * half + ox, y + dy * half + oy);
    ctx.lineTo(x + dx * (half + flare) + ox + nx * flare * sgn, y + dy * (half + flare) + oy + ny * flare * sgn);
  }
  ctx.strokeStyle = INK;
  ctx.lineWidth = size * 0.022;
  ctx.stroke();
}

function star(ctx: CanvasRenderingContext2D, x: number, y: number, points: number, outer: number, inner: number, rot: number): void {
  ctx.beginPath();
  for (let k = 0; k < points * 2; k++) {
    const r = k % 2 === 0 ? outer : inner;
    const a = rot + (k * Math.PI) / points;
    const px = x + Math.sin(a) * r;
    const py = y - Math.cos(a) * r;
    if (k === 0) ctx.moveTo(px, py);
    else ctx.lineTo(px, py);
  }
  ctx.closePath();
}

function haloText(ctx: CanvasRenderingContext2D, text: string, x: number, y: number, halo: number): void {
  ctx.lineWidth = halo;
  ctx.strokeStyle = HALO;
  ctx.lineJoin = 'round';
  ctx.strokeText(text, x, y);
  ctx.fillText(text, x, y);
}

function drawMarkers(d: DrawContext): void {
  const { ctx, model, chunk } = d;
  // Markers grow with the cell up to the size they have on a ~110 px cell, then stay put
  // near the centre: a huge flag says no more than a normal one.
  const size = Math.min(d.size, 110 / d.scale);
  const sideIndex = (id: string) => model.sides.findIndex((s) => s.id === id);
  const thin = size * 0.018;
  forCells(d, (local, global) => {
    const f = model.features.get(global);
    if (!f) return;
    const cx = chunk.centers[local * 2]!;
    const cy = chunk.centers[local * 2 + 1]!;

    if (f.supplyBase) {
      const s = sideIndex(f.supplyBase);
      const colour: Rgb = s >= 0 ? model.sideRgb[s]! : [120, 120, 120];
      const px = cx - size * 0.27;
      const top = cy - size * 0.3;
      ctx.beginPath();
      ctx.moveTo(px, cy + size * 0.02);
      ctx.lineTo(px, top);
      ctx.strokeStyle = INK;
      ctx.lineWidth = size * 0.022;
      ctx.stroke();
      ctx.beginPath();
      ctx.moveTo(px, top);
      ctx.lineTo(px + size * 0.2, top + size * 0.02);
      ctx.lineTo(px + size * 0.17, top + size * 0.07);
      ctx.lineTo(px + size * 0.2, top + size * 0.12);
      ctx.lineTo(px, top + size * 0.12);
      ctx.closePath();
      ctx.fillStyle = rgba(colour, 1);
      ctx.fill();
      ctx.strokeStyle = INK;
      ctx.lineWidth = thin;
      ctx.stroke();
    }

    if (f.fortification) {
      const fx = cx - size * 0.21;
      const fy = cy + size * 0.15;
      star(ctx, fx, fy, 4, size * 0.1, size * 0.055, Math.PI / 4);
      ctx.fillStyle = '#5d6166';
      ctx.fill();
      ctx.strokeStyle = INK;
      ctx.lineWidth = thin;
      ctx.stroke();
      ctx.beginPath();
      ctx.arc(fx, fy, size * 0.025, 0, Math.PI * 2);
      ctx.fillStyle = '#f4eee0';
      ctx.fill();
    }

    if (f.victory) {
      const vx = cx + size * 0.22;
      const vy = cy - size * 0.17;
      star(ctx, vx, vy, 5, size * 0.11, size * 0.045, 0);
      ctx.fillStyle = GOLD;
      ctx.fill();
      ctx.strokeStyle = INK;
      ctx.lineWidth = thin;
      ctx.stroke();
      const vp = f.victory.perTurn ?? model.defaultVictoryVp;
      const end = f.victory.endGame ?? 0;
      // "2" per turn, "2+5" per turn and at the end, "5" when it only counts at the end.
      const text = end > 0 ? (vp > 0 ? `${vp}+${end}` : `${end}`) : `${vp}`;
      ctx.font = `700 ${size * 0.11}px ${FONT}`;
      ctx.textAlign = 'center';
      ctx.textBaseline = 'middle';
      ctx.fillStyle = INK;
      haloText(ctx, text, vx, vy + size * 0.15, size * 0.035);
    }

    if (f.entry && f.entry.length) {
      const s = sideIndex(f.entry[0]!);
      const colour: Rgb = s >= 0 ? model.sideRgb[s]! : [120, 120, 120];
      const dir = entryDirection(model, chunk.c0 + (local % (chunk.c1 - chunk.c0)), chunk.r0 + Math.floor(local / (chunk.c1 - chunk.c0)));
      const ax = cx + size * 0.2;
      const ay = cy + size * 0.15;
      arrow(ctx, ax, ay, dir.x, dir.y, size);
      ctx.fillStyle = rgba(colour, 1);
      ctx.fill();
      ctx.strokeStyle = INK;
      ctx.lineWidth = thin;
      ctx.stroke();
    }
  });
}

/** Entry arrows point into the map from the border the cell lies on. */
function entryDirection(model: MapModel, col: number, row: number): Point {
  if (col === 0) return { x: 1, y: 0 };
  if (col === model.cols - 1) return { x: -1, y: 0 };
  if (row === 0) return { x: 0, y: 1 };
  if (row === model.rows - 1) return { x: 0, y: -1 };
  return { x: 1, y: 0 };
}

function arrow(ctx: CanvasRenderingContext2D, x: number, y: number, ux: number, uy: number, size: number): void {
  const len = size * 0.13;
  const shaft = size * 0.03;
  const head = size * 0.075;
  const nx = -uy;
  const ny = ux;
  const pts: [number, number][] = [
    [-len, -shaft],
    [len * 0.2, -shaft],
    [len * 0.2, -head],
    [len, 0],
    [len * 0.2, head],
    [len * 0.2, shaft],
    [-len, shaft],
  ];
  ctx.beginPath();
  pts.forEach(([a, b], i) => {
    const px = x + ux * a + nx * b;
    const py = y + uy * a + ny * b;
    if (i === 0) ctx.moveTo(px, py);
    else ctx.lineTo(px, py);
  });
  ctx.closePath();
}

/** Cell names and coordinates. */
export function drawLabels(d: DrawContext): void {
  const { ctx, model, chunk, size, scale } = d;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  const layers = d.layers ?? ALL_LAYERS;
  if (d.detail.coordinates && layers.coordinates) {
    // In map units so labels keep their place in the cell, but never tiny or shouting.
    const px = Math.min(Math.max(size * 0.11, 8 / scale), 12 / scale);
    ctx.font = `500 ${px}px ${FONT}`;
    forCells(d, (local, global) => {
      const t = model.terrain[global]!;
      const dark = t !== NONE && luminance(model.terrainRgb[t]!) < 0.35;
      ctx.fillStyle = dark ? 'rgba(255,255,255,0.8)' : 'rgba(31,35,40,0.62)';
      const col = chunk.c0 + (local % (chunk.c1 - chunk.c0));
      const row = chunk.r0 + Math.floor(local / (chunk.c1 - chunk.c0));
      ctx.fillText(model.grid.label({ col, row }), chunk.centers[local * 2]!, chunk.centers[local * 2 + 1]! - size * 0.37);
    });
  }
  if (d.detail.names && layers.markers) {
    const px = Math.min(Math.max(size * 0.14, 10 / scale), 16 / scale);
    ctx.font = `600 ${px}px ${FONT}`;
    ctx.fillStyle = INK;
    // Greedy placement: victory cells first, each name below its cell centre, else above,
    // else left out until the map is zoomed in far enough for it to fit.
    const names: { name: string; x: number; y: number; rank: number }[] = [];
    // Every name of the chunk takes part in placement, even when only part is repainted.
    forCells({ ...d, only: undefined }, (local, global) => {
      const f = model.features.get(global);
      if (!f?.name) return;
      names.push({ name: f.name, x: chunk.centers[local * 2]!, y: chunk.centers[local * 2 + 1]!, rank: f.victory ? 0 : f.supplyBase ? 1 : 2 });
    });
    names.sort((a, b) => a.rank - b.rank);
    const placed: { x0: number; y0: number; x1: number; y1: number }[] = [];
    const pad = px * 0.15;
    for (const n of names) {
      const w = ctx.measureText(n.name).width / 2 + pad;
      const h = px / 2 + pad;
      for (const dy of [size * 0.31, -size * 0.12]) {
        const y = n.y + dy;
        const box = { x0: n.x - w, y0: y - h, x1: n.x + w, y1: y + h };
        if (placed.some((b) => b.x0 < box.x1 && box.x0 < b.x1 && b.y0 < box.y1 && box.y0 < b.y1)) continue;
        placed.push(box);
        haloText(ctx, n.name, n.x, y, px * 0.3);
        break;
      }
    }
  }
}
