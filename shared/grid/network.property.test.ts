// Invariants of network maps, checked with fast-check on random networks: random positions
// and shapes, random links (self-links, repeated pairs and missing ends included, which the
// graph must leave out), random link types and random "may enter" predicates. Distances are
// compared with a plain Floyd–Warshall over the same rules.
// GF_SOAK=1 runs many more cases (a soak, not part of `npm test`).
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createGrid, type GridGeometry, type NetworkLayoutInput, type NetworkQueries, type PathOptions } from './index.js';
import { segmentDistance } from './network-shapes.js';

const SOAK = typeof process !== 'undefined' && process.env.GF_SOAK === '1';
const RUNS = { numRuns: SOAK ? 5000 : 120 };
const TYPES = ['ordinary', 'road', 'rail'] as const;

interface Case {
  layout: NetworkLayoutInput;
  g: GridGeometry;
  net: NetworkQueries;
  /** Positions a path may enter. */
  open: boolean[];
  /** Link types allowed. */
  types: string[];
  a: number;
  b: number;
  c: number;
}

const point = fc.record({ x: fc.integer({ min: 0, max: 400 }), y: fc.integer({ min: 0, max: 300 }) });

const networkCase = fc.integer({ min: 1, max: 12 }).chain((n) =>
  fc
    .record({
      positions: fc.array(
        fc.record({
          x: fc.integer({ min: 0, max: 400 }),
          y: fc.integer({ min: 0, max: 300 }),
          shape: fc.constantFrom('box' as const, 'circle' as const),
          width: fc.integer({ min: 2, max: 40 }),
          height: fc.integer({ min: 2, max: 40 }),
        }),
        { minLength: n, maxLength: n },
      ),
      links: fc.array(
        fc.record({
          from: fc.integer({ min: 0, max: n }), // n names a missing position
          to: fc.integer({ min: 0, max: n - 1 }),
          type: fc.constantFrom(...TYPES),
          waypoints: fc.array(point, { maxLength: 2 }),
        }),
        { maxLength: 3 * n },
      ),
      open: fc.array(fc.boolean(), { minLength: n, maxLength: n }),
      types: fc.subarray([...TYPES], { minLength: 1 }),
      a: fc.integer({ min: 0, max: n - 1 }),
      b: fc.integer({ min: 0, max: n - 1 }),
      c: fc.integer({ min: 0, max: n - 1 }),
    })
    .map(({ positions, links, open, types, a, b, c }): Case => {
      const layout: NetworkLayoutInput = {
        width: 400,
        height: 300,
        unit: 10,
        positions: positions.map((p, i) => ({ id: `p${i}`, ...p })),
        links: links.map((l, i) => ({ id: `l${i}`, from: `p${l.from}`, to: `p${l.to}`, type: l.type, waypoints: l.waypoints })),
      };
      const g = createGrid({ kind: 'network', network: layout });
      return { layout, g, net: g.network!, open, types, a, b, c };
    }),
);

/**
 * Reference distances (Floyd–Warshall): d[i][j] = fewest links from i to j using usable links
 * of the allowed types, every position after i passing `open` (when given).
 */
function reference(layout: NetworkLayoutInput, types: readonly string[] | null, open: readonly boolean[] | null): number[][] {
  const n = layout.positions.length;
  const d = Array.from({ length: n }, (_, i) => Array.from({ length: n }, (_, j) => (i === j ? 0 : Infinity)));
  const seen = new Set<string>();
  for (const l of layout.links) {
    const i = Number(l.from.slice(1));
    const j = Number(l.to.slice(1));
    if (i >= n || j >= n || i === j) continue;
    const key = `${Math.min(i, j)} ${Math.max(i, j)}`;
    if (seen.has(key)) continue; // only the first link between a pair counts
    seen.add(key);
    if (types && !types.includes(l.type ?? 'ordinary')) continue;
    if (!open || open[j]) d[i]![j] = 1;
    if (!open || open[i]) d[j]![i] = 1;
  }
  for (let k = 0; k < n; k++)
    for (let i = 0; i < n; i++)
      for (let j = 0; j < n; j++) if (d[i]![k]! + d[k]![j]! < d[i]![j]!) d[i]![j] = d[i]![k]! + d[k]![j]!;
  return d;
}

const opts = (c: Case): PathOptions => ({ linkTypes: c.types, enter: (i) => c.open[i]! });

/** A path is valid under the options: joined link by link (allowed types), positions after the start open. */
function expectValidPath(c: Case, path: number[], from: number, to: number, withOptions: boolean): void {
  expect(path[0]).toBe(from);
  expect(path[path.length - 1]).toBe(to);
  for (let k = 1; k < path.length; k++) {
    const l = c.net.linkBetween(path[k - 1]!, path[k]!);
    expect(l).toBeGreaterThanOrEqual(0);
    if (withOptions) {
      expect(c.types).toContain(c.net.links[l]!.type);
      expect(c.open[path[k]!]).toBe(true);
    }
  }
}

describe('network invariants on random networks', () => {
  it('neighbours are mutual, through the grid interface and the network queries alike', () => {
    fc.assert(
      fc.property(networkCase, ({ g, net, a, b }) => {
        const ca = g.cellAt(a);
        const cb = g.cellAt(b);
        expect(net.neighbours(b).includes(a)).toBe(net.neighbours(a).includes(b));
        expect(g.adjacent(ca, cb)).toBe(g.adjacent(cb, ca));
        expect(g.adjacent(ca, cb)).toBe(net.neighbours(a).includes(b));
        expect(g.edgeBetween(ca, cb)).toBe(g.edgeBetween(cb, ca));
        for (const nb of net.neighbours(a)) expect(net.neighbours(nb)).toContain(a);
        // No position is its own neighbour, and none is listed twice.
        expect(net.neighbours(a)).not.toContain(a);
        expect(new Set(net.neighbours(a)).size).toBe(net.neighbours(a).length);
      }),
      RUNS,
    );
  });

  it('distances in links equal a brute-force search, with and without link types and entry rules', () => {
    fc.assert(
      fc.property(networkCase, (c) => {
        const plain = reference(c.layout, null, null);
        const ruled = reference(c.layout, c.types, c.open);
        const n = c.layout.positions.length;
        for (let i = 0; i < n; i++) {
          const fromI = c.net.distancesFrom([i], opts(c));
          for (let j = 0; j < n; j++) {
            expect(c.net.distance(i, j)).toBe(plain[i]![j]);
            expect(c.g.distance(c.g.cellAt(i), c.g.cellAt(j))).toBe(plain[i]![j]);
            expect(c.net.distance(i, j, opts(c))).toBe(ruled[i]![j]);
            expect(fromI[j]).toBe(ruled[i]![j] === Infinity ? -1 : ruled[i]![j]);
          }
        }
      }),
      RUNS,
    );
  });

  it('shortest paths are valid, as long as the distance, and symmetric when both ends may be entered', () => {
    fc.assert(
      fc.property(networkCase, (c) => {
        const { net, a, b } = c;
        const there = net.shortestPath(a, b);
        const back = net.shortestPath(b, a);
        expect(there === null).toBe(back === null);
        if (there && back) {
          expectValidPath(c, there, a, b, false);
          expect(there.length).toBe(back.length);
          expect(there.length - 1).toBe(net.distance(a, b));
          // The reverse of a shortest path is a path back.
          expectValidPath(c, [...there].reverse(), b, a, false);
        }
        const ruled = net.shortestPath(a, b, opts(c));
        if (ruled) {
          expectValidPath(c, ruled, a, b, true);
          expect(ruled.length - 1).toBe(net.distance(a, b, opts(c)));
        } else expect(net.distance(a, b, opts(c))).toBe(Infinity);
        if (c.open[a] && c.open[b]) expect(net.distance(a, b, opts(c))).toBe(net.distance(b, a, opts(c)));
      }),
      RUNS,
    );
  });

  it('distance obeys the triangle inequality (through an enterable middle position under entry rules)', () => {
    fc.assert(
      fc.property(networkCase, (c) => {
        const { net, a, b, c: m } = c;
        expect(net.distance(a, b)).toBeLessThanOrEqual(net.distance(a, m) + net.distance(m, b));
        if (c.open[m]) expect(net.distance(a, b, opts(c))).toBeLessThanOrEqual(net.distance(a, m, opts(c)) + net.distance(m, b, opts(c)));
      }),
      RUNS,
    );
  });

  it('a position is cut off from sources exactly when no path leads to any of them', () => {
    fc.assert(
      fc.property(networkCase, fc.array(fc.nat(), { maxLength: 3 }), (c, picks) => {
        const n = c.layout.positions.length;
        const sources = picks.map((p) => p % n);
        const cut = new Set(c.net.cutOffFrom(sources, opts(c)));
        const to = c.net.distancesTo(sources, opts(c));
        for (let i = 0; i < n; i++) {
          const paths = sources.map((s) => c.net.shortestPath(i, s, opts(c)));
          expect(cut.has(i)).toBe(paths.every((p) => p === null));
          const best = Math.min(...sources.map((s) => c.net.distance(i, s, opts(c))));
          expect(to[i]).toBe(best === Infinity ? -1 : best);
        }
        // Without rules, being cut off is being in a component with no source.
        const { of } = c.net.components();
        const sourceComponents = new Set(sources.map((s) => of[s]));
        const plainCut = new Set(c.net.cutOffFrom(sources));
        for (let i = 0; i < n; i++) expect(plainCut.has(i)).toBe(!sourceComponents.has(of[i]));
      }),
      RUNS,
    );
  });

  it('two positions share a component exactly when a path joins them through included positions', () => {
    fc.assert(
      fc.property(networkCase, (c) => {
        const include = (i: number) => c.open[i]!;
        const { count, of } = c.net.components({ include, linkTypes: c.types });
        const n = c.layout.positions.length;
        expect(new Set(Array.from(of).filter((x) => x >= 0)).size).toBe(count);
        for (let i = 0; i < n; i++) {
          if (!include(i)) {
            expect(of[i]).toBe(-1);
            continue;
          }
          for (let j = 0; j < n; j++) {
            if (!include(j)) continue;
            const joined = c.net.shortestPath(i, j, { linkTypes: c.types, enter: include }) !== null;
            expect(of[i] === of[j]).toBe(joined);
          }
        }
      }),
      RUNS,
    );
  });

  it('hit testing finds a position only inside its shape, and every centre not covered by another shape finds its own', () => {
    fc.assert(
      fc.property(networkCase, point, fc.integer({ min: 1, max: 60 }), (c, p, size) => {
        const { g, net } = c;
        const k = size / 10;
        const hit = g.pixelToIndex({ x: p.x * k, y: p.y * k }, size);
        if (hit >= 0) expect(net.contains(hit, p)).toBe(true);
        else for (let i = 0; i < net.positions.length; i++) expect(net.contains(i, p)).toBe(false);
        for (let i = 0; i < net.positions.length; i++) {
          const centre = g.center(g.cellAt(i), size);
          expect(centre.x).toBeCloseTo(net.positions[i]!.x * k, 9);
          const others = net.positions.some((q, j) => j !== i && net.contains(j, net.positions[i]!));
          if (!others) expect(g.pixelToIndex(centre, size)).toBe(i);
        }
      }),
      RUNS,
    );
  });

  it('the bucket index answers as a search of every shape and line would, even for points off the map', () => {
    fc.assert(
      fc.property(networkCase, fc.record({ x: fc.integer({ min: -100, max: 500 }), y: fc.integer({ min: -100, max: 400 }) }), (c, p) => {
        const { net } = c;
        let at = -1;
        let atDist = Infinity;
        net.positions.forEach((q, i) => {
          const d = Math.hypot(p.x - q.x, p.y - q.y);
          if (net.contains(i, p) && (d < atDist || (d === atDist && i > at))) [at, atDist] = [i, d];
        });
        expect(net.positionAt(p)).toBe(at);
        let near: { link: number; distance: number } | null = null;
        net.links.forEach((_, l) => {
          if (!net.linkEnds(l)) return;
          const line = net.linkPolyline(l);
          let d = Infinity;
          for (let k = 1; k < line.length; k++) d = Math.min(d, segmentDistance(p, line[k - 1]!, line[k]!));
          if (!near || d < near.distance) near = { link: l, distance: d };
        });
        const got = net.nearestLink(p);
        if (near === null) expect(got).toBeNull();
        else {
          expect(got!.distance).toBeCloseTo((near as { distance: number }).distance, 9);
        }
      }),
      RUNS,
    );
  });

  it('a link is at least as long as the straight line between its ends, and trimming never lengthens it', () => {
    fc.assert(
      fc.property(networkCase, (c) => {
        const { net } = c;
        net.links.forEach((link, l) => {
          const line = net.linkPolyline(l);
          if (!line.length) return;
          const a = line[0]!;
          const b = line[line.length - 1]!;
          expect(net.linkLength(l)).toBeGreaterThanOrEqual(Math.hypot(b.x - a.x, b.y - a.y) - 1e-9);
          if (link.waypoints.length === 0) expect(net.linkLength(l)).toBeCloseTo(Math.hypot(b.x - a.x, b.y - a.y), 9);
          const drawn = net.linkDrawnPolyline(l);
          let drawnLength = 0;
          for (let k = 1; k < drawn.length; k++) drawnLength += Math.hypot(drawn[k]!.x - drawn[k - 1]!.x, drawn[k]!.y - drawn[k - 1]!.y);
          expect(drawnLength).toBeLessThanOrEqual(net.linkLength(l) + 1e-9);
        });
      }),
      RUNS,
    );
  });

  it('a line between two positions holds every position a point of the straight segment falls in, ends first and last', () => {
    fc.assert(
      fc.property(networkCase, ({ g, net, a, b }) => {
        if (a === b) {
          expect(g.line(g.cellAt(a), g.cellAt(b))).toEqual([g.cellAt(a)]);
          return;
        }
        const line = g.line(g.cellAt(a), g.cellAt(b)).map((c) => g.index(c));
        expect(line[0]).toBe(a);
        expect(line[line.length - 1]).toBe(b);
        expect(new Set(line).size).toBe(line.length);
        const pa = net.positions[a]!;
        const pb = net.positions[b]!;
        for (let k = 0; k <= 200; k++) {
          const p = { x: pa.x + ((pb.x - pa.x) * k) / 200, y: pa.y + ((pb.y - pa.y) * k) / 200 };
          for (let i = 0; i < net.positions.length; i++) if (net.contains(i, p)) expect(line).toContain(i);
        }
      }),
      RUNS,
    );
  });

  it('references round-trip: ref → parseRef, label → parseLabel, edge id → edgeCells → edgeBetween', () => {
    fc.assert(
      fc.property(networkCase, ({ g }) => {
        for (let i = 0; i < g.cellCount; i++) {
          const cell = g.cellAt(i);
          expect(g.parseRef(g.ref(cell))).toEqual(cell);
          expect(g.parseLabel(g.label(cell))).toEqual(cell);
          expect(g.index(cell)).toBe(i);
        }
        for (const e of g.allEdges()) {
          const [a, b] = g.edgeCells(e);
          expect(g.edgeBetween(a, b)).toBe(e);
          expect(g.parseEdge(e)).toBe(e);
          expect(g.edgesAlongPath([a, b])).toEqual([e]);
        }
      }),
      RUNS,
    );
  });
});
