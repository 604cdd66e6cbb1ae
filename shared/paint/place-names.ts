// Where place names go. Every name on the map is placed once, for the whole map and in cell
// units, so a screen tile, a print tile and an export agree on it. A name is sized by the
// place's importance (a city's larger than a town's, a town's than a village's) and tried at a
// few positions round its cell — below the centre, above, then shifted or further out — taking
// the first that clears counters, victory stars, markers and names placed before it (more
// important places choose first). Where none is clear, the least crowded one is used; the halo
// keeps it readable.
import type { Rect } from '../grid/types.js';
import type { Align } from './surface.js';
import { MARKER_BOXES } from './markers.js';
import { shownCounts, sideGroups, stackBoxes } from './counters.js';
import type { PaintModel } from './model.js';
import { Buckets, type Box } from './buckets.js';
import { NONE } from './model.js';

export type Importance = 'city' | 'town' | 'village';

export interface PlacedName {
  index: number;
  text: string;
  importance: Importance;
  /** Baseline centre, relative to the cell centre, in cell units. */
  dx: number;
  dy: number;
  /** Text size in cell units. */
  size: number;
  bold: boolean;
  /** How the text lies on (dx, dy): centred (absent), or starting or ending there (a network's names beside their positions). */
  align?: Align;
}

export const NAME_SIZE: Record<Importance, number> = { city: 0.155, town: 0.128, village: 0.108 };

/**
 * Width of a text in Helvetica-like sans, in units of its size. An estimate the same on every
 * surface, so placement never depends on which fonts the output has.
 */
export function approxTextWidth(text: string, bold: boolean): number {
  let w = 0;
  for (const ch of text) {
    if ('iljI.,:;\'!|'.includes(ch)) w += 0.28;
    else if (ch === ' ') w += 0.28;
    else if ('mwMW'.includes(ch)) w += 0.86;
    else if (ch >= 'A' && ch <= 'Z') w += 0.69;
    else if (ch >= '0' && ch <= '9') w += 0.556;
    else if ('frt'.includes(ch)) w += 0.36;
    else w += 0.55;
  }
  return w * (bold ? 1.06 : 1);
}

/** A place's importance: a city holds victory points or is a supply base on built-up ground; a town one or the other; the rest are villages. */
export function importanceOf(model: PaintModel, index: number): Importance {
  const f = model.features.get(index);
  const t = model.terrain[index]!;
  const cat = t === NONE ? undefined : model.terrainTypes[t]?.category;
  const urban = cat === 'urban' || cat === 'urban-difficult';
  const key = !!(f?.victory || f?.supplyBase);
  if (urban && key) return 'city';
  if (urban || key) return 'town';
  return 'village';
}

const RANK: Record<Importance, number> = { city: 0, town: 1, village: 2 };

/** Candidate baselines (cell units from the centre), in order of preference. */
const SPOTS: readonly [number, number][] = [
  [0, 0.36],
  [0, -0.26],
  [0, 0.1],
  [-0.18, 0.36],
  [0.18, 0.36],
  [0, 0.52],
  [0, -0.42],
];

const boxAt = (cx: number, cy: number, r: Rect): Box => ({ x0: cx + r.x, y0: cy + r.y, x1: cx + r.x + r.width, y1: cy + r.y + r.height });

/**
 * Boxes drawn over the map that names keep clear of, by cell index, in cell units from the
 * cell's centre: the screen's counters, which are an overlay the painter does not draw.
 * `key` names the set: equal keys, equal boxes (the placement is cached by it).
 */
export interface CounterBoxes {
  readonly key: string;
  readonly byIndex: ReadonlyMap<number, readonly Rect[]>;
}

/** What the names must keep clear of. */
export interface NameObstacles {
  markers: boolean;
  /** The painter's own counters (model.units, print and export). */
  units: boolean;
  /** Counters drawn over the map by someone else (the screen's overlay). */
  counters?: CounterBoxes | null;
}

/** The cache key of a set of obstacles. */
export function obstaclesKey(avoid: NameObstacles): string {
  return `${+avoid.markers}${+avoid.units}${avoid.counters ? `|${avoid.counters.key}` : ''}`;
}

/** Places every name of the map (cell units; centres at grid.center(cell, 1)). */
export function placeNames(model: PaintModel, avoid: NameObstacles): PlacedName[] {
  const { grid } = model;
  const obstacles = new Buckets<Box>();
  const named: { index: number; text: string; importance: Importance }[] = [];
  for (const [index, f] of model.features) {
    if (index >= model.cols * model.rows) continue;
    const cx = grid.centerX(index % model.cols, Math.floor(index / model.cols), 1);
    const cy = grid.centerY(index % model.cols, Math.floor(index / model.cols), 1);
    if (avoid.markers) {
      if (f.supplyBase) obstacles.add(boxAt(cx, cy, MARKER_BOXES.flag));
      if (f.victory) obstacles.add(boxAt(cx, cy, MARKER_BOXES.star));
      if (f.fortification) obstacles.add(boxAt(cx, cy, MARKER_BOXES.fort));
      if (f.entry?.length) obstacles.add(boxAt(cx, cy, MARKER_BOXES.entry));
    }
    if (f.name) named.push({ index, text: f.name, importance: importanceOf(model, index) });
  }
  if (avoid.units && model.units) {
    for (const [index, list] of model.units) {
      const cx = grid.centerX(index % model.cols, Math.floor(index / model.cols), 1);
      const cy = grid.centerY(index % model.cols, Math.floor(index / model.cols), 1);
      for (const r of stackBoxes(shownCounts(sideGroups(list, model.sides)), 1)) obstacles.add(boxAt(cx, cy, r));
    }
  }
  if (avoid.counters) {
    for (const [index, boxes] of avoid.counters.byIndex) {
      if (index < 0 || index >= model.cols * model.rows) continue;
      const cx = grid.centerX(index % model.cols, Math.floor(index / model.cols), 1);
      const cy = grid.centerY(index % model.cols, Math.floor(index / model.cols), 1);
      for (const r of boxes) obstacles.add(boxAt(cx, cy, r));
    }
  }
  named.sort((a, b) => RANK[a.importance] - RANK[b.importance] || a.index - b.index);
  const placed = new Buckets<Box>();
  const out: PlacedName[] = [];
  for (const n of named) {
    const col = n.index % model.cols;
    const row = Math.floor(n.index / model.cols);
    const cx = grid.centerX(col, row, 1);
    const cy = grid.centerY(col, row, 1);
    const size = NAME_SIZE[n.importance];
    const bold = n.importance !== 'village';
    const half = (approxTextWidth(n.text, bold) * size) / 2 + size * 0.12;
    let best: { dx: number; dy: number; score: number; box: Box } | null = null;
    for (const [dx, dy] of SPOTS) {
      const box = { x0: cx + dx - half, y0: cy + dy - size * 0.8, x1: cx + dx + half, y1: cy + dy + size * 0.25 };
      // Names over names are worse than names over markers.
      const score = obstacles.overlap(box) + 3 * placed.overlap(box);
      if (!best || score < best.score - 1e-9) best = { dx, dy, score, box };
      if (score === 0) break;
    }
    placed.add(best!.box);
    out.push({ index: n.index, text: n.text, importance: n.importance, dx: best!.dx, dy: best!.dy, size, bold });
  }
  return out;
}

/** Where names differ between two placements (cell units): the boxes of every name that moved, changed or went. */
export function namesMoved(model: PaintModel, before: readonly PlacedName[], after: readonly PlacedName[]): Rect[] {
  const out: Rect[] = [];
  if (before === after) return out;
  // A network's names are placed again at each scale, each by all the others (network-names.ts):
  // any change may move any of them, and a network is small enough to paint again whole.
  if (model.grid.network) {
    const b = model.grid.bounds(1);
    return [{ x: b.x - 2, y: b.y - 2, width: b.width + 4, height: b.height + 4 }];
  }
  // Compared by cell, field by field (a big map places thousands of names; making a string
  // key of each, fractions and all, cost more than placing them).
  const same = (a: PlacedName, b: PlacedName) => a.text === b.text && a.dx === b.dx && a.dy === b.dy && a.size === b.size;
  const byCell = (list: readonly PlacedName[]) => {
    const m = new Map<number, PlacedName[]>();
    for (const n of list) {
      const at = m.get(n.index);
      if (at) at.push(n);
      else m.set(n.index, [n]);
    }
    return m;
  };
  const nowBy = byCell(after);
  const thenBy = byCell(before);
  const now = { has: (n: PlacedName) => !!nowBy.get(n.index)?.some((m) => same(m, n)) };
  const then = { has: (n: PlacedName) => !!thenBy.get(n.index)?.some((m) => same(m, n)) };
  const box = (n: PlacedName): Rect => {
    const col = n.index % model.cols;
    const row = Math.floor(n.index / model.cols);
    // Generous: the estimate is Helvetica's, and a screen's sans may run a fifth wider; halos add more.
    const half = (approxTextWidth(n.text, n.bold) * n.size * 1.3) / 2 + n.size * 0.5;
    const x = model.grid.centerX(col, row, 1) + n.dx;
    const y = model.grid.centerY(col, row, 1) + n.dy;
    return { x: x - half, y: y - n.size * 1.4, width: 2 * half, height: n.size * 2.1 };
  };
  for (const n of before) if (!now.has(n)) out.push(box(n));
  for (const n of after) if (!then.has(n)) out.push(box(n));
  return out;
}

/** What happens to a place name smaller than legible at the scale drawn: drawn at the legible minimum, or left out. */
export type SmallNames = 'enlarge' | 'omit';

export interface LegibleNames {
  /** The names drawn, by cell index, with their size (cell units) raised where enlarged. */
  byIndex: Map<number, PlacedName>;
  /** Names drawn larger than their own size, to be legible. */
  enlarged: number;
  /** Names left out: too small (omit), or enlarged over a more important name (enlarge). */
  leftOut: number;
}

/**
 * The names to draw at `cellPx` device pixels per cell, none smaller than `minPx`. The rule:
 * a name that is legible at its own size is drawn as placed. A smaller one is left out with
 * `omit`; with `enlarge` it is drawn at `minPx`, unless at that size it would overlap a name
 * kept before it, when it gives way (names are taken in order of importance, city > town >
 * village, so the less important name yields). Computed for the whole map at once, so every
 * tile and band of an export agrees.
 */
export function legibleNames(model: PaintModel, placed: readonly PlacedName[], cellPx: number, minPx: number, mode: SmallNames): LegibleNames {
  const { grid } = model;
  // The map's own rectangle: a name never runs past it (an export clips its picture there, and a
  // name enlarged to stay legible in a small image is many cells wide).
  const area = grid.bounds(1);
  const kept = new Buckets<Box>();
  const byIndex = new Map<number, PlacedName>();
  let enlarged = 0;
  let leftOut = 0;
  for (const n of placed) {
    let name = n;
    if (n.size * cellPx < minPx) {
      if (mode === 'omit') {
        leftOut++;
        continue;
      }
      name = { ...n, size: minPx / cellPx };
    }
    const col = n.index % model.cols;
    const row = Math.floor(n.index / model.cols);
    let x = grid.centerX(col, row, 1) + n.dx;
    let y = grid.centerY(col, row, 1) + n.dy;
    // Halo included (it reaches a quarter of the size past the letters).
    const half = (approxTextWidth(n.text, n.bold) * name.size) / 2 + name.size * 0.26;
    const sx = inside(x - half, x + half, area.x, area.x + area.width);
    const sy = inside(y - name.size * 1.05, y + name.size * 0.5, area.y, area.y + area.height);
    if (sx !== 0 || sy !== 0) {
      name = { ...name, dx: n.dx + sx, dy: n.dy + sy };
      x += sx;
      y += sy;
    }
    const box = { x0: x - half, y0: y - name.size * 0.8, x1: x + half, y1: y + name.size * 0.25 };
    if (name.size !== n.size) {
      if (kept.overlap(box) > 0) {
        leftOut++;
        continue;
      }
      enlarged++;
    }
    kept.add(box);
    byIndex.set(n.index, name);
  }
  return { byIndex, enlarged, leftOut };
}

/** How far to move the span [a0, a1] to lie within [b0, b1] (centred on it when longer). */
function inside(a0: number, a1: number, b0: number, b1: number): number {
  if (a1 - a0 >= b1 - b0) return (b0 + b1) / 2 - (a0 + a1) / 2;
  if (a0 < b0) return b0 - a0;
  if (a1 > b1) return b1 - a1;
  return 0;
}
