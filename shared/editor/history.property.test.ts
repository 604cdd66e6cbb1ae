// Random editing sessions: whatever the designer does, undoing everything gives back the file
// that was opened, and redoing everything gives back the last state exactly.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { makeTinyScenario } from '../format/fixtures.js';
import { MapDocument } from './document.js';
import { History } from './history.js';
import { cellsInBrush, cellsInRect, floodRegion } from './hit.js';
import { eraseTerrain, paintTerrain, setControl } from './commands/cells.js';
import { fillToFrontLine } from './commands/control.js';
import { connectPath, editEdges } from './commands/edges.js';
import { clearCellFeatures, setCellName, setFortification, setVictory } from './commands/features.js';
import { addTerrainType, removeTerrainType, updateTerrainType } from './commands/palette.js';
import { resizeMap } from './commands/resize.js';
import { setGridOptions, setGroundScale, type GridOptions } from './commands/settings.js';
import { blankScenario, GRID_CASES, snapshot } from './testing.js';
import { EditError, type Command } from './types.js';
import type { Scenario } from '../format/scenario.types.js';

type Op = { kind: number; a: number; b: number; c: number; d: number };

const op = fc.record({
  kind: fc.integer({ min: 0, max: 16 }),
  a: fc.nat(40),
  b: fc.nat(40),
  c: fc.nat(40),
  d: fc.nat(40),
});

/** Turns a random op into a command against the document as it now is (null when it would change nothing). */
function commandFor(doc: MapDocument, o: Op): Command | null {
  const { cols, rows } = doc.grid.spec;
  const cell = { col: o.a % cols, row: o.b % rows };
  const other = { col: o.c % cols, row: o.d % rows };
  const type = doc.terrainTypes[o.c % doc.terrainTypes.length]!.id;
  const side = doc.sides[o.d % 2]!.id;
  switch (o.kind) {
    case 0: return paintTerrain(doc, cellsInBrush(doc.grid, cell, o.c % 3), type);
    case 1: return paintTerrain(doc, cellsInRect(doc.grid, cell, other), type);
    case 2: return paintTerrain(doc, floodRegion(doc.grid, doc.terrain, cell, { limit: 30 }).cells, type);
    case 3: return eraseTerrain(doc, cellsInBrush(doc.grid, cell, 1));
    case 4: return setControl(doc, cellsInBrush(doc.grid, cell, o.c % 3), side);
    case 5: {
      const sides = doc.grid.sideDirections.map((d) => doc.grid.edgeOf(cell, d)!);
      return editEdges(doc, (['rivers', 'lakeShores'] as const)[o.d % 2]!, sides.slice(0, 1 + (o.c % sides.length)), 'toggle');
    }
    case 6: return connectPath(doc, (['roads', 'rails'] as const)[o.d % 2]!, doc.grid.line(cell, other), o.c % 3 === 0 ? 'remove' : 'add');
    case 7: return setCellName(doc, cell, o.c % 4 === 0 ? null : `Town ${o.c}`);
    case 8: return setFortification(doc, cell, o.c % 2 === 0);
    case 9: return setVictory(doc, cell, o.c % 3 === 0 ? null : { perTurn: o.d % 10, endGame: o.c % 5 });
    case 10: return clearCellFeatures(doc, [cell, other]);
    case 11: return resizeMap(doc, { left: (o.a % 5) - 2, top: (o.b % 5) - 2, right: (o.c % 3) - 1, bottom: (o.d % 3) - 1 });
    case 12: {
      const id = `t${o.a}`;
      if (doc.terrainTypes.some((t) => t.id === id)) return removeTerrainType(doc, id, doc.terrainTypes[0]!.id);
      const code = String.fromCharCode(65 + (o.a % 26));
      if (doc.terrainTypes.some((t) => t.code === code)) return null;
      return addTerrainType(doc, { id, code, name: `Type ${o.a}`, colour: '#123456', category: 'open' });
    }
    case 13: return updateTerrainType(doc, type, { name: `Renamed ${o.d}`, colour: `#${(o.a * 7919).toString(16).padStart(6, '0').slice(0, 6)}` });
    case 14: return setGroundScale(doc, 1 + o.a);
    case 15: return setGridOptions(doc, ([{ labels: 'A1' }, { offset: 'even' }, { offset: 'odd' }, { kind: 'square', adjacency: 8 }, { kind: 'hex', orientation: 'pointy' }] as GridOptions[])[o.c % 5]!);
    default: {
      const line = doc.grid.edgesAlongPath(doc.grid.line(cell, other));
      return fillToFrontLine(doc, line);
    }
  }
}

const gestureOrSingle = fc.record({ gesture: fc.boolean(), ops: fc.array(op, { minLength: 1, maxLength: 4 }) });

function runSession(scenario: Scenario, steps: { gesture: boolean; ops: Op[] }[]) {
  const doc = MapDocument.fromScenario(scenario);
  const history = new History(doc);
  const original = snapshot(doc);
  for (const step of steps) {
    if (step.gesture) history.beginGesture('Stroke');
    for (const o of step.ops) {
      const before = snapshot(doc);
      let cmd: Command | null;
      try {
        cmd = commandFor(doc, o);
      } catch (e) {
        // A refused edit (map shrunk to nothing, last palette type...) must leave the document alone.
        if (!(e instanceof EditError)) throw e;
        expect(snapshot(doc)).toBe(before);
        continue;
      }
      history.run(cmd);
    }
    if (step.gesture) history.endGesture();
  }
  const final = snapshot(doc);
  while (history.canUndo) history.undo();
  expect(snapshot(doc)).toBe(original);
  expect(history.dirty).toBe(false);
  while (history.canRedo) history.redo();
  expect(snapshot(doc)).toBe(final);
}

describe('random editing sessions', () => {
  it('undo all restores the opened tiny scenario; redo all restores the last state', () => {
    fc.assert(
      fc.property(fc.array(gestureOrSingle, { maxLength: 12 }), (steps) => runSession(makeTinyScenario(), steps)),
      { numRuns: 150 },
    );
  });

  it('the same holds on every grid kind', () => {
    fc.assert(
      fc.property(fc.constantFrom(...GRID_CASES), fc.array(gestureOrSingle, { maxLength: 10 }), (c, steps) =>
        runSession(blankScenario(c.grid, 9, 7), steps),
      ),
      { numRuns: 120 },
    );
  });
});
