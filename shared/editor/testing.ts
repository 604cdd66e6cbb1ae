// Helpers for tests of editing code (here and in the renderer's tools): scenarios of every
// grid kind and a check that a command is an exact, repeatable inverse pair. No test
// framework imports, so the helpers stay as pure as the rest of shared/.
import { newScenario } from '../format/new-scenario.js';
import type { CellGrid, PlacedUnit, Scenario } from '../format/scenario.types.js';
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

/** A valid scenario of the given grid and size with nothing on it but control: west half first side, east half second. */
export function blankScenario(grid: GridCase['grid'], cols: number, rows: number): Scenario {
  const s = newScenario({ id: 'edit-test', title: 'Edit test', gridKind: grid.kind, cols, rows, template: 'two-sides' });
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

/** A map filled from a seed: terrain, rivers, roads, rails, escarpments, names and units scattered over it. */
export function randomDoc(grid: GridCase['grid'], seed: number, cols = 12, rows = 10): MapDocument {
  let x = seed * 2654435761 + 1;
  const rnd = (n: number) => {
    x = (x * 1103515245 + 12345) & 0x7fffffff;
    return x % n;
  };
  const doc = MapDocument.fromScenario(blankScenario(grid, cols, rows));
  const g = doc.grid;
  const units: PlacedUnit[] = [];
  const scarp: string[] = [];
  for (let i = 0; i < g.cellCount; i++) {
    doc.terrain[i] = rnd(doc.terrainTypes.length);
    doc.control[i] = rnd(2);
    const cell = g.cellAt(i);
    if (rnd(9) === 0) doc.cells.set(g.ref(cell), { name: `Place ${i}` });
    if (rnd(11) === 0) units.push({ id: `u${i}`, side: doc.sides[rnd(2)]!.id, name: `Unit u${i}`, branch: 'infantry', strength: 4, cell: g.ref(cell) });
    for (const dir of g.ownedDirections) {
      const e = g.edgeOf(cell, dir);
      if (!e) continue;
      const [a, b] = g.edgeCells(e);
      if (!g.inMap(a) || !g.inMap(b)) continue;
      if (rnd(6) === 0) doc.edges.rivers.add(e);
      if (rnd(8) === 0) doc.edges.roads.add(e);
      if (rnd(13) === 0) doc.edges.rails.add(e);
      // An escarpment written from either of its cells (its ticks face that one).
      if (rnd(7) === 0) {
        const [from, to] = rnd(2) === 0 ? [a, b] : [b, a];
        scarp.push(`${from.col},${from.row},${g.directionTo(from, to)}`);
      }
    }
  }
  doc.write({ orderOfBattle: units, sideFeatures: [{ id: 'escarpment', name: 'Escarpment', colour: '#7a4a1e', symbol: 'ticks', blocks: { movement: true }, sides: scarp }] });
  return doc;
}
