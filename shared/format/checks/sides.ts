// Checks that sides are distinct and that every reference to a side names one.
import { pointer } from '../issues.js';
import { type CheckContext, type Finding, type ScenarioCheck } from './context.js';

/** Every place a scenario names a side by id (supply bases aside), with its pointer. */
export function sideReferences(ctx: CheckContext): { pointer: string; side: string; what: string; cell?: string }[] {
  const s = ctx.scenario;
  const refs: { pointer: string; side: string; what: string; cell?: string }[] = [];
  const schedules = [
    ['initiative', 'initiative entry'],
    ['preparedOffensives', 'prepared offensive'],
    ['fuelShortage', 'fuel shortage entry'],
    ['airInterdiction', 'air interdiction entry'],
    ['airliftedSupply', 'airlifted supply entry'],
    ['commandConfusion', 'command confusion entry'],
    ['replacements', 'replacement'],
  ] as const;
  for (const [field, what] of schedules) {
    (s[field] ?? []).forEach((entry, i) => refs.push({ pointer: pointer(field, i, 'side'), side: entry.side, what }));
  }
  s.orderOfBattle.forEach((u, i) => refs.push({ pointer: pointer('orderOfBattle', i, 'side'), side: u.side, what: `unit ${u.name}` }));
  (s.reinforcements ?? []).forEach((r, i) =>
    refs.push({ pointer: pointer('reinforcements', i, 'unit', 'side'), side: r.unit.side, what: `reinforcement ${r.unit.name}` }),
  );
  (s.pool ?? []).forEach((p, i) => refs.push({ pointer: pointer('pool', i, 'unit', 'side'), side: p.unit.side, what: `pool unit ${p.unit.name}` }));
  for (const [ref, features] of Object.entries(s.map.cells ?? {})) {
    (features.entry ?? []).forEach((side, j) =>
      refs.push({ pointer: pointer('map', 'cells', ref, 'entry', j), side, what: `entry ${ctx.network ? 'position' : 'cell'} ${ctx.place(ref)}`, cell: ref }),
    );
    if (features.setup !== undefined) refs.push({ pointer: pointer('map', 'cells', ref, 'setup'), side: features.setup, what: `setup marker ${ref}`, cell: ref });
  }
  return refs;
}

const knownSides = (ctx: CheckContext) => ctx.scenario.sides.map((x) => `"${x.id}"`).join(' or ');

export const sideChecks: ScenarioCheck[] = [
  {
    id: 'sides-unique',
    severity: 'error',
    rule: 'The two sides have different ids and different codes.',
    run: (ctx) => {
      const [a, b] = ctx.scenario.sides;
      const out: Finding[] = [];
      if (a.id === b.id)
        out.push({ pointer: pointer('sides', 1, 'id'), value: b.id, message: `Both sides have the id "${b.id}"; give each side its own id.` });
      if (a.code === b.code)
        out.push({
          pointer: pointer('sides', 1, 'code'),
          value: b.code,
          message: `Both sides have the code "${b.code}", so map.control cannot tell them apart; give each side its own code.`,
        });
      return out;
    },
  },
  {
    id: 'side-references-known',
    severity: 'error',
    rule: 'Every side a unit, schedule, entry cell or setup marker names is one of the two sides.',
    run: (ctx) =>
      sideReferences(ctx)
        .filter((r) => !ctx.sidesById.has(r.side))
        .map((r) => ({
          pointer: r.pointer,
          value: r.side,
          ...(r.cell ? { cell: r.cell } : {}),
          message: `The ${r.what} names side "${r.side}", which is not a side of this scenario (${knownSides(ctx)}).`,
        })),
  },
  {
    id: 'supply-base-side-known',
    severity: 'error',
    rule: 'Every supply base belongs to one of the two sides.',
    run: (ctx) =>
      Object.entries(ctx.scenario.map.cells ?? {})
        .filter(([, f]) => f.supplyBase !== undefined && !ctx.sidesById.has(f.supplyBase))
        .map(([ref, f]) => ({
          pointer: pointer('map', 'cells', ref, 'supplyBase'),
          value: f.supplyBase,
          cell: ref,
          message: `The supply base at ${ctx.place(ref)} belongs to side "${f.supplyBase}", which is not a side of this scenario (${knownSides(ctx)}).`,
        })),
  },
];
