// Design advice: things that are legal but probably not what the designer meant. These are
// warnings; they never make a scenario invalid. The editor's checks panel adds its own here.
import { pointer } from '../issues.js';
import { type Finding, type ScenarioCheck } from './context.js';

export const adviceChecks: ScenarioCheck[] = [
  {
    id: 'supply-base-on-map-edge',
    feature: 'supplyBases',
    severity: 'warning',
    rule: 'Supply bases sit on a map edge, where supply comes from.',
    run: (ctx) => {
      const out: Finding[] = [];
      for (const [ref, f] of Object.entries(ctx.scenario.map.cells ?? {})) {
        // A network has no cell edges to count; its supply sources are often inside the map
        // (victory cities), so this advice is for grids only.
        if (ctx.network) continue;
        const cell = f.supplyBase !== undefined ? ctx.cellIn(ref) : null;
        if (!cell || ctx.grid.neighbours(cell).length < ctx.grid.directions.length) continue;
        out.push({
          pointer: pointer('map', 'cells', ref, 'supplyBase'),
          value: f.supplyBase,
          cell: ref,
          message: `The supply base of ${ctx.sideName(f.supplyBase!)} at ${ref} is not on a map edge; supply usually comes in from the edge of the map.`,
        });
      }
      return out;
    },
  },
  {
    id: 'every-side-has-supply-base',
    feature: 'supplyBases',
    severity: 'warning',
    rule: 'Each side has at least one supply base.',
    run: (ctx) => {
      const bases = new Set(Object.values(ctx.scenario.map.cells ?? {}).map((f) => f.supplyBase));
      return ctx.scenario.sides.flatMap((side, i) =>
        bases.has(side.id)
          ? []
          : [
              {
                pointer: pointer('sides', i),
                message: `${side.name} have no supply base, so only their cavalry and airborne units will ever get supplies; mark a cell as their supply base.`,
              },
            ],
      );
    },
  },
  {
    id: 'initiative-given',
    feature: 'initiative',
    severity: 'warning',
    rule: 'The scenario says which side has the initiative in each turn.',
    run: (ctx) =>
      (ctx.scenario.initiative ?? []).length > 0
        ? []
        : [{ pointer: pointer('initiative'), message: 'No initiative schedule: add which side takes the first player turn in each game turn.' }],
  },
  {
    id: 'reinforcement-entry-marked',
    feature: 'reinforcements',
    severity: 'warning',
    rule: "Reinforcements enter at a cell marked as an entry cell for their side.",
    run: (ctx) =>
      (ctx.scenario.reinforcements ?? []).flatMap((r, i) => {
        const cell = ctx.cellIn(r.entryCell);
        const entry = ctx.scenario.map.cells?.[r.entryCell]?.entry ?? [];
        if (!cell || entry.includes(r.unit.side)) return [];
        return [
          {
            pointer: pointer('reinforcements', i, 'entryCell'),
            value: r.entryCell,
            cell: r.entryCell,
            message: `${r.unit.name} enters at ${ctx.place(r.entryCell)}, which is not marked as an entry cell for ${ctx.sideName(r.unit.side)}.`,
          },
        ];
      }),
  },
  {
    id: 'reinforcement-entry-not-frozen-lake',
    feature: 'reinforcements',
    severity: 'warning',
    rule: 'Reinforcements do not enter on a lake, which is passable only while frozen.',
    run: (ctx) =>
      (ctx.scenario.reinforcements ?? []).flatMap((r, i) => {
        const cell = ctx.cellIn(r.entryCell);
        const t = cell ? ctx.terrainAt(cell) : undefined;
        if (!t || t.category !== 'impassable' || !t.freezes) return [];
        return [
          {
            pointer: pointer('reinforcements', i, 'entryCell'),
            value: r.entryCell,
            cell: r.entryCell,
            message: `${r.unit.name} enters at ${ctx.place(r.entryCell)}, which is ${t.name}: it can only enter while the ground is frozen or snowy.`,
          },
        ];
      }),
  },
  {
    id: 'units-start-in-friendly-cells',
    feature: 'control',
    severity: 'warning',
    rule: 'Units start in cells their own side controls.',
    run: (ctx) =>
      ctx.scenario.orderOfBattle.flatMap((u, i) => {
        const cell = ctx.cellIn(u.cell);
        const owner = cell ? ctx.controlAt(cell) : undefined;
        if (!owner || owner.id === u.side || !ctx.sidesById.has(u.side)) return [];
        return [
          {
            pointer: pointer('orderOfBattle', i, 'cell'),
            value: u.cell,
            cell: u.cell,
            message: `${u.name} starts at ${ctx.place(u.cell)}, which ${owner.name} control; check the cell or the control map.`,
          },
        ];
      }),
  },
  {
    id: 'has-victory-cells',
    feature: 'victoryCells',
    severity: 'warning',
    rule: 'The map has at least one victory cell.',
    run: (ctx) =>
      Object.values(ctx.scenario.map.cells ?? {}).some((f) => f.victory)
        ? []
        : [{ pointer: pointer('map', 'cells'), message: 'The map has no victory cells, so only destroyed units will score; mark the cells worth fighting for.' }],
  },
];
