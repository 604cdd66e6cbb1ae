// Checks of network maps (positions joined by links): ids, links that join two different
// existing positions once, everything inside the map's extent, palettes known. Messages name
// positions as people know them (name and label), never by index. On a grid map every check
// here finds nothing.
import { pointer } from '../issues.js';
import type { Link, NetworkGrid, Position } from '../scenario.types.js';
import { positionName, type CheckContext, type Finding, type ScenarioCheck } from './context.js';

const mm = (v: number): string => String(Math.round(v * 10) / 10);

/** "Moscow (MOS)" for a position of this scenario. */
const named = (ctx: CheckContext, p: Position): string => positionName(p, ctx.scenario.map.cells?.[p.id]?.name);

/** The position an id names (the first, if the id is repeated). */
function byId(net: NetworkGrid): Map<string, Position> {
  const out = new Map<string, Position>();
  for (const p of net.positions) if (!out.has(p.id)) out.set(p.id, p);
  return out;
}

/** A link for people: its two ends by name where they exist, else their ids. */
function linkWords(ctx: CheckContext, link: Link, positions: Map<string, Position>): string {
  const end = (id: string) => {
    const p = positions.get(id);
    return p ? named(ctx, p) : `"${id}"`;
  };
  return `link "${link.id}" (${end(link.from)}–${end(link.to)})`;
}

/** Runs `check` only on a network map. */
const onNetwork =
  (check: (ctx: CheckContext, net: NetworkGrid) => Finding[]) =>
  (ctx: CheckContext): Finding[] =>
    ctx.network ? check(ctx, ctx.network) : [];

function duplicateIds<T extends { id: string }>(items: readonly T[], found: (item: T, index: number, first: T, firstIndex: number) => Finding): Finding[] {
  const first = new Map<string, number>();
  const out: Finding[] = [];
  items.forEach((item, i) => {
    const prev = first.get(item.id);
    if (prev === undefined) first.set(item.id, i);
    else out.push(found(item, i, items[prev]!, prev));
  });
  return out;
}

const GRID_ONLY_FIELDS = ['terrain', 'control', 'rivers', 'lakeShores', 'roads', 'rails'] as const;
const GRID_ONLY_WORDS: Record<(typeof GRID_ONLY_FIELDS)[number], string> = {
  terrain: 'terrain rows: give each position its "terrain"',
  control: 'control rows: give each position its "control"',
  rivers: 'river sides: a river between two positions is a property of their link',
  lakeShores: 'lake shores: mark lakes as a position terrain',
  roads: 'road sides: give a link the type "road"',
  rails: 'railway sides: give a link the type "rail"',
};

function offMap(net: NetworkGrid, x: number, y: number): boolean {
  return x < 0 || y < 0 || x > net.width || y > net.height;
}

export const networkChecks: ScenarioCheck[] = [
  {
    id: 'network-has-no-cell-rows',
    severity: 'error',
    rule: 'A network map has no terrain or control rows and no edge lists; its positions and links carry them.',
    run: onNetwork((ctx) =>
      GRID_ONLY_FIELDS.filter((f) => ctx.scenario.map[f] !== undefined).map((f) => ({
        pointer: pointer('map', f),
        message: `A network map has no ${GRID_ONLY_WORDS[f]}; remove "${f}".`,
      })),
    ),
  },
  {
    id: 'network-position-ids-unique',
    severity: 'error',
    rule: 'Every position of a network map has its own id.',
    run: onNetwork((ctx, net) =>
      duplicateIds(net.positions, (p, i, first, j) => ({
        pointer: pointer('map', 'grid', 'positions', i, 'id'),
        value: p.id,
        message: `Position ${named(ctx, p)} has the id "${p.id}", already used by position ${j} (${named(ctx, first)}); give each position its own id.`,
      })),
    ),
  },
  {
    id: 'network-link-ids-unique',
    severity: 'error',
    rule: 'Every link of a network map has its own id.',
    run: onNetwork((ctx, net) => {
      const positions = byId(net);
      return duplicateIds(net.links, (l, i, first) => ({
        pointer: pointer('map', 'grid', 'links', i, 'id'),
        value: l.id,
        message: `The ${linkWords(ctx, l, positions)} has the same id as the ${linkWords(ctx, first, positions)}; give each link its own id.`,
      }));
    }),
  },
  {
    id: 'network-links-join-positions',
    severity: 'error',
    rule: 'Both ends of every link are positions of the map.',
    run: onNetwork((ctx, net) => {
      const positions = byId(net);
      const out: Finding[] = [];
      net.links.forEach((l, i) => {
        for (const end of ['from', 'to'] as const) {
          if (positions.has(l[end])) continue;
          out.push({
            pointer: pointer('map', 'grid', 'links', i, end),
            value: l[end],
            message: `The ${linkWords(ctx, l, positions)} leads to "${l[end]}", which is not a position of this map; join it to an existing position or remove it.`,
          });
        }
      });
      return out;
    }),
  },
  {
    id: 'network-no-self-links',
    severity: 'error',
    rule: 'A link joins two different positions.',
    run: onNetwork((ctx, net) => {
      const positions = byId(net);
      return net.links.flatMap((l, i) =>
        l.from === l.to && positions.has(l.from)
          ? [
              {
                pointer: pointer('map', 'grid', 'links', i, 'to'),
                value: l.to,
                cell: l.from,
                message: `Link "${l.id}" joins ${named(ctx, positions.get(l.from)!)} to itself; a link must join two different positions.`,
              },
            ]
          : [],
      );
    }),
  },
  {
    id: 'network-no-duplicate-links',
    severity: 'error',
    rule: 'Two positions are joined by at most one link.',
    run: onNetwork((ctx, net) => {
      const positions = byId(net);
      const first = new Map<string, Link>();
      const out: Finding[] = [];
      net.links.forEach((l, i) => {
        if (l.from === l.to || !positions.has(l.from) || !positions.has(l.to)) return;
        const key = l.from < l.to ? `${l.from}\u0000${l.to}` : `${l.to}\u0000${l.from}`;
        const prev = first.get(key);
        if (!prev) {
          first.set(key, l);
          return;
        }
        out.push({
          pointer: pointer('map', 'grid', 'links', i),
          value: l.id,
          cell: l.from,
          message: `Links "${prev.id}" and "${l.id}" both join ${named(ctx, positions.get(l.from)!)} and ${named(ctx, positions.get(l.to)!)}; keep one link per pair of positions and give it the type that matters (road, rail...).`,
        });
      });
      return out;
    }),
  },
  {
    id: 'network-positions-on-map',
    severity: 'error',
    rule: "Every position's centre lies inside the map's extent.",
    run: onNetwork((ctx, net) =>
      net.positions.flatMap((p, i) =>
        offMap(net, p.x, p.y)
          ? [
              {
                pointer: pointer('map', 'grid', 'positions', i),
                value: { x: p.x, y: p.y },
                cell: p.id,
                message: `Position ${named(ctx, p)} lies off the map: its centre (${mm(p.x)}, ${mm(p.y)}) mm is outside the ${mm(net.width)}×${mm(net.height)} mm map; move it onto the map or make the map larger.`,
              },
            ]
          : [],
      ),
    ),
  },
  {
    id: 'network-bends-on-map',
    severity: 'error',
    rule: "Every bend of a link lies inside the map's extent.",
    run: onNetwork((ctx, net) => {
      const positions = byId(net);
      const out: Finding[] = [];
      net.links.forEach((l, i) =>
        (l.waypoints ?? []).forEach((w, k) => {
          if (!offMap(net, w.x, w.y)) return;
          out.push({
            pointer: pointer('map', 'grid', 'links', i, 'waypoints', k),
            value: { x: w.x, y: w.y },
            message: `Bend ${k + 1} of the ${linkWords(ctx, l, positions)} lies off the map at (${mm(w.x)}, ${mm(w.y)}) mm; the map is ${mm(net.width)}×${mm(net.height)} mm.`,
          });
        }),
      );
      return out;
    }),
  },
  {
    id: 'network-position-terrain-known',
    severity: 'error',
    rule: "Every position's terrain is one of the map's terrain types.",
    run: onNetwork((ctx, net) => {
      const known = new Set(ctx.scenario.map.terrainTypes.map((t) => t.id));
      const list = [...known].map((id) => `"${id}"`).join(', ');
      return net.positions.flatMap((p, i) =>
        known.has(p.terrain)
          ? []
          : [
              {
                pointer: pointer('map', 'grid', 'positions', i, 'terrain'),
                value: p.terrain,
                cell: p.id,
                message: `Position ${named(ctx, p)} has terrain "${p.terrain}", which is not one of the map's terrain types (${list}).`,
              },
            ],
      );
    }),
  },
  {
    id: 'network-position-control-known',
    severity: 'error',
    rule: 'Every position is controlled by one of the two sides.',
    run: onNetwork((ctx, net) =>
      net.positions.flatMap((p, i) =>
        ctx.sidesById.has(p.control)
          ? []
          : [
              {
                pointer: pointer('map', 'grid', 'positions', i, 'control'),
                value: p.control,
                cell: p.id,
                message: `Position ${named(ctx, p)} is controlled by "${p.control}", which is not a side of this scenario (${ctx.scenario.sides.map((s) => `"${s.id}"`).join(' or ')}).`,
              },
            ],
      ),
    ),
  },
];

/** Design advice on network maps; never blocks a save. */
export const networkAdvice: ScenarioCheck[] = [
  {
    id: 'network-positions-drawn-inside-map',
    severity: 'warning',
    rule: "Every position's drawn shape fits inside the map, so it prints whole.",
    run: onNetwork((ctx, net) => {
      const unit = ctx.grid.network?.layout.unit ?? 0;
      return net.positions.flatMap((p, i) => {
        if (offMap(net, p.x, p.y)) return []; // an error already
        const hw = (p.width ?? unit) / 2;
        const hh = (p.height ?? unit) / 2;
        if (p.x - hw >= 0 && p.y - hh >= 0 && p.x + hw <= net.width && p.y + hh <= net.height) return [];
        return [
          {
            pointer: pointer('map', 'grid', 'positions', i),
            cell: p.id,
            message: `Position ${named(ctx, p)} is drawn partly off the map's ${mm(net.width)}×${mm(net.height)} mm edge, so a print cuts it; move it inward or draw it smaller.`,
          },
        ];
      });
    }),
  },
  {
    id: 'network-positions-linked',
    severity: 'warning',
    rule: 'Every position has at least one link.',
    run: onNetwork((ctx, net) => {
      const q = ctx.grid.network;
      if (!q || net.positions.length < 2) return [];
      return net.positions.flatMap((p, i) =>
        q.linksOf(i).length > 0 || q.indexOf(p.id) !== i
          ? []
          : [{ pointer: pointer('map', 'grid', 'positions', i), cell: p.id, message: `Position ${named(ctx, p)} has no links, so no unit can move to or from it; draw a link to it.` }],
      );
    }),
  },
  {
    id: 'network-labels-unique',
    severity: 'warning',
    rule: 'No two positions share a label, so people can tell them apart.',
    run: onNetwork((ctx, net) => {
      const first = new Map<string, Position>();
      const out: Finding[] = [];
      net.positions.forEach((p, i) => {
        if (p.label === undefined) return;
        const prev = first.get(p.label);
        if (!prev) first.set(p.label, p);
        else
          out.push({
            pointer: pointer('map', 'grid', 'positions', i, 'label'),
            value: p.label,
            cell: p.id,
            message: `Positions "${prev.id}" and "${p.id}" are both labelled "${p.label}"; give each its own label.`,
          });
      });
      return out;
    }),
  },
];
