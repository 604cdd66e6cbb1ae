// Combat (seed 002, "Combat", "Combat Results Table", "Mud"): announcing battles, the odds with
// their terrain shifts, the die against the CRT, and carrying out each result — losses, the
// defender's two-hex retreat chosen by the attacker, the exchange, the advance into a vacated hex.
import type { BfmUnitState, CrtResult } from '../../format/ruleset-bfm.types.js';
import { crtResult, SOVIET, type BfmBoard, type Role } from './board.js';
import { isMud } from './movement.js';
import {
  cellIx,
  derive,
  eliminate,
  emit,
  findUnit,
  label,
  occupancy,
  onMap,
  place,
  roleOf,
  rollDie,
  sideName,
  stepLoss,
  strengthNow,
  takeStep,
  unitName,
  zoneOfControl,
  type BfmGame,
  type Ctx,
} from './state.js';

/** Units of the phasing side that have not been announced in a battle yet. */
function announced(s: BfmGame): Set<string> {
  const ids = new Set<string>();
  for (const x of s.battles) {
    ids.add(x.defender);
    for (const a of x.attackers) ids.add(a);
  }
  return ids;
}

/**
 * The battles that may still be announced: for each enemy unit not yet attacked, the phasing
 * side's units next to it that have not attacked yet (ids in scenario order).
 */
export function openTargets(s: BfmGame, b: BfmBoard): { defender: string; attackers: string[] }[] {
  if (s.phase !== 'combat' || !s.declaring || s.combat) return [];
  const used = announced(s);
  const { occ, hex } = derive(s, b);
  const out: { defender: string; attackers: string[] }[] = [];
  s.units.forEach((d, dk) => {
    const i = hex[dk]!;
    if (i < 0 || d.side === s.player || used.has(d.id)) return;
    const found: number[] = [];
    for (let k = 0; k < 6; k++) {
      const j = b.nb[i * 6 + k]!;
      const a = j < 0 ? -1 : occ[j]!;
      if (a < 0) continue;
      const au = s.units[a]!;
      if (au.side === s.player && !used.has(au.id)) found.push(a);
    }
    if (found.length > 0) out.push({ defender: d.id, attackers: found.sort((x, y) => x - y).map((a) => s.units[a]!.id) });
  });
  return out;
}

/** Every non-empty subset of `items`, smallest first, each in the items' order. */
export function subsets<T>(items: readonly T[]): T[][] {
  const out: T[][] = [];
  const n = items.length;
  for (let mask = 1; mask < 1 << n; mask++) {
    const pick: T[] = [];
    for (let k = 0; k < n; k++) if (mask & (1 << k)) pick.push(items[k]!);
    out.push(pick);
  }
  return out.sort((x, y) => x.length - y.length);
}

export interface Odds {
  /** Total attack strength (halved in mud). */
  attack: number;
  defence: number;
  /** floor(attack / defence): 3 for 3:1; 0 when below 1:1. */
  ratio: number;
  shifts: { reason: string; columns: number }[];
  /** CRT column 1..6 after the shifts and the 6:1 cap, or 0 for no effect (below 1:1). */
  column: number;
}

/** Whether every attacker attacks across a river side from the defender. */
function allAcrossRiver(b: BfmBoard, defenderHex: number, attackerHexes: readonly number[]): boolean {
  if (attackerHexes.length === 0) return false;
  return attackerHexes.every((a) => {
    for (let k = 0; k < 6; k++) if (b.nb[defenderHex * 6 + k] === a) return b.river[defenderHex * 6 + k] === 1;
    return false;
  });
}

/**
 * The odds of an attack as the rules compute them: total attack strength (halved in mud) over the
 * defender's strength, fractions dropped; one column left for each of forest, Moscow, a Soviet
 * defender in a fortification and every attacker across a river; above 6:1 counts as 6:1; below
 * 1:1 after the shifts is no effect (column 0).
 */
export function oddsOf(s: BfmGame, b: BfmBoard, attackers: readonly BfmUnitState[], defender: BfmUnitState): Odds {
  const raw = attackers.reduce((t, a) => t + strengthNow(b, a), 0);
  const attack = isMud(s, b) ? raw / 2 : raw;
  const defence = strengthNow(b, defender);
  const ratio = Math.floor(attack / defence);
  const d = cellIx(b, defender);
  const shifts: Odds['shifts'] = [];
  if (b.forest[d]) shifts.push({ reason: 'defender in forest', columns: -1 });
  if (b.moscow[d]) shifts.push({ reason: 'defender in Moscow', columns: -1 });
  if (b.fortification[d] && roleOf(b, defender.side) === SOVIET) shifts.push({ reason: 'Soviet defender in a fortification', columns: -1 });
  if (allAcrossRiver(b, d, attackers.map((a) => cellIx(b, a)))) shifts.push({ reason: 'every attacker across a river', columns: -1 });
  const shifted = ratio + shifts.reduce((t, x) => t + x.columns, 0);
  const column = shifted < 1 ? 0 : Math.min(6, shifted);
  return { attack, defence, ratio, shifts, column };
}

/** "3:1" for a ratio; "1:2" style when the attacker is weaker. */
export function ratioText(attack: number, defence: number): string {
  if (attack >= defence) return `${Math.floor(attack / defence)}:1`;
  return attack <= 0 ? '0:1' : `1:${Math.ceil(defence / attack)}`;
}

export const columnText = (column: number): string => (column === 0 ? 'no effect (below 1:1)' : `${column}:1`);

const RESULT_WORDS: Record<CrtResult, string> = {
  AL: 'attacker loss',
  NE: 'no effect',
  DR: 'defender retreats',
  DRL: 'defender loss and retreat',
  DE: 'defender eliminated',
  EX: 'exchange',
};
export const resultWords = (r: CrtResult): string => RESULT_WORDS[r];

// ---- retreat --------------------------------------------------------------------------------

/**
 * Where the attacker may move a defender that must retreat: hexes exactly two away (each step one
 * hex further from where it stood), through no enemy unit and no hex in an enemy zone of control,
 * ending in an empty hex; when every such hex holds a friendly unit, the retreat goes on a hex
 * further, and so on. Empty: no retreat, the unit is eliminated.
 */
export function retreatHexes(s: BfmGame, b: BfmBoard, defender: BfmUnitState): number[] {
  const start = cellIx(b, defender);
  const role: Role = roleOf(b, defender.side);
  const occ = occupancy(s, b);
  const enemyZoc = zoneOfControl(s, b, role === 0 ? 1 : 0);
  const from = b.grid.cellAt(start);
  const enemyAt = (j: number): boolean => {
    const k = occ[j]!;
    return k >= 0 && roleOf(b, s.units[k]!.side) !== role;
  };
  let frontier = [start];
  for (let dist = 1; dist <= 12 && frontier.length > 0; dist++) {
    const next = new Set<number>();
    for (const i of frontier) {
      for (let k = 0; k < 6; k++) {
        const j = b.nb[i * 6 + k]!;
        if (j < 0 || b.impassable[j] || b.wall[i * 6 + k] || enemyAt(j) || enemyZoc[j]) continue;
        if (b.grid.distance(from, b.grid.cellAt(j)) !== dist) continue;
        next.add(j);
      }
    }
    if (dist >= 2) {
      const ends = [...next].filter((j) => occ[j] === -1).sort((x, y) => x - y);
      if (ends.length > 0) return ends;
    }
    // Hexes with friends (or the first step) are passed through to go on a hex further.
    frontier = [...next].filter((j) => dist === 1 || occ[j] !== -1);
  }
  return [];
}

// ---- announcing and resolving ----------------------------------------------------------------

export function declareBattle(ctx: Ctx, defender: string, attackers: string[]): void {
  const { s, b } = ctx;
  s.battles.push({ defender, attackers: [...attackers], done: false });
  const d = findUnit(s, defender)!;
  const odds = oddsOf(s, b, attackers.map((a) => findUnit(s, a)!), d);
  emit(
    ctx,
    'declare',
    `${sideName(b, roleOf(b, s.player))} announce an attack on ${unitName(b, defender)} in ${label(b, cellIx(b, d))} with ${attackers.map((a) => unitName(b, a)).join(', ')} (${columnText(odds.column)}).`,
    { side: s.player, cell: d.cell!, units: [defender, ...attackers] },
  );
}

/** Attackers of a battle still on the map. */
export const survivingAttackers = (s: BfmGame, ids: readonly string[]): BfmUnitState[] =>
  ids.map((id) => findUnit(s, id)!).filter((u) => onMap(u));

/** Rolls for battle k and carries out its result as far as it goes without a decision. */
export function resolveBattle(ctx: Ctx, k: number): void {
  const { s, b } = ctx;
  const battle = s.battles[k]!;
  const defender = findUnit(s, battle.defender)!;
  const attackers = survivingAttackers(s, battle.attackers);
  const hex = defender.cell!;
  const odds = oddsOf(s, b, attackers, defender);
  const where = label(b, cellIx(b, defender));
  const ratio = ratioText(odds.attack, odds.defence);
  const shiftText = odds.shifts.length ? `, ${odds.shifts.map((x) => `${x.columns} ${x.reason}`).join(', ')}` : '';
  const mud = isMud(s, b) ? ' (mud: attack halved)' : '';
  const head = `${attackers.map((a) => unitName(b, a.id)).join(', ')} (${odds.attack}${mud}) attack ${unitName(b, defender.id)} (${odds.defence}) in ${where}: ${ratio}${shiftText}`;
  if (odds.column === 0) {
    battle.done = true;
    battle.result = 'NE';
    emit(ctx, 'combat', `${head} → below 1:1: no effect.`, { side: s.player, cell: hex, units: [defender.id, ...battle.attackers] });
    return;
  }
  const { die, roll } = rollDie(ctx, `battle in ${where}`);
  const result = crtResult(b, die, odds.column);
  battle.result = result;
  emit(ctx, 'combat', `${head} → ${odds.column}:1, rolled ${die}: ${result} (${resultWords(result)}).`, {
    side: s.player,
    cell: hex,
    units: [defender.id, ...battle.attackers],
    rolls: [roll],
  });
  s.combat = { battle: k, result, stage: 'attackerLoss', hex };
  switch (result) {
    case 'NE':
      finishBattle(ctx);
      return;
    case 'AL':
      if (attackers.length === 1) {
        attackerStep(ctx, attackers[0]!);
        finishBattle(ctx);
      }
      return;
    case 'DE':
      eliminateDefender(ctx, defender, 'eliminated');
      toAdvance(ctx);
      return;
    case 'DR':
      toRetreat(ctx, defender);
      return;
    case 'DRL':
      if (defenderStep(ctx, defender)) toRetreat(ctx, defender);
      else toAdvance(ctx);
      return;
    case 'EX': {
      const lost = stepLoss(b, defender);
      const survived = defenderStep(ctx, defender);
      s.combat.stage = 'exchange';
      s.combat.owed = lost;
      continueExchange(ctx, survived ? defender : null);
      return;
    }
  }
}

/** The defender's step loss; true when it survives. */
function defenderStep(ctx: Ctx, d: BfmUnitState): boolean {
  const { b } = ctx;
  const where = label(b, cellIx(b, d));
  const wasReduced = d.reduced;
  takeStep(ctx, d);
  emit(ctx, 'losses', wasReduced ? `${unitName(b, d.id)} is eliminated in ${where}.` : `${unitName(b, d.id)} is reduced to half strength in ${where}.`, {
    side: d.side,
    units: [d.id],
  });
  return !wasReduced;
}

function eliminateDefender(ctx: Ctx, d: BfmUnitState, why: string): void {
  const { b } = ctx;
  const where = label(b, cellIx(b, d));
  eliminate(ctx, d);
  emit(ctx, 'losses', `${unitName(b, d.id)} is ${why} in ${where}.`, { side: d.side, units: [d.id] });
}

/** An attacking unit takes one step of loss (printed strength, even in mud). */
export function attackerStep(ctx: Ctx, u: BfmUnitState): number {
  const { b } = ctx;
  const where = label(b, cellIx(b, u));
  const wasReduced = u.reduced;
  const lost = takeStep(ctx, u);
  emit(ctx, 'losses', wasReduced ? `${unitName(b, u.id)} is eliminated in ${where}.` : `${unitName(b, u.id)} is reduced to half strength in ${where}.`, {
    side: u.side,
    units: [u.id],
  });
  return lost;
}

/** Exchange: the attacker pays losses until the defender's loss is matched, then the defender retreats if it lives. */
export function continueExchange(ctx: Ctx, defender: BfmUnitState | null): void {
  const { s } = ctx;
  const c = s.combat!;
  const battle = s.battles[c.battle]!;
  const left = survivingAttackers(s, battle.attackers);
  if ((c.owed ?? 0) > 0 && left.length > 0) {
    if (left.length === 1) {
      c.owed = (c.owed ?? 0) - attackerStep(ctx, left[0]!);
      continueExchange(ctx, defender);
    }
    return; // the attacker picks which unit pays
  }
  delete c.owed;
  if (defender && onMap(defender)) toRetreat(ctx, defender);
  else toAdvance(ctx);
}

function toRetreat(ctx: Ctx, d: BfmUnitState): void {
  const { s, b } = ctx;
  const options = retreatHexes(s, b, d);
  if (options.length === 0) {
    eliminateDefender(ctx, d, 'eliminated: it has no retreat two hexes away clear of enemy units and zones of control,');
    toAdvance(ctx);
    return;
  }
  if (options.length === 1) {
    doRetreat(ctx, d, options[0]!);
    return;
  }
  s.combat!.stage = 'retreat';
}

export function doRetreat(ctx: Ctx, d: BfmUnitState, to: number): void {
  const { b } = ctx;
  const from = label(b, cellIx(b, d));
  place(ctx, d, to);
  emit(ctx, 'retreat', `${unitName(b, d.id)} retreats from ${from} to ${label(b, to)}.`, { side: d.side, cell: b.ids[to], units: [d.id] });
  toAdvance(ctx);
}

/**
 * The surviving attackers that may advance into `hex`: not one across a side that blocks
 * movement (a wall), which it fought across but cannot cross.
 */
function advancers(s: BfmGame, b: BfmBoard, attackers: readonly string[], hex: string): BfmUnitState[] {
  const to = b.index.get(hex)!;
  const over = (u: BfmUnitState): boolean => {
    const from = cellIx(b, u);
    for (let k = 0; k < 6; k++) if (b.nb[from * 6 + k] === to) return b.wall[from * 6 + k]! > 0;
    return false;
  };
  return survivingAttackers(s, attackers).filter((u) => !over(u));
}

/** The defender's hex is empty now: the attacker may advance one unit into it. */
function toAdvance(ctx: Ctx): void {
  const { s, b } = ctx;
  const c = s.combat!;
  const battle = s.battles[c.battle]!;
  const defender = findUnit(s, battle.defender)!;
  if (onMap(defender) && defender.cell === c.hex) {
    finishBattle(ctx);
    return;
  }
  if (advancers(s, b, battle.attackers, c.hex).length === 0) {
    finishBattle(ctx);
    return;
  }
  c.stage = 'advance';
}

export function doAdvance(ctx: Ctx, u: BfmUnitState): void {
  const { s, b } = ctx;
  const to = b.index.get(s.combat!.hex)!;
  const from = label(b, cellIx(b, u));
  place(ctx, u, to);
  emit(ctx, 'advance', `${unitName(b, u.id)} advances from ${from} into ${label(b, to)}.`, { side: u.side, cell: b.ids[to], units: [u.id] });
  finishBattle(ctx);
}

export function finishBattle(ctx: Ctx): void {
  const { s } = ctx;
  const c = s.combat;
  if (c) s.battles[c.battle]!.done = true;
  s.combat = null;
}

/** What the side to act must decide in the battle being resolved. */
export function combatChoices(s: BfmGame, b: BfmBoard): { stage: string; units?: string[]; hexes?: number[] } | null {
  const c = s.combat;
  if (!c) return null;
  const battle = s.battles[c.battle]!;
  switch (c.stage) {
    case 'attackerLoss':
    case 'exchange':
    case 'advance':
      return { stage: c.stage, units: advancers(s, b, battle.attackers, c.hex).map((u) => u.id) };
    case 'retreat':
      return { stage: c.stage, hexes: retreatHexes(s, b, findUnit(s, battle.defender)!) };
  }
}

