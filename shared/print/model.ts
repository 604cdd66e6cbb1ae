// What there is to print, read once from a scenario at print scale (map millimetres): the
// painter's model of the map (shared/paint/model.ts) plus the printed cell size. Lenient on
// purpose: a bad code or edge id is skipped and reported, never a crash, so a half-finished map
// can still be printed to look at.
import type { Scenario } from '../format/scenario.types.js';
import type { GridGeometry, Rect } from '../grid/index.js';
import { buildPaintModel, type ScenarioPaintModel } from '../paint/model.js';

export interface PrintModel extends ScenarioPaintModel {
  /** Cell size across flats, map mm. */
  size: number;
}

export const boxesMeet = (a: Rect, b: Rect): boolean => a.x <= b.x + b.width && b.x <= a.x + a.width && a.y <= b.y + b.height && b.y <= a.y + a.height;

export function buildPrintModel(scenario: Scenario, grid: GridGeometry, size: number): PrintModel {
  return { ...buildPaintModel(scenario, grid), size };
}
