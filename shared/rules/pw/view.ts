// The Portable Wargame seen from outside the engine: described decisions, the observation per
// side (simultaneous orders hidden from the other side), the public queries (fire zones, line of
// sight, ranges, previews of fire and close combat with the die tables), and the play aids as
// tables. Computed on demand, never stored.
import type { PwAction, PwUnitState } from '../../format/ruleset-pw.types.js';
import type { Scenario } from '../../format/scenario.types.js';
import type { AttackPreview, AttackUnitLine, DescribedAction, Decision, DieRollMethod, LineOfSight, MoveOption, Observation, ObservedUnit, RulesTable } from '../types.js';
import { actorOf, legalActionsOf } from './actions.js';
import { orthRange, pwBoardOf, ROLE_LABELS, roleOfTerrain, UNIT_TYPES, type PwBoard, type Role } from './board.js';
import { attackersOf, attackPower, defencePower, mainAttacker } from './combat.js';
import { blockReason, DRIFT, drifts, driftCell, effectOf, fireZone, inCover, sight } from './fire.js';
import { moveChoices, type MoveChoice } from './movement.js';
import { activationDiceFor, committingSide, holderOf, scoreOf } from './phases.js';
import {
  basePower,
  cellIx,
  findUnit,
  info,
  isArtillery,
  isEuropeanCavalry,
  label,
  labelOf,
  lossesOf,
  movementOf,
  onMap,
  other,
  plural,
  rangeOf,
  roleOf,
  sideName,
  unitAt,
  unitName,
  type PwGame,
} from './state.js';

/** A facing in words, for labels ("facing north"). */
const FACING_WORD: Readonly<Record<string, string>> = { N: 'north', E: 'east', S: 'south', W: 'west' };
const facingWord = (f: string): string => FACING_WORD[f] ?? f;

const typeLabel = (b: PwBoard, u: PwUnitState): string => {
  const t = info(b, u.id).type;
  return t === 'cavalry' && u.dismounted ? 'Dismounted Cavalry' : UNIT_TYPES[t].label;
};

// ---- described actions ---------------------------------------------------------------------------

/** Moves of each unit worked out once while describing many actions of one state. */
type MoveMemo = Map<string, MoveChoice[]>;

export function describe(s: PwGame, b: PwBoard, a: PwAction, memo: MoveMemo = new Map()): DescribedAction<PwAction> {
  const name = (id: string): string => unitName(b, id);
  const where = (id: string): string | undefined => findUnit(s, id)?.cell ?? undefined;
  switch (a.type) {
    case 'aim': {
      const u = findUnit(s, a.unit)!;
      const from = cellIx(b, u);
      const t = b.index.get(a.cell)!;
      const target = unitAt(s, b, t);
      const r = orthRange(b, from, t);
      return {
        action: a,
        kind: 'move',
        label: `${name(a.unit)}: fire at ${target ? name(target.id) : 'the square'} in ${label(b, t)}`,
        detail: `Range ${r}${r >= 3 ? ', may drift (5–6 on target)' : ', lands on target'}; ${target && inCover(s, b, from, target) ? 'indirect fire: 6 destroys, 4–5 pins' : 'direct fire: 5–6 destroys, else pins'}.`,
        unit: a.unit,
        from: u.cell!,
        cell: a.cell,
        group: a.unit,
        intent: 'fire',
        preview: { attackers: [a.unit], cell: a.cell },
      };
    }
    case 'commit':
      return { action: a, kind: 'confirm', label: s.orders.some((o) => o.side === a.side) ? 'Artillery orders given' : 'Give no artillery orders', ends: true };
    case 'move': {
      const u = findUnit(s, a.unit)!;
      const from = cellIx(b, u);
      const t = b.index.get(a.to)!;
      let choices = memo.get(u.id);
      if (!choices) {
        choices = moveChoices(s, b, u, s.activations);
        memo.set(u.id, choices);
      }
      const m = choices.find((x) => x.cell === t && x.facing === a.facing && x.double === (a.double === true));
      const base: DescribedAction<PwAction> = {
        action: a,
        kind: 'move',
        label: t === from ? `${name(a.unit)}: turn to face ${facingWord(a.facing)}` : `${name(a.unit)} to ${label(b, t)}, facing ${facingWord(a.facing)}${a.double ? ' (double move, two activations)' : ''}`,
        unit: a.unit,
        from: u.cell!,
        cell: a.to,
        group: a.unit,
        intent: t === from ? 'turn' : 'move',
        facing: a.facing,
      };
      const contact = unitAt(s, b, b.nb[t * 4 + ['N', 'E', 'S', 'W'].indexOf(a.facing)]!);
      if (contact && roleOf(b, contact.side) !== roleOf(b, u.side)) {
        // The odds as they would be: this unit attacking, with the others already facing the enemy.
        const moved = { ...u, cell: a.to, facing: a.facing } as PwUnitState;
        const others = attackersOf(s, b, contact, roleOf(b, u.side)).filter((x) => x.id !== u.id).length;
        const ap = attackPower(b, moved, contact).power;
        const dp = defencePower(b, contact, others + 1).power;
        base.detail = `Engages ${name(contact.id)}: close combat after the activations, ${ap} against ${dp}.`;
      }
      if (m && m.path.length > 0) base.path = m.path.map((i) => b.ids[i]!);
      return base;
    }
    case 'fire': {
      const u = findUnit(s, a.unit)!;
      const from = cellIx(b, u);
      const t = b.index.get(a.cell)!;
      const target = unitAt(s, b, t)!;
      const cover = inCover(s, b, from, target);
      return {
        action: a,
        kind: 'move',
        label: `${name(a.unit)} fires at ${name(target.id)} in ${label(b, t)}`,
        detail: cover ? 'Target in cover: 6 destroys, 4–5 pins.' : 'Target in the open: 5–6 destroys, 2–4 pins.',
        unit: a.unit,
        from: u.cell!,
        cell: a.cell,
        group: a.unit,
        intent: 'fire',
        preview: { attackers: [a.unit], cell: a.cell },
      };
    }
    case 'unpin': {
      const cell = where(a.unit);
      return { action: a, kind: 'unit', label: `Unpin ${name(a.unit)}`, unit: a.unit, ...(cell ? { cell } : {}), group: a.unit };
    }
    case 'dismount': {
      const cell = where(a.unit);
      return { action: a, kind: 'unit', label: a.mount ? `${name(a.unit)} mounts` : `${name(a.unit)} dismounts`, detail: a.mount ? 'Moves 2, close combat as printed.' : 'Moves and fights as infantry (range 2), close combat one less.', unit: a.unit, ...(cell ? { cell } : {}), group: a.unit };
    }
    case 'endActivation':
      return { action: a, kind: 'confirm', label: s.activations > 0 ? `End activations (${s.activations} unused)` : 'End activations', ends: true };
    case 'resolve': {
      const d = findUnit(s, a.defender)!;
      const p = closeCombatPreview(s, b, d);
      return {
        action: a,
        kind: 'cell',
        label: `Close combat against ${name(a.defender)} in ${labelOf(b, d.cell)}`,
        ...(p ? { detail: p.summary, units: p.attackers.map((x) => x.id) } : {}),
        unit: a.defender,
        cell: d.cell!,
        intent: 'attack',
        preview: { defender: a.defender },
      };
    }
    case 'advance': {
      const c = s.combat!;
      return a.advance
        ? { action: a, kind: 'move', label: `${name(c.attacker)} moves forward into ${labelOf(b, c.cell)}`, unit: c.attacker, from: where(c.attacker)!, cell: c.cell, intent: 'advance' }
        : { action: a, kind: 'confirm', label: `${name(c.attacker)} stays where it is`, ends: true };
    }
    case 'withdraw': {
      const c = s.combat!;
      return { action: a, kind: 'cell', label: `${name(c.attacker)} withdraws to ${labelOf(b, a.to)}`, unit: c.attacker, from: where(c.attacker)!, cell: a.to, intent: 'retreat' };
    }
  }
}

function promptOf(s: PwGame, b: PwBoard, side: string): { kind: string; title: string; prompt: string } {
  const who = sideName(b, roleOf(b, side));
  if (s.phase === 'orders') {
    const mine = s.orders.filter((o) => o.side === side).length;
    return {
      kind: 'orders',
      title: `${who}: artillery orders`,
      prompt: `Choose a target for each gun that should fire (fire is simultaneous: the other side cannot see these orders until all fire is resolved)${mine ? `; ${plural(mine, 'order')} given` : ''}.`,
    };
  }
  if (s.phase === 'activation') return { kind: 'activation', title: `${who}: activate units`, prompt: `${plural(s.activations, 'activation')} left: each activated unit may move, fire or be unpinned.` };
  if (s.combat?.stage === 'advance') return { kind: 'advance', title: `${who}: follow up`, prompt: `${unitName(b, s.combat.attacker)} destroyed its enemy: it may move forward into ${labelOf(b, s.combat.cell)}.` };
  if (s.combat?.stage === 'withdraw') return { kind: 'withdraw', title: `${who}: withdraw`, prompt: `The close combat was a draw: ${unitName(b, s.combat.attacker)} must withdraw to an empty square away from the enemy.` };
  return { kind: 'combat', title: `${who}: close combat`, prompt: `Choose the next close combat to fight (${s.pending.length} left).` };
}

export function decision(s: PwGame, b: PwBoard): Decision<PwAction> | null {
  const side = actorOf(s, b);
  if (side === null) return null;
  const p = promptOf(s, b, side);
  const memo: MoveMemo = new Map();
  return { side, kind: `pw.${p.kind}`, title: p.title, prompt: p.prompt, options: legalActionsOf(s, b).map((a) => describe(s, b, a, memo)) };
}

// ---- observation -----------------------------------------------------------------------------------

function markersOf(s: PwGame, b: PwBoard, u: PwUnitState, observer: string | null): string[] {
  const out: string[] = [];
  if (!onMap(u)) return out;
  if (u.pinned) out.push(isEuropeanCavalry(b, u) ? 'charging' : 'pinned');
  if (u.fired) out.push('fired');
  if (u.activated) out.push('activated');
  if (u.dismounted) out.push('dismounted');
  if (u.fordTurn !== undefined) out.push('fording');
  if ((observer === null || observer === u.side) && s.orders.some((o) => o.unit === u.id)) out.push('aimed');
  return out;
}

export function observe(s: PwGame, b: PwBoard, observer: string | null): Observation {
  const units: ObservedUnit[] = s.units.map((u) => {
    const i = info(b, u.id);
    const o: ObservedUnit = {
      id: u.id,
      side: u.side,
      cell: u.cell,
      where: u.alive ? 'onMap' : 'eliminated',
      hidden: false,
      name: i.name,
      branch: i.branch,
      face: 'front',
      factors: String(basePower(b, u)),
      values: {
        unitType: i.type,
        typeLabel: typeLabel(b, u),
        closeCombatPower: basePower(b, u),
        movement: movementOf(b, u),
        range: rangeOf(b, u),
        artillery: isArtillery(b, u),
      },
      markers: markersOf(s, b, u, observer),
      facing: u.facing,
    };
    const order = s.orders.find((x) => x.unit === u.id);
    if (order && (observer === null || observer === u.side)) o.order = { label: `Fire at ${labelOf(b, order.cell)}`, cell: order.cell };
    return o;
  });
  const control: Record<string, string> = {};
  const cellMarkers: Record<string, string[]> = {};
  for (let i = 0; i < b.n; i++) control[b.ids[i]!] = b.sides[holderOf(s, b, i)].id;
  for (const o of b.objectives) cellMarkers[b.ids[o.cell]!] = ['objective'];
  const status: { label: string; value: string }[] = [];
  if (s.phase === 'orders') {
    const waiting = committingSide(s, b);
    status.push({ label: 'Artillery orders', value: s.committed.length ? `${s.committed.map((x) => sideName(b, roleOf(b, x))).join(', ')} committed` : waiting === null ? '—' : `${sideName(b, waiting)} to order` });
  }
  if (s.first) status.push({ label: 'Initiative', value: sideName(b, roleOf(b, s.first)) });
  if (s.phase === 'activation') status.push({ label: 'Activations left', value: String(s.activations) });
  if (s.phase === 'combat' && !s.combat) status.push({ label: 'Close combats', value: String(s.pending.length) });
  for (const r of [0, 1] as const) status.push({ label: `${sideName(b, r)} losses`, value: `${lossesOf(s, b, r)} of ${b.startCount[r]} (exhausted at ${b.exhaustAt[r]})` });
  const score = scoreOf(s, b, false);
  return {
    ruleset: 'pw',
    observer,
    turn: s.turn,
    turns: b.options.turnLimit,
    turnLabel: `Turn ${s.turn} of ${b.options.turnLimit}`,
    phase: { id: s.combat ? `combat/${s.combat.stage}` : s.phase, label: phaseLabel(s, b) },
    player: s.player,
    actor: actorOf(s, b),
    status,
    units,
    control,
    cellMarkers,
    score: { [b.sides[0].id]: score[0], [b.sides[1].id]: score[1] },
    gameOver: s.gameOver ? { ...s.gameOver } : null,
  };
}

function phaseLabel(s: PwGame, b: PwBoard): string {
  switch (s.phase) {
    case 'orders':
      return 'Artillery fire (simultaneous orders)';
    case 'activation':
      return `${sideName(b, roleOf(b, s.player!))} activation`;
    case 'combat':
      return `${sideName(b, roleOf(b, s.player!))} close combat`;
    default:
      return 'Battle over';
  }
}

// ---- public queries ----------------------------------------------------------------------------------

export function lineOfSightQuery(s: PwGame, b: PwBoard, from: string, to: string): LineOfSight {
  const a = b.index.get(from);
  const z = b.index.get(to);
  if (a === undefined || z === undefined) return { clear: false, cells: [], reason: 'Both ends must be squares of the battlefield.' };
  const line = sight(s, b, a, z);
  const out: LineOfSight = { clear: line.clear, cells: line.cells.map((c) => b.ids[c.row * b.cols + c.col]!) };
  if (line.blockedAt) {
    const at = line.blockedAt.row * b.cols + line.blockedAt.col;
    out.blockedAt = b.ids[at]!;
    out.reason = `${blockReason(s, b, a, at, z)}: fire from ${label(b, a)} at ${label(b, z)} is indirect (the target counts as in cover).`;
  }
  return out;
}

export function fireCellsQuery(s: PwGame, b: PwBoard, unit: string): string[] {
  const u = findUnit(s, unit);
  if (!u || !onMap(u)) return [];
  return fireZone(b, u, rangeOf(b, u)).map((i) => b.ids[i]!);
}

export function movesQuery(s: PwGame, b: PwBoard, unit: string): MoveOption[] {
  const u = findUnit(s, unit);
  if (!u || s.phase !== 'activation' || u.side !== s.player) return [];
  const seen = new Map<string, MoveOption>();
  for (const m of moveChoices(s, b, u, s.activations)) {
    const cell = b.ids[m.cell]!;
    if (seen.has(cell)) continue;
    seen.set(cell, { cell, path: m.path.map((i) => b.ids[i]!), cost: m.cost, mode: m.path.length === 0 ? 'turn' : m.double ? 'double' : 'move' });
  }
  return [...seen.values()];
}

const line = (b: PwBoard, u: PwUnitState): AttackUnitLine => ({ id: u.id, name: unitName(b, u.id), branch: info(b, u.id).branch, strength: basePower(b, u), elite: false });

const pct = (p: number): string => `${Math.round(p * 100)}%`;

/** A close combat against `defender` as it would be fought now (the attackers facing it), or null if none faces it. */
export function closeCombatPreview(s: PwGame, b: PwBoard, defender: PwUnitState, attackerIds?: string[]): AttackPreview | null {
  if (!onMap(defender)) return null;
  const role = other(roleOf(b, defender.side));
  let attackers = attackersOf(s, b, defender, role);
  if (attackerIds) attackers = attackers.filter((a) => attackerIds.includes(a.id));
  const main = mainAttacker(b, defender, attackers);
  if (!main) return null;
  const ap = attackPower(b, main, defender);
  const dp = defencePower(b, defender, attackers.length);
  const pa = ap.power / 6;
  const pd = dp.power / 6;
  const method: DieRollMethod = {
    kind: 'dieRoll',
    rolls: [
      {
        purpose: `${unitName(b, main.id)} attacks: a score of ${ap.power} or less destroys ${unitName(b, defender.id)}`,
        side: main.side,
        atMost: ap.power,
        results: [1, 2, 3, 4, 5, 6].map((d) => (d <= ap.power ? 'Defender destroyed' : 'Defender survives')),
        mods: [{ reason: `close combat power of ${typeLabel(b, main)}`, value: info(b, main.id).ccp }, ...ap.mods],
      },
      {
        purpose: `${unitName(b, defender.id)} defends: a score of ${dp.power} or less destroys ${unitName(b, main.id)}`,
        side: defender.side,
        atMost: dp.power,
        results: [1, 2, 3, 4, 5, 6].map((d) => (d <= dp.power ? 'Attacker destroyed' : 'Attacker survives')),
        mods: [{ reason: `close combat power of ${typeLabel(b, defender)}`, value: info(b, defender.id).ccp }, ...dp.mods],
      },
    ],
  };
  const mods = [...ap.mods.map((m) => `${m.value} ${m.reason}`), ...dp.mods.map((m) => `defender ${m.value} ${m.reason}`)];
  return {
    cell: defender.cell!,
    label: labelOf(b, defender.cell),
    attackerSide: main.side,
    defenderSide: defender.side,
    attackers: attackers.map((u) => line(b, u)),
    defenders: [line(b, defender)],
    summary: `Close combat ${ap.power} against ${dp.power}${mods.length ? ` (${mods.join(', ')})` : ''}: defender destroyed ${pct(pa * (1 - pd))}, attacker destroyed ${pct((1 - pa) * pd)}, both ${pct(pa * pd)}, draw ${pct((1 - pa) * (1 - pd))}.`,
    method,
    outcomes: [
      { result: 'Defender destroyed', probability: pa * (1 - pd) },
      { result: 'Attacker destroyed', probability: (1 - pa) * pd },
      { result: 'Both destroyed', probability: pa * pd },
      { result: 'Draw: the attacker withdraws', probability: (1 - pa) * (1 - pd) },
    ],
  };
}

/** Fire from `firer` at square `target` as it would be now: the drift roll when it may drift, then the effect on whoever is where it lands. */
export function firePreview(s: PwGame, b: PwBoard, firer: PwUnitState, target: number): AttackPreview | null {
  if (!onMap(firer) || target < 0 || !fireZone(b, firer, rangeOf(b, firer)).includes(target)) return null;
  const from = cellIx(b, firer);
  const artillery = isArtillery(b, firer);
  const aimedAt = unitAt(s, b, target);
  const rolls: DieRollMethod['rolls'] = [];
  const landings: number[] = artillery && drifts(b, from, target) ? DRIFT.map((d) => driftCell(b, target, firer.facing, d)) : [0, 1, 2, 3, 4, 5].map(() => target);
  if (artillery && drifts(b, from, target)) {
    rolls.push({
      purpose: `Range ${orthRange(b, from, target)}: where the fire lands`,
      side: firer.side,
      results: DRIFT.map((d, k) => {
        const at = landings[k]!;
        const who = at >= 0 ? unitAt(s, b, at) : undefined;
        return d === 'on target' ? 'On target' : `Lands ${d} (${at < 0 ? 'off the battlefield' : `${label(b, at)}${who ? `: ${unitName(b, who.id)}` : ', empty'}`})`;
      }),
      mods: [],
    });
  }
  const kind = artillery ? 'artillery' : 'smallArms';
  const effectRow = (cover: boolean): string[] => [1, 2, 3, 4, 5, 6].map((d) => {
    const e = effectOf(kind, cover, d);
    return e === 'destroyed' ? 'Destroyed' : e === 'pinned' ? 'Pinned' : 'No effect';
  });
  const targetCover = aimedAt ? inCover(s, b, from, aimedAt) : b.cover[target] === 1;
  const coverWhy: { reason: string; value: number }[] = [];
  if (b.cover[target]) coverWhy.push({ reason: `${ROLE_LABELS[b.role[target]!]}${b.fort[target] ? ' (fortified)' : ''} gives cover`, value: 0 });
  if (aimedAt?.pinned) coverWhy.push({ reason: 'pinned: gone to ground', value: 0 });
  if (!sight(s, b, from, target).clear) coverWhy.push({ reason: 'not seen entire', value: 0 });
  rolls.push({
    purpose: artillery ? `Effect of ${targetCover ? 'indirect' : 'direct'} artillery fire` : `Effect of fire at a target ${targetCover ? 'in cover' : 'in the open'}`,
    side: firer.side,
    results: effectRow(targetCover),
    mods: coverWhy,
  });
  // Chances over where it lands and what it does there.
  const chance = new Map<string, number>();
  const add = (k: string, p: number): void => void chance.set(k, (chance.get(k) ?? 0) + p);
  for (const at of landings) {
    const who = at >= 0 ? unitAt(s, b, at) : undefined;
    if (!who) {
      add('No effect', 1 / 6);
      continue;
    }
    const cover = inCover(s, b, from, who);
    for (let d = 1; d <= 6; d++) {
      const e = effectOf(kind, cover, d);
      if (e === 'none') add('No effect', 1 / 36);
      else add(`${unitName(b, who.id)} ${e}${roleOf(b, who.side) === roleOf(b, firer.side) ? ' (own unit)' : ''}`, 1 / 36);
    }
  }
  const outcomes = [...chance].map(([result, probability]) => ({ result, probability })).sort((x, z) => z.probability - x.probability);
  const defenders = aimedAt ? [line(b, aimedAt)] : [];
  return {
    cell: b.ids[target]!,
    label: label(b, target),
    attackerSide: firer.side,
    defenderSide: aimedAt?.side ?? b.sides[other(roleOf(b, firer.side))].id,
    attackers: [line(b, firer)],
    defenders,
    summary: `${unitName(b, firer.id)} fires at ${label(b, target)}, range ${orthRange(b, from, target)}: ${outcomes.map((o) => `${o.result} ${pct(o.probability)}`).join(', ')}.`,
    method: { kind: 'dieRoll', rolls },
    outcomes,
  };
}

/**
 * Fire (`attackers: [unit]` and `cell`) or close combat (`defender`, or `cell` of an enemy unit
 * faced by units of the other side): what it would be now, with the die tables and chances.
 */
export function attackPreview(s: PwGame, b: PwBoard, spec: { cell?: string; attackers?: string[]; defender?: string }): AttackPreview | null {
  if (spec.attackers?.length === 1 && spec.cell !== undefined) {
    const firer = findUnit(s, spec.attackers[0]!);
    const t = b.index.get(spec.cell);
    if (firer && t !== undefined) {
      const target = unitAt(s, b, t);
      // An adjacent enemy the unit faces and cannot shoot at is a close combat.
      const f = firePreview(s, b, firer, t);
      if (f || !target) return f;
    }
  }
  const defender = spec.defender ? findUnit(s, spec.defender) : spec.cell ? unitAt(s, b, b.index.get(spec.cell) ?? -1) : undefined;
  if (!defender) return null;
  return closeCombatPreview(s, b, defender, spec.attackers);
}

// ---- play aids ---------------------------------------------------------------------------------------

export function tables(scenario: Scenario): RulesTable[] {
  const b = pwBoardOf(scenario);
  const types = Object.entries(UNIT_TYPES);
  const used = new Set(scenario.orderOfBattle.map((u) => (u.fields as { unitType?: string } | undefined)?.unitType));
  const dieRows = (f: (d: number) => string[]): RulesTable['rows'] => [1, 2, 3, 4, 5, 6].map((d) => ({ key: `d${d}`, label: String(d), cells: f(d) }));
  const word = (e: string): string => (e === 'destroyed' ? 'Destroys' : e === 'pinned' ? 'Pins' : 'No effect');
  return [
    {
      id: 'units',
      title: 'Unit types',
      corner: 'Unit',
      columns: [
        { key: 'move', label: 'Movement' },
        { key: 'ccp', label: 'Close combat power' },
        { key: 'range', label: 'Weapon range' },
      ],
      rows: types.map(([key, t]) => ({
        key,
        label: t.label,
        cells: [t.movement ? `${plural(t.movement, 'square')}` : '–', String(t.ccp), t.range ? `${plural(t.range, 'square')}` : '–'],
        ...(used.has(key) ? {} : { note: 'not in this scenario' }),
      })),
      notes: [
        'Dismounted cavalry moves and fights as infantry (1 square, range 2) with close combat power one less. No close combat power drops below 1.',
        'Artillery may not move in a turn it has fired. Infantry and cavalry may move into the square of an enemy they destroyed in close combat.',
        `Native armies (${b.options.armies.map((a, k) => `${sideName(b, k as Role)}: ${a}`).join('; ')}): infantry and cavalry may make a double-length move for two activations.`,
      ],
    },
    {
      id: 'artillery',
      title: 'Artillery fire',
      caption: 'Fire at three squares or more rolls for where it lands first (seen from the gun: 12 o’clock is its facing); then one die for the effect on the unit there.',
      corner: 'Die',
      columns: [
        { key: 'drift', label: 'Range 3+: lands' },
        { key: 'direct', label: 'Direct fire' },
        { key: 'indirect', label: 'Indirect fire' },
      ],
      rows: dieRows((d) => [
        DRIFT[d - 1] === 'on target' ? 'On target' : `${DRIFT[d - 1]!.charAt(0).toUpperCase()}${DRIFT[d - 1]!.slice(1)} (${['9', '12', '3', '6'][d - 1]} o’clock)`,
        word(effectOf('artillery', false, d)),
        word(effectOf('artillery', true, d)),
      ]),
      notes: [
        'Artillery fires first each turn, every gun at once: orders are given in secret and casualties removed after all fire. A gun destroyed that turn still fires.',
        'Arc: 90° forward of the facing (between the two 45° diagonals). Range counted through the sides of squares. Pinned guns may fire.',
        'Indirect when the whole target cannot be seen (woods, built-up areas, fortifications or units in between, a crest) or it is in cover or pinned.',
      ],
    },
    {
      id: 'fire',
      title: 'Non-artillery fire',
      caption: 'One die for each unit firing (activated, not moved this turn).',
      corner: 'Die',
      columns: [
        { key: 'open', label: 'Target in the open' },
        { key: 'cover', label: 'Target in cover' },
      ],
      rows: dieRows((d) => [word(effectOf('smallArms', false, d)), word(effectOf('smallArms', true, d))]),
      notes: ['A pinned unit counts as in cover. Units in woods, built-up areas or fortifications fire out only from the edge (the next square in the direction of fire holds none).'],
    },
    {
      id: 'closeCombat',
      title: 'Close combat',
      caption: 'Each side rolls one die: a score at or under its close combat power destroys the enemy unit.',
      corner: 'Situation',
      columns: [{ key: 'effect', label: 'Close combat power' }],
      rows: [
        { key: 'woods', label: 'Defender in woods', cells: ['Attacker −1'] },
        { key: 'builtUp', label: 'Defender in a built-up area or fortification', cells: ['Attacker −2'] },
        { key: 'uphill', label: 'Defender one hill contour higher', cells: ['Attacker −1'] },
        { key: 'river', label: 'Attacker in a river (ford)', cells: ['Attacker −1'] },
        { key: 'dismounted', label: 'Dismounted cavalry', cells: ['−1'] },
        { key: 'two', label: '2 attacking units', cells: ['Defender −1'] },
        { key: 'three', label: '3 attacking units', cells: ['Defender −2'] },
        { key: 'four', label: '4 attacking units', cells: ['Defender −3'] },
      ],
      notes: [
        'The attacking unit is the last to move into contact (the one the defender faces); the others only weaken the defender. Never below 1.',
        'A draw: the attacker withdraws to an empty adjacent square (diagonals too) not next to an enemy, or is destroyed.',
      ],
    },
    {
      id: 'activation',
      title: 'Activation dice',
      caption: 'One die for the Command unit, one per three other units (European armies round up, Native armies down); each die’s score halved, rounded down.',
      corner: 'Die',
      columns: [{ key: 'activations', label: 'Activations' }],
      rows: dieRows((d) => [String(Math.floor(d / 2))]),
      notes: [
        `At the start: ${b.sides
          .map((side, k) => {
            const mine = b.unitInfo.filter((u) => u.side === k && u.start >= 0);
            const command = mine.some((u) => u.type === 'command');
            return `${side.name} ${plural(activationDiceFor(b.options.armies[k]!, command, mine.length - (command ? 1 : 0)), 'die', 'dice')}`;
          })
          .join(', ')}. Dice are lost as units are: the Command unit's at once, another each time the rest fall to a multiple of three.`,
      ],
    },
    {
      id: 'terrain',
      title: 'Terrain',
      caption: 'What each terrain type of this map counts as in these rules.',
      corner: 'Terrain type',
      columns: [{ key: 'role', label: 'Counts as' }],
      rows: scenario.map.terrainTypes.map((t) => ({ key: t.id, label: t.name, cells: [ROLE_LABELS[roleOfTerrain(t, b.options.terrainRoles)]] })),
      notes: [
        'Woods and built-up areas: cover, block the view, −1/−2 to attackers. Built-up areas count as road for movement (half a square a step).',
        'Hills: one contour a turn; −1 attacking uphill; a crest hides what lies beyond. Rivers: cross only at a bridge or a ford (enter, stop, stay a turn, then move on).',
      ],
      editable: { values: Object.entries(ROLE_LABELS).map(([value, lab]) => ({ value, label: lab })), hint: 'Click a cell to say what that terrain counts as; the scenario keeps the choice.' },
    },
  ];
}

/** Changes what a terrain type counts as (the 'terrain' table), in `ruleset.options.terrainRoles`. */
export function editTerrainRole(scenario: Scenario, rowKey: string, columnKey: string, value: string): Scenario | string {
  if (columnKey !== 'role') return `The terrain table has one column, "role", not "${columnKey}".`;
  if (!scenario.map.terrainTypes.some((t) => t.id === rowKey)) return `The map has no terrain type "${rowKey}".`;
  if (!(value in ROLE_LABELS)) return `A terrain counts as one of ${Object.keys(ROLE_LABELS).join(', ')}, not "${value}".`;
  const options = { ...(scenario.ruleset.options ?? {}) } as Record<string, unknown>;
  const roles = { ...((options.terrainRoles as Record<string, string> | undefined) ?? {}), [rowKey]: value };
  options.terrainRoles = roles;
  return { ...scenario, ruleset: { ...scenario.ruleset, options: options as Scenario['ruleset']['options'] } };
}

