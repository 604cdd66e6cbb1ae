// A tool context over a blank document for unit tests: records feedback, selections,
// reports and picks, and builds pointer inputs at cell centres and side midpoints.
import { History, MapDocument } from '../../../shared/editor/index.js';
import { blankScenario, type GridCase } from '../../../shared/editor/testing.js';
import type { Cell, EdgeId } from '../../../shared/grid/types.js';
import type { Feedback, PointerInput, ToolContext, ToolOptions } from './types.js';

export const SIZE = 100;

export function toolHarness(grid: GridCase['grid'] = { kind: 'hex', orientation: 'flat', offset: 'odd' }, cols = 10, rows = 8) {
  const doc = MapDocument.fromScenario(blankScenario(grid, cols, rows));
  const history = new History(doc);
  const log = { feedback: [] as (readonly Feedback[])[], selected: [] as (Cell | null)[], links: [] as (string | null)[], reports: [] as string[], naming: [] as Cell[] };
  const options: ToolOptions = { brushSize: 1, terrain: 'woods', side: doc.sides[0].id, controlMode: 'brush', marker: 'supply', victoryPerTurn: 3, victoryEndGame: 5, linkType: 'ordinary', sideFeature: '', shapeFilled: true };
  const ctx: ToolContext = {
    doc,
    history,
    options,
    size: SIZE,
    scale: 1,
    select: (c) => log.selected.push(c),
    selectLink: (id) => log.links.push(id),
    pickTerrain: (id) => (options.terrain = id),
    editName: (c) => log.naming.push(c),
    feedback: (f) => log.feedback.push(f),
    report: (m) => log.reports.push(m),
  };
  const at = (cell: Cell, mods: Partial<PointerInput> = {}): PointerInput => ({ point: doc.grid.center(cell, SIZE), cell, alt: false, shift: false, ...mods });
  /** The pointer on the midpoint of a side. */
  const onSide = (edge: EdgeId): PointerInput => {
    const [p, q] = doc.grid.edgeEndpoints(edge, SIZE);
    const point = { x: (p.x + q.x) / 2, y: (p.y + q.y) / 2 };
    return { point, cell: doc.grid.pixelToCell(point, SIZE), alt: false, shift: false };
  };
  const terrainAt = (cell: Cell) => doc.terrainTypes[doc.terrain[doc.grid.index(cell)]!]!.id;
  const controlAt = (cell: Cell) => doc.sides[doc.control[doc.grid.index(cell)]!]!.id;
  return { doc, history, ctx, options, log, at, onSide, terrainAt, controlAt };
}
