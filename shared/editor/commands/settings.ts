// Map settings: grid kind and layout options, printed cell size, ground scale. Changing the
// grid's layout changes which cells are neighbours, so edge features are carried over by the
// two cells they separate: a side between cells that stay adjacent keeps its river or road
// (under its new canonical id); a side between cells that are no longer adjacent is dropped
// (undo brings it back).
import { createGrid, type EdgeId } from '../../grid/index.js';
import { cellSizeProblem } from '../../format/cell-size.js';
import { gridSpecOf } from '../../format/defaults.js';
import type { CellGrid, PhysicalSize, Underlay } from '../../format/scenario.types.js';
import type { EdgeStores, MapDocument } from '../document.js';
import { EDGE_FEATURES, EditError } from '../types.js';
import { StateCommand } from './state.js';

export type GridOptions = Partial<Pick<CellGrid, 'kind' | 'orientation' | 'offset' | 'adjacency' | 'labels'>>;

const ALLOWED: { [K in keyof GridOptions]-?: readonly NonNullable<GridOptions[K]>[] } = {
  kind: ['hex', 'square', 'offsetSquare'],
  orientation: ['flat', 'pointy'],
  offset: ['odd', 'even'],
  adjacency: [4, 8],
  labels: ['CCRR', 'col,row', 'A1'],
};

/** Change grid options; fields equal to their current (or default) value are left as written. */
export function setGridOptions(doc: MapDocument, options: GridOptions): StateCommand | null {
  const current = doc.gridSettings;
  // A network's layout is its positions and links; turning it into a grid (or back) would
  // lose them, so the grid options do not apply to it.
  if (current.kind === 'network') throw new EditError('a network map has no grid options: its layout is its positions and links');
  const resolved = gridSpecOf(current);
  const next: CellGrid = { ...current };
  for (const key of Object.keys(options) as (keyof GridOptions)[]) {
    const value = options[key];
    if (value === undefined) continue;
    if (!(ALLOWED[key] as readonly unknown[]).includes(value)) {
      throw new EditError(`grid.${key} must be one of ${ALLOWED[key].join(', ')}; got ${JSON.stringify(value)}`);
    }
    if (resolved[key] !== value) (next as unknown as Record<string, unknown>)[key] = value;
  }
  const after = gridSpecOf(next);
  const changed = (Object.keys(ALLOWED) as (keyof GridOptions)[]).filter((k) => after[k] !== resolved[k]);
  if (changed.length === 0) return null;
  const layout = changed.some((k) => k !== 'labels');
  const label = layout ? `Grid: ${describe(next)}` : `Cell labels: ${after.labels}`;
  if (!layout) return new StateCommand(label, { grid: current }, { grid: next });
  return new StateCommand(label, { grid: current, edges: doc.edges }, { grid: next, edges: carryEdges(doc, next) });
}

function describe(grid: CellGrid): string {
  const s = gridSpecOf(grid);
  if (s.kind === 'hex') return `${s.orientation}-top hex, ${s.offset} ${s.orientation === 'flat' ? 'columns' : 'rows'} shifted`;
  if (s.kind === 'square') return `square, ${s.adjacency} neighbours`;
  return `offset square, ${s.offset} rows shifted`;
}

/** Edge features under a new grid layout (same size): kept where their two cells stay neighbours. */
function carryEdges(doc: MapDocument, next: CellGrid): EdgeStores {
  const oldGrid = doc.grid;
  const newGrid = createGrid(gridSpecOf(next));
  const out = {} as EdgeStores;
  for (const f of EDGE_FEATURES) {
    out[f] = doc.edges[f].mapItems((e: EdgeId) => {
      const [a, b] = oldGrid.edgeCells(e);
      return newGrid.edgeBetween(a, b);
    });
  }
  return out;
}

/** Printed size of a cell across flats. */
export function setCellSize(doc: MapDocument, size: PhysicalSize): StateCommand | null {
  const problem = cellSizeProblem(size);
  if (problem) throw new EditError(`cell size ${problem}`);
  const current = doc.cellSize;
  if (current.value === size.value && current.unit === size.unit) return null;
  return new StateCommand(`Cell size ${size.value} ${size.unit}`, { cellSize: current }, { cellSize: { value: size.value, unit: size.unit } }, 'cellSize');
}

/** Kilometres across one cell. */
export function setGroundScale(doc: MapDocument, km: number): StateCommand | null {
  if (!(typeof km === 'number' && km > 0 && km <= 100000)) throw new EditError(`ground scale must be more than 0 and at most 100000 km; got ${km}`);
  if (doc.groundScaleKm === km) return null;
  return new StateCommand(`Ground scale ${km} km`, { groundScaleKm: doc.groundScaleKm }, { groundScaleKm: km }, 'groundScale');
}

/**
 * Sets, changes or (with undefined) removes the traced underlay image. Placement numbers
 * must be finite, the scale positive, the opacity from 0 to 1. Consecutive edits with the
 * same `mergeKey` (dragging the opacity slider) fold into one undo step.
 */
export function setUnderlay(doc: MapDocument, underlay: Underlay | undefined, label: string, mergeKey?: string): StateCommand | null {
  if (underlay) {
    const { x, y, scale, rotation = 0, opacity = 0.5 } = underlay;
    if (![x, y, scale, rotation, opacity].every(Number.isFinite)) throw new EditError('underlay placement must be finite numbers');
    if (!(scale > 0)) throw new EditError(`underlay scale must be more than 0; got ${scale}`);
    if (!(opacity >= 0 && opacity <= 1)) throw new EditError(`underlay opacity must be from 0 to 1; got ${opacity}`);
    if (!(rotation >= -180 && rotation <= 180)) throw new EditError(`underlay rotation must be from -180 to 180 degrees; got ${rotation}`);
  }
  const next = underlay ? { ...underlay } : undefined;
  if (JSON.stringify(next) === JSON.stringify(doc.underlay)) return null;
  return new StateCommand(label, { underlay: doc.underlay }, { underlay: next }, mergeKey);
}
