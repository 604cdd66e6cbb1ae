// A heuristic player for Shambattle: it lays every gun on the target where its dice do most harm,
// brings its stands up to shooting range (into cover where it can, away from the enemy's massed
// rifles), shoots with everything at the best targets, assaults where its dice outweigh the
// reply, holds its cities, gives ground rather than SP, and resupplies overnight. Stateless: each
// choice is read from the state and the legal actions offered.
import type { BotOptions, Player } from '../rules/types.js';
import { boardOf, distance, type ShamBoard } from '../rules/shambattle/board.js';
import { assaultDice, defenceDice, facesAgainst, isCover, shootingDice, targetStands } from '../rules/shambattle/combat.js';
import { plan } from '../rules/shambattle/night.js';
import { commanderOf, otherId, unitById, type ShamAction, type ShamState, type UnitState } from '../rules/shambattle/state.js';
import { mix32, prng } from './player.js';

/** Share of die faces that count against a group of stands. */
function hitShare(b: ShamBoard, targets: readonly UnitState[]): number {
  return facesAgainst(b, targets).filter((f) => f.counts).length / 6;
}

/** Expected worth of dice at a group: SP taken (a stand close to elimination counts more), the commander's hazard. */
function worth(b: ShamBoard, s: ShamState, dice: number, targets: readonly UnitState[], cell: string, side: string): number {
  if (targets.length === 0) return 0;
  const share = hitShare(b, targets);
  const weakest = Math.min(...targets.map((t) => (b.stands.get(t.id)!.rules.logistics ? 1 : t.sp)));
  const kill = weakest <= dice * share ? 1.5 : 1;
  const cmd = commanderOf(b, s, side);
  const hazard = cmd && cmd.cell === cell ? (dice / 36) * 6 : 0;
  return dice * share * kill + hazard;
}

interface Context {
  b: ShamBoard;
  s: ShamState;
  side: string;
  enemy: string;
  enemies: { u: UnitState; i: number }[];
  /** Nearest enemy stand per area. */
  near: Int32Array;
  /** Enemy rifle and machine-gun SP that could shoot into each area next turn. */
  threat: Float32Array;
  /** Enemy-held victory areas, and own-held ones. */
  targets: number[];
  holds: Set<number>;
}

/** The enemy's reach (nearest stand, firepower able to reach each area) depends only on where its stands are: kept between choices. */
const reachCache = new WeakMap<ShamBoard, Map<string, { near: Int32Array; threat: Float32Array }>>();

function enemyReach(b: ShamBoard, enemies: readonly { u: UnitState; i: number }[]): { near: Int32Array; threat: Float32Array } {
  const key = enemies.map((e) => `${e.u.id}@${e.i}:${e.u.sp}`).join(';');
  let byKey = reachCache.get(b);
  if (!byKey) {
    byKey = new Map();
    reachCache.set(b, byKey);
  }
  const hit = byKey.get(key);
  if (hit) return hit;
  const near = new Int32Array(b.n).fill(99);
  const threat = new Float32Array(b.n);
  for (const e of enemies) {
    const r = b.stands.get(e.u.id)!.rules;
    const reach = r.range === 0 || r.fire === null ? -1 : r.range + (r.fire === 'rifle' ? Math.min(1, r.move.clear) : 0);
    const power = e.u.sp + r.shootBonus;
    for (let i = 0; i < b.n; i++) {
      const d = distance(b, i, e.i);
      if (d < near[i]!) near[i] = d;
      if (d <= reach) threat[i] = threat[i]! + power;
    }
  }
  if (byKey.size > 8) byKey.clear();
  const out = { near, threat };
  byKey.set(key, out);
  return out;
}

function context(s: ShamState, side: string): Context {
  const b = boardOf(s.scenario);
  const enemy = otherId(b, side);
  const enemies = s.units.filter((u) => u.status === 'map' && u.cell !== null && u.side !== side).map((u) => ({ u, i: b.index.get(u.cell!)! }));
  const { near, threat } = enemyReach(b, enemies);
  const targets: number[] = [];
  const holds = new Set<number>();
  for (const v of b.victory) {
    const holder = s.holders[b.ids[v.cell]!];
    if (holder === side) holds.add(v.cell);
    else targets.push(v.cell);
  }
  return { b, s, side, enemy, enemies, near, threat, targets, holds };
}

/** How good an area is for a stand of this side to end its move in. */
function placeValue(x: Context, u: UnitState, i: number): number {
  const { b, s } = x;
  const info = b.stands.get(u.id)!;
  const r = info.rules;
  const cell = b.ids[i]!;
  const cover = isCover(b, s, cell);
  const exposure = x.threat[i]! * (cover ? 0.67 : 1);
  const d = x.near[i]!;
  if (info.stand === 'commander') {
    const friends = s.units.filter((v) => v.cell === cell && v.status === 'map' && v.side === u.side && b.stands.get(v.id)!.rules.fire !== null).reduce((t, v) => t + v.sp, 0);
    return friends * 0.5 - exposure * 0.08 - (d <= 1 ? 3 : 0);
  }
  if (r.logistics) return -d * 0.1 - exposure;
  let v = 0;
  if (r.range > 0) {
    if (d <= r.range) v += r.fire === 'opening' ? 3 : 2.5;
    else v -= 0.6 * (d - r.range);
  }
  if (cover) v += 1;
  v -= exposure * (r.fire === 'opening' ? 0.09 : 0.05);
  if (info.stand === 'artillery' && d <= 2) v -= 2;
  if (x.holds.has(i)) v += 2.5;
  if (x.targets.length && (info.stand === 'infantry' || info.stand === 'cavalry')) {
    const t = Math.min(...x.targets.map((j) => distance(b, i, j)));
    v -= 0.15 * t;
  }
  const cmd = commanderOf(b, s, u.side);
  if (cmd && cmd.cell === cell && r.range > 0) v += 0.5;
  return v;
}

/** Enemy stands worth striking: not those defecting to us (their SP would be ours). */
const hostile = (stands: UnitState[]): UnitState[] => stands.filter((d) => d.loyalty !== 'defecting');

function shotValue(x: Context, unit: string, target: string): number {
  const { b, s } = x;
  const u = unitById(s, unit)!;
  const line = shootingDice(b, s, u, target);
  const all = targetStands(b, s, target, x.enemy);
  const defenders = hostile(all);
  if (defenders.length < all.length) return defenders.length ? worth(b, s, line.dice, defenders, target, x.enemy) - 1 : -1;
  return worth(b, s, line.dice, defenders, target, x.enemy);
}

function assaultValue(x: Context, unit: string, target: string): number {
  const { b, s } = x;
  const u = unitById(s, unit)!;
  const all = targetStands(b, s, target, x.enemy);
  const defenders = hostile(all);
  if (defenders.length < all.length) return -1;
  const mine = assaultDice(b, s, u, target).dice;
  const theirs = defenders.reduce((t, d) => t + defenceDice(b, s, d).dice, 0);
  const gain = worth(b, s, mine, defenders, target, x.enemy);
  const cost = theirs * hitShare(b, [u]);
  const city = b.victory.some((v) => b.ids[v.cell] === target) ? 1.5 : 0;
  return gain - cost + city;
}

export function shambattleBot(options: BotOptions = {}): Player<ShamState, ShamAction> {
  const next = prng(mix32(options.seed ?? 1, 0x5a4b));
  return {
    name: 'shambattle-bot',
    choose(s, legal) {
      const first = legal[0]!;
      const b = boardOf(s.scenario);
      if (first.type === 'fallBack' || first.type === 'standFast') {
        const u = unitById(s, first.unit)!;
        const ch = s.choices[0]!;
        const inCity = u.cell !== null && b.victory.some((v) => b.ids[v.cell] === u.cell) && s.holders[u.cell] === u.side;
        const alone = u.cell !== null && !s.units.some((v) => v.id !== u.id && v.cell === u.cell && v.status === 'map' && b.stands.get(v.id)!.rules.stacks);
        const hold = inCity && alone && u.sp > ch.results;
        return legal.find((a) => a.type === (hold ? 'standFast' : 'fallBack'))!;
      }
      const side = first.side;
      const x = context(s, side);
      const ends = legal.find((a) => a.type === 'endFire' || a.type === 'endMovement' || a.type === 'endNight')!;
      let best: ShamAction = ends;
      let bestValue = 0;
      const consider = (a: ShamAction, v: number): void => {
        const jitter = next() * 0.01;
        if (v + jitter > bestValue) {
          best = a;
          bestValue = v + jitter;
        }
      };
      const placeCache = new Map<string, number>();
      const here = (u: UnitState): number => {
        let v = placeCache.get(u.id);
        if (v === undefined) {
          v = placeValue(x, u, b.index.get(u.cell!)!);
          placeCache.set(u.id, v);
        }
        return v;
      };
      for (const a of legal) {
        switch (a.type) {
          case 'aim':
          case 'fire':
            consider(a, shotValue(x, a.unit, a.target) - 0.4);
            break;
          case 'move': {
            const u = unitById(s, a.unit)!;
            const info = b.stands.get(u.id)!;
            if (u.side !== side) {
              // An enemy stand defecting to us: bring it to our nearest stand, where it changes sides.
              const to = b.index.get(a.to)!;
              const mine = s.units.filter((v) => v.side === side && v.status === 'map' && v.cell !== null).map((v) => distance(b, to, b.index.get(v.cell!)!));
              consider(a, 6 - Math.min(99, ...mine));
              break;
            }
            if (info.rules.logistics && info.stand === 'baseTrain') break;
            consider(a, placeValue(x, u, b.index.get(a.to)!) - here(u) - 0.3);
            break;
          }
          case 'assault':
            consider(a, assaultValue(x, a.unit, a.target) - 0.5);
            break;
          case 'resupply': {
            const u = unitById(s, a.unit)!;
            const gain = plan(b, s, u).reduce((t, m) => t + m.gain, 0) + (u.status === 'fled' ? 2 : 0);
            const i = b.index.get(a.cell)!;
            consider(a, gain * 2 - x.near[i]! * 0.01 + (u.status === 'map' ? -1 : 0));
            break;
          }
          default:
            break;
        }
      }
      return best;
    },
  };
}
