// Network maps by example: a small front of seven positions, as a point-to-point game draws it.
//
//   smolensk(20,20) ══rail══ vyazma(80,20) ──── mozhaisk(140,20) ──── moscow(200,20, circle)
//        │                        │   (road bends via (110,60))           │
//   roslavl(20,80) ───────── kaluga(80,80) ─────────────────────────── tula(200,80)
//
// Links: s-v rail, v-mz ordinary, mz-m road, s-r, r-k, v-k, k-t (bends at 140,100), t-m rail.
import { describe, expect, it } from 'vitest';
import { createGrid, type Cell, type GridGeometry, type NetworkLayoutInput, type Point } from './index.js';
import { segmentEntry } from './network-shapes.js';

const LAYOUT: NetworkLayoutInput = {
  width: 240,
  height: 120,
  unit: 10,
  positions: [
    { id: 'smolensk', label: 'SM', x: 20, y: 20, width: 16, height: 10 },
    { id: 'vyazma', x: 80, y: 20 },
    { id: 'mozhaisk', x: 140, y: 20 },
    { id: 'moscow', label: 'MOS', x: 200, y: 20, shape: 'circle', width: 20, height: 20 },
    { id: 'roslavl', x: 20, y: 80 },
    { id: 'kaluga', x: 80, y: 80 },
    { id: 'tula', x: 200, y: 80 },
  ],
  links: [
    { id: 's-v', from: 'smolensk', to: 'vyazma', type: 'rail' },
    { id: 'v-mz', from: 'vyazma', to: 'mozhaisk' },
    { id: 'mz-m', from: 'mozhaisk', to: 'moscow', type: 'road' },
    { id: 's-r', from: 'smolensk', to: 'roslavl' },
    { id: 'r-k', from: 'roslavl', to: 'kaluga' },
    { id: 'v-k', from: 'vyazma', to: 'kaluga', type: 'road', waypoints: [{ x: 110, y: 60 }] },
    { id: 'k-t', from: 'kaluga', to: 'tula', waypoints: [{ x: 140, y: 100 }] },
    { id: 't-m', from: 'tula', to: 'moscow', type: 'rail' },
  ],
};

const g: GridGeometry = createGrid({ kind: 'network', network: LAYOUT });
const net = g.network!;
const at = (id: string): number => net.indexOf(id);
const cell = (id: string): Cell => g.parseRef(id)!;
const rounded = (pts: readonly Point[]) => pts.map((p) => [Math.round(p.x * 1e6) / 1e6, Math.round(p.y * 1e6) / 1e6]);
const names = (path: readonly number[] | null): string[] | null => (path ? path.map((i) => net.positions[i]!.id) : null);

describe('a network behind the grid interface', () => {
  it('makes each position a cell {col: i, row: 0} in file order, named by its id', () => {
    expect(g.spec.kind).toBe('network');
    expect(g.spec.cols).toBe(7);
    expect(g.spec.rows).toBe(1);
    expect(g.cellCount).toBe(7);
    expect(cell('moscow')).toEqual({ col: 3, row: 0 });
    expect(g.index(cell('moscow'))).toBe(3);
    expect(g.ref({ col: 4, row: 0 })).toBe('roslavl');
    expect(g.parseRef('3,0')).toBeNull();
    expect(g.parseRef('minsk')).toBeNull();
    expect(g.inMap({ col: 6, row: 0 })).toBe(true);
    expect(g.inMap({ col: 7, row: 0 })).toBe(false);
    expect(g.inMap({ col: 0, row: 1 })).toBe(false);
  });

  it('labels positions by their label, or their id when they have none, and parses either', () => {
    expect(g.label(cell('smolensk'))).toBe('SM');
    expect(g.label(cell('vyazma'))).toBe('vyazma');
    expect(g.parseLabel('mos')).toEqual(cell('moscow'));
    expect(g.parseLabel(' tula ')).toEqual(cell('tula'));
    expect(g.parseLabel('0307')).toBeNull();
  });

  it('takes neighbours, adjacency and distance from the links, not from any compass', () => {
    expect(g.directions).toEqual([]);
    expect(g.step(cell('vyazma'), 'N')).toBeNull();
    expect(g.neighbours(cell('vyazma')).map(g.ref)).toEqual(['smolensk', 'mozhaisk', 'kaluga']);
    expect(g.adjacent(cell('kaluga'), cell('tula'))).toBe(true);
    expect(g.adjacent(cell('smolensk'), cell('kaluga'))).toBe(false);
    expect(g.distance(cell('smolensk'), cell('moscow'))).toBe(3);
    expect(g.distance(cell('roslavl'), cell('moscow'))).toBe(3);
    expect(g.distance(cell('tula'), cell('tula'))).toBe(0);
  });

  it('names links as edges: between two positions, their two ends, along a path', () => {
    expect(g.edgeBetween(cell('tula'), cell('moscow'))).toBe('t-m');
    expect(g.edgeBetween(cell('moscow'), cell('tula'))).toBe('t-m');
    expect(g.edgeBetween(cell('smolensk'), cell('moscow'))).toBeNull();
    expect(g.edgeCells('k-t').map(g.ref)).toEqual(['kaluga', 'tula']);
    expect(g.parseEdge(' v-k ')).toBe('v-k');
    expect(g.parseEdge('3,4,N')).toBeNull();
    expect(g.allEdges()).toEqual(['s-v', 'v-mz', 'mz-m', 's-r', 'r-k', 'v-k', 'k-t', 't-m']);
    expect(g.edgesAlongPath(['smolensk', 'vyazma', 'kaluga', 'tula'].map(cell))).toEqual(['s-v', 'v-k', 'k-t']);
  });

  it('draws at true scale when size is the map cell size, and scales with it', () => {
    expect(g.center(cell('kaluga'), 10)).toEqual({ x: 80, y: 80 });
    expect(g.center(cell('kaluga'), 20)).toEqual({ x: 160, y: 160 });
    expect(g.centerX(5, 0, 5)).toBe(40);
    expect(g.bounds(10)).toEqual({ x: 0, y: 0, width: 240, height: 120 });
    expect(g.bounds(5)).toEqual({ x: 0, y: 0, width: 120, height: 60 });
    // Smolensk is a 16 × 10 mm box.
    expect(g.corners(cell('smolensk'), 10)).toEqual([
      { x: 12, y: 15 },
      { x: 28, y: 15 },
      { x: 28, y: 25 },
      { x: 12, y: 25 },
    ]);
    expect(g.corners(cell('moscow'), 10)).toHaveLength(32);
    expect(g.edgeEndpoints('t-m', 10)).toEqual([
      { x: 200, y: 80 },
      { x: 200, y: 20 },
    ]);
  });

  it('finds the position under a point only within its drawn shape', () => {
    expect(g.pixelToCell({ x: 27, y: 24 }, 10)).toEqual(cell('smolensk'));
    expect(g.pixelToCell({ x: 29, y: 20 }, 10)).toEqual({ col: -1, row: 0 });
    expect(g.pixelToIndex({ x: 29, y: 20 }, 10)).toBe(-1);
    // Moscow is a circle of 20 mm: (208, 28) is inside its box but outside the circle.
    expect(g.pixelToIndex({ x: 207, y: 27 }, 10)).toBe(at('moscow'));
    expect(g.pixelToIndex({ x: 208, y: 28 }, 10)).toBe(-1);
    // At twice the size the same place on the map is twice as far from the corner.
    expect(g.pixelToCell({ x: 54, y: 48 }, 20)).toEqual(cell('smolensk'));
  });

  it('finds the link nearest a point, bends included', () => {
    const near = g.nearestEdge({ x: 111, y: 62 }, 10)!;
    expect(near.edge).toBe('v-k');
    expect(near.distance).toBeLessThan(2.5);
    // At size 20 the pixel (280, 198) is the map point (140, 99), a millimetre above the bend
    // of Kaluga–Tula; the slanting line passes 0.95 mm from it, 1.9 pixels at this size.
    expect(g.nearestEdge({ x: 280, y: 198 }, 20)!.edge).toBe('k-t');
    expect(g.nearestEdge({ x: 280, y: 198 }, 20)!.distance).toBeCloseTo((2 * 60) / Math.hypot(60, 20), 9);
  });

  it('draws a straight line through the positions whose shapes it crosses, as a brush stroke passes over them', () => {
    expect(g.line(cell('smolensk'), cell('moscow')).map(g.ref)).toEqual(['smolensk', 'vyazma', 'mozhaisk', 'moscow']);
    expect(g.line(cell('tula'), cell('roslavl')).map(g.ref)).toEqual(['tula', 'kaluga', 'roslavl']);
    // From Smolensk down to Tula the line passes between the other positions.
    expect(g.line(cell('smolensk'), cell('tula')).map(g.ref)).toEqual(['smolensk', 'tula']);
    expect(g.line(cell('moscow'), cell('moscow')).map(g.ref)).toEqual(['moscow']);
  });
});

describe('network queries', () => {
  it('finds shortest link paths, optionally only along some link types', () => {
    expect(names(net.shortestPath(at('smolensk'), at('moscow')))).toEqual(['smolensk', 'vyazma', 'mozhaisk', 'moscow']);
    expect(names(net.shortestPath(at('smolensk'), at('moscow'), { linkTypes: ['rail'] }))).toBeNull();
    expect(names(net.shortestPath(at('vyazma'), at('moscow'), { linkTypes: ['road', 'ordinary'] }))).toEqual(['vyazma', 'mozhaisk', 'moscow']);
    expect(net.distance(at('roslavl'), at('tula'), { linkTypes: ['ordinary'] })).toBe(2);
    expect(net.distance(at('roslavl'), at('moscow'), { linkTypes: ['ordinary'] })).toBe(Infinity);
    expect(net.pathLinks([at('kaluga'), at('tula'), at('moscow')]).map((l) => net.links[l]!.id)).toEqual(['k-t', 't-m']);
  });

  it('routes only through positions a predicate allows, but may always leave the start', () => {
    // Enemy units hold Vyazma and Kaluga: a supply line from Smolensk must go round them.
    const enemy = new Set([at('vyazma'), at('kaluga')]);
    const enter = (i: number) => !enemy.has(i);
    expect(net.shortestPath(at('smolensk'), at('moscow'), { enter })).toBeNull();
    expect(names(net.shortestPath(at('vyazma'), at('moscow'), { enter }))).toEqual(['vyazma', 'mozhaisk', 'moscow']);
    // The end must pass too: no path *into* an enemy-held position.
    expect(net.shortestPath(at('mozhaisk'), at('vyazma'), { enter })).toBeNull();
    expect(net.neighbours(at('roslavl'), { enter }).map((i) => net.positions[i]!.id)).toEqual(['smolensk']);
  });

  it('tells which positions are cut off from supply sources', () => {
    const sources = [at('moscow'), at('tula')];
    expect(net.cutOffFrom(sources)).toEqual([]);
    // With Vyazma and Kaluga enemy-held, Smolensk and Roslavl cannot trace to Moscow or Tula;
    // Vyazma and Kaluga themselves still can (a path may leave its start).
    const enemy = new Set([at('vyazma'), at('kaluga')]);
    const cut = net.cutOffFrom(sources, { enter: (i) => !enemy.has(i) });
    expect(cut.map((i) => net.positions[i]!.id)).toEqual(['smolensk', 'roslavl']);
    // By rail only, nothing reaches Moscow or Tula: the Smolensk–Vyazma railway ends at Vyazma.
    expect(net.cutOffFrom(sources, { linkTypes: ['rail'] }).map((i) => net.positions[i]!.id)).toEqual(['smolensk', 'vyazma', 'mozhaisk', 'roslavl', 'kaluga']);
    expect(Array.from(net.distancesTo(sources))).toEqual([3, 2, 1, 0, 2, 1, 0]);
    expect(Array.from(net.distancesFrom([at('smolensk')]))).toEqual([0, 1, 2, 3, 1, 2, 3]);
  });

  it('splits the network into connected components', () => {
    expect(net.components().count).toBe(1);
    // By rail: Smolensk–Vyazma, Moscow–Tula, and three positions on their own.
    const rail = net.components({ linkTypes: ['rail'] });
    expect(rail.count).toBe(5);
    expect(Array.from(rail.of)).toEqual([0, 0, 1, 2, 3, 4, 2]);
    const withoutKaluga = net.components({ include: (i) => i !== at('kaluga') });
    expect(withoutKaluga.count).toBe(1);
    expect(withoutKaluga.of[at('kaluga')]).toBe(-1);
  });

  it('measures a link along its bends', () => {
    // Vyazma (80,20) → (110,60) → Kaluga (80,80): 50 mm then 36.06 mm.
    const vk = net.linkIndexOf('v-k');
    expect(net.linkPolyline(vk)).toEqual([
      { x: 80, y: 20 },
      { x: 110, y: 60 },
      { x: 80, y: 80 },
    ]);
    expect(net.linkLength(vk)).toBeCloseTo(50 + Math.hypot(30, 20), 9);
    expect(net.linkLength(net.linkIndexOf('s-v'))).toBe(60);
  });

  it('trims a drawn link to where it leaves each position shape', () => {
    // Smolensk is 16 mm wide (right edge x = 28); Vyazma is a 10 mm box (left edge x = 75).
    expect(rounded(net.linkDrawnPolyline(net.linkIndexOf('s-v')))).toEqual([
      [28, 20],
      [75, 20],
    ]);
    // Tula → Moscow runs straight up into Moscow's 20 mm circle: it stops 10 mm below its centre.
    expect(rounded(net.linkDrawnPolyline(net.linkIndexOf('t-m')))).toEqual([
      [200, 75],
      [200, 30],
    ]);
    // A bend stays; only the ends move to the outlines: out of Vyazma's bottom side, into
    // Kaluga's right side.
    expect(rounded(net.linkDrawnPolyline(net.linkIndexOf('v-k')))).toEqual([
      [83.75, 25],
      [110, 60],
      [85, 76.666667],
    ]);
  });
});

describe('a broken layout', () => {
  const broken = createGrid({
    kind: 'network',
    network: {
      width: 100,
      height: 100,
      unit: 10,
      positions: [
        { id: 'a', x: 10, y: 10 },
        { id: 'b', x: 50, y: 10 },
        { id: 'a', x: 90, y: 10 },
      ],
      links: [
        { id: 'ab', from: 'a', to: 'b' },
        { id: 'ba', from: 'b', to: 'a', type: 'rail' },
        { id: 'self', from: 'b', to: 'b' },
        { id: 'lost', from: 'b', to: 'nowhere' },
      ],
    },
  });
  const n = broken.network!;

  it('leaves out self-links, repeated pairs and links to missing positions, without throwing', () => {
    expect(n.linkEnds(0)).toEqual([0, 1]);
    expect(n.linkEnds(1)).toBeNull();
    expect(n.linkEnds(2)).toBeNull();
    expect(n.linkEnds(3)).toBeNull();
    expect(broken.allEdges()).toEqual(['ab']);
    expect(n.neighbours(1)).toEqual([0]);
    expect(() => broken.edgeCells('lost')).toThrow(/not a link/);
    expect(n.linkPolyline(3)).toEqual([]);
  });

  it('resolves a repeated position id to its first position; the second is an unlinked cell', () => {
    expect(n.indexOf('a')).toBe(0);
    expect(broken.neighbours({ col: 2, row: 0 })).toEqual([]);
    expect(broken.distance({ col: 2, row: 0 }, { col: 0, row: 0 })).toBe(Infinity);
  });

  it('is also fine with no positions at all (a network being drawn from blank)', () => {
    const blank = createGrid({ kind: 'network', network: { width: 297, height: 210, unit: 20, positions: [], links: [] } });
    expect(blank.cellCount).toBe(0);
    expect(blank.pixelToIndex({ x: 10, y: 10 }, 20)).toBe(-1);
    expect(blank.nearestEdge({ x: 10, y: 10 }, 20)).toBeNull();
    expect(blank.bounds(20)).toEqual({ x: 0, y: 0, width: 297, height: 210 });
  });

  it('refuses a layout whose numbers make no sense, naming the field', () => {
    expect(() => createGrid({ kind: 'network', network: { width: 0, height: 10, unit: 10, positions: [], links: [] } })).toThrow(/network\.width/);
    expect(() =>
      createGrid({ kind: 'network', network: { width: 10, height: 10, unit: 10, positions: [{ id: 'a', x: NaN, y: 1 }], links: [] } }),
    ).toThrow(/positions\[0\]\.x/);
  });
});

describe('a straight line that only touches a position', () => {
  it('crosses a box whose corner it ends on (found by the property test: rounding put the box just past the end)', () => {
    // The end position's centre is exactly the corner of a big box around it.
    const end = { id: 'end', x: 321, y: 193, shape: 'box' as const, width: 2, height: 2 };
    const box = { id: 'box', label: 'box', x: 304, y: 212, shape: 'box' as const, width: 34, height: 38 };
    const start = { id: 'start', x: 0, y: 118, shape: 'box' as const, width: 2, height: 2 };
    expect(segmentEntry(box, start, end)).toBeCloseTo(1, 9);
    // A segment that passes well clear of it does not.
    expect(segmentEntry(box, start, { x: 321, y: 150 })).toBeNull();
  });
});
