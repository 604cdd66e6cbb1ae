// Where a network map's position names go. A point-to-point map is read by its names: each
// position carries one, beside its shape as printed point-to-point maps have it (below, above,
// right or left of the box, then at its corners), never inside the box where counters stand.
// The text is the place's name, or its label (P1, SIA) when it has none. Each name takes the
// first spot that clears the other positions, their markers and counters, the names placed
// before it and the links; where none is clear, the least crowded one.
//
// Sizes are fractions of the map's cell size, as printed. Where that is too small to read (the
// screen zoomed out to the whole map, a small picture), a name is drawn at the legible minimum
// instead and placed again at that size, and only where it fits: a name that would lie over
// another name or another position is left out (zooming in shows it), so the whole map stays
// readable rather than a heap of letters.
import type { Rect } from '../grid/types.js';
import type { Align } from './surface.js';
import { MARKER_BOXES } from './markers.js';
import { shownCounts, sideGroups, stackBoxes } from './counters.js';
import type { PaintModel } from './model.js';
import { Buckets, type Box } from './buckets.js';
import { approxTextWidth, importanceOf, type Importance, type LegibleNames, type NameObstacles, type PlacedName } from './place-names.js';

/** Name sizes on a network map, in cells (a 16 mm cell: 3.2, 2.7 and 2.4 mm letters). */
export const NETWORK_NAME_SIZE: Record<Importance, number> = { city: 0.2, town: 0.17, village: 0.15 };

/**
 * A name enlarged to stay legible is left out past this size (cells): far enough out, a
 * name would be larger than the positions it names.
 */
export const NETWORK_NAME_MAX = 0.6;

const RANK: Record<Importance, number> = { city: 0, town: 1, village: 2 };

interface Segment extends Box {
  ax: number;
  ay: number;
  bx: number;
  by: number;
}

/** Length of the segment inside box `b` (Liang–Barsky clipping). */
function clippedLength(s: Segment, b: Box): number {
  const dx = s.bx - s.ax;
  const dy = s.by - s.ay;
  let t0 = 0;
  let t1 = 1;
  const edges: [number, number][] = [
    [-dx, s.ax - b.x0],
    [dx, b.x1 - s.ax],
    [-dy, s.ay - b.y0],
    [dy, b.y1 - s.ay],
  ];
  for (const [p, q] of edges) {
    if (p === 0) {
      if (q < 0) return 0;
      continue;
    }
    const t = q / p;
    if (p < 0) t0 = Math.max(t0, t);
    else t1 = Math.min(t1, t);
    if (t0 > t1) return 0;
  }
  return (t1 - t0) * Math.hypot(dx, dy);
}

/** One position's name to place: its text, importance and the box of its shape (cells, from its centre). */
interface Item {
  index: number;
  text: string;
  importance: Importance;
  bold: boolean;
  size: number;
  cx: number;
  cy: number;
  shape: Box;
}

/** Every position's name, most important first (they choose their spots first). */
function items(model: PaintModel): Item[] {
  const { grid } = model;
  const out: Item[] = [];
  for (let i = 0; i < model.cols; i++) {
    const cell = { col: i, row: 0 };
    const cx = grid.centerX(i, 0, 1);
    const cy = grid.centerY(i, 0, 1);
    if (!Number.isFinite(cx) || !Number.isFinite(cy)) continue;
    const name = model.features.get(i)?.name?.trim();
    const text = name || grid.label(cell);
    if (!text) continue;
    // A position known only by its label is drawn as a village's name: its importance comes
    // with a name (a label is a reference, as a hex number is).
    const importance = name ? importanceOf(model, i) : 'village';
    const shape = { x0: Infinity, y0: Infinity, x1: -Infinity, y1: -Infinity };
    for (const p of grid.corners(cell, 1)) {
      shape.x0 = Math.min(shape.x0, p.x - cx);
      shape.y0 = Math.min(shape.y0, p.y - cy);
      shape.x1 = Math.max(shape.x1, p.x - cx);
      shape.y1 = Math.max(shape.y1, p.y - cy);
    }
    if (!Number.isFinite(shape.x0)) Object.assign(shape, { x0: -0.5, y0: -0.5, x1: 0.5, y1: 0.5 });
    out.push({ index: i, text, importance, bold: importance !== 'village', size: NETWORK_NAME_SIZE[importance], cx, cy, shape });
  }
  return out.sort((a, b) => RANK[a.importance] - RANK[b.importance] || a.index - b.index);
}

/** A spot for a name: its anchor (cells from the position's centre), baseline and alignment. */
interface Spot {
  dx: number;
  dy: number;
  align: Align;
}

/** Candidate spots round a shape for text `size` cells high, in order of preference. */
function spots(shape: Box, size: number): Spot[] {
  const gap = 0.04 + size * 0.2;
  const below = shape.y1 + gap + size * 0.75;
  const above = shape.y0 - gap - size * 0.25;
  const middle = (shape.y0 + shape.y1) / 2 + size * 0.3;
  return [
    { dx: 0, dy: below, align: 'centre' },
    { dx: 0, dy: above, align: 'centre' },
    { dx: shape.x1 + gap, dy: middle, align: 'left' },
    { dx: shape.x0 - gap, dy: middle, align: 'right' },
    { dx: shape.x1 - size * 0.3, dy: below, align: 'left' },
    { dx: shape.x0 + size * 0.3, dy: below, align: 'right' },
    { dx: shape.x1 - size * 0.3, dy: above, align: 'left' },
    { dx: shape.x0 + size * 0.3, dy: above, align: 'right' },
  ];
}

/** The box a name's letters and halo take (cells, map coordinates). */
export function networkNameBox(x: number, y: number, text: string, bold: boolean, size: number, align: Align): Box {
  const w = approxTextWidth(text, bold) * size;
  const pad = size * 0.14;
  const x0 = align === 'left' ? x : align === 'right' ? x - w : x - w / 2;
  return { x0: x0 - pad, y0: y - size * 0.8, x1: x0 + w + pad, y1: y + size * 0.25 };
}

const boxAt = (cx: number, cy: number, r: Rect): Box => ({ x0: cx + r.x, y0: cy + r.y, x1: cx + r.x + r.width, y1: cy + r.y + r.height });

/**
 * Places the names of a network map. `sizeOf` says how large each is drawn (cells; null: left
 * out); with `fitOnly`, a name drawn larger than its own size is left out where it would lie
 * over another name or another position (see the file's comment).
 */
function arrange(model: PaintModel, avoid: NameObstacles, sizeOf: (item: Item) => number | null, fitOnly: boolean): LegibleNames & { list: PlacedName[] } {
  const { grid } = model;
  const list = items(model);
  // Hard obstacles: the positions' shapes, their markers, counters. Soft: the links.
  const shapes = new Buckets<Box>();
  const marks = new Buckets<Box>();
  for (const it of list) shapes.add({ x0: it.cx + it.shape.x0, y0: it.cy + it.shape.y0, x1: it.cx + it.shape.x1, y1: it.cy + it.shape.y1 });
  for (const [index, f] of model.features) {
    if (index >= model.cols || !avoid.markers) continue;
    const cx = grid.centerX(index, 0, 1);
    const cy = grid.centerY(index, 0, 1);
    if (f.supplyBase) marks.add(boxAt(cx, cy, MARKER_BOXES.flag));
    if (f.victory) marks.add(boxAt(cx, cy, MARKER_BOXES.star));
    if (f.fortification) marks.add(boxAt(cx, cy, MARKER_BOXES.fort));
    if (f.entry?.length) marks.add(boxAt(cx, cy, MARKER_BOXES.entry));
  }
  if (avoid.units && model.units)
    for (const [index, units] of model.units) {
      if (index >= model.cols) continue;
      const cx = grid.centerX(index, 0, 1);
      const cy = grid.centerY(index, 0, 1);
      for (const r of stackBoxes(shownCounts(sideGroups(units, model.sides)), 1)) marks.add(boxAt(cx, cy, r));
    }
  if (avoid.counters)
    for (const [index, boxes] of avoid.counters.byIndex) {
      if (index < 0 || index >= model.cols) continue;
      const cx = grid.centerX(index, 0, 1);
      const cy = grid.centerY(index, 0, 1);
      for (const r of boxes) marks.add(boxAt(cx, cy, r));
    }
  const segments = new Buckets<Segment>();
  const net = grid.network;
  if (net) {
    const k = 1 / net.layout.unit;
    net.links.forEach((_, l) => {
      if (!net.linkEnds(l)) return;
      const line = net.linkDrawnPolyline(l);
      for (let j = 1; j < line.length; j++) {
        const ax = line[j - 1]!.x * k;
        const ay = line[j - 1]!.y * k;
        const bx = line[j]!.x * k;
        const by = line[j]!.y * k;
        segments.add({ ax, ay, bx, by, x0: Math.min(ax, bx), y0: Math.min(ay, by), x1: Math.max(ax, bx), y1: Math.max(ay, by) });
      }
    });
  }
  const area = grid.bounds(1);
  const placed = new Buckets<Box>();
  const byIndex = new Map<number, PlacedName>();
  const out: PlacedName[] = [];
  let enlarged = 0;
  let leftOut = 0;
  for (const it of list) {
    const size = sizeOf(it);
    if (size === null) {
      leftOut++;
      continue;
    }
    let best: { spot: Spot; box: Box; score: number; hard: number } | null = null;
    for (const spot of spots(it.shape, size)) {
      const box = networkNameBox(it.cx + spot.dx, it.cy + spot.dy, it.text, it.bold, size, spot.align);
      let links = 0;
      segments.near(box, (s) => (links += clippedLength(s, box)));
      const off =
        Math.max(0, area.x - box.x0) + Math.max(0, box.x1 - (area.x + area.width)) + Math.max(0, area.y - box.y0) + Math.max(0, box.y1 - (area.y + area.height));
      // Names over names are worst, then names over positions and what stands on them; a link
      // under a name is a blemish (its halo parts the line), a name off the map is cut.
      const hard = 3 * placed.overlap(box) + 2 * shapes.overlap(box) + marks.overlap(box);
      const score = hard + links * size * 0.5 + off * size * 10;
      if (!best || score < best.score - 1e-9) best = { spot, box, score, hard };
      if (score === 0) break;
    }
    const grown = size > it.size + 1e-9;
    if (fitOnly && grown && best!.hard > 1e-9) {
      leftOut++;
      continue;
    }
    if (grown) enlarged++;
    placed.add(best!.box);
    const name: PlacedName = { index: it.index, text: it.text, importance: it.importance, dx: best!.spot.dx, dy: best!.spot.dy, size, bold: it.bold, ...(best!.spot.align !== 'centre' ? { align: best!.spot.align } : {}) };
    out.push(name);
    byIndex.set(it.index, name);
  }
  return { list: out, byIndex, enlarged, leftOut };
}

/** Every name of a network map at its own size (cells; centres at grid.center(cell, 1)). */
export function placeNetworkNames(model: PaintModel, avoid: NameObstacles): PlacedName[] {
  return arrange(model, avoid, (it) => it.size, false).list;
}

/**
 * The names of a network map drawn at `cellPx` device pixels a cell: each at its own size where
 * that is at least `minPx`, else at `minPx` where it fits (up to NETWORK_NAME_MAX cells).
 */
export function legibleNetworkNames(model: PaintModel, avoid: NameObstacles, cellPx: number, minPx: number): LegibleNames {
  const least = cellPx > 0 ? minPx / cellPx : Infinity;
  const { byIndex, enlarged, leftOut } = arrange(model, avoid, (it) => (it.size >= least ? it.size : least <= NETWORK_NAME_MAX ? least : null), true);
  return { byIndex, enlarged, leftOut };
}
