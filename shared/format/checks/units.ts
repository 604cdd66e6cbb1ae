// Checks of the order of battle and reinforcements: ids, cells, stacking and terrain.
import type { Cell } from '../../grid/index.js';
import { pointer } from '../issues.js';
import type { GroundCondition, TerrainType } from '../scenario.types.js';
import { mapSize, type CheckContext, type Finding, type ScenarioCheck } from './context.js';

/** Impassable terrain a unit cannot stand on under this ground (a lake is solid when frozen or snowy). */
export function blocksUnits(t: TerrainType | undefined, ground: GroundCondition): boolean {
  if (t?.category !== 'impassable') return false;
  return !(t.freezes && (ground === 'frozen' || ground === 'snow'));
}

interface UnitPlace {
  id: string;
  name: string;
  side: string;
  /** Pointer to the unit object. */
  at: string;
  /** Pointer to its cell field. */
  cellAt: string;
  cell: string;
}

/** Units in the off-map pool: ids and sides only (they have no cell). */
function pooled(ctx: CheckContext): { id: string; name: string; at: string }[] {
  return (ctx.scenario.pool ?? []).map((p, i) => ({ id: p.unit.id, name: p.unit.name, at: pointer('pool', i, 'unit') }));
}

function places(ctx: CheckContext): { start: UnitPlace[]; arriving: UnitPlace[] } {
  const start = ctx.scenario.orderOfBattle.map((u, i) => ({
    id: u.id, name: u.name, side: u.side, cell: u.cell,
    at: pointer('orderOfBattle', i), cellAt: pointer('orderOfBattle', i, 'cell'),
  }));
  const arriving = (ctx.scenario.reinforcements ?? []).map((r, i) => ({
    id: r.unit.id, name: r.unit.name, side: r.unit.side, cell: r.entryCell,
    at: pointer('reinforcements', i, 'unit'), cellAt: pointer('reinforcements', i, 'entryCell'),
  }));
  return { start, arriving };
}

export const unitChecks: ScenarioCheck[] = [
  {
    id: 'unit-ids-unique',
    severity: 'error',
    rule: 'Unit ids are unique across the order of battle, the reinforcements and the pool.',
    run: (ctx) => {
      const { start, arriving } = places(ctx);
      const first = new Map<string, { name: string; at: string }>();
      const out: Finding[] = [];
      for (const u of [...start, ...arriving, ...pooled(ctx)]) {
        const prev = first.get(u.id);
        if (!prev) first.set(u.id, u);
        else
          out.push({
            pointer: u.at + '/id',
            value: u.id,
            message: `Unit id "${u.id}" of ${u.name} is already used by ${prev.name} (${prev.at}); give each unit its own id.`,
          });
      }
      return out;
    },
  },
  {
    id: 'unit-cells-in-map',
    severity: 'error',
    rule: 'Every starting cell and reinforcement entry cell lies inside the map.',
    run: (ctx) => {
      const { start, arriving } = places(ctx);
      return [...start, ...arriving]
        .filter((u) => !ctx.cellIn(u.cell))
        .map((u) => ({
          pointer: u.cellAt,
          value: u.cell,
          cell: u.cell,
          message: ctx.network
            ? `${u.name} ${start.includes(u) ? 'starts' : 'enters'} at "${u.cell}", which is not a position of this network map; give the id of one of its ${ctx.network.positions.length} positions.`
            : `${u.name} ${start.includes(u) ? 'starts' : 'enters'} at ${u.cell}, outside the ${mapSize(ctx)} map; pick a cell from 0,0 to ${ctx.grid.spec.cols - 1},${ctx.grid.spec.rows - 1}.`,
        }));
    },
  },
  {
    id: 'start-stacking-limit',
    severity: 'error',
    rule: "No cell starts with more of one side's units than the stacking limit.",
    run: (ctx) => {
      const limit = ctx.stackingLimit;
      if (limit === null) return [];
      const stacks = new Map<string, UnitPlace[]>();
      for (const u of places(ctx).start) {
        const key = `${u.cell}|${u.side}`;
        stacks.set(key, [...(stacks.get(key) ?? []), u]);
      }
      return [...stacks.values()]
        .filter((units) => units.length > limit)
        .map((units) => {
          const u = units[limit]!;
          return {
            pointer: u.cellAt,
            value: u.cell,
            cell: u.cell,
            message: `${ctx.network ? 'Position' : 'Cell'} ${ctx.place(u.cell)} starts with ${units.length} units of ${ctx.sideName(u.side)}, more than the stacking limit of ${limit}; move ${units.length - limit} of them.`,
          };
        });
    },
  },
  {
    id: 'units-start-on-passable-cells',
    severity: 'error',
    rule: 'No unit starts on, or enters at, impassable terrain (a lake only while it is frozen).',
    run: (ctx) => {
      const { start, arriving } = places(ctx);
      const out: Finding[] = [];
      const check = (u: UnitPlace, blocked: (t: TerrainType) => boolean, verb: string) => {
        const cell: Cell | null = ctx.cellIn(u.cell);
        const t = cell ? ctx.terrainAt(cell) : undefined;
        if (t && blocked(t))
          out.push({
            pointer: u.cellAt,
            value: u.cell,
            cell: u.cell,
            message: `${u.name} ${verb} at ${ctx.place(u.cell)}, which is ${t.name} (impassable); pick a passable ${ctx.network ? 'position' : 'cell'}.`,
          });
      };
      const initial = ctx.scenario.groundConditions.initial;
      for (const u of start) check(u, (t) => blocksUnits(t, initial), 'starts');
      // A frozen lake may be a legitimate winter entry; the design checks warn about it.
      for (const u of arriving) check(u, (t) => t.category === 'impassable' && !t.freezes, 'enters');
      return out;
    },
  },
];
