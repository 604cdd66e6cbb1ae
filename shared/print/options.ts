// Print options: what the user picks in the print dialog (or on the command line), with
// defaults that depend on the mode and the scenario. `resolvePrintOptions` checks every
// field and names the bad ones, so neither the preview nor the PDF writer sees nonsense.
import { cellSizeProblem } from '../format/cell-size.js';
import type { Scenario } from '../format/scenario.types.js';
import { NO_FRAME, type FrameParts } from '../paint/frame.js';
import type { SmallNames } from '../paint/place-names.js';
import { underlayWanted } from '../paint/underlay.js';
import { PAPER_SIZES_MM, isPaperName, toMm, type Length, type PaperName } from './units.js';

export type PrintMode = 'grid' | 'coords' | 'full' | 'outline';
export type Orientation = 'portrait' | 'landscape';
/** How cell coordinates print: 0307, 3,7, C7 (all from 1), or not at all. */
export type CoordinateStyle = 'CCRR' | 'col,row' | 'A1' | 'none';
export type CoordinatePosition = 'centre' | 'top';

export interface PrintLayers {
  terrain: boolean;
  rivers: boolean;
  /** Roads and railways (and the bridges where they cross rivers). */
  roads: boolean;
  control: boolean;
  /** Supply bases, victory cells, fortifications, entry cells. */
  markers: boolean;
  names: boolean;
  units: boolean;
}

export type PaperChoice = PaperName | { width: number; height: number };

/** What a caller may set; everything is optional. Lengths in millimetres unless typed. */
export interface PrintOptionsInput {
  mode?: PrintMode;
  /** Across flats (a square's side); defaults to the scenario's map.cellSize. */
  cellSize?: Length;
  paper?: PaperChoice;
  orientation?: Orientation | 'auto';
  marginMm?: number;
  overlapMm?: number;
  lineWidthMm?: number;
  /** "#rrggbb" */
  lineColour?: string;
  coordinates?: Partial<{ style: CoordinateStyle; position: CoordinatePosition }>;
  layers?: Partial<PrintLayers>;
  /** The whole mat on one page as large as the map (for print shops). */
  singleSheet?: boolean;
  /**
   * Keep every cell whole on at least one tile: page windows step by whole cell rows and
   * columns, and the overlap grows to the least that guarantees it if the setting is less.
   * Off by default: plain tiling keeps the overlap exactly as set and needs far fewer
   * sheets (a 7×7 map of 10 cm hexes: 12 A4 tiles instead of 28); split cells join up
   * when the tiles are assembled.
   */
  wholeCells?: boolean;
  /**
   * The map frame round a single-sheet map: title cartouche, legend of what the map uses, scale
   * bar, north arrow, coordinates on the border. Each part on or off; all off by default.
   */
  frame?: Partial<FrameParts>;
  /** Draw the traced underlay picture (map.underlay) over the map; default the scenario's own `print` flag. */
  underlay?: boolean;
  /**
   * Place names too small to read at this scale (under 1.3 mm on paper, 6 px in an image):
   * drawn at that minimum where they clear more important names (`enlarge`, the default), or
   * left out (`omit`). Either way the output says how many names it enlarged or left out.
   */
  smallNames?: SmallNames;
}

export interface PrintOptions {
  mode: PrintMode;
  cellSize: Length;
  cellSizeMm: number;
  paper: PaperChoice;
  /** Portrait paper size in mm (custom sizes as given). */
  paperMm: { width: number; height: number };
  orientation: Orientation | 'auto';
  marginMm: number;
  overlapMm: number;
  lineWidthMm: number;
  lineColour: string;
  coordinates: { style: CoordinateStyle; position: CoordinatePosition };
  layers: PrintLayers;
  singleSheet: boolean;
  wholeCells: boolean;
  frame: FrameParts;
  /** The underlay is drawn (the scenario has one, and it was asked for). */
  underlay: boolean;
  smallNames: SmallNames;
}

export interface PrintOptionProblem {
  /** The option at fault, e.g. "overlapMm" or "layers.rivers". */
  field: string;
  message: string;
}

export type ResolvedPrintOptions = { ok: true; options: PrintOptions } | { ok: false; problems: PrintOptionProblem[] };

export class PrintOptionsError extends Error {
  readonly problems: PrintOptionProblem[];
  constructor(problems: PrintOptionProblem[]) {
    super(`Invalid print options: ${problems.map((p) => `${p.field}: ${p.message}`).join('; ')}`);
    this.name = 'PrintOptionsError';
    this.problems = problems;
  }
}

const NO_LAYERS: PrintLayers = {
  terrain: false,
  rivers: false,
  roads: false,
  control: false,
  markers: false,
  names: false,
  units: false,
};

/** What each mode shows unless the caller switches layers on or off. */
export const MODE_DEFAULTS: Readonly<Record<PrintMode, { layers: PrintLayers; coordinates: boolean }>> = {
  grid: { layers: NO_LAYERS, coordinates: false },
  coords: { layers: NO_LAYERS, coordinates: true },
  full: {
    layers: { terrain: true, rivers: true, roads: true, control: true, markers: true, names: true, units: false },
    coordinates: true,
  },
  outline: {
    layers: { terrain: true, rivers: true, roads: true, control: false, markers: true, names: true, units: false },
    coordinates: true,
  },
};

export const DEFAULT_MARGIN_MM = 10;
export const DEFAULT_OVERLAP_MM = 10;
export const DEFAULT_LINE_WIDTH_MM = 0.3;
export const DEFAULT_LINE_COLOUR = '#1a1a1a';

const MODES: readonly PrintMode[] = ['grid', 'coords', 'full', 'outline'];
const LAYER_NAMES = Object.keys(NO_LAYERS) as (keyof PrintLayers)[];

function finite(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

export function resolvePrintOptions(scenario: Scenario, input: PrintOptionsInput = {}): ResolvedPrintOptions {
  const problems: PrintOptionProblem[] = [];
  const bad = (field: string, message: string): void => void problems.push({ field, message });

  const mode = input.mode ?? 'full';
  if (!MODES.includes(mode)) bad('mode', `must be one of ${MODES.join(', ')}; got ${JSON.stringify(mode)}`);
  const modeDefaults = MODE_DEFAULTS[MODES.includes(mode) ? mode : 'full'];

  // The one cell-size range, as the scenario schema states it.
  const cellSize = input.cellSize ?? scenario.map.cellSize;
  const cellProblem = cellSizeProblem(cellSize);
  const cellSizeMm = cellProblem === null ? toMm(cellSize) : NaN;
  if (cellProblem !== null) bad('cellSize', cellProblem);

  const paper = input.paper ?? 'A4';
  let paperMm = { width: NaN, height: NaN };
  if (typeof paper === 'string') {
    if (isPaperName(paper)) paperMm = { ...PAPER_SIZES_MM[paper] };
    else bad('paper', `must be A4, A3, A2, Letter, Legal, Tabloid or a custom size; got ${JSON.stringify(paper)}`);
  } else if (paper && finite(paper.width) && finite(paper.height) && paper.width >= 50 && paper.height >= 50 && paper.width <= 20000 && paper.height <= 20000) {
    paperMm = { width: paper.width, height: paper.height };
  } else {
    bad('paper', `a custom paper needs a width and height from 50 mm to 20 m; got ${JSON.stringify(paper)}`);
  }

  const orientation = input.orientation ?? 'auto';
  if (!['auto', 'portrait', 'landscape'].includes(orientation)) {
    bad('orientation', `must be auto, portrait or landscape; got ${JSON.stringify(orientation)}`);
  }

  const marginMm = input.marginMm ?? DEFAULT_MARGIN_MM;
  if (!finite(marginMm) || marginMm < 3 || marginMm > 100) bad('marginMm', `must be from 3 to 100 mm; got ${JSON.stringify(marginMm)}`);
  const overlapMm = input.overlapMm ?? DEFAULT_OVERLAP_MM;
  if (!finite(overlapMm) || overlapMm < 0 || overlapMm > 200) bad('overlapMm', `must be from 0 to 200 mm; got ${JSON.stringify(overlapMm)}`);
  const lineWidthMm = input.lineWidthMm ?? DEFAULT_LINE_WIDTH_MM;
  if (!finite(lineWidthMm) || lineWidthMm < 0.05 || lineWidthMm > 5) bad('lineWidthMm', `must be from 0.05 to 5 mm; got ${JSON.stringify(lineWidthMm)}`);
  const lineColour = input.lineColour ?? DEFAULT_LINE_COLOUR;
  if (typeof lineColour !== 'string' || !/^#[0-9a-fA-F]{6}$/.test(lineColour)) bad('lineColour', `must be a colour like #1a1a1a; got ${JSON.stringify(lineColour)}`);

  // By default coordinates read the way the scenario labels its cells everywhere else.
  const style = input.coordinates?.style ?? (modeDefaults.coordinates ? (scenario.map.grid.kind === 'network' ? 'CCRR' : (scenario.map.grid.labels ?? 'CCRR')) : 'none');
  if (!['CCRR', 'col,row', 'A1', 'none'].includes(style)) bad('coordinates.style', `must be CCRR, col,row, A1 or none; got ${JSON.stringify(style)}`);
  const position = input.coordinates?.position ?? 'top';
  if (!['centre', 'top'].includes(position)) bad('coordinates.position', `must be centre or top; got ${JSON.stringify(position)}`);

  const layers: PrintLayers = { ...modeDefaults.layers };
  for (const [name, value] of Object.entries(input.layers ?? {})) {
    if (!(LAYER_NAMES as string[]).includes(name)) bad(`layers.${name}`, `is not a layer (${LAYER_NAMES.join(', ')})`);
    else if (typeof value !== 'boolean') bad(`layers.${name}`, `must be true or false; got ${JSON.stringify(value)}`);
    else layers[name as keyof PrintLayers] = value;
  }

  const frame: FrameParts = { ...NO_FRAME };
  for (const [name, value] of Object.entries(input.frame ?? {})) {
    if (!(name in NO_FRAME)) bad(`frame.${name}`, `is not a part of the map frame (${Object.keys(NO_FRAME).join(', ')})`);
    else if (typeof value !== 'boolean') bad(`frame.${name}`, `must be true or false; got ${JSON.stringify(value)}`);
    else frame[name as keyof FrameParts] = value;
  }

  if (input.underlay !== undefined && typeof input.underlay !== 'boolean') bad('underlay', `must be true or false; got ${JSON.stringify(input.underlay)}`);
  const smallNames = input.smallNames ?? 'enlarge';
  if (smallNames !== 'enlarge' && smallNames !== 'omit') bad('smallNames', `must be enlarge or omit; got ${JSON.stringify(smallNames)}`);

  if (problems.length > 0) return { ok: false, problems };
  return {
    ok: true,
    options: {
      mode,
      cellSize: { ...cellSize },
      cellSizeMm,
      paper,
      paperMm,
      orientation,
      marginMm,
      overlapMm,
      lineWidthMm,
      lineColour,
      coordinates: { style, position },
      layers,
      singleSheet: input.singleSheet ?? false,
      wholeCells: input.wholeCells ?? false,
      frame,
      underlay: underlayWanted(scenario.map.underlay, input.underlay),
      smallNames,
    },
  };
}

/** Like resolvePrintOptions, but throws a PrintOptionsError listing every problem. */
export function requirePrintOptions(scenario: Scenario, input: PrintOptionsInput = {}): PrintOptions {
  const result = resolvePrintOptions(scenario, input);
  if (!result.ok) throw new PrintOptionsError(result.problems);
  return result.options;
}
