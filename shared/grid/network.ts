// Network maps: positions joined by links. `createNetworkQueries` builds the link graph once
// (compressed adjacency lists) and answers the questions rules and tools ask of it: who is
// next to whom, the fewest links between two positions (optionally only along some link
// types, or only through positions a predicate allows, e.g. "not enemy-occupied"), which
// positions are cut off from a set of sources, connected components, and the drawn geometry
// of links and positions in map millimetres.
//
// The graph is tolerant of a broken layout, because the checks that report broken layouts
// need the geometry too: a link with a missing end, a self-link or a second link between the
// same pair is left out of the graph (`linkEnds` returns null for it); a repeated position
// id names its first position.
import { BucketIndex } from './network-index.js';
import { segmentDistance, polylineLength, shapeContains, shapeOutline, trimToShapes } from './network-shapes.js';
import type { NetworkLayout, NetworkQueries, PathOptions, Point, Rect } from './types.js';

interface Graph {
  /** Neighbour list of position i: nbr[start[i]] .. nbr[start[i+1]-1], with the link of each in via[]. */
  start: Int32Array;
  nbr: Int32Array;
  via: Int32Array;
}

/** One number per unordered pair of positions (n positions). */
const pairKey = (a: number, b: number, n: number): number => (a < b ? a * n + b : b * n + a);

function buildGraph(layout: NetworkLayout, indexOf: (id: string) => number): { graph: Graph; ends: ([number, number] | null)[]; pairs: Map<number, number> } {
  const n = layout.positions.length;
  const ends: ([number, number] | null)[] = [];
  const pairs = new Map<number, number>();
  const degree = new Int32Array(n);
  layout.links.forEach((link, l) => {
    const a = indexOf(link.from);
    const b = indexOf(link.to);
    const key = pairKey(a, b, n);
    if (a < 0 || b < 0 || a === b || pairs.has(key)) {
      ends.push(null);
      return;
    }
    pairs.set(key, l);
    ends.push([a, b]);
    degree[a]!++;
    degree[b]!++;
  });
  const start = new Int32Array(n + 1);
  for (let i = 0; i < n; i++) start[i + 1] = start[i]! + degree[i]!;
  const fill = start.slice(0, n);
  const nbr = new Int32Array(start[n]!);
  const via = new Int32Array(start[n]!);
  ends.forEach((e, l) => {
    if (!e) return;
    const [a, b] = e;
    nbr[fill[a]!] = b;
    via[fill[a]!++] = l;
    nbr[fill[b]!] = a;
    via[fill[b]!++] = l;
  });
  return { graph: { start, nbr, via }, ends, pairs };
}

export function createNetworkQueries(layout: NetworkLayout): NetworkQueries {
  const { positions, links } = layout;
  const n = positions.length;
  const positionIndex = new Map<string, number>();
  positions.forEach((p, i) => {
    if (!positionIndex.has(p.id)) positionIndex.set(p.id, i);
  });
  const linkIndex = new Map<string, number>();
  links.forEach((l, i) => {
    if (!linkIndex.has(l.id)) linkIndex.set(l.id, i);
  });
  const indexOf = (id: string): number => positionIndex.get(id) ?? -1;
  const { graph, ends, pairs } = buildGraph(layout, indexOf);
  const { start, nbr, via } = graph;

  const valid = (i: number): boolean => Number.isInteger(i) && i >= 0 && i < n;

  // Link lines (centre to centre through the bends), computed once.
  const lines: Point[][] = links.map((link) => {
    const a = positions[indexOf(link.from)];
    const b = positions[indexOf(link.to)];
    if (!a || !b) return [];
    return [{ x: a.x, y: a.y }, ...link.waypoints.map((w) => ({ x: w.x, y: w.y })), { x: b.x, y: b.y }];
  });

  // Bucket grids for the pointer's questions, built on first use. Their area covers the map
  // and everything drawn (even off it), and a bucket is about one position apart.
  let spatial: { positions: BucketIndex; segments: BucketIndex; segmentLink: Int32Array; segmentStart: Int32Array } | null = null;
  const boxOfPosition = (i: number): Rect => {
    const p = positions[i]!;
    return { x: p.x - p.width / 2, y: p.y - p.height / 2, width: p.width, height: p.height };
  };
  const index = () => {
    if (spatial) return spatial;
    let x0 = 0;
    let y0 = 0;
    let x1 = layout.width;
    let y1 = layout.height;
    const grow = (b: Rect) => {
      x0 = Math.min(x0, b.x);
      y0 = Math.min(y0, b.y);
      x1 = Math.max(x1, b.x + b.width);
      y1 = Math.max(y1, b.y + b.height);
    };
    for (let i = 0; i < n; i++) grow(boxOfPosition(i));
    for (const line of lines) for (const p of line) grow({ x: p.x, y: p.y, width: 0, height: 0 });
    const area = { x: x0, y: y0, width: x1 - x0, height: y1 - y0 };
    const cell = Math.max(layout.unit, Math.sqrt((area.width * area.height) / Math.max(1, n)));
    const byPosition = new BucketIndex(area, cell);
    for (let i = 0; i < n; i++) byPosition.add(i, boxOfPosition(i));
    const segments = new BucketIndex(area, cell);
    const segmentLink: number[] = [];
    const segmentStart: number[] = [];
    lines.forEach((line, l) => {
      if (!ends[l]) return;
      for (let k = 1; k < line.length; k++) {
        const a = line[k - 1]!;
        const b = line[k]!;
        segments.add(segmentLink.length, { x: Math.min(a.x, b.x), y: Math.min(a.y, b.y), width: Math.abs(a.x - b.x), height: Math.abs(a.y - b.y) });
        segmentLink.push(l);
        segmentStart.push(k - 1);
      }
    });
    spatial = { positions: byPosition, segments, segmentLink: Int32Array.from(segmentLink), segmentStart: Int32Array.from(segmentStart) };
    return spatial;
  };

  /** Whether link l may be used under these options (it is usable by construction when listed in the graph). */
  const linkFilter = (options: PathOptions | undefined): ((l: number) => boolean) | null => {
    if (!options || (!options.linkTypes && !options.link)) return null;
    const types = options.linkTypes ? new Set(options.linkTypes) : null;
    const pred = options.link;
    return (l) => (!types || types.has(links[l]!.type)) && (!pred || pred(l));
  };

  /**
   * Breadth-first search from `seeds`. Forward: paths leave a seed, and every position they
   * reach must pass `enter`. Reverse: paths lead *to* a seed, and every position after their
   * start must pass `enter`, so the search steps from v back to a neighbour only when v
   * passes (a seed that does not pass is reached by itself alone).
   */
  const bfs = (seeds: readonly number[], options: PathOptions | undefined, forward: boolean, stopAt = -1): { dist: Int32Array; prev: Int32Array } => {
    const dist = new Int32Array(n).fill(-1);
    const prev = new Int32Array(n).fill(-1);
    const useLink = linkFilter(options);
    const enter = options?.enter;
    const queue = new Int32Array(n);
    let head = 0;
    let tail = 0;
    for (const s of seeds) {
      if (!valid(s) || dist[s] !== -1) continue;
      dist[s] = 0;
      queue[tail++] = s;
    }
    while (head < tail) {
      const v = queue[head++]!;
      if (v === stopAt) break;
      if (!forward && enter && !enter(v)) continue;
      for (let k = start[v]!; k < start[v + 1]!; k++) {
        const u = nbr[k]!;
        if (dist[u] !== -1) continue;
        if (useLink && !useLink(via[k]!)) continue;
        if (forward && enter && !enter(u)) continue;
        dist[u] = dist[v]! + 1;
        prev[u] = v;
        queue[tail++] = u;
      }
    }
    return { dist, prev };
  };

  const queries: NetworkQueries = {
    layout,
    positions,
    links,
    indexOf,
    linkIndexOf: (id) => linkIndex.get(id) ?? -1,
    linkEnds: (l) => ends[l] ?? null,
    neighbours: (i, options) => {
      if (!valid(i)) return [];
      const useLink = linkFilter(options);
      const out: number[] = [];
      for (let k = start[i]!; k < start[i + 1]!; k++) {
        if (useLink && !useLink(via[k]!)) continue;
        if (options?.enter && !options.enter(nbr[k]!)) continue;
        out.push(nbr[k]!);
      }
      return out;
    },
    linksOf: (i) => (valid(i) ? Array.from(via.subarray(start[i]!, start[i + 1]!)) : []),
    linkBetween: (a, b) => (valid(a) && valid(b) ? (pairs.get(pairKey(a, b, n)) ?? -1) : -1),
    shortestPath: (from, to, options) => {
      if (!valid(from) || !valid(to)) return null;
      if (from === to) return [from];
      const { dist, prev } = bfs([from], options, true, to);
      if (dist[to] === -1) return null;
      const path = [to];
      for (let v = prev[to]!; v !== -1; v = prev[v]!) path.push(v);
      return path.reverse();
    },
    pathLinks: (path) => {
      const out: number[] = [];
      for (let i = 1; i < path.length; i++) {
        const l = queries.linkBetween(path[i - 1]!, path[i]!);
        if (l >= 0) out.push(l);
      }
      return out;
    },
    distance: (from, to, options) => {
      if (!valid(from) || !valid(to)) return Infinity;
      if (from === to) return 0;
      const d = bfs([from], options, true, to).dist[to]!;
      return d === -1 ? Infinity : d;
    },
    distancesFrom: (starts, options) => bfs(starts, options, true).dist,
    distancesTo: (targets, options) => bfs(targets, options, false).dist,
    cutOffFrom: (sources, options) => {
      const dist = bfs(sources, options, false).dist;
      const out: number[] = [];
      for (let i = 0; i < n; i++) if (dist[i] === -1) out.push(i);
      return out;
    },
    components: (options) => {
      const of = new Int32Array(n).fill(-1);
      const include = options?.include;
      const useLink = linkFilter(options);
      let count = 0;
      const stack: number[] = [];
      for (let s = 0; s < n; s++) {
        if (of[s] !== -1 || (include && !include(s))) continue;
        of[s] = count;
        stack.push(s);
        while (stack.length) {
          const v = stack.pop()!;
          for (let k = start[v]!; k < start[v + 1]!; k++) {
            const u = nbr[k]!;
            if (of[u] !== -1 || (useLink && !useLink(via[k]!)) || (include && !include(u))) continue;
            of[u] = count;
            stack.push(u);
          }
        }
        count++;
      }
      return { count, of };
    },
    linkPolyline: (l) => (lines[l] ?? []).map((p) => ({ x: p.x, y: p.y })),
    linkLength: (l) => polylineLength(queries.linkPolyline(l)),
    linkDrawnPolyline: (l) => {
      const line = queries.linkPolyline(l);
      if (line.length < 2) return line;
      const link = links[l]!;
      return trimToShapes(line, positions[indexOf(link.from)]!, positions[indexOf(link.to)]!);
    },
    outline: (i) => (valid(i) ? shapeOutline(positions[i]!) : []),
    contains: (i, p) => valid(i) && shapeContains(positions[i]!, p),
    positionAt: (p) => {
      let best = -1;
      let bestDist = Infinity;
      for (const i of n > 0 ? index().positions.at(p) : []) {
        const pos = positions[i]!;
        if (!shapeContains(pos, p)) continue;
        const d = Math.hypot(p.x - pos.x, p.y - pos.y);
        // Of equally near centres the later position wins, as it is drawn on top.
        if (d < bestDist || (d === bestDist && i > best)) {
          best = i;
          bestDist = d;
        }
      }
      return best;
    },
    nearestPosition: (p, maxDistance = Infinity) => {
      let best = -1;
      let bestDist = maxDistance;
      for (let i = 0; i < n; i++) {
        const d = Math.hypot(p.x - positions[i]!.x, p.y - positions[i]!.y);
        if (d <= bestDist) {
          best = i;
          bestDist = d;
        }
      }
      return best;
    },
    nearestLink: (p: Point) => {
      const { segments, segmentLink, segmentStart } = index();
      const hit = segments.nearest(p, (k) => {
        const line = lines[segmentLink[k]!]!;
        return segmentDistance(p, line[segmentStart[k]!]!, line[segmentStart[k]! + 1]!);
      });
      return hit ? { link: segmentLink[hit.item]!, distance: hit.distance } : null;
    },
  };
  return queries;
}
