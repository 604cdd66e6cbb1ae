// The map painter: the one place that decides how a map looks. The screen's tiles, thumbnails,
// the print preview, the PDF, SVG and PNG all call `paintMap` on their own surface.
//
// It paints the cells that reach into a region (drawing units, y down; a screen tile, a print
// tile, a whole export), layer by layer from the ground up: terrain fills (tinted by control),
// textures, terrain symbols, front lines, the grid, rivers and lake shores, the scenario's own side
// features, roads and railways, bridges, markers, place names, coordinates, and unit counters. Work is batched: one path per ink
// per layer for the whole region, so a small clipped repaint costs little more than its cells.
//
// Sizes are fractions of the cell, so the map looks the same at every scale; `pxPerUnit` only
// decides what is legible enough to draw on a screen (names, symbols, casings) and keeps lines
// from vanishing when zoomed far out.
import type { Rect } from '../grid/types.js';
import { paintCacheOf, type PaintCache } from './cache.js';
import { entryArrow, flag, fortification, GOLD, HALO, INK, MARKER_AT, star } from './markers.js';
import { counterStack, sideGroups, type CounterFace } from './counters.js';
import type { PaintModel } from './model.js';
import { NONE } from './model.js';
import { cellRouteCurves, sideGeometry } from './routes.js';
import type { CounterBoxes, SmallNames } from './place-names.js';
export type { SmallNames } from './place-names.js';
import { drawPattern, drawSymbolBatch, hash2, placements } from './symbols.js';
import { paintLinks, positionPath, RAIL, ROAD, ROAD_FILL } from './network.js';
import { networkNameBox } from './network-names.js';
import { darken, hexToRgb, lighten, luminance, mix, type Rgb, type Surface, type SurfaceFont, type SurfaceFonts } from './surface.js';
import { drawSvgBatch } from './svg-symbol.js';
import { translucent } from './translucent.js';
import { cellOutlines } from './outline.js';
import { paintSideFeatures } from './side-features.js';

export interface PaintLayers {
  terrain: boolean;
  /** Terrain symbols and textures. */
  symbols: boolean;
  control: boolean;
  /** Rivers (and lake shores, unless `shores` says otherwise). */
  rivers: boolean;
  /** Lake shores on their own (the designer's Layers panel); absent: as `rivers`. */
  shores?: boolean;
  /** Roads and their bridges (and railways, unless `rails` says otherwise). */
  roads: boolean;
  /** Railways on their own (the designer's Layers panel); absent: as `roads`. */
  rails?: boolean;
  /** The scenario's own side features (escarpments, walls...); absent: drawn. */
  sideFeatures?: boolean;
  grid: boolean;
  /** Supply bases, victory cells, fortifications, entry cells. */
  markers: boolean;
  names: boolean;
  coordinates: boolean;
  units: boolean;
}

export const ALL_LAYERS: PaintLayers = { terrain: true, symbols: true, control: true, rivers: true, roads: true, grid: true, markers: true, names: true, coordinates: true, units: true };

export interface PaintStyle {
  layers: PaintLayers;
  /** Print's outline mode: no fills, terrain as hatching, for black-and-white printers. */
  outline: boolean;
  grid: { colour: Rgb; width: number; alpha: number };
  coordinates: 'top' | 'centre';
  /** How far river sides wobble (fraction of a side; 0 = smooth curves along the sides). */
  riverWobble: number;
  /** Device pixels per drawing unit, for legibility limits (print: large). */
  pxPerUnit: number;
  /** Text smaller than this, in device pixels, is left out (place names: see smallNames). */
  minTextPx: number;
  /**
   * Place names smaller than minTextPx: left out (the screen, where zooming in shows them), or
   * drawn at minTextPx where they clear the names kept before them (exports: see legibleNames).
   */
  smallNames: SmallNames;
  /**
   * A network map's position names are drawn at least this large (device pixels) where they fit,
   * whatever smallNames says: a point-to-point map is read by them (network-names.ts). Absent: minTextPx.
   */
  labelMinPx?: number;
  /** Cell fills painted (off: the caller laid them down itself, see cellFills). */
  fills?: boolean;
  /** Counters drawn over the painted map (the screen's overlay): place names keep clear of them. */
  counters?: CounterBoxes | null;
  /**
   * Layers drawn translucent (the designer's Layers panel), from 0 to 1 by layer id (shared/paint/
   * layers.ts: terrain, control, rivers, lakeShores, roads, rails, markers, names, units); absent: opaque.
   */
  opacity?: Partial<Record<string, number>>;
  /** Layers of single side features not drawn (side:<id>; the Layers panel). */
  hidden?: readonly string[];
}

/** The look the screen and exports share; print overrides the grid from its options. */
export function defaultStyle(pxPerUnit: number, layers: Partial<PaintLayers> = {}): PaintStyle {
  return {
    layers: { ...ALL_LAYERS, units: false, ...layers },
    outline: false,
    grid: { colour: [0.1, 0.1, 0.1], width: 0.006, alpha: 0.5 },
    coordinates: 'top',
    riverWobble: 0.08,
    pxPerUnit,
    minTextPx: 6.5,
    smallNames: 'omit',
  };
}

const RIVER: Rgb = hexToRgb('#2f6fb3');
const SHORE: Rgb = hexToRgb('#1d4f7c');
const DECK: Rgb = hexToRgb('#f4eee0');
const UNKNOWN: Rgb = [1, 0, 1];
/** A unit of no known side. */
const UNSIDED: Rgb = hexToRgb('#777777');
const BLANK: Rgb = hexToRgb('#f1eee6');
const HATCH: Rgb = hexToRgb('#4a4a4a');
/** Cells per filled path (see paintTerrain). */
const FILL_BATCH = 512;
/** The rim of cell colour round a cell number, × the number's size. */
const COORDINATE_RIM = 0.5;
/** Cells smaller than this (device px) show no symbols: a speckle, not a tree. */
const SYMBOLS_PX = 22;
/** Below this, symbols are thinned to every other one and drawn in one ink (screen speed; they are a few pixels each). */
const FULL_SYMBOLS_PX = 48;
/** Textures need this many pixels a cell to read as a texture. */
const PATTERN_PX = 30;
/**
 * Symbol layouts per terrain type: each cell takes one, chosen by a hash of the cell, so the
 * layout is stable across redraws and exports, and neighbouring cells rarely share one.
 */
const SYMBOL_LAYOUTS = 16;
/** How far a symbol reaches past its placement point, in cells, at scale 1 (its size, its stroke). */
const SYMBOL_REACH: Partial<Record<string, number>> = {
  trees: 0.07,
  marsh: 0.1,
  swamp: 0.1,
  hills: 0.12,
  ridge: 0.34,
  mountains: 0.19,
  town: 0.06,
  city: 0.07,
  fort: 0.2,
  sand: 0.012,
  steppe: 0.07,
  svg: 0.3,
};

/** How strongly a controlling side's colour tints its cells. */
export const CONTROL_TINT = 0.16;

/** The cells of a region: index and centre of each, in drawing units. */
interface Cells {
  n: number;
  index: Int32Array;
  x: Float64Array;
  y: Float64Array;
}

/** Cells whose centre lies within `margin` of `region`. */
function cellsIn(model: PaintModel, S: number, region: Rect, margin: number): Cells {
  const { grid, cols, rows } = model;
  const x0 = region.x - margin;
  const y0 = region.y - margin;
  const x1 = region.x + region.width + margin;
  const y1 = region.y + region.height + margin;
  let c0 = Infinity;
  let c1 = -Infinity;
  let r0 = Infinity;
  let r1 = -Infinity;
  // A network's positions lie anywhere: every one is looked at (their centres are tested below).
  if (grid.network) {
    c0 = 0;
    c1 = cols - 1;
    r0 = 0;
    r1 = 0;
  } else
  for (const [x, y] of [
    [x0, y0],
    [x1, y0],
    [x0, y1],
    [x1, y1],
  ] as const) {
    const c = grid.pixelToCell({ x, y }, S);
    c0 = Math.min(c0, c.col);
    c1 = Math.max(c1, c.col);
    r0 = Math.min(r0, c.row);
    r1 = Math.max(r1, c.row);
  }
  c0 = Math.max(0, c0 - 1);
  r0 = Math.max(0, r0 - 1);
  c1 = Math.min(cols - 1, c1 + 1);
  r1 = Math.min(rows - 1, r1 + 1);
  const cap = Math.max(0, (c1 - c0 + 1) * (r1 - r0 + 1));
  const out: Cells = { n: 0, index: new Int32Array(cap), x: new Float64Array(cap), y: new Float64Array(cap) };
  for (let r = r0; r <= r1; r++)
    for (let c = c0; c <= c1; c++) {
      const x = grid.centerX(c, r, S);
      const y = grid.centerY(c, r, S);
      if (x < x0 || x > x1 || y < y0 || y > y1) continue;
      out.index[out.n] = r * cols + c;
      out.x[out.n] = x;
      out.y[out.n] = y;
      out.n++;
    }
  return out;
}

export interface PaintRequest<F extends SurfaceFont> {
  model: PaintModel;
  /** Cell size across flats, in drawing units. */
  size: number;
  /** What must be painted (drawing units); the caller clips to it if it must. */
  region: Rect;
  style: PaintStyle;
  fonts: SurfaceFonts<F>;
}

export function paintMap<F extends SurfaceFont>(s: Surface<F>, req: PaintRequest<F>): void {
  const { model, size: S, region, style } = req;
  const cache = paintCacheOf(model);
  const layers = style.layers;
  const px = S * style.pxPerUnit;
  // Strokes, markers and names reach a little past a cell's own outline.
  const cells = cellsIn(model, S, region, S * 1.25);
  const minLine = (nominal: number, minPx: number) => Math.max(nominal, minPx / style.pxPerUnit);
  const net = model.grid.network;
  const base = s;
  const op = style.opacity ?? {};
  // A network's links lie under its positions (and may cross a region no position is in).
  if (net && layers.roads) {
    s.layer?.('links');
    paintLinks(translucent(base, op['roads']), net, S, region, { pxPerUnit: style.pxPerUnit, outline: style.outline, minLine });
  }
  if (cells.n === 0) return;
  const corners = model.grid.cornerOffsets(S);
  const cellPath = (i: number) => {
    if (net) return positionPath(s, model.grid, cells.index[i]!, S);
    const x = cells.x[i]!;
    const y = cells.y[i]!;
    s.moveTo(x + corners[0]!.x, y + corners[0]!.y);
    for (let k = 1; k < corners.length; k++) s.lineTo(x + corners[k]!.x, y + corners[k]!.y);
    s.closePath();
  };
  const looks = cache.looks();

  // Terrain fills, one path per colour (terrain × controlling side).
  s.layer?.('terrain');
  const terrainAlpha = layers.terrain ? op['terrain'] : undefined;
  s = translucent(base, terrainAlpha);
  // Many cells in one call where the surface can take them so (a native canvas): same shapes.
  // (`s` is read at each call: it is the surface of the layer being drawn then.)
  const cellPaths =
    !net && s.polygonsAt
      ? (list: ArrayLike<number>, from: number, to: number) => void s.polygonsAt!(corners, cells.x, cells.y, list, from, to)
      : (list: ArrayLike<number>, from: number, to: number) => {
          for (let j = from; j < to; j++) cellPath(list[j]!);
        };
  // A surface that takes polygons (a native raster) gets each colour's cells as their outline.
  const cellOutline =
    !net && s.polygons
      ? (list: ArrayLike<number>): boolean => {
          const loops = cellOutlines(model.grid, model.cols, model.rows, S, corners, cells.index, cells.x, cells.y, list, 0, list.length);
          if (loops) s.polygons!(loops);
          return loops !== null;
        }
      : null;
  if (style.fills !== false) paintTerrain(s, model, cells, cellPaths, cellOutline, cellPath, style, looks.map((l) => l.fill), terrainAlpha !== undefined && terrainAlpha < 1 ? 0 : minLine(0, 0.6), S);
  if (layers.terrain && layers.symbols && !style.outline && px >= SYMBOLS_PX) paintSymbols(s, model, cache, cells, cellPath, S, px);

  if (layers.control && !style.outline) {
    s = translucent(base, op['control']);
    s.layer?.('control');
    paintFrontLines(s, model, cells, S, minLine(S * 0.07, 2));
  }

  // The grid under the linear features, as printed maps have it: a river or wall along a cell side
  // covers that side's grid line rather than being cut by it, and roads cross it unbroken.
  if (layers.grid && px >= 12) {
    s = base;
    s.layer?.('grid');
    s.roundJoins().strokeStyle(style.grid.colour, minLine(style.grid.width * S, 0.6), [], style.grid.alpha);
    cellPaths(everyCell(cells.n), 0, cells.n);
    s.stroke();
  }

  const shores = layers.shores ?? layers.rivers;
  if (layers.rivers || shores) {
    s = base;
    s.layer?.('rivers');
    paintWater(s, model, cache, cells, S, style, minLine, { rivers: layers.rivers, shores, riverAlpha: op['rivers'], shoreAlpha: op['lakeShores'] });
  }

  if (layers.sideFeatures !== false && model.sideFeatures?.length) {
    s = base;
    s.layer?.('side-features');
    paintSideFeatures(s, model.grid, model.sideFeatures, cells, { S, outline: style.outline, minLine, hidden: style.hidden, opacity: style.opacity });
  }

  const rails = layers.rails ?? layers.roads;
  if (layers.roads || rails) {
    s = base;
    s.layer?.('roads');
    paintRoutes(s, model, cache, cells, S, style, px, minLine, { roads: layers.roads, rails, roadAlpha: op['roads'], railAlpha: op['rails'] });
  }
  s = base;

  if (layers.markers && px >= 14) {
    s.layer?.('markers');
    paintMarkers(translucent(base, op['markers']), req, cells, style);
  }

  if (layers.names) {
    s.layer?.('names');
    paintNames(translucent(base, op['names']), req, cache, cells);
  }

  if (layers.coordinates) {
    const size = S * 0.075;
    if (size * style.pxPerUnit >= style.minTextPx) {
      s.layer?.('coordinates');
      const { grid } = model;
      const ink = mix(style.grid.colour, [1, 1, 1], 0.25);
      const top = grid.cornerOffsets(S).reduce((m, p) => Math.min(m, p.y), 0);
      // The number keeps a rim of its cell's own colour, so trees, marsh tufts, houses, roads
      // and railways under it part round it, as printed maps have it (not where the fill is
      // see-through, over an underlay).
      const rim = terrainAlpha === undefined || terrainAlpha >= 1;
      const fills = looks.map((l) => l.fill);
      for (let i = 0; i < cells.n; i++) {
        const index = cells.index[i]!;
        const col = index % model.cols;
        const row = (index - col) / model.cols;
        const t = model.terrain[index]!;
        const dark = !style.outline && t !== NONE && luminance(looks[t]?.fill ?? [1, 1, 1]) < 0.4;
        // A network position known only by its label has it beside it already (the names layer).
        if (net && layers.names && !model.features.get(index)?.name?.trim()) continue;
        const ownTop = net ? positionTop(grid, index, cells.y[i]!, S) : top;
        const y = style.coordinates === 'centre' ? cells.y[i]! + size * 0.35 : cells.y[i]! + ownTop * 0.72 + size * 0.9;
        const label = grid.label({ col, row });
        s.fillStyle(dark ? [0.97, 0.97, 0.97] : ink);
        if (rim) s.haloText(req.fonts.regular, size, cells.x[i]!, y, label, fillColour(model, style, fills, fillKey(model, style, index)), 'centre', size * COORDINATE_RIM);
        else s.text(req.fonts.regular, size, cells.x[i]!, y, label, 'centre');
      }
    }
  }

  if (layers.units && model.units && px >= 14) {
    s.layer?.('units');
    s = translucent(base, op['units']);
    const colours = new Map(model.sides.map((x) => [x.id, hexToRgb(x.colour)]));
    for (let i = 0; i < cells.n; i++) {
      const list = model.units.get(cells.index[i]!);
      if (!list) continue;
      const groups = sideGroups(list, model.sides).map((g) =>
        g.map((u): CounterFace => ({ branch: u.branch, strength: u.strength, elite: !!u.elite, colour: colours.get(u.side) ?? UNSIDED })),
      );
      counterStack(s, req.fonts.bold, { x: cells.x[i]!, y: cells.y[i]! }, S, groups);
    }
  }
}

/** How far a network position's shape reaches above its centre (negative, drawing units). */
function positionTop(grid: PaintModel['grid'], index: number, cy: number, S: number): number {
  let top = 0;
  for (const p of grid.corners({ col: index, row: 0 }, S)) top = Math.min(top, p.y - cy);
  return top;
}

/** A cell's fill bucket: terrain index × 257 + side (256 = untinted); unknown terrain is 255. */
function fillKey(model: PaintModel, style: PaintStyle, index: number): number {
  const { layers } = style;
  const t = layers.terrain && !style.outline ? model.terrain[index]! : 0;
  const sideIx = model.control[index]!;
  const tinted = layers.control && !style.outline && layers.terrain && t !== NONE && sideIx !== NONE && model.terrainTypes[t]?.category !== 'impassable';
  return t * 257 + (tinted ? sideIx : 256);
}

/** The colour of a fill bucket (see fillKey). */
function fillColour(model: PaintModel, style: PaintStyle, fills: readonly Rgb[], key: number): Rgb {
  const t = Math.floor(key / 257);
  const side = key % 257;
  let colour: Rgb = style.outline ? [1, 1, 1] : !style.layers.terrain ? BLANK : t === NONE ? UNKNOWN : (fills[t] ?? UNKNOWN);
  const sideColour = side !== 256 ? model.sides[side]?.colour : undefined;
  if (sideColour) colour = mix(colour, hexToRgb(sideColour), CONTROL_TINT);
  return colour;
}

/**
 * Every cell's fill colour as 0xRRGGBB, in grid.index order: what the terrain layer paints
 * each cell (control tint included). For a raster that lays cells of a pixel or two down
 * itself (style.fills off) and lets the painter draw the rest over them.
 */
export function cellFills(model: PaintModel, style: PaintStyle): Uint32Array {
  const fills = paintCacheOf(model).looks().map((l) => l.fill);
  const out = new Uint32Array(model.cols * model.rows);
  const byKey = new Map<number, number>();
  for (let i = 0; i < out.length; i++) {
    const key = fillKey(model, style, i);
    let c = byKey.get(key);
    if (c === undefined) {
      const [r, g, b] = fillColour(model, style, fills, key).map((v) => Math.round(Math.min(1, Math.max(0, v)) * 255)) as [number, number, number];
      byKey.set(key, (c = (r << 16) | (g << 8) | b));
    }
    out[i] = c;
  }
  return out;
}

/** 0, 1, … n − 1: every cell of a Cells list, for cellPaths. */
function everyCell(n: number): Int32Array {
  const out = new Int32Array(n);
  for (let i = 0; i < n; i++) out[i] = i;
  return out;
}

function paintTerrain<F extends SurfaceFont>(
  s: Surface<F>,
  model: PaintModel,
  cells: Cells,
  cellPaths: (list: ArrayLike<number>, from: number, to: number) => void,
  cellOutline: ((list: ArrayLike<number>) => boolean) | null,
  cellPath: (i: number) => void,
  style: PaintStyle,
  fills: readonly Rgb[],
  seam: number,
  S: number,
): void {
  const buckets = new Map<number, number[]>();
  for (let i = 0; i < cells.n; i++) {
    const key = fillKey(model, style, cells.index[i]!);
    const list = buckets.get(key);
    if (list) list.push(i);
    else buckets.set(key, [i]);
  }
  // In a fixed order, so a clipped repaint layers neighbouring colours as a whole tile does.
  for (const [key, list] of [...buckets].sort((a, b) => a[0] - b[0])) {
    const colour = fillColour(model, style, fills, key);
    // A hairline of the same colour closes the anti-aliasing seams between neighbouring cells.
    // Filled a batch of cells at a time: a canvas's cost grows faster than the number of
    // shapes in one path (one path of 40,000 cells took Chromium 33 s, batches of 512 a
    // fraction of a second), and a batch of opaque same-coloured cells looks the same.
    // A surface that takes outlines fills all the colour's cells as one (see outline.ts).
    const whole = cellOutline?.(list) ?? false;
    for (let k = 0; k < list.length; k += whole ? list.length : FILL_BATCH) {
      if (!whole) cellPaths(list, k, Math.min(list.length, k + FILL_BATCH));
      if (seam > 0) s.fillStyle(colour).buttCaps().strokeStyle(colour, seam).fillAndStroke();
      else s.fillStyle(colour).fill();
    }
  }
  if (style.outline && style.layers.terrain) paintOutlineHatching(s, model, cells, cellPath, S);
}

/** Outline mode: hatching by rules category, clipped to the cells of each category. */
function paintOutlineHatching<F extends SurfaceFont>(s: Surface<F>, model: PaintModel, cells: Cells, cellPath: (i: number) => void, S: number): void {
  const groups = new Map<string, number[]>();
  for (let i = 0; i < cells.n; i++) {
    const t = model.terrain[cells.index[i]!]!;
    const type = t === NONE ? undefined : model.terrainTypes[t];
    if (!type || type.category === 'open') continue;
    const key = type.category === 'impassable' ? (type.freezes ? 'frozen' : 'impassable') : type.category;
    const list = groups.get(key);
    if (list) list.push(i);
    else groups.set(key, [i]);
  }
  const look = { patternColour: HATCH } as Parameters<typeof drawPattern>[2];
  for (const [key, list] of [...groups].sort((a, b) => (a[0] < b[0] ? -1 : 1))) {
    s.save();
    for (const i of list) cellPath(i);
    s.clip();
    const box = boxOfCells(cells, list, S);
    if (key === 'difficult' || key === 'urban-difficult') drawPattern(s, 'hatch', look, box, S * 1.5);
    if (key === 'urban' || key === 'urban-difficult') drawPattern(s, 'crosshatch', look, box, S * 1.3);
    if (key === 'impassable') drawPattern(s, 'crosshatch', look, box, S * 0.7);
    if (key === 'frozen') drawPattern(s, 'dots', look, box, S * 1.6);
    s.restore();
  }
}

/** The box of some cells' centres grown by most of a cell: what textures over them must cover. */
function boxOfCells(cells: Cells, list: readonly number[], S: number): Rect {
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  for (const i of list) {
    x0 = Math.min(x0, cells.x[i]!);
    y0 = Math.min(y0, cells.y[i]!);
    x1 = Math.max(x1, cells.x[i]!);
    y1 = Math.max(y1, cells.y[i]!);
  }
  return { x: x0 - S * 0.7, y: y0 - S * 0.7, width: x1 - x0 + S * 1.4, height: y1 - y0 + S * 1.4 };
}

function paintSymbols<F extends SurfaceFont>(s: Surface<F>, model: PaintModel, cache: PaintCache, cells: Cells, cellPath: (i: number) => void, S: number, px: number): void {
  const looks = cache.looks();
  const byType = new Map<number, number[]>();
  for (let i = 0; i < cells.n; i++) {
    const t = model.terrain[cells.index[i]!]!;
    if (t === NONE) continue;
    const look = looks[t];
    if (!look || (look.symbol === 'none' && look.pattern === 'none')) continue;
    const list = byType.get(t);
    if (list) list.push(i);
    else byType.set(t, [i]);
  }
  if (byType.size === 0) return;
  s.layer?.('symbols');
  for (const [t, list] of [...byType].sort((a, b) => a[0] - b[0])) {
    const look = looks[t]!;
    if (look.pattern !== 'none' && px >= PATTERN_PX) {
      s.save();
      for (const i of list) cellPath(i);
      s.clip();
      drawPattern(s, look.pattern, look, boxOfCells(cells, list, S), S);
      s.restore();
    }
    if (look.symbol === 'none') continue;
    const salt = typeSalt(model.terrainTypes[t]?.id ?? '');
    const light = px < FULL_SYMBOLS_PX;
    // Thinned far out: every other symbol, drawn a little larger to keep the texture's weight.
    const step = light && look.symbol !== 'town' && look.symbol !== 'city' ? 6 : 3;
    const grow = step === 6 ? 1.25 : 1;
    const sym = look.symbol === 'svg' ? cache.svgSymbol(t) : null;
    const kind = look.symbol;
    // A cell's symbols around its centre (0, 0), or around (cx, cy).
    const draw = (on: Surface<F>, rel: readonly number[], cx: number, cy: number) => {
      const at: number[] = [];
      for (let k = 0; k < rel.length; k += step) at.push(cx + rel[k]! * S, cy + rel[k + 1]! * S, rel[k + 2]! * grow);
      if (kind === 'svg') {
        if (sym) drawSvgBatch(on, sym, at, S * 0.2, look.symbolColour);
      } else drawSymbolBatch(on, { kind, look, at, size: S, light });
    };
    const layouts: number[][] = [];
    // One batch per cell: a cell's symbols come out the same whether a whole tile or a small
    // patch of it is painted (the canvas picks anti-aliasing per path). Each cell takes one of
    // SYMBOL_LAYOUTS seeded layouts of its type, so a surface that keeps pictures (stamp) draws
    // each layout once and stamps it.
    for (const i of list) {
      const layout = hash2(cells.index[i]!, salt) % SYMBOL_LAYOUTS;
      const rel = (layouts[layout] ??= placements(kind, look, layout, salt));
      if (s.stamp) {
        const reach = (maxAbs(rel) + (SYMBOL_REACH[kind] ?? 0.3) * grow * 1.3) * S;
        s.stamp(`symbols:${t}:${layout}:${step}:${S}`, cells.x[i]!, cells.y[i]!, reach, (on) => draw(on, rel, 0, 0));
      } else draw(s, rel, cells.x[i]!, cells.y[i]!);
    }
  }
}

/** The largest |x| or |y| of a placement list (x, y, scale, …). */
function maxAbs(rel: readonly number[]): number {
  let m = 0;
  for (let k = 0; k < rel.length; k += 3) m = Math.max(m, Math.abs(rel[k]!), Math.abs(rel[k + 1]!));
  return m;
}

/** A terrain type's share of the placement hash, from its id (stable when the palette is reordered). */
function typeSalt(id: string): number {
  let h = 2166136261;
  for (let i = 0; i < id.length; i++) h = Math.imul(h ^ id.charCodeAt(i), 16777619);
  return h >>> 0;
}

/** Where neighbouring cells differ in control, a band of each side's colour just inside its own cell. */
function paintFrontLines<F extends SurfaceFont>(s: Surface<F>, model: PaintModel, cells: Cells, S: number, width: number): void {
  const { grid } = model;
  const corners = grid.cornerOffsets(S);
  const dirs = grid.sideDirections;
  const bySide = new Map<number, number[]>();
  for (let i = 0; i < cells.n; i++) {
    const index = cells.index[i]!;
    const side = model.control[index]!;
    if (side === NONE) continue;
    const col = index % model.cols;
    const row = (index - col) / model.cols;
    for (let k = 0; k < dirs.length; k++) {
      const nb = grid.step({ col, row }, dirs[k]!);
      if (!nb || !grid.inMap(nb)) continue;
      if (model.control[nb.row * model.cols + nb.col] === side) continue;
      let list = bySide.get(side);
      if (!list) bySide.set(side, (list = []));
      list.push(i, k);
    }
  }
  const inset = 0.1;
  s.roundJoins();
  for (const [side, list] of [...bySide].sort((a, b) => a[0] - b[0])) {
    const colour = model.sides[side] ? darken(hexToRgb(model.sides[side]!.colour), 0.1) : [0.5, 0.5, 0.5] as Rgb;
    s.strokeStyle(colour, width, [], 0.85);
    for (let j = 0; j < list.length; j += 2) {
      const i = list[j]!;
      const k = list[j + 1]!;
      const a = corners[k]!;
      const b = corners[(k + 1) % corners.length]!;
      const cx = cells.x[i]!;
      const cy = cells.y[i]!;
      s.moveTo(cx + a.x * (1 - inset), cy + a.y * (1 - inset)).lineTo(cx + b.x * (1 - inset), cy + b.y * (1 - inset));
    }
    s.stroke();
  }
}

/** True when cell `index` draws its side k: it owns the side, or the cell across is off the map. */
function drawsSide(model: PaintModel, index: number, k: number, owned: readonly boolean[]): boolean {
  if (owned[k]) return true;
  const col = index % model.cols;
  const row = (index - col) / model.cols;
  const nb = model.grid.step({ col, row }, model.grid.sideDirections[k]!);
  return !nb || !model.grid.inMap(nb);
}

const ownedCache = new WeakMap<object, boolean[]>();
function ownedSides(model: PaintModel): boolean[] {
  let o = ownedCache.get(model.grid);
  if (!o) ownedCache.set(model.grid, (o = model.grid.sideDirections.map((d) => model.grid.ownedDirections.includes(d))));
  return o;
}

interface WaterLayers {
  rivers: boolean;
  shores: boolean;
  riverAlpha: number | undefined;
  shoreAlpha: number | undefined;
}

function paintWater<F extends SurfaceFont>(base: Surface<F>, model: PaintModel, cache: PaintCache, cells: Cells, S: number, style: PaintStyle, minLine: (n: number, px: number) => number, show: WaterLayers): void {
  let s = translucent(base, show.shoreAlpha);
  const owned = ownedSides(model);
  const corners = model.grid.cornerOffsets(S);
  const shores = cache.mask('shores');
  const rivers = cache.mask('rivers');
  const dirs = model.grid.sideDirections;
  let any = false;
  for (let i = 0; i < cells.n && show.shores; i++) {
    const m = shores[cells.index[i]!]!;
    if (!m) continue;
    for (let k = 0; k < dirs.length; k++) {
      if (!(m & (1 << k)) || !drawsSide(model, cells.index[i]!, k, owned)) continue;
      const a = corners[k]!;
      const b = corners[(k + 1) % corners.length]!;
      s.moveTo(cells.x[i]! + a.x, cells.y[i]! + a.y).lineTo(cells.x[i]! + b.x, cells.y[i]! + b.y);
      any = true;
    }
  }
  if (any) s.roundJoins().strokeStyle(style.outline ? INK : SHORE, minLine(S * 0.04, 1.5)).stroke();
  if (!show.rivers) return;
  s = translucent(base, show.riverAlpha);
  // One path per cell: a cell's river comes out the same in a whole tile and in a small patch
  // of it (the canvas picks anti-aliasing per path).
  const groups: number[][] = [];
  for (let i = 0; i < cells.n; i++) {
    const index = cells.index[i]!;
    const m = rivers[index]!;
    if (!m) continue;
    const curves: number[] = [];
    groups.push(curves);
    const col = index % model.cols;
    const row = (index - col) / model.cols;
    for (let k = 0; k < dirs.length; k++) {
      if (!(m & (1 << k)) || !drawsSide(model, index, k, owned)) continue;
      const edge = model.grid.edgeOf({ col, row }, dirs[k]!);
      if (!edge) continue;
      const c = cache.riverCurve(edge, style.riverWobble).curves;
      for (let j = 0; j < c.length; j += 8) curves.push(c[j]! * S, c[j + 1]! * S, c[j + 2]! * S, c[j + 3]! * S, c[j + 4]! * S, c[j + 5]! * S, c[j + 6]! * S, c[j + 7]! * S);
    }
  }
  if (!groups.length) return;
  s.roundJoins().strokeStyle(style.outline ? INK : RIVER, minLine(S * 0.075, 1.8));
  for (const curves of groups) {
    for (let j = 0; j < curves.length; j += 8) s.moveTo(curves[j]!, curves[j + 1]!).bezierCurveTo(curves[j + 2]!, curves[j + 3]!, curves[j + 4]!, curves[j + 5]!, curves[j + 6]!, curves[j + 7]!);
    s.stroke();
  }
}

interface RouteLayers {
  roads: boolean;
  rails: boolean;
  roadAlpha: number | undefined;
  railAlpha: number | undefined;
}

const NO_MASK = new Uint8Array(0);

function paintRoutes<F extends SurfaceFont>(base: Surface<F>, model: PaintModel, cache: PaintCache, cells: Cells, S: number, style: PaintStyle, px: number, minLine: (n: number, px: number) => number, show: RouteLayers): void {
  let s = translucent(base, show.roadAlpha);
  const sides = sideGeometry(model.grid);
  // A hidden layer's mask reads as empty: no curves, and no bridges for it.
  const roads = show.roads ? cache.mask('roads') : NO_MASK;
  const rails = show.rails ? cache.mask('rails') : NO_MASK;
  const rivers = cache.mask('rivers');
  // Curves grouped by cell, each group stroked as a path of its own: a cell's roads come out
  // the same in a whole tile and in a small patch of it (the canvas picks anti-aliasing per path).
  const roadCurves: number[][] = [];
  const railCurves: number[][] = [];
  for (let i = 0; i < cells.n; i++) {
    const index = cells.index[i]!;
    if (roads[index]) cellRouteCurves(roads[index]!, cells.x[i]!, cells.y[i]!, S, sides, (roadCurves[roadCurves.length] = []));
    if (rails[index]) cellRouteCurves(rails[index]!, cells.x[i]!, cells.y[i]!, S, sides, (railCurves[railCurves.length] = []));
  }
  /** Strokes every group in the style set. */
  const each = (groups: number[][]) => {
    for (const c of groups) {
      for (let j = 0; j < c.length; j += 8) s.moveTo(c[j]!, c[j + 1]!).bezierCurveTo(c[j + 2]!, c[j + 3]!, c[j + 4]!, c[j + 5]!, c[j + 6]!, c[j + 7]!);
      s.stroke();
    }
  };
  // Bridges first: their decks lie on the river, under the road.
  const owned = ownedSides(model);
  const bridges: [number, number, number, number, boolean][] = [];
  if (style.layers.rivers && px >= 14) {
    for (let i = 0; i < cells.n; i++) {
      const index = cells.index[i]!;
      const both = (roads[index]! | rails[index]!) & rivers[index]!;
      if (!both) continue;
      for (let k = 0; k < sides.length; k++) {
        if (!(both & (1 << k)) || !drawsSide(model, index, k, owned)) continue;
        const g = sides[k]!;
        bridges.push([cells.x[i]! + g.mx * S, cells.y[i]! + g.my * S, g.nx, g.ny, !(roads[index]! & (1 << k))]);
      }
    }
  }
  const half = S * 0.17;
  const deckW = S * 0.075;
  if (bridges.length) {
    s.layer?.('bridges');
    s.fillStyle(style.outline ? [1, 1, 1] : DECK);
    for (const [x, y, dx, dy] of bridges) {
      const nx = -dy;
      const ny = dx;
      s.path(
        [
          { x: x - dx * half + nx * deckW, y: y - dy * half + ny * deckW },
          { x: x + dx * half + nx * deckW, y: y + dy * half + ny * deckW },
          { x: x + dx * half - nx * deckW, y: y + dy * half - ny * deckW },
          { x: x - dx * half - nx * deckW, y: y - dy * half - ny * deckW },
        ],
        true,
      );
    }
    s.fill();
  }
  const cased = px >= 40 && !style.outline;
  if (roadCurves.length) {
    s.roundJoins();
    if (cased) {
      // Every casing first, then every fill, so the fills run on unbroken across the sides.
      s.strokeStyle(ROAD, S * 0.06);
      each(roadCurves);
      s.strokeStyle(ROAD_FILL, S * 0.032);
      each(roadCurves);
    } else {
      s.strokeStyle(style.outline ? INK : ROAD, minLine(S * 0.045, 1.4), style.outline ? [S * 0.05, S * 0.025] : []);
      each(roadCurves);
    }
  }
  if (railCurves.length) {
    s = translucent(base, show.railAlpha);
    s.roundJoins().strokeStyle(RAIL, minLine(S * 0.02, 1.1));
    each(railCurves);
    if (px >= 16) {
      // Sleepers: the track stroked wide with a short dash draws cross-ties square to the curve.
      s.buttCaps().strokeStyle(RAIL, S * 0.075, [S * 0.016, S * 0.07]);
      each(railCurves);
    }
  }
  if (bridges.length) {
    s = translucent(base, show.roadAlpha);
    // Parapets whose ends flare outwards.
    const flare = S * 0.05;
    s.roundJoins().strokeStyle(INK, S * 0.02);
    for (const [x, y, dx, dy] of bridges) {
      const nx = -dy;
      const ny = dx;
      for (const sgn of [1, -1]) {
        const ox = nx * deckW * sgn;
        const oy = ny * deckW * sgn;
        s.moveTo(x - dx * (half + flare) + ox + nx * flare * sgn, y - dy * (half + flare) + oy + ny * flare * sgn);
        s.lineTo(x - dx * half + ox, y - dy * half + oy);
        s.lineTo(x + dx * half + ox, y + dy * half + oy);
        s.lineTo(x + dx * (half + flare) + ox + nx * flare * sgn, y + dy * (half + flare) + oy + ny * flare * sgn);
      }
    }
    s.stroke();
  }
}

function paintMarkers<F extends SurfaceFont>(s: Surface<F>, req: PaintRequest<F>, cells: Cells, style: PaintStyle): void {
  const { model, size: S, fonts } = req;
  const sideColour = (id: string): Rgb => {
    const side = model.sides.find((x) => x.id === id);
    return side ? hexToRgb(side.colour) : [0.5, 0.5, 0.5];
  };
  const vpSize = S * 0.1;
  for (let i = 0; i < cells.n; i++) {
    const index = cells.index[i]!;
    const f = model.features.get(index);
    if (!f) continue;
    const cx = cells.x[i]!;
    const cy = cells.y[i]!;
    if (f.supplyBase) flag(s, { x: cx + MARKER_AT.flag.x * S, y: cy + MARKER_AT.flag.y * S }, S, sideColour(f.supplyBase));
    if (f.fortification) fortification(s, { x: cx + MARKER_AT.fort.x * S, y: cy + MARKER_AT.fort.y * S }, S);
    if (f.entry?.length) {
      const col = index % model.cols;
      const row = (index - col) / model.cols;
      const [ux, uy] = col === 0 ? [1, 0] : col === model.cols - 1 ? [-1, 0] : row === 0 ? [0, 1] : row === model.rows - 1 ? [0, -1] : [1, 0];
      entryArrow(s, { x: cx + MARKER_AT.entry.x * S, y: cy + MARKER_AT.entry.y * S }, S, ux, uy, sideColour(f.entry[0]!));
    }
    if (f.victory) {
      star(s, { x: cx + MARKER_AT.star.x * S, y: cy + MARKER_AT.star.y * S }, S * 0.11, style.outline ? null : GOLD);
      if (vpSize * style.pxPerUnit >= style.minTextPx) {
        const per = f.victory.perTurn ?? model.defaultVictoryVp;
        const text = `${per}${f.victory.endGame ? `+${f.victory.endGame}` : ''} VP`;
        s.fillStyle(INK).haloText(fonts.bold, vpSize, cx + MARKER_AT.vp.x * S, cy + MARKER_AT.vp.y * S + vpSize * 0.35, text, HALO, 'centre');
      }
    }
  }
}

function paintNames<F extends SurfaceFont>(s: Surface<F>, req: PaintRequest<F>, cache: PaintCache, cells: Cells): void {
  const { model, size: S, fonts, style } = req;
  const { byIndex } = namesDrawn(model, cache, style, S);
  if (byIndex.size === 0) return;
  if (model.grid.network) {
    // A network's names reach well past their positions (beside them, and enlarged when far out):
    // each one whose box meets the region is drawn, wherever its position lies.
    const { region } = req;
    for (const n of byIndex.values()) {
      const x = model.grid.centerX(n.index, 0, S) + n.dx * S;
      const y = model.grid.centerY(n.index, 0, S) + n.dy * S;
      const b = networkNameBox(x / S, y / S, n.text, n.bold, n.size, n.align ?? 'centre');
      const m = n.size * 0.3;
      if ((b.x1 + m) * S < region.x || (b.x0 - m) * S > region.x + region.width || (b.y1 + m) * S < region.y || (b.y0 - m) * S > region.y + region.height) continue;
      const size = n.size * S;
      s.fillStyle(n.importance === 'village' ? lighten(INK, 0.12) : INK);
      s.haloText(n.bold ? fonts.bold : fonts.regular, size, x, y, n.text, HALO, n.align ?? 'centre', size * 0.26);
    }
    return;
  }
  for (let i = 0; i < cells.n; i++) {
    const n = byIndex.get(cells.index[i]!);
    if (!n) continue;
    const size = n.size * S;
    s.fillStyle(n.importance === 'village' ? lighten(INK, 0.12) : INK);
    s.haloText(n.bold ? fonts.bold : fonts.regular, size, cells.x[i]! + n.dx * S, cells.y[i]! + n.dy * S, n.text, HALO, n.align ?? 'centre', size * 0.26);
  }
}

function namesDrawn(model: PaintModel, cache: PaintCache, style: PaintStyle, S: number) {
  const minPx = model.grid.network ? (style.labelMinPx ?? style.minTextPx) : style.minTextPx;
  return cache.legibleNames({ markers: style.layers.markers, units: style.layers.units && !!model.units, counters: style.counters ?? null }, S * style.pxPerUnit, minPx, style.smallNames);
}

/** What a paint of the whole map at cell size `S` does with place names too small to read (see legibleNames). */
export function namesReport(model: PaintModel, S: number, style: PaintStyle): { enlarged: number; leftOut: number; minTextPx: number } {
  if (!style.layers.names) return { enlarged: 0, leftOut: 0, minTextPx: style.minTextPx };
  const { enlarged, leftOut } = namesDrawn(model, paintCacheOf(model), style, S);
  return { enlarged, leftOut, minTextPx: style.minTextPx };
}
