// The floating paste and the stamps' thumbnails are painted from clipPaintModel: what they show
// must be what placeClip then puts on the map, cell for cell and side for side, at the same place
// relative to the anchor.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MapDocument } from '../editor/document.js';
import { cellsInRect } from '../editor/hit.js';
import { extractClip, placeClip, transformClip } from '../editor/region.js';
import { blankScenario, GRID_CASES, randomDoc } from '../editor/testing.js';
import { clipBounds, clipPaintModel, regionRings } from './clip.js';
import { buildPaintModel, NONE, type PaintModel } from './model.js';

const SIZE = 100;

/** Everything the painter reads about a cell and its sides, in terms that do not depend on where the cell is. */
function cellLook(m: PaintModel, i: number) {
  const g = m.grid;
  const cell = g.cellAt(i);
  const sides = (set: ReadonlySet<string>) => g.sideDirections.filter((d) => { const e = g.edgeOf(cell, d); return !!e && set.has(e); });
  const scarps = (m.sideFeatures ?? []).flatMap((f) => f.sides.filter((w) => w.startsWith(`${cell.col},${cell.row},`)).map((w) => w.split(',')[2]!));
  return {
    terrain: m.terrain[i] === NONE ? null : m.terrainTypes[m.terrain[i]!]!.id,
    control: m.control[i] === NONE ? null : m.sides[m.control[i]!]!.id,
    features: m.features.get(i) ?? null,
    rivers: sides(m.riverSet as ReadonlySet<string>),
    roads: sides(m.roadSet as ReadonlySet<string>),
    rails: sides(m.railSet as ReadonlySet<string>),
    scarps: scarps.sort(),
    units: (m.units?.get(i) ?? []).map((u) => `${u.id.replace(/-\d+$/, '')}:${u.side}`).sort(),
  };
}

/** Whether (x, y) is inside `rings` by the even-odd rule. */
function insideEvenOdd(rings: readonly (readonly { x: number; y: number }[])[], x: number, y: number): boolean {
  let inside = false;
  for (const ring of rings)
    for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
      const a = ring[i]!;
      const b = ring[j]!;
      if (a.y > y !== b.y > y && x < ((b.x - a.x) * (y - a.y)) / (b.y - a.y) + a.x) inside = !inside;
    }
  return inside;
}

describe('a clip painted before it is put down', () => {
  it('shows every cell as placeClip leaves it, at the same place relative to the anchor (every grid kind, turned and mirrored)', () => {
    fc.assert(
      fc.property(fc.constantFrom(...GRID_CASES), fc.nat(10_000), fc.nat(5), fc.boolean(), fc.nat(3), (gc, seed, rotation, mirrored, w) => {
        const source = randomDoc(gc.grid, seed, 10, 9);
        const cells = cellsInRect(source.grid, { col: 2, row: 2 }, { col: 4 + w, row: 5 });
        const clip = transformClip(extractClip(source, cells), { rotation, mirrored });
        const target = MapDocument.fromScenario(blankScenario(gc.grid, 24, 24));
        const anchor = { col: 11, row: 12 };
        const placed = placeClip(target, clip, anchor);
        if (placed.command) target.execute(placed.command);
        const onMap = buildPaintModel(target.toScenario());
        const paint = clipPaintModel(target.grid, clip, { sides: target.sides, defaultVictoryVp: 2 });
        const m = paint.model;
        expect(paint.cells).toHaveLength(placed.cells.length);
        const a = target.grid.center(anchor, SIZE);
        const o = m.grid.center(paint.origin, SIZE);
        const byPlace = new Map(paint.cells.map((i) => {
          const c = m.grid.center(m.grid.cellAt(i), SIZE);
          return [`${Math.round(c.x - o.x)},${Math.round(c.y - o.y)}`, i];
        }));
        for (const i of placed.cells) {
          const c = target.grid.center(target.grid.cellAt(i), SIZE);
          const k = byPlace.get(`${Math.round(c.x - a.x)},${Math.round(c.y - a.y)}`);
          expect(k, `cell ${target.grid.ref(target.grid.cellAt(i))} has a cell at its place in the picture`).toBeDefined();
          const shown = cellLook(m, k!);
          const real = cellLook(onMap, i);
          // Sides are compared from cells inside the clip; a side to a cell outside it is not the clip's.
          const inside = (look: ReturnType<typeof cellLook>, model: PaintModel, j: number, covered: Set<number>) => {
            const cell = model.grid.cellAt(j);
            const keep = (d: string) => { const n = model.grid.step(cell, d as never); return !!n && model.grid.inMap(n) && covered.has(model.grid.index(n)); };
            return { ...look, rivers: look.rivers.filter(keep), roads: look.roads.filter(keep), rails: look.rails.filter(keep), scarps: look.scarps.filter(keep) };
          };
          expect(inside(shown, m, k!, new Set(paint.cells))).toEqual(inside(real, onMap, i, new Set(placed.cells)));
        }
        // The rings the picture is cut out with hold every cell of the clip and no other cell.
        const rings = regionRings(m.grid, paint.cells, SIZE);
        const inClip = new Set(paint.cells);
        for (let i = 0; i < m.grid.cellCount; i++) {
          const c = m.grid.center(m.grid.cellAt(i), SIZE);
          expect(insideEvenOdd(rings, c.x, c.y), `cell ${i} ${inClip.has(i) ? 'inside' : 'outside'} the rings`).toBe(inClip.has(i));
        }
        // The box round the picture holds every cell's corners.
        const b = clipBounds(paint, SIZE);
        for (const i of paint.cells) {
          const c = m.grid.center(m.grid.cellAt(i), SIZE);
          expect(c.x > b.x && c.x < b.x + b.width && c.y > b.y && c.y < b.y + b.height).toBe(true);
        }
      }),
      { numRuns: 40 },
    );
  });

  it('takes the sides of the map it is shown on: by id, else by position', () => {
    const source = randomDoc({ kind: 'square' }, 3, 6, 6);
    const clip = extractClip(source, cellsInRect(source.grid, { col: 0, row: 0 }, { col: 2, row: 2 }));
    const other = blankScenario({ kind: 'square' }, 6, 6);
    other.sides = [{ ...other.sides[0]!, id: 'blue', colour: '#0000ff' }, { ...other.sides[1]!, id: 'red', colour: '#ff0000' }];
    const paint = clipPaintModel(MapDocument.fromScenario(other).grid, clip, { sides: other.sides, defaultVictoryVp: 2 });
    const ids = new Set(paint.cells.map((i) => paint.model.sides[paint.model.control[i]!]!.id));
    expect([...ids].every((id) => id === 'blue' || id === 'red')).toBe(true);
    expect(clip.cells.map((c) => c.control)).toEqual(paint.cells.map((i) => paint.model.control[i]));
  });
});
