// What the combat panel shows about one attack: who attacked whom, every to-hit modifier
// with its reason, the score each attacker needed, every die, hits, terrain absorption and
// the losses by unit. The numbers come from the engine (toHit, absorption, the attack
// event's rolls); this module only names the modifiers the engine adds up.
import type { GameEvent, GameState } from '../../../shared/rules/types.js';
import { absorption, boardOf, canDefend, toHit } from '../../../shared/bot/rules-access.js';

export interface CombatUnitLine {
  id: string;
  name: string;
  branch: string;
  strength: number;
  elite: boolean;
}

export interface AttackerLine extends CombatUnitLine {
  need: number;
  /** Attacker-side modifiers of this unit, each with its reason. */
  mods: string[];
  dice: number[];
  hits: number;
}

export interface CombatRecord {
  cell: string;
  label: string;
  attackerSide: string;
  defenderSide: string;
  prepared: boolean;
  base: number;
  defenderMods: string[];
  attackers: AttackerLine[];
  defenders: CombatUnitLine[];
  defensiveFire: { name: string; dice: number[]; need: number; hits: number }[];
  hits: number;
  absorbCapacity: number;
  absorbCap: number;
  absorbed: number;
  losses: number;
  /** Follow-up events of this combat: losses, retreat, breakthrough, control. */
  outcome: GameEvent[];
  open: boolean;
}

/** Everything known before the dice: call with the state the attack is applied to. */
export function beforeAttack(s: GameState, cell: string): CombatRecord | null {
  const b = boardOf(s.scenario);
  const i = b.index.get(cell);
  if (i === undefined || s.player === null) return null;
  const attackers = s.units.filter((u) => u.cell === cell && u.strength > 0 && u.side === s.player && u.act !== 'expended');
  const defenders = s.units.filter((u) => u.cell === cell && u.strength > 0 && u.side !== s.player);
  if (attackers.length === 0 || defenders.length === 0) return null;
  const th = toHit(s, b, i, attackers, defenders);
  const ab = absorption(s, b, i, defenders);
  const info = (id: string) => b.units.get(id);
  const able = defenders.filter(canDefend);
  const anyDefTank = able.some((d) => info(d.id)?.branch === 'tank');
  const line = (u: (typeof attackers)[number]): CombatUnitLine => ({
    id: u.id,
    name: info(u.id)?.name ?? u.id,
    branch: info(u.id)?.branch ?? 'infantry',
    strength: u.strength,
    elite: info(u.id)?.elite ?? false,
  });
  return {
    cell,
    label: b.labels[i] ?? cell,
    attackerSide: s.player,
    defenderSide: defenders[0]!.side,
    prepared: s.phase === 'preparedOffensives',
    base: b.options.baseToHit,
    defenderMods: th.defenderMods.reasons,
    attackers: attackers.map((a) => {
      const l = line(a);
      const mods: string[] = [];
      if (l.branch === 'tank') mods.push('−1 this unit is a tank');
      if (l.elite && (l.branch === 'tank' || l.branch === 'cavalry' || l.branch === 'mechanised')) mods.push(`−1 elite ${l.branch}`);
      if (anyDefTank) mods.push('+1 tank among the defenders');
      return { ...l, need: th.need.get(a.id) ?? b.options.baseToHit, mods, dice: [], hits: 0 };
    }),
    defenders: defenders.map(line),
    defensiveFire: [],
    hits: 0,
    absorbCapacity: ab.capacity,
    absorbCap: ab.cap,
    absorbed: 0,
    losses: 0,
    outcome: [],
    open: true,
  };
}

/** Fills in the dice from the attack event. */
export function withDice(rec: CombatRecord, event: GameEvent | undefined): CombatRecord {
  if (!event?.rolls) return rec;
  const attackers = rec.attackers.map((a) => {
    const roll = event.rolls!.find((r) => r.purpose === `${a.name} attack`);
    const dice = roll?.dice ?? [];
    const need = roll?.need ?? a.need;
    return { ...a, need, dice, hits: dice.filter((d) => d >= need).length };
  });
  const defensiveFire = event.rolls
    .filter((r) => r.purpose.endsWith(' defensive fire'))
    .map((r) => ({ name: r.purpose.replace(/ defensive fire$/, ''), dice: r.dice, need: r.need ?? 6, hits: r.dice.filter((d) => d >= (r.need ?? 6)).length }));
  const hits = attackers.reduce((t, a) => t + a.hits, 0);
  const absorbed = Math.min(hits, rec.absorbCapacity, rec.absorbCap);
  return { ...rec, attackers, defensiveFire, hits, absorbed, losses: hits - absorbed };
}
