// The print layout: everything the PDF writer and the print dialog's live preview need,
// computed once from the scenario and the options, with no drawing in it.
//
// Two coordinate spaces:
// - map space, in millimetres at print scale, (0,0) at the top left of the map's bounding
//   box (the grid geometry called with `size` = cell size in mm);
// - paper space, in PDF points (1/72 in), (0,0) at the top left of the sheet, y down.
//   The PDF writer flips y; a canvas preview can use it as is.
import { gridSpecOf } from '../format/defaults.js';
import { CELL_SIZE_RANGE } from '../format/cell-size.js';
import type { Scenario } from '../format/scenario.types.js';
import { createGrid, type Cell, type GridGeometry, type Point, type Rect } from '../grid/index.js';
import { rowLetters, tileLabel } from './labels.js';
import { PrintOptionsError, requirePrintOptions, type Orientation, type PrintOptions, type PrintOptionsInput } from './options.js';
import { mapScale, type MapScale } from './scale.js';
import { cellLattice, tileAxis, windowStart, type AxisTiling } from './tiling.js';
import { formatLength, mmToPt, toMm, trimNumber, type Length } from './units.js';

export interface Segment {
  a: Point;
  b: Point;
}

/** Page furniture in paper space (pt): where the writer puts text, marks and the ruler. */
export interface PageFurniture {
  /** The rectangle the map window is printed into; crop marks sit at its corners. */
  mapAreaPt: Rect;
  cropMarksPt: Segment[];
  /** Baseline start of the big tile label ("B3"), top left. */
  labelAtPt: Point;
  labelSizePt: number;
  /** Baseline start of the caption after the label. */
  captionAtPt: Point;
  caption: string;
  /** Baseline end (right-aligned) of the "print at 100%" note. */
  noteAtPt: Point;
  note: string;
  /** Zero of the calibration ruler: centimetres above the line, inches below. */
  rulerAtPt: Point;
}

export interface RegistrationMark {
  /** Centre in map space (mm): the same point on every tile that shows it. */
  at: Point;
  radiusMm: number;
}

export interface PrintPage {
  /** 0-based, in print order after the assembly sheet (row by row). */
  index: number;
  /** Tile row letter + column number: "A1", "B3". */
  label: string;
  tileRow: number;
  tileCol: number;
  /** The part of the map this page shows, map space (mm). */
  window: Rect;
  /** Cells wholly inside the window. */
  wholeCells: Cell[];
  /** Cells at least partly inside the window (what the writer draws). */
  cells: Cell[];
  registrationMarks: RegistrationMark[];
  furniture: PageFurniture;
}

export interface AssemblySheet {
  orientation: Orientation;
  pageSizePt: { width: number; height: number };
  /** Paper points per map millimetre (the reduction). */
  scale: number;
  /** Where map point (0,0) lands on the sheet, pt. */
  mapOriginPt: Point;
  /** Each tile's window drawn on the sheet, pt. */
  tiles: { label: string; rectPt: Rect }[];
  titleBlockPt: Rect;
  titleLines: string[];
  furniture: Omit<PageFurniture, 'mapAreaPt' | 'cropMarksPt'> & { mapAreaPt: Rect };
}

export interface PrintLayout {
  options: PrintOptions;
  /** Orientation of the tiles (the chosen one when the option is auto). */
  orientation: Orientation;
  pageSizeMm: { width: number; height: number };
  pageSizePt: { width: number; height: number };
  cellSizeMm: number;
  /** The map's bounding box in map space. */
  mapBounds: Rect;
  /** Tiles across and down. */
  tileCols: number;
  tileRows: number;
  /** The overlap really used between neighbouring tiles, mm (0 where there is one tile). */
  overlapMm: { x: number; y: number };
  /** True when every cell is whole on at least one tile. */
  wholeCellsGuaranteed: boolean;
  pages: PrintPage[];
  /** The reduced overview printed first; null for a single sheet. */
  assembly: AssemblySheet | null;
  scale: MapScale;
  /** Things the user should know (overlap raised, ruler clipped, …). */
  warnings: string[];
  /** "Draft — 3 checks not passing": printed small in each sheet's bottom margin while the scenario's checks fail. */
  draft?: string;
}

/** The line a draft's printed sheets carry: "Draft — 1 check not passing". */
export function draftText(failing: number): string {
  return `Draft \u2014 ${failing} check${failing === 1 ? '' : 's'} not passing`;
}

/** The layout with its sheets marked as a draft when `failing` checks do not pass (unmarked at 0). */
export function markDraft(layout: PrintLayout, failing: number): PrintLayout {
  if (failing <= 0) {
    if (layout.draft === undefined) return layout;
    const { draft: _drop, ...rest } = layout;
    return rest;
  }
  const draft = draftText(failing);
  return layout.draft === draft ? layout : { ...layout, draft };
}

export const PRINT_NOTE = 'Print at 100% / Actual size \u2014 do not fit to page';
const TITLE_BLOCK_MM = 30;

function gridKindText(scenario: Scenario): string {
  const g = scenario.map.grid;
  if (g.kind === 'hex') return `${g.orientation === 'pointy' ? 'pointy-top' : 'flat-top'} hexes`;
  if (g.kind === 'offsetSquare') return 'offset squares';
  if (g.kind === 'network') return 'positions';
  return 'squares';
}

function paperText(options: PrintOptions, orientation: Orientation): string {
  const p = options.paper;
  const name = typeof p === 'string' ? p : `${trimNumber(p.width, 1)} \u00d7 ${trimNumber(p.height, 1)} mm`;
  return `${name} ${orientation}`;
}

function orientedPaper(options: PrintOptions, orientation: Orientation): { width: number; height: number } {
  const short = Math.min(options.paperMm.width, options.paperMm.height);
  const long = Math.max(options.paperMm.width, options.paperMm.height);
  return orientation === 'portrait' ? { width: short, height: long } : { width: long, height: short };
}

function ptRect(x: number, y: number, width: number, height: number): Rect {
  return { x: mmToPt(x), y: mmToPt(y), width: mmToPt(width), height: mmToPt(height) };
}

/** Short strokes outside each corner of `area`, leaving a small gap so they never touch the print. */
function cropMarks(area: Rect, marginPt: number): Segment[] {
  const gap = mmToPt(1.5);
  const len = Math.max(0, Math.min(mmToPt(6), marginPt - gap - mmToPt(1)));
  if (len <= 0) return [];
  const out: Segment[] = [];
  const xs = [area.x, area.x + area.width];
  const ys = [area.y, area.y + area.height];
  for (const [i, x] of xs.entries()) {
    for (const [j, y] of ys.entries()) {
      const sx = i === 0 ? -1 : 1;
      const sy = j === 0 ? -1 : 1;
      out.push({ a: { x: x + sx * gap, y }, b: { x: x + sx * (gap + len), y } });
      out.push({ a: { x, y: y + sy * gap }, b: { x, y: y + sy * (gap + len) } });
    }
  }
  return out;
}

function furniture(
  paper: { width: number; height: number },
  marginMm: number,
  mapArea: Rect,
  caption: string,
  label: string,
  /** The crop marks of `mapArea`, when the caller already has them (every tile shares them). */
  marks?: Segment[],
): PageFurniture {
  const margin = mmToPt(marginMm);
  const labelSizePt = Math.min(16, Math.max(8, mmToPt(marginMm * 0.55)));
  const baseline = margin - Math.min(mmToPt(3), margin * 0.3);
  const labelAt = { x: margin + mmToPt(4), y: baseline };
  return {
    mapAreaPt: mapArea,
    cropMarksPt: marks ?? cropMarks(mapArea, margin),
    labelAtPt: labelAt,
    labelSizePt,
    captionAtPt: { x: labelAt.x + labelSizePt * 0.62 * Math.max(2, label.length) + mmToPt(3), y: baseline },
    caption,
    noteAtPt: { x: mmToPt(paper.width) - margin - mmToPt(4), y: baseline },
    note: PRINT_NOTE,
    rulerAtPt: { x: margin + mmToPt(4), y: mmToPt(paper.height) - margin / 2 },
  };
}

function cellBox(grid: GridGeometry, cell: Cell, size: number, box: { width: number; height: number }): Rect {
  if (grid.network) {
    // Each position has its own drawn size.
    const pts = grid.corners(cell, size);
    const xs = pts.map((p) => p.x);
    const ys = pts.map((p) => p.y);
    return { x: Math.min(...xs), y: Math.min(...ys), width: Math.max(...xs) - Math.min(...xs), height: Math.max(...ys) - Math.min(...ys) };
  }
  const c = grid.center(cell, size);
  return { x: c.x - box.width / 2, y: c.y - box.height / 2, width: box.width, height: box.height };
}

/** Tolerance for "on the line" in map millimetres (far below anything a printer shows). */
const EPS = 1e-6;

/**
 * Index range [lo, hi] of windows along an axis that hold [a, b] wholly, or that share
 * more than a hair's breadth with it. The arithmetic gives candidates; the test itself is
 * done on each window's own start so the answer matches the drawn windows exactly.
 */
function windowRange(axis: AxisTiling, a: number, b: number, whole: boolean): [number, number] {
  const first = axis.count === 1 ? 0 : Math.max(0, Math.floor((a - axis.start - axis.window) / axis.stride) - 1);
  const last = axis.count === 1 ? 0 : Math.min(axis.count - 1, Math.ceil((b - axis.start) / axis.stride) + 1);
  let lo = last + 1;
  let hi = -1;
  for (let i = first; i <= last; i++) {
    const s = windowStart(axis, i);
    const e = s + axis.window;
    const ok = whole ? a >= s - EPS && b <= e + EPS : Math.min(b, e) - Math.max(a, s) > EPS;
    if (ok) {
      lo = Math.min(lo, i);
      hi = Math.max(hi, i);
    }
  }
  return [lo, hi];
}

function registrationMarks(tx: AxisTiling, ty: AxisTiling): RegistrationMark[] {
  const marks: RegistrationMark[] = [];
  const radius = (ov: number): number => Math.min(4, ov / 2 - 0.5);
  const rx = radius(tx.overlap);
  if (tx.count > 1 && rx >= 1.5) {
    for (let c = 0; c + 1 < tx.count; c++) {
      const x = windowStart(tx, c + 1) + tx.overlap / 2;
      for (let r = 0; r < ty.count; r++) {
        for (const f of [0.25, 0.75]) marks.push({ at: { x, y: windowStart(ty, r) + ty.window * f }, radiusMm: rx });
      }
    }
  }
  const ry = radius(ty.overlap);
  if (ty.count > 1 && ry >= 1.5) {
    for (let r = 0; r + 1 < ty.count; r++) {
      const y = windowStart(ty, r + 1) + ty.overlap / 2;
      for (let c = 0; c < tx.count; c++) {
        for (const f of [0.25, 0.75]) marks.push({ at: { x: windowStart(tx, c) + tx.window * f, y }, radiusMm: ry });
      }
    }
  }
  return marks;
}

interface Tiling {
  orientation: Orientation;
  paper: { width: number; height: number };
  x: AxisTiling;
  y: AxisTiling;
}

function tileFor(options: PrintOptions, bounds: Rect, pad: number, lattice: ReturnType<typeof cellLattice> | null, orientation: Orientation): Tiling {
  const paper = orientedPaper(options, orientation);
  const pw = paper.width - 2 * options.marginMm;
  const ph = paper.height - 2 * options.marginMm;
  const problems = [];
  if (pw < 30 || ph < 30) problems.push({ field: 'marginMm', message: `leaves less than 30 mm to print on a ${trimNumber(paper.width)} \u00d7 ${trimNumber(paper.height)} mm sheet` });
  else if (options.overlapMm > Math.min(pw, ph) / 2) problems.push({ field: 'overlapMm', message: `must be at most half the printable area (${trimNumber(Math.min(pw, ph) / 2, 1)} mm here)` });
  if (problems.length) throw new PrintOptionsError(problems);
  const x = tileAxis({ length: bounds.width, pad, printable: pw, overlap: options.overlapMm, lattice: lattice?.x ?? null });
  const y = tileAxis({ length: bounds.height, pad, printable: ph, overlap: options.overlapMm, lattice: lattice?.y ?? null });
  return { orientation, paper, x, y };
}

/** Clearance around the map so the outermost grid lines and labels are never cut. */
export const mapPadMm = (options: PrintOptions): number => Math.max(1, options.lineWidthMm * 2);

export function gridFor(scenario: Scenario, options?: Pick<PrintOptions, 'coordinates'>): GridGeometry {
  // A network labels each position itself; its geometry needs the map's cell size.
  if (scenario.map.grid.kind === 'network') return createGrid(gridSpecOf(scenario));
  const style = options?.coordinates.style;
  const labels = style === undefined || style === 'none' ? scenario.map.grid.labels : style;
  return createGrid({ ...scenario.map.grid, labels });
}

/**
 * The most tiles one print job may have. 1,000 A4 sheets cover about 30 m² of table, far
 * beyond any mat; past it the PDF, the preview and the paper stop making sense, so the layout
 * is refused with a way out instead of being computed.
 */
export const MAX_PRINT_PAGES = 1000;

export interface LayoutLimits {
  /** Tiles allowed (default MAX_PRINT_PAGES); benchmarks lift it to time the arithmetic alone. */
  maxPages?: number;
}

/** The tiling layoutPrint would choose for a cell `size` mm across (tiled jobs only). */
function chooseTiling(options: PrintOptions, grid: GridGeometry, size: number): Tiling {
  const bounds = grid.bounds(size);
  const pad = mapPadMm(options);
  // Positions of a network lie anywhere, so no lattice keeps them whole on page joins.
  const lattice = options.wholeCells && !grid.network ? cellLattice(grid.spec, size) : null;
  const choices: Orientation[] = options.orientation === 'auto' ? ['portrait', 'landscape'] : [options.orientation];
  const tilings = choices.map((o) => tileFor(options, bounds, pad, lattice, o));
  return tilings.reduce((best, t) => (t.x.count * t.y.count < best.x.count * best.y.count ? t : best));
}

const thousands = (n: number): string => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/**
 * The largest cell size, in the unit the user chose and on a step of it they can type
 * (1 mm, 0.1 cm, 0.05 in), whose tiling fits in `maxPages`; null when even the smallest does not.
 */
export function largestCellFitting(scenario: Scenario, options: PrintOptions, maxPages: number): Length | null {
  const grid = gridFor(scenario, options);
  const unit = options.cellSize.unit;
  const mmPer = toMm({ value: 1, unit });
  const step = unit === 'mm' ? 1 : unit === 'cm' ? 0.1 : 0.05;
  const { min } = CELL_SIZE_RANGE[unit];
  const pages = (value: number): number => {
    try {
      const t = chooseTiling(options, grid, value * mmPer);
      return t.x.count * t.y.count;
    } catch {
      return Infinity;
    }
  };
  // Pages grow with the cell size: the largest whole step below the current size that fits.
  let lo = Math.ceil(min / step - 1e-9);
  let hi = Math.floor(options.cellSize.value / step + 1e-9);
  if (pages(lo * step) > maxPages) return null;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (pages(mid * step) <= maxPages) lo = mid;
    else hi = mid - 1;
  }
  return { value: Number((lo * step).toFixed(2)), unit };
}

/** Why a tiling has too many pages, with what to do about it. */
function tooManyPages(scenario: Scenario, options: PrintOptions, tiling: Tiling, maxPages: number): PrintOptionsError {
  const count = tiling.x.count * tiling.y.count;
  const smaller = largestCellFitting(scenario, options, maxPages);
  const way = smaller
    ? `use a cell of ${formatLength(smaller)} or less, or print the whole map on a single sheet for a plotter or print shop`
    : 'print the whole map on a single sheet for a plotter or print shop, or use larger paper';
  return new PrintOptionsError([
    {
      field: 'cellSize',
      message: `at ${formatLength(options.cellSize)} this map needs ${thousands(count)} pages (${tiling.y.count} rows \u00d7 ${tiling.x.count} columns of ${paperText(options, tiling.orientation)}); one print job has at most ${thousands(maxPages)}: ${way}`,
    },
  ]);
}

export function layoutPrint(scenario: Scenario, input: PrintOptionsInput = {}, limits: LayoutLimits = {}): PrintLayout {
  const options = requirePrintOptions(scenario, input);
  const grid = gridFor(scenario, options);
  const size = options.cellSizeMm;
  const bounds = grid.bounds(size);
  const pad = mapPadMm(options);
  const maxPages = limits.maxPages ?? MAX_PRINT_PAGES;
  const cellText = `${formatLength(options.cellSize)} ${gridKindText(scenario)}`;
  const scale = mapScale(scenario.map.groundScaleKm, size, formatLength(options.cellSize));
  const warnings: string[] = [];

  let tiling: Tiling;
  if (options.singleSheet) {
    // One sheet as large as the map plus margins; the top margin holds the caption.
    const m = options.marginMm;
    const paper = { width: bounds.width + 2 * pad + 2 * m, height: bounds.height + 2 * pad + 2 * m };
    const one = (length: number): AxisTiling => ({ count: 1, start: -pad, stride: 0, window: length + 2 * pad, overlap: 0, wholeCells: true });
    tiling = { orientation: paper.width > paper.height ? 'landscape' : 'portrait', paper, x: one(bounds.width), y: one(bounds.height) };
  } else {
    tiling = chooseTiling(options, grid, size);
    if (tiling.x.count * tiling.y.count > maxPages) throw tooManyPages(scenario, options, tiling, maxPages);
    if (options.wholeCells && !grid.network && (!tiling.x.wholeCells || !tiling.y.wholeCells)) {
      warnings.push(`A ${formatLength(options.cellSize)} cell does not fit whole on one ${paperText(options, tiling.orientation)} page inside the margins; cells on page joins are split.`);
    }
    for (const [axis, name] of [[tiling.x, 'across'], [tiling.y, 'down']] as const) {
      if (axis.count > 1 && axis.overlap > options.overlapMm + EPS) {
        warnings.push(`Overlap ${name} raised from ${trimNumber(options.overlapMm, 1)} mm to ${trimNumber(axis.overlap, 1)} mm so that every cell is whole on at least one page.`);
      }
    }
  }
  if (options.marginMm < 8) warnings.push('Margins under 8 mm leave little room for the tile label and the calibration ruler; some printers cut them off.');

  const { x: tx, y: ty, paper } = tiling;
  const margin = options.marginMm;
  const placeX = margin + (paper.width - 2 * margin - tx.window) / 2;
  const placeY = margin + (paper.height - 2 * margin - ty.window) / 2;
  // Each registration mark goes to the pages that show it whole, found from the window
  // arithmetic (filtering every mark for every page grew with the square of the page count).
  const marksOn: RegistrationMark[][] = Array.from({ length: tx.count * ty.count }, () => []);
  for (const m of registrationMarks(tx, ty)) {
    const [c0, c1] = windowRange(tx, m.at.x - m.radiusMm, m.at.x + m.radiusMm, true);
    const [r0, r1] = windowRange(ty, m.at.y - m.radiusMm, m.at.y + m.radiusMm, true);
    for (let r = r0; r <= r1; r++) for (let c = c0; c <= c1; c++) marksOn[r * tx.count + c]!.push(m);
  }

  // Every tile prints its window in the same place on the sheet: one map area, one set of crop marks.
  const mapArea = ptRect(placeX, placeY, tx.window, ty.window);
  const crops = cropMarks(mapArea, mmToPt(margin));
  const pages: PrintPage[] = [];
  for (let r = 0; r < ty.count; r++) {
    for (let c = 0; c < tx.count; c++) {
      const label = options.singleSheet ? 'A1' : tileLabel(r, c);
      const window = { x: windowStart(tx, c), y: windowStart(ty, r), width: tx.window, height: ty.window };
      const caption = options.singleSheet
        ? `${scenario.title} \u00b7 ${cellText} \u00b7 ${scale.text}`
        : `${scenario.title} \u00b7 tile ${label} (row ${rowLetters(r)}, column ${c + 1}) of ${ty.count} \u00d7 ${tx.count} \u00b7 ${cellText}`;
      pages.push({
        index: pages.length,
        label,
        tileRow: r,
        tileCol: c,
        window,
        wholeCells: [],
        cells: [],
        registrationMarks: marksOn[r * tx.count + c]!,
        furniture: furniture(paper, margin, mapArea, caption, options.singleSheet ? '' : label, crops),
      });
    }
  }

  // Each cell goes to the pages that hold it, found from the window arithmetic directly.
  const box = grid.cellBox(size);
  for (let i = 0; i < grid.cellCount; i++) {
    const cell = grid.cellAt(i);
    const b = cellBox(grid, cell, size, box);
    const [wx0, wx1] = windowRange(tx, b.x, b.x + b.width, true);
    const [wy0, wy1] = windowRange(ty, b.y, b.y + b.height, true);
    for (let r = wy0; r <= wy1; r++) for (let c = wx0; c <= wx1; c++) pages[r * tx.count + c]!.wholeCells.push(cell);
    const [tx0, tx1] = windowRange(tx, b.x, b.x + b.width, false);
    const [ty0, ty1] = windowRange(ty, b.y, b.y + b.height, false);
    for (let r = ty0; r <= ty1; r++) for (let c = tx0; c <= tx1; c++) pages[r * tx.count + c]!.cells.push(cell);
  }

  const layout: PrintLayout = {
    options,
    orientation: tiling.orientation,
    pageSizeMm: paper,
    pageSizePt: { width: mmToPt(paper.width), height: mmToPt(paper.height) },
    cellSizeMm: size,
    mapBounds: bounds,
    tileCols: tx.count,
    tileRows: ty.count,
    overlapMm: { x: tx.overlap, y: ty.overlap },
    wholeCellsGuaranteed: tx.wholeCells && ty.wholeCells,
    pages,
    assembly: null,
    scale,
    warnings,
  };
  if (!options.singleSheet) layout.assembly = assemblySheet(scenario, layout, tiling, cellText);
  return layout;
}

function tilesText(layout: PrintLayout): string {
  const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;
  const rows = layout.tileRows === 1 ? 'row A' : `rows A\u2013${rowLetters(layout.tileRows - 1)}`;
  const cols = layout.tileCols === 1 ? 'column 1' : `columns 1\u2013${layout.tileCols}`;
  return `${plural(layout.pages.length, 'tile')} (${plural(layout.tileRows, 'row')} \u00d7 ${plural(layout.tileCols, 'column')}: ${rows}, ${cols})`;
}

function assemblySheet(scenario: Scenario, layout: PrintLayout, tiling: Tiling, cellText: string): AssemblySheet {
  const { options } = layout;
  const { x: tx, y: ty } = tiling;
  const extent = {
    x: tx.start,
    y: ty.start,
    width: (tx.count - 1) * tx.stride + tx.window,
    height: (ty.count - 1) * ty.stride + ty.window,
  };
  const m = options.marginMm;
  const fit = (o: Orientation): { o: Orientation; paper: { width: number; height: number }; k: number } => {
    const paper = orientedPaper(options, o);
    const aw = paper.width - 2 * m;
    const ah = paper.height - 2 * m - TITLE_BLOCK_MM - 4;
    return { o, paper, k: Math.min(aw / extent.width, ah / extent.height) };
  };
  const best = [fit('portrait'), fit('landscape')].reduce((a, b) => (b.k > a.k ? b : a));
  const { paper, k } = best;
  const drawnW = extent.width * k;
  const drawnH = extent.height * k;
  const areaH = paper.height - 2 * m - TITLE_BLOCK_MM - 4;
  const left = m + (paper.width - 2 * m - drawnW) / 2;
  const top = m + (areaH - drawnH) / 2;
  const toSheet = (x: number, y: number): Point => ({ x: mmToPt(left + (x - extent.x) * k), y: mmToPt(top + (y - extent.y) * k) });
  const origin = toSheet(0, 0);
  const tiles = layout.pages.map((p) => {
    const a = toSheet(p.window.x, p.window.y);
    return { label: p.label, rectPt: { x: a.x, y: a.y, width: mmToPt(p.window.width * k), height: mmToPt(p.window.height * k) } };
  });
  const overlap =
    layout.tileCols > 1 || layout.tileRows > 1
      ? `overlap ${trimNumber(Math.max(layout.overlapMm.x, layout.overlapMm.y), 1)} mm`
      : 'no overlap';
  const titleLines = [
    scenario.title,
    `Cell size: ${formatLength(options.cellSize)} across flats (${gridKindText(scenario)})`,
    `Ground scale: ${layout.scale.text}`,
    `${tilesText(layout)} on ${paperText(options, layout.orientation)}, ${overlap}, margins ${trimNumber(m, 1)} mm. Assembly sheet at ${trimNumber(k * 100, 1)}%.`,
  ];
  const mapArea = ptRect(left, top, drawnW, drawnH);
  const f = furniture(paper, m, mapArea, `${scenario.title} \u00b7 assembly sheet \u00b7 ${layout.scale.text}`, 'Assembly');
  return {
    orientation: best.o,
    pageSizePt: { width: mmToPt(paper.width), height: mmToPt(paper.height) },
    scale: mmToPt(k),
    mapOriginPt: origin,
    tiles,
    titleBlockPt: ptRect(m, paper.height - m - TITLE_BLOCK_MM, paper.width - 2 * m, TITLE_BLOCK_MM),
    titleLines,
    furniture: {
      mapAreaPt: mapArea,
      labelAtPt: f.labelAtPt,
      labelSizePt: f.labelSizePt,
      captionAtPt: f.captionAtPt,
      caption: f.caption,
      noteAtPt: f.noteAtPt,
      note: f.note,
      rulerAtPt: f.rulerAtPt,
    },
  };
}
