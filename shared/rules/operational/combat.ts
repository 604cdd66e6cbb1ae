// Attacks: who fights, to-hit numbers, dice, defensive fire, terrain absorption, loss order,
// retreat and armoured breakthrough. An attack is a small stage machine kept in
// `state.combat`, so it can pause whenever a player must decide (loss ties, retreat,
// breakthrough) and resume on the next action.
import type { Combat, GameState, UnitState, DiceRoll } from '../types.js';
import { isDifficult, isUrban, type RulesBoard, type Link } from './board.js';
import { cellPassable, frozenGround } from './supply.js';
import {
  controlOf,
  emit,
  info,
  label,
  leftCell,
  loseStrength,
  occupancy,
  occupy,
  plural,
  roll,
  setControl,
  sideNo,
  unitName,
  type Ctx,
} from './state.js';

export const canDefend = (u: UnitState): boolean => u.supply !== 'isolated' && u.supply !== 'desperate';

/** Cells where the player to move must still attack: an active friendly unit and an enemy. */
export function pendingAttackCells(s: GameState, b: RulesBoard): number[] {
  if (s.player === null) return [];
  const side = sideNo(b, s.player);
  const occ = occupancy(s, b);
  const cells = new Set<number>();
  for (const u of s.units) {
    if (u.side !== s.player || u.act !== 'active' || u.cell === null || u.strength <= 0) continue;
    const i = b.index.get(u.cell)!;
    if (occ[2 * i + (1 - side)]! > 0) cells.add(i);
  }
  return [...cells].sort((x, y) => x - y);
}

export interface ToHit {
  /** Needed score per attacking unit id. */
  need: Map<string, number>;
  defenderMods: { total: number; reasons: string[] };
}

const clamp = (v: number): number => Math.min(6, Math.max(2, v));

/** Needed scores of each attacker against the force in cell `i` (RULES-NOTES: Dice and to-hit). */
export function toHit(s: GameState, b: RulesBoard, i: number, attackers: UnitState[], defenders: UnitState[]): ToHit {
  const able = defenders.filter(canDefend);
  const defSide = defenders[0] ? sideNo(b, defenders[0].side) : 1 - sideNo(b, attackers[0]!.side);
  const anyDefTank = able.some((d) => info(b, d).branch === 'tank');
  const anyAttTank = attackers.some((a) => info(b, a).branch === 'tank');
  const reasons: string[] = [];
  let def = 0;
  if (able.some((d) => d.supply === 'in-supply' && info(b, d).branch === 'tank')) {
    def += 1;
    reasons.push('+1 in-supply defending tank');
  }
  if (able.some((d) => info(b, d).elite && (info(b, d).branch === 'infantry' || info(b, d).branch === 'airborne'))) {
    def += 1;
    reasons.push('+1 elite defending infantry');
  }
  if (b.fortification[i] === 1 && controlOf(s, b, i) === defSide) {
    def += 1;
    reasons.push('+1 friendly fortification');
  }
  const riversCount = s.ground === 'easy' || s.ground === 'mud';
  if (riversCount && attackers.length > 0 && attackers.every((a) => a.river === true)) {
    def += 1;
    reasons.push('+1 every attacker crossed a river');
  }
  if (anyAttTank) {
    def -= 1;
    reasons.push('-1 attacking tank');
  }
  if (able.some((d) => d.supply === 'out-of-supply')) {
    def -= 1;
    reasons.push('-1 out-of-supply defender');
  }
  const base = b.options.baseToHit;
  const need = new Map<string, number>();
  for (const a of attackers) {
    const ai = info(b, a);
    let att = 0;
    if (ai.branch === 'tank') att += 1;
    if (ai.elite && (ai.branch === 'tank' || ai.branch === 'cavalry' || ai.branch === 'mechanised')) att += 1;
    if (anyDefTank) att -= 1;
    need.set(a.id, clamp(base - att + def));
  }
  return { need, defenderMods: { total: def, reasons } };
}

/** Hits the cell absorbs for this defending force (RULES-NOTES: Terrain absorption). */
export function absorption(s: GameState, b: RulesBoard, i: number, defenders: UnitState[]): { capacity: number; cap: number } {
  const defSide = defenders[0] ? sideNo(b, defenders[0].side) : 0;
  const cat = b.category[i]!;
  let capacity = 0;
  if (isUrban(cat) && controlOf(s, b, i) === defSide) capacity += 2;
  const losesInSnow = s.ground === 'snow' && b.sides[defSide].flags.losesDifficultInSnow;
  if (isDifficult(cat) && s.ground !== 'frozen' && !losesInSnow) capacity += 2;
  const strength = defenders.filter(canDefend).reduce((t, d) => t + d.strength, 0);
  return { capacity, cap: absorptionCap(strength) };
}

export const absorptionCap = (strength: number): number => (strength <= 2 ? 1 : strength === 3 ? 2 : 4);

const alive = (s: GameState, ids: string[], cell: string): UnitState[] =>
  ids.map((id) => s.units.find((u) => u.id === id)!).filter((u) => u.strength > 0 && u.cell === cell);

/**
 * Units that may take the next hit: fewest hits so far in this combat, then the largest
 * strength, then tanks before others. More than one left means the owner chooses.
 */
export function lossCandidates(b: RulesBoard, units: UnitState[], hits: Record<string, number>): UnitState[] {
  if (units.length === 0) return [];
  const fewest = Math.min(...units.map((u) => hits[u.id] ?? 0));
  let pool = units.filter((u) => (hits[u.id] ?? 0) === fewest);
  const largest = Math.max(...pool.map((u) => u.strength));
  pool = pool.filter((u) => u.strength === largest);
  const tanks = pool.filter((u) => info(b, u).branch === 'tank');
  if (tanks.length > 0) pool = tanks;
  return [...pool].sort((x, y) => (x.id < y.id ? -1 : x.id > y.id ? 1 : 0));
}

/** How many units survive `losses` hits given by the loss order (identities do not matter). */
function survivorsAfter(b: RulesBoard, units: UnitState[], losses: number): number {
  const sim = units.map((u) => ({ ...u }));
  const hits: Record<string, number> = {};
  for (let k = 0; k < losses; k++) {
    const live = sim.filter((u) => u.strength > 0);
    const pick = lossCandidates(b, live, hits)[0];
    if (!pick) break;
    pick.strength -= 1;
    hits[pick.id] = (hits[pick.id] ?? 0) + 1;
  }
  return sim.filter((u) => u.strength > 0).length;
}

/** Cells a defending force could retreat into, with room for how many. */
function retreatRoom(s: GameState, b: RulesBoard, c: Combat): { cell: number; room: number }[] {
  const i = b.index.get(c.cell)!;
  const def = sideNo(b, c.defender);
  const occ = occupancy(s, b);
  const limit = b.options.stackingLimit;
  const frozen = frozenGround(s);
  const out: { cell: number; room: number }[] = [];
  for (const l of b.links[i]!) {
    const j = l.to;
    if (!cellPassable(s, b, j) || l.wall !== null) continue;
    if (!frozen && (l.lakeShore || l.diagLake)) continue;
    if (controlOf(s, b, j) !== def || occ[2 * j + (1 - def)]! > 0) continue;
    if (c.enteredFrom.includes(b.ids[j]!)) continue;
    const room = limit - occ[2 * j + def]!;
    if (room > 0) out.push({ cell: j, room });
  }
  return out;
}

/** Legal retreat choices: each a list of cells, as few as will hold every survivor. */
export function retreatOptions(s: GameState, b: RulesBoard, c: Combat): string[][] {
  const defenders = alive(s, c.defenders, c.cell);
  const total = defenders.reduce((t, u) => t + u.strength, 0);
  if (c.defLoss < 1 || total < c.defLoss) return [];
  const need = survivorsAfter(b, defenders, c.defLoss - 1);
  if (need === 0) return [];
  const rooms = retreatRoom(s, b, c);
  for (let k = 1; k <= rooms.length; k++) {
    const found: string[][] = [];
    const pick = (from: number, chosen: { cell: number; room: number }[]): void => {
      if (chosen.length === k) {
        if (chosen.reduce((t, r) => t + r.room, 0) >= need) found.push(chosen.map((r) => b.ids[r.cell]!));
        return;
      }
      for (let x = from; x < rooms.length; x++) pick(x + 1, [...chosen, rooms[x]!]);
    };
    pick(0, []);
    if (found.length > 0) return found;
  }
  return [];
}

/**
 * Partial retreat (RULES-NOTES: Retreat; seed 000: "If, for any reason, some defending units
 * retreat and others remain in place then the defender's losses are not reduced"). Offered
 * after a defender that stood has taken its losses in full (at least one), while two or more
 * of its units survive in the cell: the defender moves units out one at a time and at least
 * one stays. The moves come in the text's retreat order (the last unit to lose a point
 * first), so taking the first offer follows it. Each unit joins a cell this retreat already
 * uses while one has room, so the retreaters gather in as few cells as the first choices
 * allow.
 */
export function partialRetreatMoves(s: GameState, b: RulesBoard, c: Combat): { unit: string; cell: string }[] {
  const took = c.defenders.reduce((t, id) => t + (c.hits[id] ?? 0), 0);
  if (took < 1) return [];
  const order = retreatOrder(s, c);
  if (order.length < 2) return [];
  const rooms = retreatRoom(s, b, c);
  const used = rooms.filter((r) => (c.retreat ?? []).includes(b.ids[r.cell]!));
  const cells = (used.length > 0 ? used : rooms).map((r) => b.ids[r.cell]!);
  return order.flatMap((u) => cells.map((cell) => ({ unit: u.id, cell })));
}

/** Moves one unit out in a partial retreat; ends the retreat when no further move is possible. */
export function doPartialRetreat(ctx: Ctx, unitId: string, cellId: string): void {
  const { s, b } = ctx;
  const c = s.combat!;
  const u = s.units.find((x) => x.id === unitId)!;
  const dest = b.index.get(cellId)!;
  occupy(ctx, u, dest);
  u.act = 'expended';
  c.retreat = [...(c.retreat ?? []).filter((x) => x !== cellId), cellId];
  emit(ctx, 'retreat', `${unitName(b, u)} retreats to ${label(b, dest)} while others stay in ${label(b, b.index.get(c.cell)!)} (a partial retreat: losses are not reduced).`, {
    side: c.defender,
    cell: c.cell,
    units: [u.id],
  });
  if (partialRetreatMoves(s, b, c).length === 0) endRetreat(ctx);
}

/** Starts the mandatory attack in cell `i`: dice, fire, absorption; then runs it on. */
export function startAttack(ctx: Ctx, i: number): void {
  const { s, b } = ctx;
  const cellId = b.ids[i]!;
  const attackerSide = s.player!;
  const attackers = s.units.filter((u) => u.cell === cellId && u.strength > 0 && u.side === attackerSide && u.act !== 'expended');
  const defenders = s.units.filter((u) => u.cell === cellId && u.strength > 0 && u.side !== attackerSide);
  const defenderSide = defenders[0]!.side;
  const prepared = s.phase === 'preparedOffensives';
  const th = toHit(s, b, i, attackers, defenders);
  const rolls: DiceRoll[] = [];
  let hits = 0;
  const parts: string[] = [];
  for (const a of attackers) {
    const need = th.need.get(a.id)!;
    const dice = roll(ctx, a.strength);
    const h = dice.filter((d) => d >= need).length;
    hits += h;
    rolls.push({ purpose: `${unitName(b, a)} attack`, dice, need });
    parts.push(`${unitName(b, a)} ${plural(a.strength, 'die', 'dice')} needing ${need}+ [${dice.join(',')}]`);
  }
  let fireHits = 0;
  const fireParts: string[] = [];
  if (!prepared && b.options.defensiveFire) {
    const need = b.options.defensiveFireHitOn;
    for (const d of defenders.filter(canDefend)) {
      const dice = roll(ctx, d.strength);
      fireHits += dice.filter((x) => x >= need).length;
      rolls.push({ purpose: `${unitName(b, d)} defensive fire`, dice, need });
      fireParts.push(`${unitName(b, d)} [${dice.join(',')}]`);
    }
  }
  const { capacity, cap } = absorption(s, b, i, defenders);
  const absorbed = Math.min(hits, capacity, cap);
  const losses = hits - absorbed;
  for (const a of attackers) {
    a.act = 'expended';
    if (prepared) a.involved = true;
  }
  if (prepared) for (const d of defenders) d.involved = true;
  const mods = th.defenderMods.reasons.length > 0 ? ` (defender ${th.defenderMods.reasons.join(', ')})` : '';
  let text = `${attackers.map((a) => unitName(b, a)).join(', ')} attack${attackers.length === 1 ? 's' : ''} ${label(b, i)}${
    prepared ? ' in a prepared offensive' : ''
  }${mods}: ${parts.join('; ')}: ${plural(hits, 'hit')}`;
  if (absorbed > 0) text += `; terrain absorbs ${absorbed}`;
  if (fireParts.length > 0) text += `. Defensive fire needing ${b.options.defensiveFireHitOn}: ${fireParts.join('; ')}: ${plural(fireHits, 'hit')}`;
  emit(ctx, 'attack', `${text}.`, { side: attackerSide, cell: cellId, units: attackers.map((a) => a.id), rolls });
  s.combat = {
    cell: cellId,
    attacker: attackerSide,
    defender: defenderSide,
    prepared,
    attackers: attackers.map((a) => a.id),
    defenders: defenders.map((d) => d.id),
    stage: 'defenderLosses',
    defLoss: losses,
    attLoss: fireHits,
    hits: {},
    lossOrder: [],
    retreat: null,
    enteredFrom: [...new Set(attackers.map((a) => a.from).filter((f): f is string => typeof f === 'string'))].sort(),
    tanks: [],
    crossed: [],
  };
  if (retreatOptions(s, b, s.combat).length > 0) s.combat.stage = 'retreatChoice';
  runCombat(ctx);
}

/** The side that must decide in the current combat stage, if any decision is pending. */
export function combatActor(c: Combat): string {
  return c.stage === 'retreatChoice' || c.stage === 'defenderLosses' || c.stage === 'partialRetreat' ? c.defender : c.attacker;
}

/** Units among which the owner must pick the next loss now (empty if none is pending). */
export function pendingLossChoice(s: GameState, b: RulesBoard): UnitState[] {
  const c = s.combat;
  if (!c || (c.stage !== 'defenderLosses' && c.stage !== 'attackerLosses')) return [];
  const ids = c.stage === 'defenderLosses' ? c.defenders : c.attackers;
  const cands = lossCandidates(b, alive(s, ids, c.cell), c.hits);
  return cands.length > 1 ? cands : [];
}

export function takeHit(ctx: Ctx, u: UnitState): void {
  const c = ctx.s.combat!;
  const by = u.side === c.attacker ? c.defender : c.attacker;
  // A destroyed unit's cell is settled once the stage's losses are told (runCombat).
  loseStrength(ctx, u, 1, by);
  c.hits[u.id] = (c.hits[u.id] ?? 0) + 1;
  c.lossOrder = [...c.lossOrder.filter((id) => id !== u.id), u.id];
  if (c.stage === 'defenderLosses') c.defLoss -= 1;
  else c.attLoss -= 1;
}

/** Applies hits while the loss order decides alone; false when the owner must choose. */
function takeLosses(ctx: Ctx): boolean {
  const { s, b } = ctx;
  const c = s.combat!;
  const ids = c.stage === 'defenderLosses' ? c.defenders : c.attackers;
  for (;;) {
    const left = c.stage === 'defenderLosses' ? c.defLoss : c.attLoss;
    if (left <= 0) return true;
    const cands = lossCandidates(b, alive(s, ids, c.cell), c.hits);
    if (cands.length === 0) {
      if (c.stage === 'defenderLosses') c.defLoss = 0;
      else c.attLoss = 0;
      return true;
    }
    if (cands.length > 1) return false;
    takeHit(ctx, cands[0]!);
  }
}

function reportLosses(ctx: Ctx, ids: string[]): void {
  const { s, b } = ctx;
  const c = s.combat!;
  const parts = ids
    .filter((id) => (c.hits[id] ?? 0) > 0)
    .map((id) => {
      const u = s.units.find((x) => x.id === id)!;
      return `${unitName(b, u)} loses ${c.hits[id]}${u.strength === 0 ? ' and is destroyed' : ` (now ${u.strength})`}`;
    });
  if (parts.length > 0) {
    emit(ctx, 'losses', `${parts.join('; ')}.`, { cell: c.cell, units: ids.filter((id) => (c.hits[id] ?? 0) > 0) });
  }
}

/** Survivors in retreat order: the last to lose a point moves first. */
function retreatOrder(s: GameState, c: Combat): UnitState[] {
  const live = alive(s, c.defenders, c.cell);
  const rank = (u: UnitState): number => {
    const k = c.lossOrder.indexOf(u.id);
    return k < 0 ? -1 : k;
  };
  return [...live].sort((x, y) => rank(y) - rank(x) || (x.id < y.id ? -1 : 1));
}

function doRetreat(ctx: Ctx): void {
  const { s, b } = ctx;
  const c = s.combat!;
  if (!c.retreat) return;
  const limit = b.options.stackingLimit;
  const moves: string[] = [];
  for (const u of retreatOrder(s, c)) {
    const occ = occupancy(s, b);
    const def = sideNo(b, u.side);
    const dest = c.retreat.map((id) => b.index.get(id)!).find((j) => occ[2 * j + def]! < limit);
    if (dest === undefined) continue;
    occupy(ctx, u, dest);
    u.act = 'expended';
    moves.push(`${unitName(b, u)} retreats to ${label(b, dest)}`);
  }
  if (moves.length > 0) emit(ctx, 'retreat', `${moves.join('; ')}.`, { side: c.defender, cell: c.cell, units: c.defenders });
}

/** After the fight: a cell left to one side goes to it; emptied of defenders, to the attacker. */
function settleControl(ctx: Ctx): void {
  const { s, b } = ctx;
  const c = s.combat!;
  const i = b.index.get(c.cell)!;
  const here = s.units.filter((u) => u.cell === c.cell && u.strength > 0);
  const att = here.some((u) => u.side === c.attacker);
  const def = here.some((u) => u.side === c.defender);
  if (!def) setControl(ctx, i, sideNo(b, c.attacker));
  else if (!att) setControl(ctx, i, sideNo(b, c.defender));
}

/** After any retreat (or none, or the rest staying in a partial one): settle the cell and see which tanks may break through. */
export function endRetreat(ctx: Ctx): void {
  const { s, b } = ctx;
  const c = s.combat!;
  settleControl(ctx);
  const defendersLeft = alive(s, c.defenders, c.cell).length > 0;
  const anyRetreated = c.retreat !== null;
  if (!defendersLeft && !anyRetreated && breakthroughAllowed(s, b, c.attacker)) {
    c.tanks = alive(s, c.attackers, c.cell)
      .filter((u) => info(b, u).branch === 'tank')
      .map((u) => u.id);
  }
  c.stage = 'breakthrough';
}

export function breakthroughAllowed(s: GameState, b: RulesBoard, side: string): boolean {
  if (s.ground === 'easy' || s.ground === 'frozen') return true;
  if (s.ground === 'snow') return b.sides[sideNo(b, side)].flags.breakthroughInSnow;
  return false;
}

/** Runs the combat stage machine until it needs a decision or is over. */
export function runCombat(ctx: Ctx): void {
  const { s, b } = ctx;
  while (s.combat) {
    const c = s.combat;
    if (c.stage === 'retreatChoice') return;
    if (c.stage === 'defenderLosses') {
      if (!takeLosses(ctx)) return;
      reportLosses(ctx, c.defenders);
      // Every defender destroyed: the attacker takes the cell now, whatever defensive fire does next.
      leftCell(ctx, b.index.get(c.cell)!, sideNo(b, c.defender));
      c.stage = 'attackerLosses';
    } else if (c.stage === 'attackerLosses') {
      if (!takeLosses(ctx)) return;
      reportLosses(ctx, c.attackers);
      leftCell(ctx, b.index.get(c.cell)!, sideNo(b, c.attacker));
      c.stage = 'retreatMove';
    } else if (c.stage === 'retreatMove') {
      if (c.retreat === null && partialRetreatMoves(s, b, c).length > 0) {
        // The defender stood and took every loss; it may still pull some units out.
        c.retreat = [];
        c.stage = 'partialRetreat';
        return;
      }
      doRetreat(ctx);
      endRetreat(ctx);
    } else if (c.stage === 'partialRetreat') {
      return;
    } else {
      c.tanks = c.tanks.filter((id) => breakthroughPaths(s, b, id).length > 0);
      if (c.tanks.length > 0) return;
      s.combat = null;
    }
  }
}

function linkBetween(b: RulesBoard, from: number, to: number): Link | undefined {
  return b.links[from]!.find((l) => l.to === to);
}

/** Why a breakthrough path is illegal, or null. */
export function breakthroughProblem(s: GameState, b: RulesBoard, unitId: string, path: number[]): string | null {
  const c = s.combat;
  if (!c || c.stage !== 'breakthrough' || !c.tanks.includes(unitId)) return 'That unit may not break through now.';
  const u = s.units.find((x) => x.id === unitId)!;
  const side = sideNo(b, u.side);
  const deep = b.sides[side].flags.deepPenetration;
  if (path.length < 1 || path.length > (deep ? 2 : 1)) {
    return deep ? 'A deep penetration moves one or two cells.' : 'A breakthrough moves one cell.';
  }
  const occ = occupancy(s, b);
  const frozen = frozenGround(s);
  const riversCount = s.ground === 'easy' || s.ground === 'mud';
  let at = b.index.get(c.cell)!;
  const start = at;
  for (let k = 0; k < path.length; k++) {
    const to = path[k]!;
    const l = linkBetween(b, at, to);
    if (!l) return `${label(b, to)} is not next to ${label(b, at)}.`;
    if (to === start) return 'A breakthrough may not return to the battle cell.';
    if (!cellPassable(s, b, to)) return `${label(b, to)} is impassable.`;
    if (l.wall !== null) return `A breakthrough may not cross the ${l.wall.toLowerCase()}: it blocks movement.`;
    if (!frozen && (l.lakeShore || l.diagLake)) return 'A breakthrough may not cross a lake shore in this ground condition.';
    if (riversCount && l.diagRiver) return 'A diagonal step may not pass a river corner.';
    if (isDifficult(b.category[to]!) && !(l.road || l.rail)) {
      return `${label(b, to)} is difficult terrain: a breakthrough enters it only along a road or railway.`;
    }
    if (riversCount && l.river && l.edge && c.crossed.includes(l.edge)) {
      return 'Another tank has already broken through across this river side.';
    }
    if (path.length === 2) {
      if (!(l.road || l.rail)) return 'A deep penetration follows roads or railways.';
      if (l.river && s.ground !== 'frozen') return 'A river blocks a deep penetration unless the ground is frozen.';
      if (k === 0 && occ[2 * to + (1 - side)]! > 0) return 'The first cell of a deep penetration may not be enemy-occupied.';
    }
    at = to;
  }
  if (occ[2 * at + side]! >= b.options.stackingLimit) return `${label(b, at)} already holds ${b.options.stackingLimit} friendly units.`;
  return null;
}

/** Every legal breakthrough path of a tank in the current combat. */
export function breakthroughPaths(s: GameState, b: RulesBoard, unitId: string): number[][] {
  const c = s.combat;
  if (!c) return [];
  const start = b.index.get(c.cell)!;
  const out: number[][] = [];
  for (const l of b.links[start]!) {
    if (breakthroughProblem(s, b, unitId, [l.to]) === null) out.push([l.to]);
    const u = s.units.find((x) => x.id === unitId);
    if (u && b.sides[sideNo(b, u.side)].flags.deepPenetration) {
      for (const l2 of b.links[l.to]!) {
        if (breakthroughProblem(s, b, unitId, [l.to, l2.to]) === null) out.push([l.to, l2.to]);
      }
    }
  }
  return out;
}

export function doBreakthrough(ctx: Ctx, unitId: string, path: number[]): void {
  const { s, b } = ctx;
  const c = s.combat!;
  const u = s.units.find((x) => x.id === unitId)!;
  let at = b.index.get(c.cell)!;
  const riversCount = s.ground === 'easy' || s.ground === 'mud';
  for (const to of path) {
    const l = linkBetween(b, at, to)!;
    if (riversCount && l.river && l.edge) c.crossed.push(l.edge);
    at = to;
  }
  occupy(ctx, u, at);
  c.tanks = c.tanks.filter((id) => id !== unitId);
  emit(ctx, 'breakthrough', `${unitName(b, u)} breaks through to ${path.map((p) => label(b, p)).join(' → ')}.`, {
    side: u.side,
    cell: b.ids[at],
    units: [u.id],
  });
}
