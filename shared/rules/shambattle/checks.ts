// The checks only Shambattle knows, on a schema-valid scenario: a hex map; two stands of a side
// an area at most (the Army Commander apart); one Army Commander a side; engineers starting with
// their train; logistics stands to resupply from; fords on river sides; terrain classes for
// terrain types the map has; exhaustion before rout. They run inside validateScenario
// (shared/rules/catalogue.ts).
import { gridSpecOf } from '../../format/defaults.js';
import { pointer, type ValidationIssue } from '../../format/issues.js';
import type { ShambattleOptions, ShambattleUnitFields } from '../../format/ruleset-shambattle.types.js';
import type { Scenario } from '../../format/scenario.types.js';
import { createGrid, parseCellId } from '../../grid/index.js';
import { STACKING_LIMIT, STANDS } from './data.js';

const error = (p: string, message: string, cell?: string): ValidationIssue => ({ pointer: p, severity: 'error', message, ...(cell ? { cell } : {}) });
const warning = (p: string, message: string, cell?: string): ValidationIssue => ({ pointer: p, severity: 'warning', message, ...(cell ? { cell } : {}) });

export function shambattleChecks(s: Scenario): ValidationIssue[] {
  const out: ValidationIssue[] = [];
  if (s.map.grid.kind !== 'hex') {
    out.push(error(pointer('map', 'grid', 'kind'), `Shambattle is set out on a hex-celled grid (ranges and moves count hexes); this map is a ${s.map.grid.kind} grid.`));
    return out;
  }
  const grid = createGrid(gridSpecOf(s));
  const label = (ref: string): string => {
    const c = parseCellId(ref);
    return c && grid.inMap(c) ? grid.label(c) : ref;
  };
  const opts = (s.ruleset.options ?? {}) as ShambattleOptions;
  const kindOf = (i: number): ShambattleUnitFields['stand'] => ((s.orderOfBattle[i]!.fields ?? {}) as Partial<ShambattleUnitFields>).stand ?? 'infantry';

  // Stacking: two stands a side an area; the Army Commander comes on top.
  const stacks = new Map<string, number[]>();
  s.orderOfBattle.forEach((u, i) => {
    if (!STANDS[kindOf(i)].stacks) return;
    const key = `${u.cell}|${u.side}`;
    stacks.set(key, [...(stacks.get(key) ?? []), i]);
  });
  for (const list of stacks.values()) {
    if (list.length <= STACKING_LIMIT) continue;
    const u = s.orderOfBattle[list[STACKING_LIMIT]!]!;
    out.push(
      error(
        pointer('orderOfBattle', list[STACKING_LIMIT]!, 'cell'),
        `${label(u.cell)} starts with ${list.length} stands of one side; a grid area holds 1 or 2 (the Army Commander does not count): move ${list.length - STACKING_LIMIT}.`,
        u.cell,
      ),
    );
  }
  for (const side of s.sides) {
    const idx = s.orderOfBattle.map((u, i) => (u.side === side.id ? i : -1)).filter((i) => i >= 0);
    const commanders = idx.filter((i) => kindOf(i) === 'commander');
    for (const i of commanders.slice(1)) {
      out.push(error(pointer('orderOfBattle', i, 'fields', 'stand'), `${s.orderOfBattle[i]!.name}: ${side.name} already has an Army Commander (${s.orderOfBattle[commanders[0]!]!.name}); an army has one.`));
    }
    if (commanders.length === 0 && idx.length > 0) out.push(warning(pointer('orderOfBattle'), `${side.name} has no Army Commander: none of its stands will get his +1.`));
    const eng = idx.filter((i) => kindOf(i) === 'engineers');
    const trains = idx.filter((i) => kindOf(i) === 'engineerTrain');
    for (let j = 0; j < Math.max(eng.length, trains.length); j++) {
      const e = eng[j];
      const t = trains[j];
      if (e === undefined) out.push(error(pointer('orderOfBattle', t!, 'fields', 'stand'), `${s.orderOfBattle[t!]!.name} is an engineer train with no engineers of ${side.name} to go with it.`));
      else if (t === undefined) out.push(warning(pointer('orderOfBattle', e, 'fields', 'stand'), `${s.orderOfBattle[e]!.name} has no engineer train: they can shoot and assault but build nothing.`));
      else if (s.orderOfBattle[e]!.cell !== s.orderOfBattle[t]!.cell) {
        out.push(
          error(
            pointer('orderOfBattle', t, 'cell'),
            `${s.orderOfBattle[t]!.name} starts at ${label(s.orderOfBattle[t]!.cell)}, away from its engineers (${s.orderOfBattle[e]!.name}, ${label(s.orderOfBattle[e]!.cell)}); the engineers are always with their train.`,
            s.orderOfBattle[t]!.cell,
          ),
        );
      }
    }
    if (idx.length > 0 && !idx.some((i) => STANDS[kindOf(i)].logistics)) {
      out.push(warning(pointer('orderOfBattle'), `${side.name} has no logistics stand (field train or fixed centre): none of its stands can be resupplied overnight.`));
    }
  }
  s.orderOfBattle.forEach((u, i) => {
    const f = (u.fields ?? {}) as Partial<ShambattleUnitFields>;
    if (u.elite && f.poor) out.push(error(pointer('orderOfBattle', i, 'fields', 'poor'), `${u.name} is marked both elite and poor; pick one.`));
    const cav = kindOf(i) === 'cavalry';
    if (cav !== (u.branch === 'cavalry')) {
      const kind = STANDS[kindOf(i)].label.toLowerCase();
      out.push(warning(pointer('orderOfBattle', i, 'branch'), `${u.name} is ${/^[aeiou]/.test(kind) ? 'an' : 'a'} ${kind} stand with the ${u.branch} symbol; give it the ${cav ? 'cavalry' : 'infantry'} symbol.`));
    }
  });

  // Fords must be river sides of this map.
  const rivers = new Set((s.map.rivers ?? []).map((e) => grid.parseEdge(e) ?? e));
  (opts.fords ?? []).forEach((e, i) => {
    const canon = grid.parseEdge(e);
    if (!canon || !rivers.has(canon)) out.push(error(pointer('ruleset', 'options', 'fords', i), `The ford at ${e} is not on a river side of the map; draw the river there or remove the ford.`));
  });
  const typeIds = new Set(s.map.terrainTypes.map((t) => t.id));
  for (const id of Object.keys(opts.terrain ?? {})) {
    if (!typeIds.has(id)) out.push(error(pointer('ruleset', 'options', 'terrain', id), `The terrain classes name "${id}", which is not one of the map's terrain types.`));
  }
  if (opts.exhaustionPoint != null && opts.routPoint != null && opts.exhaustionPoint >= opts.routPoint) {
    out.push(warning(pointer('ruleset', 'options', 'exhaustionPoint'), `The exhaustion point (${opts.exhaustionPoint} SP) is not below the rout point (${opts.routPoint} SP): armies will rout without first being exhausted.`));
  }
  if ((opts.firstSideEdge ?? 'west') === (opts.secondSideEdge ?? 'east')) {
    out.push(warning(pointer('ruleset', 'options', 'secondSideEdge'), 'Both armies have the same table edge: routed stands of both will flee the same way.'));
  }
  return out;
}
