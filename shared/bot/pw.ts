// The Portable Wargame's computer player and its evaluation of a position. It plays as a careful
// player would: guns fire at the target where the expected damage (drift and friendly fire
// counted) is largest; activations go, one at a time, to the action worth most now — a shot with
// good odds, a close combat it expects to win, a step that brings a unit into range, cover or
// contact on good terms, unpinning a unit that needs to move — and it stops when nothing left
// is worth an activation. Exact ties go to a hash of the seed, so a seed plays one game.
import type { PwAction, PwUnitState, PwUnitType } from '../format/ruleset-pw.types.js';
import { DIRS, orthRange, pwBoardOf, type PwBoard, type Role } from '../rules/pw/board.js';
import { attackersOf, attackPower, defencePower } from '../rules/pw/combat.js';
import { DRIFT, drifts, driftCell, effectOf, fireZone, inCover } from '../rules/pw/fire.js';
import { scoreOf } from '../rules/pw/phases.js';
import { adjacentEnemies, aliveOf, cellIx, findUnit, info, isArtillery, isEuropeanCavalry, lossesOf, other, rangeOf, roleOf, unitAt, type PwGame } from '../rules/pw/state.js';
import type { BotOptions, Player } from '../rules/types.js';
import { hashString, mix32 } from './player.js';

/** What a unit is worth to its army, roughly (a Command unit carries an activation die). */
const VALUE: Readonly<Record<PwUnitType, number>> = {
  infantry: 1,
  closeCombatInfantry: 0.8,
  cavalry: 1,
  machineGun: 1.1,
  lightArtillery: 0.9,
  fieldArtillery: 1.1,
  fortressArtillery: 0.8,
  command: 1.3,
};
const valueOf = (b: PwBoard, u: PwUnitState): number => VALUE[info(b, u.id).type];
/** Weight of the danger of enemy fire against the worth of standing somewhere. */
const DANGER = 1;

/**
 * How good the battle looks for `side`, in [-1, 1]: the race to the other army's exhaustion
 * point, the value of the units each side still has (pinned ones a little less), and the score.
 */
export function pwValue(s: PwGame, side: string): number {
  const b = pwBoardOf(s.scenario);
  const me = roleOf(b, side);
  if (s.gameOver) return s.gameOver.winner === null ? 0 : s.gameOver.winner === side ? 1 : -1;
  const them = other(me);
  const worth = (r: Role): number => aliveOf(s, b, r).reduce((t, u) => t + valueOf(b, u) * (u.pinned ? 0.85 : 1), 0);
  const total = Math.max(1, worth(0) + worth(1));
  const race = lossesOf(s, b, them) / b.exhaustAt[them] - lossesOf(s, b, me) / b.exhaustAt[me];
  const score = scoreOf(s, b, true);
  const lead = (score[me] - score[them]) / Math.max(4, score[0] + score[1]);
  return Math.tanh(1.5 * race + (worth(me) - worth(them)) / total + 0.5 * lead);
}

// ---- expected effects ---------------------------------------------------------------------------

/** Expected value (for the firer's side) of fire aimed at square t: landing squares, effect chances, own units hit counted against. */
function fireValue(s: PwGame, b: PwBoard, firer: PwUnitState, t: number): number {
  const from = cellIx(b, firer);
  const artillery = isArtillery(b, firer);
  const landings = artillery && drifts(b, from, t) ? DRIFT.map((d) => driftCell(b, t, firer.facing, d)) : [t, t, t, t, t, t];
  const me = roleOf(b, firer.side);
  let total = 0;
  for (const at of landings) {
    const who = at >= 0 ? unitAt(s, b, at) : undefined;
    if (!who) continue;
    const cover = inCover(s, b, from, who);
    let v = 0;
    for (let d = 1; d <= 6; d++) {
      const e = effectOf(artillery ? 'artillery' : 'smallArms', cover, d);
      // A pin stops a unit moving (and makes it harder to hit); worth a fraction of the unit.
      v += e === 'destroyed' ? 1 : e === 'pinned' && !who.pinned ? 0.25 : 0;
    }
    total += ((roleOf(b, who.side) === me ? -1.5 : 1) * valueOf(b, who) * v) / 36;
  }
  return total;
}

/** Expected value of a close combat for the attacking side: what it destroys less what it loses. */
function combatValue(b: PwBoard, attacker: PwUnitState, defender: PwUnitState, attackers: number): number {
  const pa = attackPower(b, attacker, defender).power / 6;
  const pd = defencePower(b, defender, attackers).power / 6;
  // Even trades favour the side that plays worse: a loss of its own counts for more than a kill.
  return pa * valueOf(b, defender) - 1.4 * pd * valueOf(b, attacker) - (1 - pa) * (1 - pd) * 0.05;
}

// ---- where a unit wants to be -----------------------------------------------------------------

interface Picture {
  me: Role;
  enemies: PwUnitState[];
  enemyCells: number[];
  /** Chance per square of a unit there being destroyed by enemy fire next turn (in the open; cover halves it), roughly. */
  danger: Float32Array;
}

function nearest(b: PwBoard, cells: number[], i: number): number {
  let d = Infinity;
  for (const c of cells) d = Math.min(d, orthRange(b, i, c));
  return d;
}

/** How well placed a unit would be in square i facing `facing` (before any combat it starts). */
function placeValue(b: PwBoard, p: Picture, u: PwUnitState, i: number, facing: PwUnitState['facing']): number {
  const type = info(b, u.id).type;
  const d = nearest(b, p.enemyCells, i);
  const range = rangeOf(b, u);
  const artillery = isArtillery(b, u);
  const moved = { ...u, cell: b.ids[i]!, facing } as PwUnitState;
  const zone = fireZone(b, moved, range);
  const inArc = p.enemyCells.filter((c) => zone.includes(c));
  let v = 0;
  if (artillery) {
    v += inArc.length > 0 ? 0.25 + 0.1 * inArc.filter((c) => orthRange(b, i, c) <= 2).length : 0;
    v -= d <= 1 ? 0.5 : d === 2 ? 0.15 : 0;
  } else if (range > 0) {
    v += inArc.length > 0 ? 0.2 : 0;
    v -= 0.08 * Math.max(0, d - range);
    v -= d <= 1 && type === 'machineGun' ? 0.05 : 0;
  } else if (type === 'command') {
    // The Command unit is an activation die: keep it near, not in front.
    v -= d <= 2 ? 0.3 : 0;
    v -= 0.03 * Math.max(0, d - 4);
  } else {
    // Cavalry and close-combat infantry close with the enemy.
    v -= 0.09 * d;
  }
  if (b.cover[i] && d <= 5) v += 0.08;
  // Standing where the enemy's fire can reach costs the unit's worth at the chance of losing it.
  v -= DANGER * VALUE[type] * p.danger[i]! * (b.cover[i] ? 0.5 : 1);
  // Objectives draw everyone a little.
  for (const o of b.objectives) v += (0.04 * (o.endGame + o.perTurn)) / (1 + orthRange(b, i, o.cell));
  return v;
}

function picture(s: PwGame, b: PwBoard, me: Role): Picture {
  const enemies = aliveOf(s, b, other(me));
  const danger = new Float32Array(b.n);
  for (const e of enemies) {
    const range = rangeOf(b, e);
    if (range <= 0) continue;
    const at = cellIx(b, e);
    const gun = isArtillery(b, e);
    // Where it points now it fires next turn; anywhere else in range it must turn first.
    const zone = new Set(fireZone(b, e, range));
    for (let i = 0; i < b.n; i++) {
      const r = orthRange(b, at, i);
      if (r < 1 || r > range) continue;
      // Guns at three or more squares drift off target half the time; small arms need an activation.
      const hit = gun ? (r <= 2 ? 1 / 3 : 1 / 3 * 0.4) : 1 / 3 * 0.5;
      danger[i]! += hit * (zone.has(i) ? 1 : 0.35);
    }
  }
  return { me, enemies, enemyCells: enemies.map((e) => cellIx(b, e)), danger };
}

/** The value of one action for the side taking it (activation and orders steps). */
function actionValue(s: PwGame, b: PwBoard, p: Picture, a: PwAction): number {
  switch (a.type) {
    case 'aim':
    case 'fire': {
      const u = findUnit(s, a.unit)!;
      return fireValue(s, b, u, b.index.get(a.cell)!);
    }
    case 'unpin': {
      const u = findUnit(s, a.unit)!;
      // Pinned European cavalry charges by itself; other pinned units can still fire where they are.
      if (isEuropeanCavalry(b, u)) return -0.1;
      const d = nearest(b, p.enemyCells, cellIx(b, u));
      if (isArtillery(b, u)) return 0.02;
      return d > Math.max(1, rangeOf(b, u)) ? 0.22 : 0.04;
    }
    case 'dismount': {
      const u = findUnit(s, a.unit)!;
      const d = nearest(b, p.enemyCells, cellIx(b, u));
      // Cavalry on foot only to hold cover close to the enemy; mounted again when far.
      return a.mount ? (d > 4 ? 0.05 : -0.2) : b.cover[cellIx(b, u)] && d <= 2 ? 0.03 : -0.3;
    }
    case 'move': {
      const u = findUnit(s, a.unit)!;
      const from = cellIx(b, u);
      const to = b.index.get(a.to)!;
      let v = placeValue(b, p, u, to, a.facing) - placeValue(b, p, u, from, u.facing);
      const front = b.nb[to * 4 + DIRS.indexOf(a.facing)]!;
      const foe = front >= 0 ? unitAt(s, b, front) : undefined;
      if (foe && roleOf(b, foe.side) !== p.me) {
        // Contact: a close combat at the end of the activations, this unit attacking.
        const already = attackersOf(s, b, foe, p.me).filter((x) => x.id !== u.id).length;
        const moved = { ...u, cell: a.to, facing: a.facing } as PwUnitState;
        v += combatValue(b, moved, foe, already + 1) + 0.02 * already;
      } else {
        // Standing next to enemies without facing them invites their attack.
        const near = adjacentEnemies(s, b, to, p.me).length;
        v -= near * 0.12 * valueOf(b, u);
      }
      if (a.double) v -= 0.1;
      if (to === from) v -= 0.03;
      return v;
    }
    default:
      return 0;
  }
}

/** The computer player: the best-valued legal action, ties broken by a hash of the seed. */
export function pwBot(options: BotOptions = {}): Player<PwGame, PwAction> {
  const seed = options.seed ?? 1;
  const tie = (a: PwAction, turn: number): number => mix32(seed, turn, hashString(JSON.stringify(a))) / 2 ** 32;
  return {
    name: 'pw-heuristic',
    choose(s, legal) {
      const b = pwBoardOf(s.scenario);
      const first = legal[0]!;
      const me = roleOf(b, first.side);
      const p = picture(s, b, me);
      if (s.phase === 'combat') return chooseCombat(s, b, p, legal);
      let best: PwAction | undefined;
      let bestValue = s.phase === 'orders' ? 0.02 : 0.015;
      let bestTie = -1;
      for (const a of legal) {
        if (a.type === 'commit' || a.type === 'endActivation') continue;
        const v = actionValue(s, b, p, a);
        const t = tie(a, s.turn);
        if (v > bestValue + 1e-9 || (Math.abs(v - bestValue) <= 1e-9 && best && t > bestTie)) {
          best = a;
          bestValue = v;
          bestTie = t;
        }
      }
      return best ?? legal.find((a) => a.type === 'commit' || a.type === 'endActivation') ?? first;
    },
  };
}

function chooseCombat(s: PwGame, b: PwBoard, p: Picture, legal: readonly PwAction[]): PwAction {
  const first = legal[0]!;
  if (first.type === 'advance') {
    const c = s.combat!;
    const to = b.index.get(c.cell)!;
    const u = findUnit(s, c.attacker)!;
    const risk = adjacentEnemies(s, b, to, p.me).length;
    const gain = placeValue(b, p, u, to, u.facing) - placeValue(b, p, u, cellIx(b, u), u.facing);
    return legal.find((a) => a.type === 'advance' && a.advance === (risk <= 1 && gain > -0.05))!;
  }
  if (first.type === 'withdraw') {
    const u = findUnit(s, s.combat!.attacker)!;
    let best = first;
    let bestV = -Infinity;
    for (const a of legal) {
      if (a.type !== 'withdraw') continue;
      const i = b.index.get(a.to)!;
      const v = placeValue(b, p, u, i, u.facing) + (b.cover[i] ? 0.1 : 0);
      if (v > bestV) {
        best = a;
        bestV = v;
      }
    }
    return best;
  }
  // Fight the close combat with the best odds first: a win may help the next one.
  let best = first;
  let bestV = -Infinity;
  for (const a of legal) {
    if (a.type !== 'resolve') continue;
    const d = findUnit(s, a.defender)!;
    const att = attackersOf(s, b, d, p.me);
    const v = att.length ? combatValue(b, att[0]!, d, att.length) : -1;
    if (v > bestV) {
      best = a;
      bestV = v;
    }
  }
  return best;
}

