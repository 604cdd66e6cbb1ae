import { describe, expect, it } from 'vitest';
import { makeTinyScenario } from '../format/fixtures.js';
import { cellId, parseCellId } from '../grid/index.js';
import { MapDocument } from './document.js';
import { History } from './history.js';
import { editEdges } from './commands/edges.js';
import { setCellName } from './commands/features.js';
import { resizeMap } from './commands/resize.js';
import { blankScenario, checkInverse, GRID_CASES, snapshot } from './testing.js';
import { gridSpecOf } from '../format/defaults.js';

const tiny = () => MapDocument.fromScenario(makeTinyScenario());
const shiftRef = (ref: string, dc: number, dr: number) => {
  const c = parseCellId(ref)!;
  return `${c.col + dc},${c.row + dr}`;
};

describe('resize keeps content in place', () => {
  it('a named city at (3,4) is at (5,4) after adding 2 columns on the left, and back after undo', () => {
    const doc = tiny();
    const history = new History(doc);
    history.run(setCellName(doc, { col: 3, row: 4 }, 'Orsha'));
    history.run(resizeMap(doc, { left: 2 }));
    expect(doc.cols).toBe(8);
    expect(doc.featuresAt({ col: 5, row: 4 })?.name).toBe('Orsha');
    expect(doc.featuresAt({ col: 3, row: 4 })).toBeUndefined();
    expect(history.undoLabel).toBe('Resize map to 8×5 (+2 columns left)');
    history.undo();
    expect(doc.cols).toBe(6);
    expect(doc.featuresAt({ col: 3, row: 4 })?.name).toBe('Orsha');
  });

  it('tells the views how far content moved (so a selection can follow it), and the way back on undo', () => {
    const doc = tiny();
    const cmd = resizeMap(doc, { left: 2, top: -1, right: 3 })!;
    const applied = cmd.apply(doc);
    expect(applied.resized).toBe(true);
    expect(applied.moved).toEqual({ cols: 2, rows: -1 });
    expect(cmd.revert(doc).moved).toEqual({ cols: -2, rows: 1 });
    // Growing only on the right and at the bottom leaves every cell where it was.
    expect(resizeMap(doc, { right: 1, bottom: 2 })!.apply(doc).moved).toEqual({ cols: 0, rows: 0 });
  });

  it('terrain, control, features, rivers, lake shores, roads, rails, units and entry cells all shift together', () => {
    const original = makeTinyScenario();
    const doc = tiny();
    const r = checkInverse(doc, resizeMap(doc, { left: 2, top: 1 })!);
    expect(r.afterRevert).toBe(r.before);
    expect(r.afterReapply).toBe(r.afterApply);
    const s = doc.toScenario();
    expect(gridSpecOf(s).cols).toBe(8);
    expect(gridSpecOf(s).rows).toBe(6);
    expect(s.map.terrain![0]).toBe('........');
    expect(s.map.terrain!.slice(1).map((row) => row.slice(2))).toEqual(original.map.terrain);
    expect(Object.keys(s.map.cells!)).toEqual(Object.keys(original.map.cells!).map((k) => shiftRef(k, 2, 1)));
    const shiftEdge = (e: string) => {
      const [c, rr, d] = e.split(',');
      return `${Number(c) + 2},${Number(rr) + 1},${d}`;
    };
    for (const f of ['rivers', 'lakeShores', 'roads', 'rails'] as const) expect(s.map[f]).toEqual(original.map[f]!.map(shiftEdge));
    expect(s.orderOfBattle.map((u) => u.cell)).toEqual(original.orderOfBattle.map((u) => shiftRef(u.cell, 2, 1)));
    expect(s.reinforcements!.map((u) => u.entryCell)).toEqual(original.reinforcements!.map((u) => shiftRef(u.entryCell, 2, 1)));
  });

  it('new cells take the default terrain and the control of the nearest old cell', () => {
    const doc = tiny();
    doc.execute(resizeMap(doc, { left: 1, right: 2 })!);
    const s = doc.toScenario();
    expect(s.map.terrain![0]).toBe('...f......'.slice(0, 9));
    expect(s.map.control!.every((row) => row === 'GGGGSSSSS')).toBe(true);
  });

  it('removing rows drops the units, features and sides on them; undo restores them all', () => {
    const doc = tiny();
    const history = new History(doc);
    const before = snapshot(doc);
    history.run(resizeMap(doc, { top: -3 }));
    const s = doc.toScenario();
    expect(gridSpecOf(s).rows).toBe(2);
    // Units on rows 0-2 are gone; the cavalry at (5,3) is now at (5,0).
    expect(s.orderOfBattle.map((u) => [u.id, u.cell])).toEqual([['s-cav-1', '5,0']]);
    expect(s.reinforcements!.map((r) => r.entryCell)).toEqual(['5,1']);
    expect(Object.keys(s.map.cells!)).toEqual(['0,0', '5,1']);
    // The road from (0,3) keeps its sides that still touch the map.
    for (const e of s.map.roads!) {
      const [a, b] = doc.grid.edgeCells(e);
      expect(doc.grid.inMap(a) || doc.grid.inMap(b)).toBe(true);
    }
    history.undo();
    expect(snapshot(doc)).toBe(before);
  });

  it('an odd number of columns added on the left of a flat-top odd-q map flips it to even-q; an even number keeps it', () => {
    const doc = tiny();
    doc.execute(resizeMap(doc, { left: 1 })!);
    expect(gridSpecOf(doc.map).offset).toBe('even');
    doc.execute(resizeMap(doc, { left: 2, right: 1 })!);
    expect(gridSpecOf(doc.map).offset).toBe('even');
    doc.execute(resizeMap(doc, { left: -1 })!);
    expect(gridSpecOf(doc.map).offset).toBe('odd');
  });

  it('a map cannot shrink below one cell or grow past 4096 a side', () => {
    const doc = tiny();
    expect(() => resizeMap(doc, { left: -3, right: -3 })).toThrow(/0×5/);
    expect(() => resizeMap(doc, { bottom: 5000 })).toThrow(/4096/);
    expect(resizeMap(doc, {})).toBeNull();
  });
});

describe('resize keeps the layout’s shape on every grid kind', () => {
  for (const c of GRID_CASES) {
    for (const margins of [{ left: 1 }, { top: 1 }, { left: -1 }, { top: -1, right: 2 }, { left: 3, top: 2 }]) {
      it(`${c.name}, ${JSON.stringify(margins)}: neighbours stay neighbours in the same direction, sides keep their cells`, () => {
        const doc = MapDocument.fromScenario(blankScenario(c.grid, 7, 6));
        const old = doc.grid;
        // A river around cell (3,3) touches every kind of side.
        const rivers = old.sideDirections.map((d) => old.edgeOf({ col: 3, row: 3 }, d)!);
        doc.execute(editEdges(doc, 'rivers', rivers, 'add')!);
        const r = checkInverse(doc, resizeMap(doc, margins)!);
        expect(r.afterRevert).toBe(r.before);
        const next = doc.grid;
        const dc = margins.left ?? 0;
        const dr = margins.top ?? 0;
        for (let row = 0; row < old.spec.rows; row++) {
          for (let col = 0; col < old.spec.cols; col++) {
            const a = { col, row };
            const a2 = { col: col + dc, row: row + dr };
            if (!next.inMap(a2)) continue;
            for (const n of old.neighbours(a)) {
              const n2 = { col: n.col + dc, row: n.row + dr };
              if (next.inMap(n2)) expect(next.directionTo(a2, n2), `${cellId(a)}→${cellId(n)}`).toBe(old.directionTo(a, n));
            }
          }
        }
        for (const e of doc.edges.rivers) {
          expect(next.parseEdge(e)).toBe(e);
          const [a, b] = next.edgeCells(e);
          expect([a, b].some((x) => x.col === 3 + dc && x.row === 3 + dr)).toBe(true);
        }
      });
    }
  }
});
