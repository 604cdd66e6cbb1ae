// The map frame for exports: a neat line round the map with cell coordinates on the border, and
// under it a panel with the title cartouche, a scale bar (km and cells), a north arrow and a
// legend of the terrain and features the map actually uses. Each part can be left out. Drawn in
// the map's own units (cell size S) round the map's bounds, on any surface.
import type { Scenario } from '../format/scenario.types.js';
import { createGrid } from '../grid/index.js';
import type { Rect } from '../grid/types.js';
import { entryArrow, flag, fortification, GOLD, INK, star } from './markers.js';
import type { PaintModel } from './model.js';
import { NONE } from './model.js';
import { approxTextWidth } from './place-names.js';
import { ALL_LAYERS, paintMap, type PaintStyle } from './painter.js';
import { darken, hexToRgb, type Rgb, type Surface, type SurfaceFont, type SurfaceFonts } from './surface.js';

export interface FrameParts {
  /** Title cartouche. */
  title: boolean;
  legend: boolean;
  /** Scale bar in km and cells. */
  scale: boolean;
  north: boolean;
  /** Column and row numbers round the map. */
  border: boolean;
}

export const NO_FRAME: FrameParts = { title: false, legend: false, scale: false, north: false, border: false };
export const FULL_FRAME: FrameParts = { title: true, legend: true, scale: true, north: true, border: true };

export const anyFrame = (f: FrameParts): boolean => f.title || f.legend || f.scale || f.north || f.border;

export interface FrameText {
  title: string;
  /** A second line under the title (date, author, scale). */
  subtitle?: string;
  /** Kilometres across one cell, when the scenario says. */
  kmPerCell?: number;
}

interface LegendItem {
  label: string;
  draw: (s: Surface, x: number, y: number, w: number, h: number) => void;
}

const PAPER: Rgb = [1, 1, 1];
const CREAM: Rgb = hexToRgb('#fbf7ec');

/** What the frame adds round the map bounds, and where its panel goes. */
export interface FrameLayout {
  /** Everything: the map, its border and the panel. */
  outer: Rect;
  border: number;
  panel: Rect | null;
}

function legendItems(model: PaintModel, style: PaintStyle): LegendItem[] {
  const items: LegendItem[] = [];
  const usedTerrain = new Set<number>();
  for (const t of model.terrain) if (t !== NONE) usedTerrain.add(t);
  [...usedTerrain].sort((a, b) => a - b).forEach((t) => {
    const type = model.terrainTypes[t];
    if (!type) return;
    items.push({ label: type.name, draw: (s, x, y, w, h) => terrainSwatch(s, model, t, x, y, w, h, style) });
  });
  const any = (set: ReadonlySet<string>) => set.size > 0;
  const line = (colour: Rgb, width: number, dash: number[] = []) => (s: Surface, x: number, y: number, w: number, h: number) => {
    s.roundJoins().strokeStyle(colour, width * h, dash.map((d) => d * h));
    s.moveTo(x, y + h * 0.65).bezierCurveTo(x + w * 0.35, y + h * 0.1, x + w * 0.65, y + h * 0.9, x + w, y + h * 0.35).stroke();
  };
  if (any(model.roadSet))
    items.push({
      label: 'Road',
      draw: (s, x, y, w, h) => {
        line(hexToRgb('#9a4a1c'), 0.2)(s, x, y, w, h);
        line(hexToRgb('#f6d88f'), 0.1)(s, x, y, w, h);
      },
    });
  if (any(model.railSet))
    items.push({
      label: 'Railway',
      draw: (s, x, y, w, h) => {
        line(hexToRgb('#22252a'), 0.07)(s, x, y, w, h);
        s.buttCaps().strokeStyle(hexToRgb('#22252a'), 0.28 * h, [0.06 * h, 0.22 * h]);
        s.moveTo(x, y + h * 0.65).bezierCurveTo(x + w * 0.35, y + h * 0.1, x + w * 0.65, y + h * 0.9, x + w, y + h * 0.35).stroke();
      },
    });
  if (any(model.riverSet)) items.push({ label: 'River', draw: line(hexToRgb('#2f6fb3'), 0.24) });
  if (any(model.lakeShoreSet)) items.push({ label: 'Lake shore', draw: line(hexToRgb('#1d4f7c'), 0.14) });
  let base = false;
  let victory = false;
  let fort = false;
  let entry = false;
  for (const f of model.features.values()) {
    base ||= !!f.supplyBase;
    victory ||= !!f.victory;
    fort ||= !!f.fortification;
    entry ||= !!f.entry?.length;
  }
  const grey: Rgb = [0.55, 0.55, 0.55];
  if (base) items.push({ label: 'Supply base', draw: (s, x, y, w, h) => flag(s, { x: x + w * 0.4, y: y + h * 0.98 }, h * 2.8, model.sides[0] ? hexToRgb(model.sides[0].colour) : grey) });
  if (victory) items.push({ label: 'Victory (VP)', draw: (s, x, y, w, h) => star(s, { x: x + w / 2, y: y + h / 2 }, h * 0.5, GOLD) });
  if (fort) items.push({ label: 'Fortification', draw: (s, x, y, w, h) => fortification(s, { x: x + w / 2, y: y + h / 2 }, h * 4.2) });
  if (entry) items.push({ label: 'Entry', draw: (s, x, y, w, h) => entryArrow(s, { x: x + w / 2, y: y + h / 2 }, h * 5, 1, 0, grey) });
  const held = new Set<number>();
  for (const c of model.control) if (c !== NONE) held.add(c);
  for (const i of [...held].sort()) {
    const side = model.sides[i];
    if (!side) continue;
    items.push({
      label: `${side.name} front`,
      draw: (s, x, y, w, h) => {
        s.roundJoins().strokeStyle(darken(hexToRgb(side.colour), 0.1), h * 0.3, [], 0.85).moveTo(x, y + h / 2).lineTo(x + w, y + h / 2).stroke();
      },
    });
  }
  return items;
}

/** One cell of terrain type `t`, drawn by the painter into the box. */
function terrainSwatch(s: Surface, model: PaintModel, t: number, x: number, y: number, w: number, h: number, style: PaintStyle): void {
  const one: PaintModel = {
    grid: swatchGrid(model),
    cols: 1,
    rows: 1,
    terrainTypes: model.terrainTypes,
    sides: [],
    terrain: new Uint8Array([t]),
    control: new Uint8Array([NONE]),
    features: new Map(),
    riverSet: new Set(),
    lakeShoreSet: new Set(),
    roadSet: new Set(),
    railSet: new Set(),
    defaultVictoryVp: 0,
  };
  const b = one.grid.bounds(100);
  const k = Math.min(w / b.width, h / b.height);
  s.save().transform(k, 0, 0, k, x + (w - b.width * k) / 2 - b.x * k, y + (h - b.height * k) / 2 - b.y * k);
  paintMap(s, {
    model: one,
    size: 100,
    region: b,
    style: { ...style, layers: { ...ALL_LAYERS, control: false, coordinates: false, names: false, markers: false, units: false }, pxPerUnit: Math.max(style.pxPerUnit * k, 0.3), minTextPx: 1e9 },
    fonts: { regular: { width: () => 0 }, bold: { width: () => 0 } },
  });
  s.restore();
}

const swatchGrids = new WeakMap<object, PaintModel['grid']>();
/** One cell of the map's own kind of grid. */
function swatchGrid(model: PaintModel): PaintModel['grid'] {
  let g = swatchGrids.get(model.grid);
  if (!g) swatchGrids.set(model.grid, (g = createGrid({ ...model.grid.spec, cols: 1, rows: 1 })));
  return g;
}

/** Where the frame's parts go round a map of `mapBounds` (drawing units, cell size S). */
export function frameLayout(model: PaintModel, mapBounds: Rect, S: number, parts: FrameParts, style: PaintStyle): FrameLayout {
  const border = parts.border ? S * 0.42 : anyFrame(parts) ? S * 0.12 : 0;
  const inner = { x: mapBounds.x - border, y: mapBounds.y - border, width: mapBounds.width + 2 * border, height: mapBounds.height + 2 * border };
  if (!parts.title && !parts.legend && !parts.scale && !parts.north) return { outer: pad(inner, anyFrame(parts) ? S * 0.15 : 0), border, panel: null };
  const top = panelHeights(model, inner.width, S, parts, style);
  const panel = { x: inner.x, y: inner.y + inner.height + S * 0.15, width: inner.width, height: top };
  return { outer: pad({ x: inner.x, y: inner.y, width: inner.width, height: inner.height + S * 0.15 + top }, S * 0.15), border, panel };
}

const pad = (r: Rect, p: number): Rect => ({ x: r.x - p, y: r.y - p, width: r.width + 2 * p, height: r.height + 2 * p });

const ITEM_H = 0.26;
const ITEM_W = 0.5;
const ITEM_TEXT = 0.13;

function legendGrid(model: PaintModel, width: number, S: number, style: PaintStyle) {
  const items = legendItems(model, style);
  const colW = Math.max(...items.map((i) => approxTextWidth(i.label, false) * ITEM_TEXT * S), S) + (ITEM_W + 0.15) * S;
  const cols = Math.max(1, Math.floor(width / colW));
  const rows = Math.ceil(items.length / cols);
  return { items, colW, cols, rows, height: S * (0.3 + rows * (ITEM_H + 0.1)) };
}

function panelHeights(model: PaintModel, width: number, S: number, parts: FrameParts, style: PaintStyle): number {
  const head = parts.title || parts.scale || parts.north ? S * 0.85 : 0;
  const legend = parts.legend ? legendGrid(model, width, S, style).height : 0;
  return head + legend;
}

/** Draws the frame round a map already drawn in `mapBounds`. */
export function paintFrame<F extends SurfaceFont>(s: Surface<F>, fonts: SurfaceFonts<F>, model: PaintModel, mapBounds: Rect, S: number, parts: FrameParts, text: FrameText, style: PaintStyle): FrameLayout {
  const layout = frameLayout(model, mapBounds, S, parts, style);
  if (!anyFrame(parts)) return layout;
  s.layer?.('frame');
  const b = layout.border;
  const inner = { x: mapBounds.x - b, y: mapBounds.y - b, width: mapBounds.width + 2 * b, height: mapBounds.height + 2 * b };
  // The border band, then the neat lines: a heavy outer line and a thin one at the map.
  s.fillStyle(CREAM);
  s.rect(inner).rect({ x: mapBounds.x, y: mapBounds.y, width: mapBounds.width, height: mapBounds.height }).fill('evenodd');
  s.buttCaps().strokeStyle(INK, S * 0.025).rect(inner).stroke();
  s.strokeStyle(INK, S * 0.008).rect(mapBounds).stroke();
  if (parts.border) {
    const { grid } = model;
    const size = S * 0.16;
    s.fillStyle(INK);
    const pad2 = (n: number) => String(n).padStart(2, '0');
    // Only the columns and rows whose centres the map shows (the whole map, or a view of it).
    const inX = (x: number) => x >= mapBounds.x && x <= mapBounds.x + mapBounds.width;
    const inY = (y: number) => y >= mapBounds.y && y <= mapBounds.y + mapBounds.height;
    for (let col = 0; col < model.cols; col++) {
      const x = grid.centerX(col, 0, S);
      if (!inX(x)) continue;
      s.text(fonts.regular, size, x, mapBounds.y - b * 0.32, pad2(col + 1), 'centre');
      s.text(fonts.regular, size, x, mapBounds.y + mapBounds.height + b * 0.32 + size * 0.7, pad2(col + 1), 'centre');
    }
    for (let row = 0; row < model.rows; row++) {
      if (!inY(grid.centerY(0, row, S))) continue;
      const y = grid.centerY(0, row, S) + size * 0.35;
      s.text(fonts.regular, size, mapBounds.x - b * 0.5, y, pad2(row + 1), 'centre');
      s.text(fonts.regular, size, mapBounds.x + mapBounds.width + b * 0.5, y, pad2(row + 1), 'centre');
    }
  }
  const panel = layout.panel;
  if (!panel) return layout;
  let y = panel.y;
  if (parts.title || parts.scale || parts.north) {
    const h = S * 0.75;
    let right = panel.x + panel.width;
    if (parts.north) {
      const cx = right - S * 0.25;
      const cy = y + h / 2;
      s.fillStyle(INK).path([{ x: cx, y: cy - h * 0.42 }, { x: cx + S * 0.1, y: cy + h * 0.22 }, { x: cx, y: cy + h * 0.1 }], true).fill();
      s.fillStyle(PAPER).buttCaps().strokeStyle(INK, S * 0.012).path([{ x: cx, y: cy - h * 0.42 }, { x: cx - S * 0.1, y: cy + h * 0.22 }, { x: cx, y: cy + h * 0.1 }], true).fillAndStroke();
      s.fillStyle(INK).text(fonts.bold, S * 0.16, cx, cy + h * 0.48, 'N', 'centre');
      right -= S * 0.6;
    }
    if (parts.scale) {
      const cells = 3;
      const len = cells * S;
      const x0 = right - len - S * 0.2;
      const by = y + h * 0.42;
      const bh = S * 0.07;
      for (let k = 0; k < cells; k++) {
        s.fillStyle(k % 2 === 0 ? INK : PAPER).buttCaps().strokeStyle(INK, S * 0.01).rect({ x: x0 + k * S, y: by, width: S, height: bh }).fillAndStroke();
      }
      const size = S * 0.12;
      s.fillStyle(INK);
      for (let k = 0; k <= cells; k++) {
        const km = text.kmPerCell ? `${trim(k * text.kmPerCell)}` : '';
        if (km) s.text(fonts.regular, size, x0 + k * S, by - size * 0.45, km, 'centre');
        s.text(fonts.regular, size, x0 + k * S, by + bh + size * 1.1, String(k), 'centre');
      }
      if (text.kmPerCell) s.text(fonts.regular, size, x0 + len + S * 0.2, by - size * 0.45, 'km', 'left');
      s.text(fonts.regular, size, x0 + len + S * 0.08, by + bh + size * 1.1, 'cells', 'left');
      right = x0 - S * 0.35;
    }
    if (parts.title) {
      const box = { x: panel.x, y, width: Math.max(S, right - panel.x), height: h };
      s.fillStyle(CREAM).buttCaps().strokeStyle(INK, S * 0.02).rect(box).fillAndStroke();
      s.strokeStyle(INK, S * 0.006).rect({ x: box.x + S * 0.05, y: box.y + S * 0.05, width: box.width - S * 0.1, height: box.height - S * 0.1 }).stroke();
      const title = S * 0.22;
      const fit = Math.min(title, ((box.width - S * 0.3) / Math.max(1e-9, fonts.bold.width(text.title, title))) * title);
      s.fillStyle(INK).text(fonts.bold, fit, box.x + S * 0.15, box.y + S * 0.1 + fit, text.title, 'left');
      if (text.subtitle) {
        const sub = Math.min(S * 0.12, fit * 0.7);
        s.fillStyle(darken(INK, -0.6)).text(fonts.regular, sub, box.x + S * 0.15, box.y + box.height - S * 0.14, text.subtitle, 'left');
      }
    }
    y += S * 0.85;
  }
  if (parts.legend) {
    const g = legendGrid(model, panel.width, S, style);
    s.fillStyle(INK).text(fonts.bold, S * 0.14, panel.x, y + S * 0.16, 'Legend', 'left');
    g.items.forEach((item, i) => {
      const col = i % g.cols;
      const row = Math.floor(i / g.cols);
      const x = panel.x + col * g.colW;
      const iy = y + S * 0.3 + row * S * (ITEM_H + 0.1);
      item.draw(s, x, iy, ITEM_W * S, ITEM_H * S);
      s.fillStyle(INK).text(fonts.regular, ITEM_TEXT * S, x + (ITEM_W + 0.1) * S, iy + ITEM_H * S * 0.5 + ITEM_TEXT * S * 0.35, item.label, 'left');
    });
  }
  return layout;
}

const trim = (n: number): string => (Math.round(n * 10) / 10).toString();

/** The words of a scenario's frame: the title, and the cell size and ground scale under it. */
export function frameTextOf(scenario: Pick<Scenario, 'title' | 'map'> | undefined): FrameText {
  if (!scenario) return { title: '' };
  const m = scenario.map;
  const cell = m.grid.kind === 'hex' ? 'hex' : 'square';
  const km = m.groundScaleKm;
  return { title: scenario.title, subtitle: `1 ${cell} = ${m.cellSize.value} ${m.cellSize.unit}${km ? ` = ${km} km` : ''}`, kmPerCell: km };
}

/** The whole of an export: the map's bounds, grown by the frame when there is one. */
export function framedBounds(model: PaintModel, S: number, parts: FrameParts, style: PaintStyle): Rect {
  const map = model.grid.bounds(S);
  return anyFrame(parts) ? frameLayout(model, map, S, parts, style).outer : map;
}

/**
 * The map with its frame, on white paper filling `framedBounds`: what the SVG export draws.
 * `over` draws on the map before the frame (the underlay picture, when asked).
 */
export function paintFramedMap<F extends SurfaceFont>(s: Surface<F>, fonts: SurfaceFonts<F>, model: PaintModel, S: number, style: PaintStyle, parts: FrameParts, text: FrameText, over?: (s: Surface<F>) => void): void {
  const map = model.grid.bounds(S);
  s.layer?.('paper');
  s.fillStyle(PAPER).rect(framedBounds(model, S, parts, style)).fill();
  paintMap(s, { model, size: S, region: map, style, fonts });
  over?.(s);
  if (anyFrame(parts)) paintFrame(s, fonts, model, map, S, parts, text, style);
}
