// Image export layout: what a PNG of the map (or of part of it) shows and at what size,
// computed once from the scenario and the export options with no drawing in it. The Node
// raster (electron/print/raster.ts), the command line (`npm run export`) and the app's Export
// image dialog all read it, so the dialog states the very size the file gets.
//
// The map is drawn by the one map painter (shared/paint) in map millimetres at the printed cell
// size (the scenario's map.cellSize unless another is given), with the look the screen and the
// SVG export have, and the map frame of shared/paint/frame.ts round it when asked. The image
// size picks how many pixels a millimetre gets:
// - `widthPx`: the whole image (frame included) is that many pixels wide;
// - `dpi`: the map at print scale, at that many pixels per inch;
// - `cellPx`: that many pixels across a cell (across flats; a square's side).
import type { ValidationIssue } from '../format/issues.js';
import { migrateScenario, MigrationError } from '../format/migrate.js';
import { scenarioSchemaIssues } from '../format/validate.js';
import type { Scenario } from '../format/scenario.types.js';
import type { Rect } from '../grid/index.js';
import { anyFrame, FULL_FRAME, frameLayout, NO_FRAME, type FrameParts } from '../paint/frame.js';
import { buildPaintModel } from '../paint/model.js';
import { defaultStyle, type PaintStyle, type SmallNames } from '../paint/painter.js';
import { gridFor, mapPadMm } from './layout.js';
import type { PrintModel } from './model.js';
import { PrintOptionsError, requirePrintOptions, type CoordinateStyle, type PrintLayers, type PrintOptions } from './options.js';
import { MM_PER_INCH, type Length } from './units.js';

export type ImageSize = { widthPx: number } | { dpi: number } | { cellPx: number };

export interface ImageExportInput {
  size: ImageSize;
  /**
   * The part of the map to show, in cell units (one cell is 1 across flats, (0,0) the top
   * left of the map's bounding box): the designer's current view. Left out: the whole map.
   */
  view?: Rect;
  /** The map frame (title cartouche, legend, scale bar, north arrow, border coordinates): true for all of it. */
  frame?: boolean | Partial<FrameParts>;
  /** Layers on or off; the rest as a full print shows them (units off). */
  layers?: Partial<PrintLayers>;
  /** The cell outlines (default on). */
  grid?: boolean;
  /** Cell coordinates; default the scenario's label scheme. */
  coordinates?: CoordinateStyle;
  /** Print scale for `dpi` (and the mm sizes of lines and text); default the scenario's cell size. */
  cellSize?: Length;
  /** Draw the traced underlay picture; default what the scenario says (map.underlay.print), never otherwise. */
  underlay?: boolean;
  /** Place names smaller than legible at this size: drawn at the legible minimum (default) or left out. */
  smallNames?: SmallNames;
}

export interface ImageLayout {
  widthPx: number;
  heightPx: number;
  /** Image pixels per map millimetre. */
  pxPerMm: number;
  /** Pixels per inch of the map at print scale. */
  dpi: number;
  cellSizeMm: number;
  /** The part of the map shown, map mm. */
  area: Rect;
  /** The whole picture (map, its margin and the frame), map mm: image pixel (0, 0) is its top left. */
  picture: Rect;
  options: PrintOptions;
  style: PaintStyle;
  frame: FrameParts;
  title: string;
  /** Whether the underlay picture is drawn (the scenario has one and it was asked for). */
  underlay: boolean;
}

/**
 * A scenario file read for drawing: migrated to the current format and held to the schema,
 * which is all the drawing code needs. The semantic checks (stacking, schedules, cells of
 * units and features on the map...) are left out on purpose, as the paint model is lenient:
 * a draft with problems can still be looked at, and what cannot be drawn is skipped and
 * reported (PrintModel.skipped). They also cost more than drawing a small image.
 */
export function scenarioForDrawing(json: unknown): { ok: true; scenario: Scenario; notes: string[] } | { ok: false; issues: ValidationIssue[] } {
  let migrated;
  try {
    migrated = migrateScenario(json);
  } catch (err) {
    if (err instanceof MigrationError) return { ok: false, issues: [{ pointer: err.pointer, message: err.message, severity: 'error' }] };
    throw err;
  }
  const issues = scenarioSchemaIssues(migrated.scenario);
  if (issues.length) return { ok: false, issues };
  return { ok: true, scenario: migrated.scenario as Scenario, notes: migrated.notes };
}

/** Largest side and pixel count an image export makes (a PNG's limits are far beyond; these keep a typo from running for an hour). */
export const MAX_IMAGE_SIDE = 100_000;
export const MAX_IMAGE_MEGAPIXELS = 1500;

/** Text under this many pixels is left out of an image (or, for place names, enlarged to it). */
export const IMAGE_MIN_TEXT_PX = 6;
/** A network map's position names in an image are drawn at least this large where they fit (the map is read by them). */
export const IMAGE_NETWORK_NAME_PX = 9;

const problem = (field: string, message: string): PrintOptionsError => new PrintOptionsError([{ field, message }]);

/** The frame parts an input asks for. */
export function framePartsOf(frame: ImageExportInput['frame']): FrameParts {
  if (frame === true) return FULL_FRAME;
  if (!frame) return NO_FRAME;
  return { ...NO_FRAME, ...frame };
}

/** The painter's style of an image export: the screen's look, at `pxPerMm` image pixels per map mm. */
export function imageStyle(options: PrintOptions, input: Pick<ImageExportInput, 'grid'>, pxPerMm: number): PaintStyle {
  const l = options.layers;
  const base = defaultStyle(pxPerMm, {
    terrain: l.terrain,
    symbols: l.terrain,
    control: l.control,
    rivers: l.rivers,
    roads: l.roads,
    grid: input.grid ?? true,
    markers: l.markers,
    names: l.names,
    coordinates: options.coordinates.style !== 'none',
    units: l.units,
  });
  return { ...base, coordinates: options.coordinates.position, minTextPx: IMAGE_MIN_TEXT_PX, labelMinPx: IMAGE_NETWORK_NAME_PX, smallNames: options.smallNames };
}

/** Reads the scenario's map for an image (at the printed cell size, mm). */
export function imageModel(scenario: Scenario, layout: ImageLayout): PrintModel {
  return { ...buildPaintModel(scenario, gridFor(scenario, layout.options)), size: layout.cellSizeMm };
}

export function layoutImage(scenario: Scenario, input: ImageExportInput): ImageLayout {
  const frame = framePartsOf(input.frame);
  const options = requirePrintOptions(scenario, {
    mode: 'full',
    ...(input.cellSize ? { cellSize: input.cellSize } : {}),
    ...(input.layers ? { layers: input.layers } : {}),
    ...(input.coordinates ? { coordinates: { style: input.coordinates } } : {}),
    frame,
    ...(input.underlay !== undefined ? { underlay: input.underlay } : {}),
    ...(input.smallNames !== undefined ? { smallNames: input.smallNames } : {}),
  });
  const s = options.cellSizeMm;
  const grid = gridFor(scenario, options);
  const bounds = grid.bounds(s);
  const framed = anyFrame(frame);
  // Without a frame a thin margin keeps the outer lines whole; the frame has its own.
  const pad = framed ? 0 : mapPadMm(options);
  let area: Rect = { x: bounds.x - pad, y: bounds.y - pad, width: bounds.width + 2 * pad, height: bounds.height + 2 * pad };
  if (input.view) {
    const v = input.view;
    if (![v.x, v.y, v.width, v.height].every(Number.isFinite) || !(v.width > 0 && v.height > 0)) throw problem('view', 'must be a rectangle with a positive width and height');
    // Only what the map covers: a view scrolled past the edge shows no empty paper.
    const x0 = Math.max(area.x, v.x * s);
    const y0 = Math.max(area.y, v.y * s);
    const x1 = Math.min(area.x + area.width, (v.x + v.width) * s);
    const y1 = Math.min(area.y + area.height, (v.y + v.height) * s);
    if (!(x1 > x0 && y1 > y0)) throw problem('view', 'shows no part of the map');
    area = { x: x0, y: y0, width: x1 - x0, height: y1 - y0 };
  }
  // The frame's size does not depend on the scale (it is in map units), so the picture is known
  // before the pixels per millimetre are.
  const picture = framed ? frameLayout(buildPaintModel(scenario, grid), area, s, frame, defaultStyle(1)).outer : area;

  const size = input.size;
  let pxPerMm: number;
  if ('widthPx' in size) {
    if (!(Number.isInteger(size.widthPx) && size.widthPx >= 16 && size.widthPx <= MAX_IMAGE_SIDE)) throw problem('widthPx', `must be a whole number of pixels from 16 to ${MAX_IMAGE_SIDE}`);
    pxPerMm = size.widthPx / picture.width;
  } else if ('dpi' in size) {
    if (!(Number.isFinite(size.dpi) && size.dpi >= 1 && size.dpi <= 2400)) throw problem('dpi', 'must be from 1 to 2400 pixels per inch');
    pxPerMm = size.dpi / MM_PER_INCH;
  } else if ('cellPx' in size) {
    if (!(Number.isFinite(size.cellPx) && size.cellPx >= 1 && size.cellPx <= 2000)) throw problem('cellPx', 'must be from 1 to 2000 pixels per cell');
    pxPerMm = size.cellPx / s;
  } else throw problem('size', 'give a width in pixels, a dpi or pixels per cell');

  const widthPx = 'widthPx' in size ? size.widthPx : Math.max(1, Math.ceil(picture.width * pxPerMm - 1e-6));
  const heightPx = Math.max(1, Math.ceil(picture.height * pxPerMm - 1e-6));
  if (widthPx > MAX_IMAGE_SIDE || heightPx > MAX_IMAGE_SIDE) throw problem('size', `makes an image of ${widthPx} \u00d7 ${heightPx} px; at most ${MAX_IMAGE_SIDE} px a side`);
  const megapixels = (widthPx * heightPx) / 1e6;
  if (megapixels > MAX_IMAGE_MEGAPIXELS) throw problem('size', `makes an image of ${Math.round(megapixels)} megapixels; at most ${MAX_IMAGE_MEGAPIXELS}`);

  return {
    widthPx,
    heightPx,
    pxPerMm,
    dpi: pxPerMm * MM_PER_INCH,
    cellSizeMm: s,
    area,
    picture,
    options,
    style: imageStyle(options, input, pxPerMm),
    frame,
    title: scenario.title,
    underlay: options.underlay,
  };
}
