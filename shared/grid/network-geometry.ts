// A network map behind the GridGeometry interface (see the conventions in types.ts): the
// i-th position is the cell { col: i, row: 0 }, links are edges named by their id, and pixel
// functions scale map millimetres by size / unit. Compass-direction functions have nothing to
// say about a network and return null or []; everything that follows links is answered by
// the link graph (network.ts), which is also exposed as `network`.
import { createNetworkQueries } from './network.js';
import { segmentEntry } from './network-shapes.js';
import type { Cell, CellId, EdgeId, GridGeometry, NetworkGridSpec, Point, Rect } from './types.js';

const NONE: readonly never[] = Object.freeze([]);

export function createNetworkGeometry(spec: NetworkGridSpec): GridGeometry {
  const layout = spec.network;
  const net = createNetworkQueries(layout);
  const { positions, links, unit } = layout;
  const n = positions.length;
  const cellOf = (i: number): Cell => ({ col: i, row: 0 });
  const inMap = (c: Cell): boolean => c.row === 0 && Number.isInteger(c.col) && c.col >= 0 && c.col < n;
  const indexIn = (c: Cell): number => (inMap(c) ? c.col : -1);
  const scale = (size: number): number => size / unit;
  /** The link id of link l, for edge ids; links that join nothing usable are not edges. */
  const edgeIdOf = (l: number): EdgeId | null => (l >= 0 && net.linkEnds(l) ? links[l]!.id : null);
  const usableLink = (id: string): number => {
    const l = net.linkIndexOf(id);
    return l >= 0 && net.linkEnds(l) ? l : -1;
  };
  const labelIndex = new Map<string, number>();
  positions.forEach((p, i) => {
    const key = p.label.trim().toLowerCase();
    if (!labelIndex.has(key)) labelIndex.set(key, i);
  });

  // Distances from one position are asked for repeatedly (a rules engine measuring from a
  // unit to many targets), so the last few searches are kept.
  const distanceCache = new Map<number, Int32Array>();
  const distancesFrom = (i: number): Int32Array => {
    let hit = distanceCache.get(i);
    if (!hit) {
      hit = net.distancesFrom([i]);
      if (distanceCache.size >= 64) distanceCache.delete(distanceCache.keys().next().value!);
      distanceCache.set(i, hit);
    }
    return hit;
  };

  const boxOffsets = new Map<number, readonly Point[]>();

  const geometry: GridGeometry = {
    spec,
    network: net,
    directions: NONE,
    sideDirections: NONE,
    ownedDirections: NONE,
    cellCount: n,
    inMap,
    index: (c) => c.row * n + c.col,
    cellAt: cellOf,
    step: () => null,
    neighbours: (c) => net.neighbours(indexIn(c)).map(cellOf),
    directionTo: () => null,
    adjacent: (a, b) => net.linkBetween(indexIn(a), indexIn(b)) >= 0,
    distance: (a, b) => {
      const i = indexIn(a);
      const j = indexIn(b);
      if (i < 0 || j < 0) return Infinity;
      const d = distancesFrom(i)[j]!;
      return d === -1 ? Infinity : d;
    },
    edgeOf: () => null,
    edgeBetween: (a, b) => edgeIdOf(net.linkBetween(indexIn(a), indexIn(b))),
    edgeCells: (edge) => {
      const l = usableLink(edge);
      if (l < 0) throw new Error(`"${edge}" is not a link of this network`);
      const [a, b] = net.linkEnds(l)!;
      return [cellOf(a), cellOf(b)];
    },
    parseEdge: (text) => {
      const id = text.trim();
      return usableLink(id) >= 0 ? id : null;
    },
    allEdges: () => links.flatMap((_, l) => (net.linkEnds(l) ? [links[l]!.id] : [])),
    diagonalSides: () => [],
    center: (c, size) => {
      const p = positions[indexIn(c)];
      const k = scale(size);
      return p ? { x: p.x * k, y: p.y * k } : { x: NaN, y: NaN };
    },
    centerX: (col, row, size) => (row === 0 && positions[col] ? positions[col]!.x * scale(size) : NaN),
    centerY: (col, row, size) => (row === 0 && positions[col] ? positions[col]!.y * scale(size) : NaN),
    corners: (c, size) => {
      const k = scale(size);
      return net.outline(indexIn(c)).map((p) => ({ x: p.x * k, y: p.y * k }));
    },
    cornerOffsets: (size) => {
      // A network's positions each have their own shape; this is the default one (a box of
      // the map's cell size), for code that draws every cell alike.
      let hit = boxOffsets.get(size);
      if (!hit) {
        const h = size / 2;
        hit = Object.freeze([
          Object.freeze({ x: -h, y: -h }),
          Object.freeze({ x: h, y: -h }),
          Object.freeze({ x: h, y: h }),
          Object.freeze({ x: -h, y: h }),
        ]);
        if (boxOffsets.size > 16) boxOffsets.clear();
        boxOffsets.set(size, hit);
      }
      return hit;
    },
    edgeEndpoints: (edge, size) => {
      const [a, b] = geometry.edgeCells(edge);
      return [geometry.center(a, size), geometry.center(b, size)];
    },
    pixelToCell: (p, size) => {
      const k = scale(size);
      return cellOf(net.positionAt({ x: p.x / k, y: p.y / k }));
    },
    pixelToIndex: (p, size) => {
      const k = scale(size);
      return net.positionAt({ x: p.x / k, y: p.y / k });
    },
    nearestEdge: (p, size) => {
      const k = scale(size);
      const hit = net.nearestLink({ x: p.x / k, y: p.y / k });
      return hit ? { edge: links[hit.link]!.id, distance: hit.distance * k } : null;
    },
    bounds: (size): Rect => ({ x: 0, y: 0, width: layout.width * scale(size), height: layout.height * scale(size) }),
    cellBox: (size) => ({ width: size, height: size }),
    line: (a, b) => {
      const i = indexIn(a);
      const j = indexIn(b);
      if (i === j) return [a];
      if (i < 0 || j < 0) return [a, b];
      // The positions whose drawn shapes the straight segment between the two centres
      // crosses, in order along it: what a brush dragged from one to the other passes over.
      const from = positions[i]!;
      const to = positions[j]!;
      const hits: { k: number; t: number }[] = [];
      for (let k = 0; k < n; k++) {
        if (k === i || k === j) continue;
        const t = segmentEntry(positions[k]!, from, to);
        if (t !== null) hits.push({ k, t });
      }
      hits.sort((p, q) => p.t - q.t || p.k - q.k);
      return [a, ...hits.map((h) => cellOf(h.k)), b];
    },
    edgesAlongPath: (path) => net.pathLinks(path.map(indexIn)).map((l) => links[l]!.id),
    ref: (c): CellId => positions[indexIn(c)]?.id ?? `${c.col},${c.row}`,
    parseRef: (ref) => {
      const i = net.indexOf(ref);
      return i >= 0 ? cellOf(i) : null;
    },
    label: (c) => positions[indexIn(c)]?.label ?? `${c.col + 1},${c.row + 1}`,
    parseLabel: (text) => {
      const key = text.trim().toLowerCase();
      const i = labelIndex.get(key) ?? net.indexOf(text.trim());
      return i !== undefined && i >= 0 ? cellOf(i) : null;
    },
  };
  return geometry;
}

