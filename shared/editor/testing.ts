// Helpers for tests of editing code (here and in the renderer's tools): scenarios of every
// grid kind and a check that a command is an exact, repeatable inverse pair. No test
// framework imports, so the helpers stay as pure as the rest of shared/.
import { newScenario } from '../format/new-scenario.js';
import type { CellGrid, Scenario } from '../format/scenario.types.js';
import { MapDocument } from './document.js';
import type { Command, DocChange } from './types.js';

export type GridCase = { name: string; grid: Partial<CellGrid> & Pick<CellGrid, 'kind'> };

/** One case per grid family and layout option the format allows. */
export const GRID_CASES: readonly GridCase[] = [
  { name: 'flat hex, odd columns shifted', grid: { kind: 'hex', orientation: 'flat', offset: 'odd' } },
  { name: 'flat hex, even columns shifted', grid: { kind: 'hex', orientation: 'flat', offset: 'even' } },
  { name: 'pointy hex, odd rows shifted', grid: { kind: 'hex', orientation: 'pointy', offset: 'odd' } },
  { name: 'pointy hex, even rows shifted', grid: { kind: 'hex', orientation: 'pointy', offset: 'even' } },
  { name: 'square, 4 neighbours', grid: { kind: 'square', adjacency: 4 } },
  { name: 'square, 8 neighbours', grid: { kind: 'square', adjacency: 8 } },
  { name: 'offset square, odd rows shifted', grid: { kind: 'offsetSquare', offset: 'odd' } },
  { name: 'offset square, even rows shifted', grid: { kind: 'offsetSquare', offset: 'even' } },
];

/** A blank valid scenario of the given grid and size (west half first side, east half second). */
export function blankScenario(grid: GridCase['grid'], cols: number, rows: number): Scenario {
  const s = newScenario({ id: 'edit-test', title: 'Edit test', gridKind: grid.kind, cols, rows });
  s.map.grid = { ...grid, cols, rows };
  return s;
}

/** The whole document as text: equal text means an identical saved file. */
export const snapshot = (doc: MapDocument): string => JSON.stringify(doc.toScenario());

export interface InverseCheck {
  before: string;
  afterApply: string;
  afterRevert: string;
  afterReapply: string;
  applied: DocChange;
  reverted: DocChange;
}

/** Applies, reverts and re-applies a command, recording the document each time. */
export function checkInverse(doc: MapDocument, cmd: Command): InverseCheck {
  const before = snapshot(doc);
  const applied = doc.execute(cmd);
  const afterApply = snapshot(doc);
  const reverted = doc.revert(cmd);
  const afterRevert = snapshot(doc);
  doc.execute(cmd);
  const afterReapply = snapshot(doc);
  return { before, afterApply, afterRevert, afterReapply, applied, reverted };
}
