// What the test-play UI shows: the state read through the rules (supply lines, legal
// destinations, the question the acting player faces), computed on demand, never stored.
import type { Destination, GameState, GameView, Prompt, UnitView } from '../types.js';
import type { RulesBoard } from './board.js';
import { pendingAttackCells, pendingLossChoice } from './combat.js';
import { destinations } from './movement.js';
import { supplyCheck, supplyDistances } from './supply.js';
import { actorOf } from './actions.js';
import { controlOf, info, label, sideName, unitName } from './state.js';

function prompt(s: GameState, b: RulesBoard): Prompt | null {
  const side = actorOf(s, b);
  if (side === null) return null;
  const c = s.combat;
  if (c) {
    const where = label(b, b.index.get(c.cell)!);
    if (c.stage === 'retreatChoice') {
      return { side, kind: 'retreat', text: `${c.defLoss} losses in ${where}: retreat every unit to lose one fewer, or stand (after the losses some units may still retreat, without the reduction).` };
    }
    if (c.stage === 'partialRetreat') {
      return {
        side,
        kind: 'retreat',
        text: `Losses taken in ${where}. Retreat units one at a time (losses are not reduced, at least one stays), or keep the rest in place.`,
      };
    }
    if (c.stage === 'breakthrough') return { side, kind: 'breakthrough', text: `Armoured breakthrough from ${where}: move surviving tanks or finish.` };
    const cands = pendingLossChoice(s, b).map((u) => unitName(b, u));
    return { side, kind: 'lossChoice', text: `Choose which unit in ${where} takes the next loss: ${cands.join(' or ')}.` };
  }
  if (s.phase === 'fuelShortage') return { side, kind: 'fuelShortage', text: `Pick up to ${s.fuel?.left ?? 0} enemy tank units to roll for fuel shortage.` };
  if (s.phase === 'airInterdiction') return { side, kind: 'airInterdiction', text: 'Choose one enemy unit to expend by air interdiction, or skip.' };
  switch (s.step) {
    case 'reinforcement':
      return { side, kind: 'reinforcement', text: 'Use replacement points, or finish reinforcements.' };
    case 'movement':
      return { side, kind: 'movement', text: 'Move the activated units, then end movement.' };
    case 'attack':
      return { side, kind: 'attackOrder', text: 'Choose the next mandatory attack.' };
    default:
      return { side, kind: 'activation', text: `${sideName(b, side)}: activate a cell or pass.` };
  }
}

export function viewOf(s: GameState, b: RulesBoard): GameView {
  const dist = [supplyDistances(s, b, 0), supplyDistances(s, b, 1)] as const;
  const limit = b.options.supplyLineLimit ?? Infinity;
  const units: UnitView[] = s.units.map((u) => {
    const i = info(b, u);
    const where: UnitView['where'] = u.cell !== null && u.strength > 0 ? 'onMap' : u.lost !== undefined ? 'destroyed' : 'waiting';
    const check = where === 'onMap' ? supplyCheck(s, b, u, dist[i.side]) : { getting: false, note: 'Not on the map.' };
    return {
      id: u.id,
      side: u.side,
      name: i.name,
      branch: i.branch,
      elite: i.elite,
      strength: u.strength,
      maxStrength: i.max,
      cell: u.cell,
      where,
      supply: u.supply,
      activation: u.act,
      activatedThisTurn: u.activated === true,
      gettingSupplies: check.getting,
      supplyNote: check.note,
    };
  });
  const control: Record<string, string> = {};
  for (let i = 0; i < b.n; i++) control[b.ids[i]!] = b.sides[controlOf(s, b, i)].id;
  const supplyCells: Record<string, string[]> = {};
  for (const k of [0, 1] as const) {
    const d = dist[k];
    supplyCells[b.sides[k].id] = b.ids.filter((_, i) => d[i]! >= 0 && d[i]! <= limit);
  }
  const dests: Record<string, Destination[]> = {};
  if (s.step === 'movement' && !s.combat) {
    for (const u of s.units) {
      const d = destinations(s, b, u);
      if (d.length > 0) dests[u.id] = d;
    }
  }
  return {
    phase: s.phase,
    step: s.step,
    turn: s.turn,
    turns: b.scenario.calendar.turns,
    date: s.date,
    ground: s.ground,
    clock: s.clock,
    duration: s.duration,
    player: s.step === null ? null : s.player,
    prompt: prompt(s, b),
    initiative: s.initiative,
    preparedLeft: { ...s.preparedLeft },
    vp: { ...s.vp },
    units,
    control,
    supplyCells,
    destinations: dests,
    pendingAttacks: s.step === 'attack' ? pendingAttackCells(s, b).map((i) => b.ids[i]!) : [],
    combat: s.combat ? structuredCopy(s.combat) : null,
    gameOver: s.gameOver ? { ...s.gameOver } : null,
  };
}

const structuredCopy = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T;
