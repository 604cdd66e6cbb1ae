// Line of sight: hand-checked lines on squares and hexes, then properties on random maps with
// random blocking cells (symmetry, connected lines, strict within lenient, agreement with grid.line).
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { cellId, createGrid, lineOfSight, sightLines, type Cell, type GridSpecInput, type SightRules } from './index.js';

const ids = (cells: Cell[]): string[] => cells.map(cellId);
const blocking = (set: Iterable<string>, ties: SightRules['ties'] = 'both'): SightRules => {
  const s = new Set(set);
  return { blocks: (c, at) => at === 'between' && s.has(cellId(c)), ties };
};

describe('line of sight on squares', () => {
  const g = createGrid({ kind: 'square', cols: 12, rows: 8 });
  const c = (col: number, row: number): Cell => ({ col, row });

  it('along a row: blocked by woods between, not by woods in the target square', () => {
    expect(lineOfSight(g, c(0, 0), c(4, 0), blocking(['2,0'])).blockedAt).toEqual(c(2, 0));
    expect(lineOfSight(g, c(0, 0), c(4, 0), blocking(['2,0'])).clear).toBe(false);
    expect(lineOfSight(g, c(0, 0), c(4, 0), blocking(['4,0', '0,0'])).clear).toBe(true);
    expect(ids(lineOfSight(g, c(0, 0), c(4, 0), blocking([])).cells)).toEqual(['0,0', '1,0', '2,0', '3,0', '4,0']);
  });

  it('off the diagonal: every square the line between centres crosses', () => {
    const l = sightLines(g, c(0, 0), c(2, 1));
    expect(ids(l.left)).toEqual(['0,0', '1,0', '1,1', '2,1']);
    expect(ids(l.right)).toEqual(ids(l.left));
  });

  it('on the diagonal the line passes through corners, between two squares each time', () => {
    const l = lineOfSight(g, c(0, 0), c(2, 2), blocking([]));
    expect(ids(l.left)).toEqual(['0,0', '1,0', '1,1', '2,1', '2,2']);
    expect(ids(l.right)).toEqual(['0,0', '0,1', '1,1', '1,2', '2,2']);
    expect(ids(l.cells)).toEqual(['0,0', '1,0', '0,1', '1,1', '2,1', '1,2', '2,2']);
  });

  it('a corner with one blocking square: lenient rules see past it, strict ones (a unit seen entire) do not', () => {
    expect(lineOfSight(g, c(0, 0), c(2, 2), blocking(['1,0'], 'both')).clear).toBe(true);
    const strict = lineOfSight(g, c(0, 0), c(2, 2), blocking(['1,0'], 'either'));
    expect(strict.clear).toBe(false);
    expect(strict.blockedAt).toEqual(c(1, 0));
    expect(lineOfSight(g, c(0, 0), c(2, 2), blocking(['1,0', '0,1'], 'both')).clear).toBe(false);
    // Blocked on one side early and on the other later: the view is lost where the second one is.
    expect(lineOfSight(g, c(0, 0), c(3, 3), blocking(['1,0', '2,3'], 'both')).blockedAt).toEqual(c(2, 3));
  });

  it('the target’s own cell blocks only if the ruleset says so', () => {
    const rules: SightRules = { blocks: (x, at) => at === 'target' && cellId(x) === '3,0' };
    expect(lineOfSight(g, c(0, 0), c(3, 0), rules).clear).toBe(false);
    expect(lineOfSight(g, c(0, 0), c(3, 0), rules).blockedAt).toEqual(c(3, 0));
    expect(lineOfSight(g, c(0, 0), c(0, 0), rules).clear).toBe(true);
  });

  it('a side that blocks (a wall) stops the line that crosses it, in either direction; the view is lost beyond it', () => {
    // A wall on the side between 2,0 and 3,0.
    const wall = new Set([g.edgeBetween(c(2, 0), c(3, 0))]);
    const rules: SightRules = { blocks: () => false, blocksSide: (a, b) => wall.has(g.edgeBetween(a, b)) };
    const there = lineOfSight(g, c(0, 0), c(4, 0), rules);
    expect(there.clear).toBe(false);
    expect(there.blockedAt).toEqual(c(3, 0));
    expect(lineOfSight(g, c(4, 0), c(0, 0), rules).blockedAt).toEqual(c(2, 0));
    // Into the target's own square across the wall: blocked too; a line that does not cross it is clear.
    expect(lineOfSight(g, c(2, 0), c(3, 0), rules).clear).toBe(false);
    expect(lineOfSight(g, c(0, 1), c(4, 1), rules).clear).toBe(true);
    // On the diagonal, lenient rules see past a wall on one of the two nudged lines, strict ones do not.
    const corner = new Set([g.edgeBetween(c(0, 0), c(1, 0))]);
    const at = (ties: SightRules['ties']): SightRules => ({ blocks: () => false, blocksSide: (a, b) => corner.has(g.edgeBetween(a, b)), ties });
    expect(lineOfSight(g, c(0, 0), c(2, 2), at('both')).clear).toBe(true);
    expect(lineOfSight(g, c(0, 0), c(2, 2), at('either')).clear).toBe(false);
  });
});

describe('line of sight on hexes', () => {
  const g = createGrid({ kind: 'hex', cols: 10, rows: 10 });
  const at = { col: 4, row: 4 };

  it('straight down a hex row: the hexes in between', () => {
    const target = { col: 4, row: 1 };
    expect(ids(lineOfSight(g, at, target, blocking([])).cells)).toEqual(['4,4', '4,3', '4,2', '4,1']);
  });

  it('between two directions the line runs along a hexside: a tie between the two hexes it separates', () => {
    const n = g.step(at, 'N')!;
    const ne = g.step(at, 'NE')!;
    const target = g.step(n, 'NE')!;
    const l = sightLines(g, at, target);
    expect([ids(l.left)[1], ids(l.right)[1]].sort()).toEqual([cellId(n), cellId(ne)].sort());
    expect(lineOfSight(g, at, target, blocking([cellId(n)])).clear).toBe(true);
    expect(lineOfSight(g, at, target, blocking([cellId(n)], 'either')).clear).toBe(false);
    expect(lineOfSight(g, at, target, blocking([cellId(n), cellId(ne)])).clear).toBe(false);
  });
});

// ---- properties -----------------------------------------------------------------------------

const VARIANTS: { name: string; spec: Omit<GridSpecInput, 'cols' | 'rows'>; lineAgrees: boolean }[] = [
  { name: 'square 4-way', spec: { kind: 'square', adjacency: 4 }, lineAgrees: true },
  { name: 'square 8-way', spec: { kind: 'square', adjacency: 8 }, lineAgrees: false },
  { name: 'flat hex odd-q', spec: { kind: 'hex', orientation: 'flat', offset: 'odd' }, lineAgrees: true },
  { name: 'flat hex even-q', spec: { kind: 'hex', orientation: 'flat', offset: 'even' }, lineAgrees: true },
  { name: 'pointy hex odd-r', spec: { kind: 'hex', orientation: 'pointy', offset: 'odd' }, lineAgrees: true },
  { name: 'offset square', spec: { kind: 'offsetSquare', offset: 'odd' }, lineAgrees: false },
];

function world(spec: Omit<GridSpecInput, 'cols' | 'rows'>) {
  return fc.record({ cols: fc.integer({ min: 1, max: 14 }), rows: fc.integer({ min: 1, max: 14 }) }).chain(({ cols, rows }) => {
    const cell = fc.record({ col: fc.integer({ min: 0, max: cols - 1 }), row: fc.integer({ min: 0, max: rows - 1 }) });
    const blocked = fc.uniqueArray(cell.map(cellId), { maxLength: Math.ceil((cols * rows) / 3) });
    return fc.tuple(fc.constant(createGrid({ ...spec, cols, rows } as GridSpecInput)), cell, cell, blocked);
  });
}

for (const { name, spec, lineAgrees } of VARIANTS) {
  describe(`${name}: line of sight properties`, () => {
    it('is symmetric: a sees b exactly when b sees a, through the same cells, under both tie rules', () => {
      fc.assert(
        fc.property(world(spec), ([g, a, b, blocked]) => {
          for (const ties of ['both', 'either'] as const) {
            const ab = lineOfSight(g, a, b, blocking(blocked, ties));
            const ba = lineOfSight(g, b, a, blocking(blocked, ties));
            expect(ab.clear).toBe(ba.clear);
            expect(new Set(ids(ab.cells))).toEqual(new Set(ids(ba.cells)));
          }
          const ab = sightLines(g, a, b);
          const ba = sightLines(g, b, a);
          expect(ids(ab.left)).toEqual(ids(ba.right).reverse());
        }),
        { numRuns: 150 },
      );
    });

    it('each nudged line runs from a to b through cells that share a side, one after another', () => {
      fc.assert(
        fc.property(world(spec), ([g, a, b]) => {
          for (const line of Object.values(sightLines(g, a, b))) {
            expect(line[0]).toEqual(a);
            expect(line[line.length - 1]).toEqual(b);
            for (let k = 1; k < line.length; k++) expect(g.edgeBetween(line[k - 1]!, line[k]!), `${cellId(line[k - 1]!)}→${cellId(line[k]!)}`).not.toBeNull();
            expect(new Set(ids(line)).size).toBe(line.length);
          }
        }),
        { numRuns: 150 },
      );
    });

    it('strict sight implies lenient sight; nothing blocking is clear; everything between blocking is not', () => {
      fc.assert(
        fc.property(world(spec), ([g, a, b, blocked]) => {
          if (lineOfSight(g, a, b, blocking(blocked, 'either')).clear) expect(lineOfSight(g, a, b, blocking(blocked, 'both')).clear).toBe(true);
          expect(lineOfSight(g, a, b, blocking([])).clear).toBe(true);
          const all = { blocks: (_c: Cell, at: 'between' | 'target') => at === 'between' };
          const line = lineOfSight(g, a, b, all);
          // Lenient: clear exactly when one of the nudged lines has no cell between the ends.
          expect(line.clear).toBe(line.left.length <= 2 || line.right.length <= 2);
          if (!line.clear) expect(ids(line.cells)).toContain(cellId(line.blockedAt!));
        }),
        { numRuns: 150 },
      );
    });

    it('passes through every cell the segment between the centres visits (dense sampling finds no other)', () => {
      fc.assert(
        fc.property(world(spec), ([g, a, b]) => {
          const { left, right } = sightLines(g, a, b);
          const walked = new Set([...ids(left), ...ids(right)]);
          const p = g.center(a, 1);
          const q = g.center(b, 1);
          // The points the lines miss, collected: one expect, not 401 (vitest's expect is what this cost).
          const missed: string[] = [];
          for (let i = 0; i <= 400; i++) {
            const t = i / 400;
            const id = cellId(g.pixelToCell({ x: p.x + (q.x - p.x) * t, y: p.y + (q.y - p.y) * t }, 1));
            if (!walked.has(id)) missed.push(`${id} at t=${t}`);
          }
          expect(missed).toEqual([]);
        }),
        { numRuns: 100 },
      );
    });

    if (lineAgrees) {
      it('holds the grid’s own straight line (on 4-way squares, where it never passes a corner, exactly that line)', () => {
        fc.assert(
          fc.property(world(spec), ([g, a, b]) => {
            const { left, right } = sightLines(g, a, b);
            const walked = new Set([...ids(left), ...ids(right)]);
            for (const c of g.line(a, b)) expect(walked).toContain(cellId(c));
            if (g.spec.kind === 'square' && ids(left).join() === ids(right).join()) expect(ids(left)).toEqual(ids(g.line(a, b)));
            expect(left.length).toBeGreaterThanOrEqual(g.distance(a, b) + 1);
          }),
          { numRuns: 150 },
        );
      });
    }
  });
}
