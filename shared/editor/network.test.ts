// The map document and the per-cell editing commands on a network map: position i is cell
// i, so painting terrain or control, markers and names, brushes and fills work per position
// and are written back into the positions; what has no meaning on a network is refused.
import { describe, expect, it } from 'vitest';
import { makeNetworkScenario } from '../format/fixtures.js';
import type { Position, Scenario } from '../format/scenario.types.js';
import { validateScenario } from '../format/validate.js';
import { MapDocument } from './document.js';
import { paintTerrain, setControl } from './commands/cells.js';
import { setCellName, setVictory } from './commands/features.js';
import { resizeMap } from './commands/resize.js';
import { setCellSize, setGridOptions } from './commands/settings.js';
import { cellsAlongStroke, cellsInBrush, cellsInRect, floodRegion } from './hit.js';
import { History } from './history.js';
import { checkInverse } from './testing.js';

const positionsOf = (s: Scenario): Position[] => (s.map.grid.kind === 'network' ? s.map.grid.positions : []);
const position = (s: Scenario, id: string): Position => positionsOf(s).find((p) => p.id === id)!;

describe('a network map in the map document', () => {
  it('round-trips byte for byte and keeps terrain and control in the positions (no rows)', () => {
    const s = makeNetworkScenario();
    const doc = MapDocument.fromScenario(s);
    expect(JSON.stringify(doc.toScenario())).toBe(JSON.stringify(s));
    expect(doc.cols).toBe(14);
    expect(doc.rows).toBe(1);
    expect(doc.toScenario().map.terrain).toBeUndefined();
  });

  it('paints terrain and control on positions and writes them back into those positions only', () => {
    const s = makeNetworkScenario();
    const doc = MapDocument.fromScenario(s);
    const history = new History(doc);
    const vyazma = doc.grid.index(doc.grid.parseRef('vyazma')!);
    const rzhev = doc.grid.index(doc.grid.parseRef('rzhev')!);
    history.run(paintTerrain(doc, [vyazma, rzhev], 'city'));
    history.run(setControl(doc, [vyazma], 'ger'));
    const out = doc.toScenario();
    expect(position(out, 'vyazma')).toMatchObject({ terrain: 'city', control: 'ger' });
    expect(position(out, 'rzhev')).toMatchObject({ terrain: 'city', control: 'sov' });
    const changed = positionsOf(out).filter((p, i) => JSON.stringify(p) !== JSON.stringify(positionsOf(s)[i]));
    expect(changed.map((p) => p.id)).toEqual(['rzhev', 'vyazma']);
    expect(validateScenario(out).ok).toBe(true);
    history.undo();
    history.undo();
    expect(JSON.stringify(doc.toScenario())).toBe(JSON.stringify(s));
  });

  it('keys names and markers by position id, as the file does', () => {
    const doc = MapDocument.fromScenario(makeNetworkScenario());
    const rzhev = doc.grid.parseRef('rzhev')!;
    const named = checkInverse(doc, setCellName(doc, rzhev, 'Rzhev')!);
    expect(named.afterRevert).toEqual(named.before);
    expect(doc.featuresAt(rzhev)).toEqual({ name: 'Rzhev' });
    doc.execute(setVictory(doc, rzhev, { endGame: 1 })!);
    expect(doc.toScenario().map.cells!['rzhev']).toEqual({ name: 'Rzhev', victory: { endGame: 1 } });
    expect(() => setCellName(doc, { col: 20, row: 0 }, 'Nowhere')).toThrow(/not on this network map/);
  });

  it('brushes, strokes, rectangles and fills follow positions and links', () => {
    const doc = MapDocument.fromScenario(makeNetworkScenario());
    const g = doc.grid;
    const at = (id: string) => g.index(g.parseRef(id)!);
    const ids = (cells: number[]) => cells.map((i) => g.ref(g.cellAt(i))).sort();
    // A brush of radius 1 covers the position and those one link away.
    expect(ids(cellsInBrush(g, g.parseRef('moscow')!, 1))).toEqual(['east-edge', 'kalinin', 'kaluga', 'moscow', 'tula', 'vyazma']);
    // A stroke from Brest to Moscow passes over the positions on the straight line between them.
    expect(ids(cellsAlongStroke(g, g.parseRef('brest')!, g.parseRef('moscow')!, 0))).toContain('minsk');
    // A rectangle between Vitebsk and Kaluga holds the positions whose centres lie inside it.
    expect(ids(cellsInRect(g, g.parseRef('vitebsk')!, g.parseRef('kaluga')!))).toEqual(['kaluga', 'smolensk', 'vitebsk', 'vyazma']);
    // A fill of Soviet control from Vyazma spreads over the links to every Soviet position.
    const fill = floodRegion(g, doc.control, g.parseRef('vyazma')!);
    expect(fill.cells).toHaveLength(12);
    expect(fill.cells).not.toContain(at('brest'));
  });

  it('refuses grid options and resizing, which mean nothing to a network', () => {
    const doc = MapDocument.fromScenario(makeNetworkScenario());
    expect(() => setGridOptions(doc, { labels: 'A1' })).toThrow(/network map has no grid options/);
    expect(() => resizeMap(doc, { left: 1 })).toThrow(/network map has no rows or columns/);
  });

  it('rebuilds the geometry when the cell size (a position\'s default size) changes', () => {
    const doc = MapDocument.fromScenario(makeNetworkScenario());
    const vitebsk = doc.grid.parseRef('vitebsk')!;
    expect(doc.grid.corners(vitebsk, 20)[1]).toEqual({ x: 185, y: 50 });
    doc.execute(setCellSize(doc, { value: 3, unit: 'cm' })!);
    // Drawn at the new size of 30 mm: Vitebsk has no size of its own, so it grows with it.
    expect(doc.grid.corners(vitebsk, 30)[1]).toEqual({ x: 190, y: 45 });
  });
});
