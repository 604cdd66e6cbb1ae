// What the combat panel shows about one attack: who attacked whom, every to-hit modifier
// with its reason, the score each attacker needed, every die, hits, terrain absorption and
// the losses by unit. The numbers and the reasons come from the rules' public attack preview
// (shared/rules: attackPreview); the dice from the attack event's rolls.
import { attackPreview } from '../../../shared/rules/index.js';
import type { GameEvent, GameState } from '../../../shared/rules/types.js';

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
  const p = attackPreview(s, { cell });
  if (!p || p.method.kind !== 'toHit') return null;
  const m = p.method;
  return {
    cell,
    label: p.label,
    attackerSide: p.attackerSide,
    defenderSide: p.defenderSide,
    prepared: s.phase === 'preparedOffensives',
    base: m.base,
    defenderMods: m.defenderMods,
    attackers: p.attackers.map((a) => ({ ...a, need: m.attackers[a.id]?.need ?? m.base, mods: m.attackers[a.id]?.mods ?? [], dice: [], hits: 0 })),
    defenders: p.defenders,
    defensiveFire: [],
    hits: 0,
    absorbCapacity: m.absorbCapacity,
    absorbCap: m.absorbCap,
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
