// The Shambattle ruleset (seed 003) behind the contract (types.ts, RulesetPlugin): the reducer
// (flow.ts, actions.ts, legal.ts), its declaration and play aids, described decisions, per-side
// observations, results and the public queries the play screen asks (ranges and targets of a
// stand, the dice preview with every modifier, what a stand may do, where it may move).
import type { Scenario } from '../../format/scenario.types.js';
import { shambattleBot } from '../../bot/shambattle.js';
import { prng, mix32 } from '../../bot/player.js';
import { seedDice } from '../dice.js';
import type {
  AttackPreview,
  AttackSpec,
  AttackUnitLine,
  DescribedAction,
  Decision,
  DicePoolMethod,
  MoveOption,
  Observation,
  ObservedUnit,
  RulesetPlugin,
} from '../types.js';
import { applyAction } from './actions.js';
import { boardOf, distance, type ShamBoard } from './board.js';
import { shambattleChecks } from './checks.js';
import { assaultDice, defenceDice, facesAgainst, shootingDice, targetStands, type DiceLine } from './combat.js';
import { STACKING_LIMIT, STANDS, TASKS } from './data.js';
import { shambattleDeclaration } from './declaration.js';
import { edgeText } from './engineers.js';
import { scoreOf, startGame } from './flow.js';
import { actorOf, legalActions, mayMove, mayShoot, routesFound, targetsOf } from './legal.js';
import { destinations, moveScan, type MoveScan, type Reach } from './movement.js';
import {
  commanderOf,
  dayOf,
  engagedIds,
  isExhausted,
  isRouted,
  label,
  lastTurn,
  losses,
  nameOf,
  otherId,
  sideIdx,
  unitById,
  type ShamAction,
  type ShamState,
} from './state.js';
import { shambattleEditTable, shambattleTables } from './tables.js';

export type { ShamAction, ShamState };

export interface ShamView {
  state: ShamState;
  /** Per side: SP lost, exhaustion and rout points, and the army's condition. */
  armies: Record<string, { lost: number; exhaustion: number; rout: number; exhausted: boolean; routed: boolean }>;
}

const sideName = (b: ShamBoard, side: string): string => b.sides[sideIdx(b, side)].name;

// States are never changed once `apply` has returned them, so the legal actions of one state are
// listed once however many questions (decision, unit options, the bot) ask for them.
const listed = new WeakMap<ShamState, ShamAction[]>();
function legal(s: ShamState): ShamAction[] {
  let list = listed.get(s);
  if (!list) {
    list = legalActions(s);
    listed.set(s, list);
  }
  return [...list];
}

/** What describing many actions of one state reads once: the stands by id, each stand's routes. */
interface DescribeCache {
  units: Map<string, ShamState['units'][number]>;
  routes: Map<string, Reach[]>;
  scan: MoveScan | null;
}

const describeCache = (s: ShamState): DescribeCache => ({ units: new Map(s.units.map((u) => [u.id, u])), routes: routesFound.get(s) ?? new Map(), scan: null });

function routesOf(b: ShamBoard, s: ShamState, cache: DescribeCache, id: string): Reach[] {
  let list = cache.routes.get(id);
  if (!list) {
    cache.scan ??= moveScan(b, s);
    list = destinations(b, s, cache.units.get(id)!, cache.scan);
    cache.routes.set(id, list);
  }
  return list;
}

function diceLine(d: DiceLine): string {
  let mods = '';
  for (const m of d.mods) mods += `, ${m.dice > 0 ? '+' : '−'}${Math.abs(m.dice)} ${m.reason}`;
  return `${d.dice} ${d.dice === 1 ? 'die' : 'dice'} (${d.base} SP${mods})`;
}

function described(s: ShamState, a: ShamAction, cache: DescribeCache = describeCache(s)): DescribedAction<ShamAction> {
  const b = boardOf(s.scenario);
  const unit = 'unit' in a ? cache.units.get(a.unit) : undefined;
  const at = unit?.cell ? { from: unit.cell } : {};
  switch (a.type) {
    case 'aim':
    case 'fire':
      return { action: a, kind: 'move', label: `${nameOf(b, a.unit)} fires at ${label(b, a.target)}`, detail: diceLine(shootingDice(b, s, unit!, a.target)), unit: a.unit, ...at, cell: a.target, group: a.unit, intent: 'fire', preview: { attackers: [a.unit], cell: a.target, mode: 'fire' } };
    case 'endFire':
      return { action: a, kind: 'confirm', label: s.phase === 'fire' ? 'Fire orders given' : 'Done shooting', ends: true };
    case 'move': {
      const r = routesOf(b, s, cache, a.unit).find((x) => b.ids[x.cell] === a.to);
      return {
        action: a,
        kind: 'move',
        label: `${nameOf(b, a.unit)} to ${label(b, a.to)}`,
        ...(r?.crossed ? { detail: 'crosses the river (shoots at −1 this turn)' } : {}),
        unit: a.unit,
        ...at,
        cell: a.to,
        ...(r ? { path: r.path.map((i) => b.ids[i]!) } : {}),
        group: a.unit,
        intent: 'move',
      };
    }
    case 'assault':
      return { action: a, kind: 'move', label: `${nameOf(b, a.unit)} close assaults ${label(b, a.target)}`, detail: diceLine(assaultDice(b, s, unit!, a.target)), unit: a.unit, ...at, cell: a.target, group: a.unit, intent: 'attack', preview: { attackers: [a.unit], cell: a.target, mode: 'assault' } };
    case 'build': {
      const where = a.task === 'prepareBridge' || a.task === 'pontoon' ? edgeText(b, a.at) : label(b, a.at);
      const cell = b.edgeCells.has(a.at) ? b.ids[b.edgeCells.get(a.at)![0]]! : a.at;
      return { action: a, kind: 'list', label: `${nameOf(b, a.unit)}: ${TASKS[a.task].toLowerCase()} (${where})`, detail: '1 SP of their train', unit: a.unit, cell, group: a.unit };
    }
    case 'blow': {
      const bridge = b.edgeCells.has(a.at);
      const cell = bridge ? b.ids[b.edgeCells.get(a.at)![0]]! : a.at;
      return { action: a, kind: 'list', label: bridge ? `Blow the bridge at ${edgeText(b, a.at)}` : `Blow the buildings of ${label(b, a.at)}`, cell };
    }
    case 'endMovement':
      return { action: a, kind: 'confirm', label: 'End movement', ends: true };
    case 'fallBack': {
      const k = s.choices[0]?.results ?? 1;
      return { action: a, kind: 'list', label: `${nameOf(b, a.unit)} retreats ${k} area${k === 1 ? '' : 's'}`, unit: a.unit, group: a.unit };
    }
    case 'standFast': {
      const k = s.choices[0]?.results ?? 1;
      return { action: a, kind: 'list', label: `${nameOf(b, a.unit)} stands and loses ${k} SP`, unit: a.unit, group: a.unit };
    }
    case 'resupply':
      return { action: a, kind: 'list', label: `Resupply ${nameOf(b, a.unit)} at ${label(b, a.cell)}`, unit: a.unit, ...at, cell: a.cell, group: a.unit };
    case 'endNight':
      return { action: a, kind: 'confirm', label: 'Done resupplying', ends: true };
  }
}


const TITLES: Record<ShamState['phase'], string> = {
  fire: 'Artillery and machine-gun fire',
  movement: 'Movement',
  rifle: 'Rifle fire',
  closeCombat: 'Close combat',
  night: 'Night: resupply',
  over: 'Battle over',
};

const PROMPTS: Record<ShamState['phase'], string> = {
  fire: 'Give your guns and machine guns their targets (the enemy gives theirs unseen; both fire together). Those that fire do not move this turn.',
  movement: 'Move your stands; bring on close assaults on enemy areas next to them; set your engineers to work.',
  rifle: 'Fire your infantry, cavalry and engineers at enemy areas in range.',
  closeCombat: 'Close combats are fought.',
  night: 'Place depleted or eliminated stands at your logistics stands (one in its area, two in each area next to it) to give them back today\u2019s lost SP.',
  over: 'The battle is over.',
};

function decisionOf(s: ShamState): Decision<ShamAction> | null {
  if (s.gameOver) return null;
  const b = boardOf(s.scenario);
  const side = actorOf(s)!;
  const cache = describeCache(s);
  const options = legal(s).map((a) => described(s, a, cache));
  if (s.choices.length) {
    const ch = s.choices[0]!;
    return {
      side,
      kind: 'shambattle.retreatOrLose',
      title: `${sideName(b, side)}: retreat or lose`,
      prompt: `${nameOf(b, ch.unit)} has ${ch.results} "retreat 1 grid area, or lose 1 SP" result${ch.results === 1 ? '' : 's'}: give ground or stand and lose SP?`,
      options,
    };
  }
  return { side, kind: `shambattle.${s.phase}`, title: `${sideName(b, side)}: ${TITLES[s.phase]}`, prompt: PROMPTS[s.phase], options };
}

function observe(s: ShamState, observer: string | null): Observation {
  const b = boardOf(s.scenario);
  const { attackers } = engagedIds(s);
  const laid = new Set(s.orders.filter((o) => observer === null || o.side === observer).map((o) => o.unit));
  const units: ObservedUnit[] = b.order.map((id) => {
    const u = unitById(s, id)!;
    const info = b.stands.get(id)!;
    const markers: string[] = [];
    if (u.status === 'map') {
      if (u.sp < info.max) markers.push('spLoss');
      if (u.fired) markers.push('fired');
      if (laid.has(id)) markers.push('laid');
      if (u.moved) markers.push('moved');
      if (attackers.has(id)) markers.push('assaulting');
      if (u.crossed) markers.push('crossed');
      if (u.loyalty === 'mutinous') markers.push('mutiny');
      if (u.loyalty === 'defecting') markers.push('defecting');
      if (u.side !== b.sides[info.side].id) markers.push('turncoat');
    }
    return {
      id,
      side: u.side,
      cell: u.cell,
      where: u.status === 'map' ? 'onMap' : 'eliminated',
      hidden: false,
      name: info.name,
      branch: info.stand === 'cavalry' ? 'cavalry' : 'infantry',
      face: 'front',
      factors: info.rules.logistics ? info.rules.code : `${u.sp} ${info.rules.code}`,
      values: {
        stand: info.stand,
        sp: u.sp,
        maxSp: info.max,
        range: info.rules.range,
        moveRoad: info.rules.move.road,
        moveClear: info.rules.move.clear,
        loyalty: u.loyalty,
        elite: info.elite,
        poor: info.poor,
        status: u.status,
      },
      markers,
    };
  });
  const cellMarkers: Record<string, string[]> = {};
  const add = (cell: string, m: string): void => void (cellMarkers[cell] ??= []).push(m);
  for (const c of s.works.fieldWorks) add(c, 'fieldWorks');
  for (const m of s.works.mines) add(m.cell, 'minefield');
  for (const v of b.victory) add(b.ids[v.cell]!, 'victoryCity');
  // Areas under a close assault, so the play screen can find them and ask attackPreview({ cell }).
  for (const e of s.engagements) if (!cellMarkers[e.target]?.includes('closeCombat')) add(e.target, 'closeCombat');
  const edgeMarkers: Record<string, string[]> = {};
  const addEdge = (e: string, m: string): void => void (edgeMarkers[e] ??= []).push(m);
  for (const p of s.works.prepared) {
    if (b.edgeCells.has(p.at)) addEdge(p.at, 'preparedBridge');
    else add(p.at, 'preparedBuilding');
  }
  for (const e of s.works.blown) addEdge(e, 'bridgeBlown');
  for (const p of s.works.pontoons) addEdge(p.edge, p.sections >= 2 ? 'pontoon' : 'pontoonSection');
  const { day, turnOfDay } = dayOf(b, s.turn);
  const status: Observation['status'] = [
    { label: 'Day', value: `${day} of ${b.options.days}` },
    { label: 'Turn of day', value: `${turnOfDay} of ${b.options.turnsPerDay}` },
    { label: 'Initiative', value: s.first ? sideName(b, s.first) : '—' },
  ];
  for (const x of b.sides) {
    const k = sideIdx(b, x.id);
    const cond = isRouted(s, x.id) ? ' (routed)' : isExhausted(b, s, x.id) ? ' (exhausted)' : '';
    status.push({ label: `${x.name} SP lost`, value: `${losses(b, s, x.id)} (exhausted at ${b.options.exhaustion[k]}, routs at ${b.options.rout[k]})${cond}` });
  }
  const phaseLabel = s.phase === 'movement' || s.phase === 'rifle' || s.phase === 'closeCombat' ? `${sideName(b, s.player!)}: ${TITLES[s.phase]}` : TITLES[s.phase];
  return {
    ruleset: 'shambattle',
    observer,
    turn: s.turn,
    turns: lastTurn(b),
    turnLabel: `Turn ${s.turn} of ${lastTurn(b)} — day ${day}, turn ${turnOfDay} of ${b.options.turnsPerDay}`,
    phase: { id: s.phase, label: phaseLabel },
    player: s.phase === 'movement' || s.phase === 'rifle' || s.phase === 'closeCombat' ? s.player : null,
    actor: actorOf(s),
    status,
    units,
    control: { ...s.holders },
    cellMarkers,
    edgeMarkers,
    score: Object.fromEntries(b.sides.map((x) => [x.id, scoreOf({ b, s }, x.id)])),
    gameOver: s.gameOver,
  };
}

// ---------------------------------------------------------------------------------------------
// The dice preview
// ---------------------------------------------------------------------------------------------

function pool(b: ShamBoard, lines: DiceLine[], targets: ReturnType<typeof targetStands>): DicePoolMethod {
  return {
    kind: 'dicePool',
    units: Object.fromEntries(lines.map((l) => [l.unit, { base: l.base, mods: l.mods, dice: l.dice }])),
    dice: lines.reduce((t, l) => t + l.dice, 0),
    faces: facesAgainst(b, targets).map((f) => ({ face: f.row.face, result: f.row.text, counts: f.counts })),
  };
}

function outcomes(m: DicePoolMethod, commanderThere: boolean): { result: string; probability: number }[] {
  const counting = m.faces.filter((f) => f.counts).length;
  const none = Math.pow(1 - counting / 6, m.dice);
  const out = [
    { result: 'No result counts', probability: none },
    { result: 'At least one result counts', probability: 1 - none },
  ];
  for (const f of m.faces.filter((x) => x.counts)) out.push({ result: `At least one ${f.face}: ${f.result}`, probability: 1 - Math.pow(5 / 6, m.dice) });
  if (commanderThere) out.push({ result: 'The Army Commander is lost (a 6, then a 6)', probability: 1 - Math.pow(1 - 1 / 36, m.dice) });
  return out;
}

function line(b: ShamBoard, s: ShamState, id: string): AttackUnitLine {
  const u = unitById(s, id)!;
  const info = b.stands.get(id)!;
  return { id, name: info.name, branch: info.stand, strength: u.sp, elite: info.elite };
}

/**
 * The dice of a shot or a close combat before it happens. `cell` is the target area; with
 * `attackers` (stands of one side): their shot at it, or their close assault on it (`mode`; by
 * default a close assault in the movement step, a shot otherwise, whichever they can make);
 * without attackers, the close combat already going on at `cell`. Every modifier comes with its
 * reason; a close combat includes the defenders' reply.
 */
function attackPreview(s: ShamState, spec: AttackSpec): AttackPreview | null {
  const b = boardOf(s.scenario);
  const cell = spec.cell ?? (spec.defender ? unitById(s, spec.defender)?.cell ?? undefined : undefined);
  if (cell === undefined || !b.index.has(cell)) return null;
  let ids = spec.attackers ?? [];
  let assault = false;
  if (ids.length === 0) {
    const e = s.engagements.find((x) => x.target === cell);
    if (!e) return null;
    ids = e.units.filter((id) => unitById(s, id)?.status === 'map');
    assault = true;
  }
  const us = ids.map((id) => unitById(s, id)).filter((u): u is NonNullable<typeof u> => !!u && u.status === 'map' && u.cell !== null);
  if (us.length === 0) return null;
  const side = us[0]!.side;
  if (us.some((u) => u.side !== side)) return null;
  const defSide = otherId(b, side);
  const defenders = targetStands(b, s, cell, defSide);
  const cmdThere = commanderOf(b, s, defSide)?.cell === cell;
  if (defenders.length === 0 && !cmdThere) return null;
  if (!assault) {
    const shoots = us.every((u) => STANDS[b.stands.get(u.id)!.stand].range > 0 && targetsOf(b, s, u).includes(cell));
    const next = us.every((u) => STANDS[b.stands.get(u.id)!.stand].assaults && distance(b, b.index.get(u.cell!)!, b.index.get(cell)!) === 1);
    const want = spec.mode ?? (s.phase === 'movement' ? 'assault' : 'fire');
    if (want === 'assault') assault = next || !shoots;
    else assault = !shoots;
    if (assault ? !next : !shoots) return null;
  }
  const lines = us.map((u) => (assault ? assaultDice(b, s, u, cell) : shootingDice(b, s, u, cell)));
  const method = pool(b, lines, defenders);
  if (assault) {
    const reply = pool(b, defenders.map((d) => defenceDice(b, s, d)), us);
    method.reply = reply;
  }
  const mods = lines.flatMap((l) => l.mods.map((m) => `${m.dice > 0 ? '+' : '−'}${Math.abs(m.dice)} ${m.reason}`));
  return {
    cell,
    label: label(b, cell),
    attackerSide: side,
    defenderSide: defSide,
    attackers: us.map((u) => line(b, s, u.id)),
    defenders: defenders.map((u) => line(b, s, u.id)),
    summary: `${assault ? 'Close assault' : 'Shooting'}: ${method.dice} ${method.dice === 1 ? 'die' : 'dice'}${mods.length ? ` (${[...new Set(mods)].join(', ')})` : ''}; ${method.faces.filter((f) => f.counts).map((f) => f.face).join(', ') || 'no face'} count here${method.reply ? `; the defenders reply with ${method.reply.dice}` : ''}.`,
    method,
    outcomes: outcomes(method, cmdThere),
  };
}

function moves(s: ShamState, unit: string): MoveOption[] {
  const b = boardOf(s.scenario);
  const u = unitById(s, unit);
  if (!u || s.phase !== 'movement' || s.choices.length || s.player === null || !mayMove(b, s, u, s.player)) return [];
  return destinations(b, s, u).map((r) => ({ cell: b.ids[r.cell]!, path: r.path.map((i) => b.ids[i]!), cost: r.path.length, mode: r.crossed ? 'crossing' : 'move' }));
}

/** Problems with a state the rules never reach. */
function invariants(s: ShamState): string[] {
  const b = boardOf(s.scenario);
  const out: string[] = [];
  const perCell = new Map<string, { side: string; n: number }[]>();
  for (const u of s.units) {
    const info = b.stands.get(u.id);
    if (!info) {
      out.push(`unknown stand ${u.id}`);
      continue;
    }
    if (u.sp < 0 || u.sp > info.max) out.push(`${u.id} has ${u.sp} SP (0–${info.max})`);
    if ((u.status === 'map') !== (u.cell !== null)) out.push(`${u.id} is ${u.status} with cell ${u.cell}`);
    if (u.status === 'eliminated' && u.sp !== 0) out.push(`${u.id} is eliminated with ${u.sp} SP`);
    if (u.status === 'map' && u.sp === 0 && !info.rules.logistics) out.push(`${u.id} is on the map with 0 SP`);
    if (u.status !== 'map' || u.cell === null) continue;
    const list = perCell.get(u.cell) ?? [];
    const entry = list.find((x) => x.side === u.side);
    if (entry) entry.n += info.rules.stacks ? 1 : 0;
    else list.push({ side: u.side, n: info.rules.stacks ? 1 : 0 });
    perCell.set(u.cell, list);
    if (info.companion) {
      const c = unitById(s, info.companion);
      if (c && c.status === 'map' && c.side === u.side && c.cell !== u.cell) out.push(`${u.id} and its companion ${c.id} are apart`);
    }
  }
  for (const [cell, list] of perCell) {
    if (list.length > 1) out.push(`both sides have stands in ${cell}`);
    for (const x of list) if (x.n > STACKING_LIMIT) out.push(`${x.n} stands of ${x.side} in ${cell}`);
  }
  for (const [cell, side] of Object.entries(s.holders)) if (!b.sideIndex.has(side)) out.push(`${cell} held by unknown side ${side}`);
  for (const side of b.sides) {
    const p = s.armies[side.id]?.pool;
    if (!p) out.push(`no army record for ${side.id}`);
    else for (const [k, v] of Object.entries(p)) if (v < 0) out.push(`${side.id} pool ${k} is ${v}`);
  }
  for (const ch of s.choices) if (unitById(s, ch.unit)?.status !== 'map') out.push(`a choice for ${ch.unit}, which is not on the map`);
  for (const e of s.engagements) {
    if (!b.index.has(e.target)) out.push(`engagement at unknown area ${e.target}`);
    for (const id of e.units) if (!unitById(s, id)) out.push(`engagement names unknown stand ${id}`);
  }
  if (!s.gameOver && actorOf(s) === null) out.push('nobody to act in a game that is not over');
  return out;
}

/** A state the observer cannot tell from this one: dice reseeded; the other side's fire orders not yet revealed, drawn afresh. */
function determinize(s: ShamState, observer: string, seed: number): ShamState {
  const hidden = s.orders.filter((o) => o.side !== observer);
  if (hidden.length === 0) return { ...s, dice: seedDice(seed) };
  const b = boardOf(s.scenario);
  const next = prng(mix32(seed, 0x51a5));
  const other = hidden[0]!.side;
  const base: ShamState = { ...s, orders: s.orders.filter((o) => o.side === observer) };
  const orders = [...base.orders];
  for (const u of s.units) {
    if (!mayShoot(b, base, u, 'opening', other)) continue;
    const targets = targetsOf(b, base, u);
    const k = Math.floor(next() * (targets.length + 1));
    if (k < targets.length) orders.push({ side: other, unit: u.id, target: targets[k]! });
  }
  return { ...s, orders, dice: seedDice(seed) };
}

function returns(s: ShamState): Record<string, number> {
  const b = boardOf(s.scenario);
  const w = s.gameOver?.winner;
  return Object.fromEntries(b.sides.map((x) => [x.id, !s.gameOver || w === null ? 0 : x.id === w ? 1 : -1]));
}

function score(s: ShamState): Record<string, number> {
  const b = boardOf(s.scenario);
  return Object.fromEntries(b.sides.map((x) => [x.id, scoreOf({ b, s }, x.id)]));
}

function evaluate(s: ShamState, side: string): number {
  if (s.gameOver) return s.gameOver.winner === null ? 0 : s.gameOver.winner === side ? 1 : -1;
  const b = boardOf(s.scenario);
  const other = otherId(b, side);
  const diff = scoreOf({ b, s }, side) - scoreOf({ b, s }, other);
  const rout = (isRouted(s, other) ? 0.5 : 0) - (isRouted(s, side) ? 0.5 : 0);
  return Math.max(-1, Math.min(1, Math.tanh(diff / 20) * 0.8 + rout));
}

export const shambattle: RulesetPlugin<ShamState, ShamAction, ShamView> = {
  id: 'shambattle',
  name: shambattleDeclaration.name,
  declaration: shambattleDeclaration,
  newGame: (scenario: Scenario, options = {}) => startGame(scenario, options).state,
  start: (scenario, options = {}) => startGame(scenario, options),
  legalActions: legal,
  apply: applyAction,
  view: (s) => {
    const b = boardOf(s.scenario);
    return {
      state: s,
      armies: Object.fromEntries(
        b.sides.map((x) => {
          const k = sideIdx(b, x.id);
          return [x.id, { lost: losses(b, s, x.id), exhaustion: b.options.exhaustion[k], rout: b.options.rout[k], exhausted: isExhausted(b, s, x.id), routed: isRouted(s, x.id) }];
        }),
      ),
    };
  },
  actor: actorOf,
  checks: shambattleChecks,
  tables: shambattleTables,
  editTable: shambattleEditTable,
  victoryCells: (scenario) => {
    const b = boardOf(scenario);
    return b.victory.map((v) => b.ids[v.cell]!);
  },
  decision: decisionOf,
  describe: (s, a) => described(s, a),
  observe,
  returns,
  score,
  projectedScore: score,
  evaluate,
  determinize,
  bot: (options = {}) => shambattleBot(options),
  invariants,
  attackPreview,
  moves,
  dropMove: (s, unit, cell) => {
    const side = actorOf(s);
    return side ? { type: 'move', side, unit, to: cell } : null;
  },
  unitOptions: (s, unit) => {
    const cache = describeCache(s);
    return legal(s)
      .filter((a) => 'unit' in a && a.unit === unit)
      .map((a) => described(s, a, cache));
  },
  zonesOfControl: () => [],
  controlOf: (s, cell) => s.holders[cell] ?? null,
  range: (s, from, to) => {
    const b = boardOf(s.scenario);
    const i = b.index.get(from);
    const j = b.index.get(to);
    return i === undefined || j === undefined ? Infinity : distance(b, i, j);
  },
  fireCells: (s, unit) => {
    const b = boardOf(s.scenario);
    const u = unitById(s, unit);
    return u && u.status === 'map' ? targetsOf(b, s, u) : [];
  },
};
