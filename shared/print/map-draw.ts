// Draws the map (or the part of it a tile shows) in map millimetres onto a print surface
// whose transform the caller has set: the PDF page and the dialog's preview alike. Layers are
// drawn bottom to top: terrain, control, water, roads and rails, grid, markers, names,
// coordinates, units.
import { resolveOptions } from '../format/defaults.js';
import type { Scenario } from '../format/scenario.types.js';
import type { Cell, Point, Rect } from '../grid/index.js';
import type { PrintLayout, PrintPage } from './layout.js';
import { boxesMeet, type PrintModel } from './model.js';
import type { CoordinatePosition, PrintLayers, PrintMode } from './options.js';
import { hexToRgb, lighten, luminance, type PrintFont, type PrintFonts, type PrintSurface, type Rgb } from './surface.js';
import { GOLD, entryArrow, flag, fortification, star, unitCounter } from './symbols.js';

export interface MapStyle {
  mode: PrintMode;
  layers: PrintLayers;
  coordinates: { show: boolean; position: CoordinatePosition };
  lineColour: Rgb;
  /** Grid line width in map mm. */
  gridWidth: number;
  /** Text smaller than this (map mm) is left out: it would not be legible. */
  minTextMm: number;
  victoryVpDefault: number;
}

/**
 * How the map is drawn for a layout: on tiles at full size (`reduction` 1) or reduced (the
 * assembly sheet: map mm shown at `reduction` of their size on paper).
 */
export function mapStyleFor(scenario: Scenario, layout: PrintLayout, reduction: number): MapStyle {
  const o = layout.options;
  return {
    mode: o.mode,
    layers: o.layers,
    coordinates: { show: o.coordinates.style !== 'none', position: o.coordinates.position },
    lineColour: hexToRgb(o.lineColour),
    // On a reduced sheet keep grid lines about 0.15 mm wide on paper.
    gridWidth: reduction === 1 ? o.lineWidthMm : Math.min(o.lineWidthMm, 0.15) / reduction,
    // Text under about 1.3 mm on paper is noise; leave it out.
    minTextMm: reduction === 1 ? 0 : 1.3 / reduction,
    victoryVpDefault: resolveOptions(scenario).victoryCellVpPerTurn,
  };
}

/** The part of the map the assembly sheet shows (map mm): every tile's window, overlaps included. */
export function assemblyMapExtent(layout: PrintLayout): Rect {
  const first = layout.pages[0]!.window;
  const last = layout.pages[layout.pages.length - 1]!.window;
  return { x: first.x, y: first.y, width: last.x + last.width - first.x, height: last.y + last.height - first.y };
}

/** The crosshair circles that line tiles up, in map mm. */
export function drawRegistrationMarks(cv: PrintSurface, page: PrintPage): void {
  cv.buttCaps().strokeStyle([0, 0, 0], 0.15);
  for (const m of page.registrationMarks) {
    const r = m.radiusMm;
    cv.circle(m.at, r * 0.7);
    cv.segment({ x: m.at.x - r, y: m.at.y }, { x: m.at.x + r, y: m.at.y });
    cv.segment({ x: m.at.x, y: m.at.y - r }, { x: m.at.x, y: m.at.y + r });
  }
  cv.stroke();
}

const RIVER: Rgb = hexToRgb('#2f6fd0');
const SHORE: Rgb = hexToRgb('#1f4f9a');
const ROAD: Rgb = hexToRgb('#a0522d');
const RAIL: Rgb = hexToRgb('#1a1a1a');
const DARK: Rgb = hexToRgb('#2b2b2b');
const HATCH: Rgb = hexToRgb('#4a4a4a');
const HALO: Rgb = [1, 1, 1];

const clamp = (v: number, lo: number, hi: number): number => Math.min(hi, Math.max(lo, v));

/** Parallel lines x·cos + y·sin = k·spacing across a box, anchored to the map so neighbours line up. */
function hatchLines(cv: PrintSurface, box: Rect, angleDeg: number, spacing: number): void {
  const a = (angleDeg * Math.PI) / 180;
  const nx = Math.cos(a);
  const ny = Math.sin(a);
  const corners = [
    [box.x, box.y],
    [box.x + box.width, box.y],
    [box.x, box.y + box.height],
    [box.x + box.width, box.y + box.height],
  ].map(([x, y]) => x! * nx + y! * ny);
  const lo = Math.ceil(Math.min(...corners) / spacing);
  const hi = Math.floor(Math.max(...corners) / spacing);
  const reach = box.width + box.height;
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height / 2;
  for (let k = lo; k <= hi; k++) {
    // Foot of the perpendicular from the box centre onto the line, then run along it.
    const d = k * spacing - (cx * nx + cy * ny);
    const px = cx + d * nx;
    const py = cy + d * ny;
    cv.segment({ x: px - ny * reach, y: py + nx * reach }, { x: px + ny * reach, y: py - nx * reach });
  }
}

function dots(cv: PrintSurface, box: Rect, spacing: number): void {
  for (let y = Math.ceil(box.y / spacing) * spacing; y <= box.y + box.height; y += spacing) {
    const row = Math.round(y / spacing);
    const shift = row % 2 === 0 ? 0 : spacing / 2;
    for (let x = Math.ceil((box.x - shift) / spacing) * spacing + shift; x <= box.x + box.width; x += spacing) cv.segment({ x, y }, { x, y });
  }
}

export function drawMap<F extends PrintFont>(cv: PrintSurface<F>, model: PrintModel, cells: readonly Cell[], view: Rect, style: MapStyle, fonts: PrintFonts<F>): void {
  const { grid, size: s } = model;
  const { layers, mode } = style;
  const outline = mode === 'outline';
  const polys = cells.map((c) => grid.corners(c, s));
  const centres = cells.map((c) => grid.center(c, s));
  const idx = cells.map((c) => grid.index(c));
  const boxes = polys.map((p) => {
    const xs = p.map((q) => q.x);
    const ys = p.map((q) => q.y);
    return { x: Math.min(...xs), y: Math.min(...ys), width: Math.max(...xs) - Math.min(...xs), height: Math.max(...ys) - Math.min(...ys) };
  });
  const pointy = grid.spec.kind === 'hex' && grid.spec.orientation === 'pointy';

  // Terrain: colour fills, or in outline mode hatching clipped to each cell.
  if (layers.terrain) {
    cv.layer?.('terrain');
    cells.forEach((_, i) => {
      const t = model.terrain[idx[i]!];
      if (!t) return;
      if (!outline) {
        cv.fillStyle(hexToRgb(t.colour)).path(polys[i]!, true).fill();
        return;
      }
      if (t.category === 'open') return;
      const lw = clamp(s * 0.006, 0.12, 0.3);
      cv.save().clipPolygon(polys[i]!).roundJoins().strokeStyle(HATCH, lw);
      const box = boxes[i]!;
      if (t.category === 'difficult' || t.category === 'urban-difficult') hatchLines(cv, box, 45, Math.max(1.6, s / 9));
      if (t.category === 'urban' || t.category === 'urban-difficult') {
        hatchLines(cv, box, 0, Math.max(1.4, s / 11));
        hatchLines(cv, box, 90, Math.max(1.4, s / 11));
      }
      if (t.category === 'impassable') {
        if (t.freezes) {
          cv.strokeStyle(HATCH, clamp(s * 0.012, 0.3, 0.8));
          dots(cv, box, Math.max(1.2, s / 14));
        } else {
          hatchLines(cv, box, -45, Math.max(0.9, s / 20));
          hatchLines(cv, box, 45, Math.max(0.9, s / 20));
        }
      }
      cv.stroke().restore();
    });
  }

  // Control: a band of the side's colour just inside the cell's border: the outline shrunk
  // by half the band and stroked at its width with mitred corners, which fills the same band
  // a clip would leave of a stroke twice as wide, without a clip per cell.
  if (layers.control && cells.length) {
    cv.layer?.('control');
    const band = s * 0.025;
    const first = polys[0]!;
    const apothem = Math.hypot((first[0]!.x + first[1]!.x) / 2 - centres[0]!.x, (first[0]!.y + first[1]!.y) / 2 - centres[0]!.y);
    const k = 1 - band / 2 / apothem;
    cv.buttCaps();
    cells.forEach((_, i) => {
      const side = model.control[idx[i]!];
      if (!side) return;
      const c = centres[i]!;
      const inset = polys[i]!.map((p) => ({ x: c.x + (p.x - c.x) * k, y: c.y + (p.y - c.y) * k }));
      cv.strokeStyle(lighten(hexToRgb(side.colour), outline ? 0.5 : 0.3), band).path(inset, true).stroke();
    });
  }

  const visible = <T extends { box: Rect }>(list: readonly T[]): T[] => list.filter((e) => boxesMeet(e.box, view));
  if (layers.rivers) {
    cv.layer?.('rivers');
    cv.roundJoins();
    const shores = visible(model.lakeShores);
    if (shores.length) {
      cv.strokeStyle(outline ? DARK : SHORE, clamp(s * 0.02, 0.4, 2));
      for (const e of shores) cv.segment(e.a, e.b);
      cv.stroke();
    }
    const rivers = visible(model.rivers);
    if (rivers.length) {
      cv.strokeStyle(outline ? DARK : RIVER, clamp(s * 0.035, 0.6, 4));
      for (const e of rivers) cv.segment(e.a, e.b);
      cv.stroke();
    }
  }

  if (layers.roads) {
    cv.layer?.('roads');
    cv.roundJoins();
    const roads = visible(model.roads);
    if (roads.length) {
      cv.strokeStyle(outline ? DARK : ROAD, clamp(s * 0.02, 0.45, 2.5), outline ? [s * 0.05, s * 0.025] : []);
      for (const r of roads) cv.path(r.path, false);
      cv.stroke();
    }
    const rails = visible(model.rails);
    if (rails.length) {
      cv.strokeStyle(RAIL, clamp(s * 0.009, 0.25, 1.2));
      for (const r of rails) cv.path(r.path, false);
      cv.stroke();
      // Sleepers: the same path stroked wide with a short dash draws cross-ties.
      cv.buttCaps().strokeStyle(RAIL, clamp(s * 0.04, 0.9, 5), [clamp(s * 0.006, 0.2, 0.8), clamp(s * 0.035, 0.8, 4)]);
      for (const r of rails) cv.path(r.path, false);
      cv.stroke().roundJoins();
    }
    const bridges = layers.rivers ? visible(model.bridges) : [];
    if (bridges.length) cv.layer?.('bridges');
    for (const b of bridges) {
      // Two short rails across the river, parallel to the road (perpendicular to the side).
      const dx = b.b.x - b.a.x;
      const dy = b.b.y - b.a.y;
      const len = Math.hypot(dx, dy) || 1;
      const ux = dx / len;
      const uy = dy / len;
      const m = { x: (b.a.x + b.b.x) / 2, y: (b.a.y + b.b.y) / 2 };
      const half = s * 0.08;
      const off = s * 0.045;
      cv.buttCaps().strokeStyle(DARK, clamp(s * 0.012, 0.3, 1.5));
      for (const sgn of [-1, 1]) {
        const o = { x: m.x + ux * off * sgn, y: m.y + uy * off * sgn };
        cv.segment({ x: o.x - uy * half, y: o.y + ux * half }, { x: o.x + uy * half, y: o.y - ux * half });
      }
      cv.stroke().roundJoins();
    }
  }

  // The grid: every side once (the cell with the larger index or an off-map neighbour draws it).
  cv.layer?.('grid');
  cv.roundJoins().strokeStyle(style.lineColour, style.gridWidth);
  cells.forEach((cell, i) => {
    for (const dir of grid.sideDirections) {
      const other = grid.step(cell, dir);
      if (other && grid.inMap(other) && grid.index(other) > idx[i]!) continue;
      const edge = grid.edgeOf(cell, dir);
      if (!edge) continue;
      const [a, b] = grid.edgeEndpoints(edge, s);
      cv.segment(a, b);
    }
  });
  cv.stroke();

  const textOk = (size: number): boolean => size >= style.minTextMm;

  if (layers.markers) {
    cv.layer?.('markers');
    const m = s * 0.13;
    cells.forEach((_, i) => {
      const f = model.features.get(idx[i]!);
      if (!f) return;
      const c = centres[i]!;
      if (f.supplyBase) {
        const side = model.sidesById.get(f.supplyBase);
        flag(cv, { x: c.x - s * 0.27, y: c.y + m * 0.45 }, m, side ? hexToRgb(side.colour) : [0.5, 0.5, 0.5]);
      }
      if (f.victory) star(cv, { x: c.x + s * 0.28, y: c.y - s * 0.02 }, m * 0.5, outline ? null : GOLD);
      if (f.fortification) fortification(cv, { x: c.x - s * 0.26, y: c.y + s * 0.2 }, m * 0.75);
      for (const [k, sideId] of (f.entry ?? []).entries()) {
        const side = model.sidesById.get(sideId);
        entryArrow(cv, { x: c.x + s * (0.24 + k * 0.1), y: c.y + s * 0.2 }, m * 0.55, side ? hexToRgb(side.colour) : [0.5, 0.5, 0.5]);
      }
      if (f.victory && textOk(s * 0.035)) {
        const vp = `${f.victory.perTurn ?? style.victoryVpDefault}${f.victory.endGame ? `+${f.victory.endGame}` : ''} VP`;
        cv.fillStyle(DARK).haloText(fonts.bold, s * 0.035, c.x + s * 0.28, c.y + s * 0.075, vp, HALO, 'centre');
      }
    });
  }

  if (layers.names) {
    cv.layer?.('names');
    const size = clamp(s * 0.055, 1.8, 6);
    if (textOk(size)) {
      cv.fillStyle(DARK);
      cells.forEach((_, i) => {
        const name = model.features.get(idx[i]!)?.name;
        if (!name) return;
        const c = centres[i]!;
        const maxW = s * (pointy ? 0.75 : 0.85);
        let fit = size;
        const w = fonts.bold.width(name, size);
        if (w > maxW) fit = Math.max(size * 0.6, (size * maxW) / w);
        cv.haloText(fonts.bold, fit, c.x, c.y + s * (pointy ? 0.3 : 0.36), name, HALO, 'centre');
      });
    }
  }

  if (style.coordinates.show) {
    cv.layer?.('coordinates');
    const size = clamp(s * 0.045, 1.6, 4.5);
    if (textOk(size)) {
      cv.fillStyle(style.lineColour);
      cells.forEach((cell, i) => {
        const c = centres[i]!;
        const y = style.coordinates.position === 'centre' ? c.y + size * 0.35 : c.y - s * (pointy ? 0.36 : 0.5) + s * 0.05 + size * 0.8;
        cv.haloText(fonts.regular, size, c.x, y, grid.label(cell), HALO, 'centre');
      });
    }
  }

  if (layers.units) {
    cv.layer?.('units');
    const u = s * 0.2;
    cells.forEach((_, i) => {
      const list = model.units.get(idx[i]!);
      if (!list) return;
      const c = centres[i]!;
      const perRow = 3;
      list.forEach((unit, k) => {
        const row = Math.floor(k / perRow);
        const inRow = Math.min(perRow, list.length - row * perRow);
        const col = k % perRow;
        const p: Point = { x: c.x + (col - (inRow - 1) / 2) * u * 1.1, y: c.y + s * 0.04 + row * u * 0.35 };
        const side = model.sidesById.get(unit.side);
        const colour = side ? hexToRgb(side.colour) : ([0.6, 0.6, 0.6] as Rgb);
        unitCounter(cv, fonts.bold, p, u, unit, colour, luminance(colour) > 0.55);
      });
    });
  }
}
