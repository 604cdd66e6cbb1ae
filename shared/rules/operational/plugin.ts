// The operational ruleset behind the full contract (types.ts, RulesetPlugin): the engine in this
// folder unchanged (index.ts's `operational`), wrapped with its declaration, play aids, described
// decisions, observations, results and public queries. Everything here reads the engine; nothing
// changes how a game plays.
import type { Scenario } from '../../format/scenario.types.js';
import { turnTrack } from '../../scenario/turn-track.js';
import { operationalHeuristicBot } from '../../bot/bot.js';
import { searchBot } from '../../bot/search.js';
import { seedDice } from '../dice.js';
import type {
  Action,
  AnyRuleset,
  AttackPreview,
  AttackUnitLine,
  DescribedAction,
  Decision,
  GameState,
  GameView,
  MoveOption,
  Observation,
  ObservedUnit,
  Player,
  RulesAction,
  RulesState,
  RulesTable,
  RulesetPlugin,
  UnitState,
} from '../types.js';
import { boardOf, type RulesBoard } from './board.js';
import { absorption, absorptionCap, canDefend, toHit } from './combat.js';
import { operationalDeclaration } from './declaration.js';
import { operational } from './index.js';
import { destinations } from './movement.js';
import { viewOf } from './view.js';

const labelOf = (b: RulesBoard, cell: string): string => {
  const i = b.index.get(cell);
  return i === undefined ? cell : (b.labels[i] ?? cell);
};

/**
 * Button text of an operational action, in cell labels and unit names. `partialRetreat`: the
 * defender is pulling units out one at a time after its losses (losses not reduced).
 */
export function describeOperationalAction(a: Action, unitName: (id: string) => string, label: (cell: string) => string, partialRetreat = false): string {
  switch (a.type) {
    case 'pass':
      return 'Pass';
    case 'endMovement':
      return 'End movement';
    case 'attack':
      return `Attack in ${label(a.cell)}`;
    case 'retreat':
      return a.unit ? `${unitName(a.unit)} retreats to ${a.cells.map(label).join(' + ')}` : `Retreat to ${a.cells.map(label).join(' + ')}`;
    case 'stand':
      return partialRetreat ? 'Keep the rest in place' : 'Stand and take every loss';
    case 'chooseLoss':
      return `${unitName(a.unit)} takes the loss`;
    case 'endBreakthrough':
      return 'End breakthrough';
    case 'fuelPick':
      return `Roll for ${unitName(a.unit)}`;
    case 'endFuel':
      return 'Done picking';
    case 'interdict':
      return `Interdict ${unitName(a.unit)}`;
    case 'skipInterdiction':
      return 'No interdiction';
    case 'replace':
      return `+${a.points} to ${unitName(a.unit)}`;
    case 'rebuild':
      return `Rebuild ${unitName(a.unit)} (${a.strength}) in ${label(a.cell)}`;
    case 'endReinforcement':
      return 'Done with reinforcements';
    case 'activate':
      return `Activate ${label(a.cell)}`;
    case 'move':
      return `${unitName(a.unit)} to ${label(a.path.at(-1)!)}`;
    case 'drop':
      return `${unitName(a.unit)} drops on ${label(a.to)}`;
    case 'breakthrough':
      return `${unitName(a.unit)} breaks through to ${label(a.path.at(-1)!)}`;
  }
}

function described(s: GameState, b: RulesBoard, a: Action): DescribedAction<Action> {
  const name = (id: string): string => b.units.get(id)?.name ?? id;
  const label = (cell: string): string => labelOf(b, cell);
  const text = describeOperationalAction(a, name, label, s.combat?.stage === 'partialRetreat');
  const cellOf = (id: string): string | undefined => s.units.find((u) => u.id === id)?.cell ?? undefined;
  switch (a.type) {
    case 'activate':
    case 'attack':
      return { action: a, kind: 'cell', label: text, cell: a.cell };
    case 'move':
    case 'breakthrough': {
      const from = cellOf(a.unit);
      return { action: a, kind: 'move', label: text, unit: a.unit, ...(from ? { from } : {}), cell: a.path.at(-1)!, path: a.path, group: a.unit };
    }
    case 'drop': {
      const from = cellOf(a.unit);
      return { action: a, kind: 'move', label: text, unit: a.unit, ...(from ? { from } : {}), cell: a.to, group: a.unit };
    }
    case 'retreat':
      return { action: a, kind: 'list', label: text, cell: a.cells[0]!, path: a.cells };
    case 'chooseLoss':
    case 'fuelPick':
    case 'interdict':
      return { action: a, kind: 'unit', label: text, unit: a.unit };
    case 'replace':
      return { action: a, kind: 'list', label: text, unit: a.unit, group: `pool ${a.pool}` };
    case 'rebuild':
      return { action: a, kind: 'list', label: text, unit: a.unit, cell: a.cell, group: `pool ${a.pool}` };
    case 'stand':
      return { action: a, kind: 'confirm', label: text };
    default:
      return { action: a, kind: 'confirm', label: text, ends: true };
  }
}

const TITLES: Record<string, string> = {
  reinforcement: 'Reinforcements and replacements',
  activation: 'Activation',
  movement: 'Movement',
  attackOrder: 'Attacks',
  lossChoice: 'Losses',
  retreat: 'Retreat',
  breakthrough: 'Breakthrough',
  fuelShortage: 'Fuel shortage',
  airInterdiction: 'Air interdiction',
};

function decisionOf(s: GameState): Decision<Action> | null {
  const b = boardOf(s.scenario);
  const v = viewOf(s, b);
  if (!v.prompt) return null;
  const side = b.sides[b.sideIndex.get(v.prompt.side) ?? 0].name;
  return {
    side: v.prompt.side,
    kind: `operational.${v.prompt.kind}`,
    title: `${side}: ${TITLES[v.prompt.kind] ?? v.prompt.kind}`,
    prompt: v.prompt.text,
    options: operational.legalActions(s).map((a) => described(s, b, a)),
  };
}

function sideRecord(b: RulesBoard, f: (k: 0 | 1) => number): Record<string, number> {
  return { [b.sides[0].id]: f(0), [b.sides[1].id]: f(1) };
}

/** VP so far plus the end-of-game awards as they stand: victory cells held and destroyed strength. */
function projected(s: GameState): Record<string, number> {
  const b = boardOf(s.scenario);
  const p: [number, number] = [s.vp[b.sides[0].id] ?? 0, s.vp[b.sides[1].id] ?? 0];
  if (s.gameOver) return sideRecord(b, (k) => p[k]);
  for (const v of b.victory) p[s.control.charAt(v.cell) === b.sides[1].code ? 1 : 0] += v.endGame;
  for (const u of s.units) {
    if (u.strength !== 0 || u.lost === undefined) continue;
    const by = b.sideIndex.get(u.side) === 0 ? 1 : 0;
    p[by] += (b.units.get(u.id)?.max ?? 0) * b.options.destroyedStrengthVp;
  }
  return sideRecord(b, (k) => p[k]);
}

const SUPPLY_MARKER: Record<UnitState['supply'], string | null> = {
  'in-supply': null,
  'out-of-supply': 'outOfSupply',
  isolated: 'isolated',
  desperate: 'desperate',
};

function observe(s: GameState, observer: string | null): Observation {
  const b = boardOf(s.scenario);
  const v: GameView = viewOf(s, b);
  const units: ObservedUnit[] = v.units.map((u) => {
    const markers: string[] = [];
    if (u.where === 'onMap') {
      if (u.strength < u.maxStrength) markers.push('strengthLoss');
      if (u.activation === 'expended') markers.push('expended');
      const m = SUPPLY_MARKER[u.supply];
      if (m) markers.push(m);
    }
    return {
      id: u.id,
      side: u.side,
      cell: u.cell,
      where: u.where === 'destroyed' ? 'eliminated' : u.where,
      hidden: false,
      name: u.name,
      branch: u.branch,
      face: 'front',
      factors: String(u.strength),
      values: { strength: u.strength, maxStrength: u.maxStrength, supply: u.supply, activation: u.activation, elite: u.elite },
      markers,
    };
  });
  const cellMarkers: Record<string, string[]> = {};
  for (const vc of b.victory) cellMarkers[b.ids[vc.cell]!] = ['victoryCell'];
  const sideName = (id: string): string => b.sides[b.sideIndex.get(id) ?? 0].name;
  const status = [
    { label: 'Ground', value: v.ground },
    { label: 'Clock', value: `${v.clock} of ${v.duration} h` },
    { label: 'Initiative', value: sideName(v.initiative) },
    ...b.sides.map((x) => ({ label: `${x.name} VP`, value: String(v.vp[x.id] ?? 0) })),
  ];
  return {
    ruleset: 'operational',
    observer,
    turn: v.turn,
    turns: v.turns,
    turnLabel: `Turn ${v.turn} of ${v.turns} — ${v.date}`,
    phase: { id: v.step ? `${v.phase}/${v.step}` : v.phase, label: v.step ? `${v.phase}: ${v.step}` : v.phase },
    player: v.player,
    actor: v.prompt?.side ?? null,
    status,
    units,
    control: v.control,
    cellMarkers,
    score: { ...v.vp },
    gameOver: v.gameOver,
  };
}

function attackPreview(s: GameState, cell: string | undefined): AttackPreview | null {
  if (cell === undefined) return null;
  const b = boardOf(s.scenario);
  const i = b.index.get(cell);
  if (i === undefined || s.player === null) return null;
  const attackers = s.units.filter((u) => u.cell === cell && u.strength > 0 && u.side === s.player && u.act !== 'expended');
  const defenders = s.units.filter((u) => u.cell === cell && u.strength > 0 && u.side !== s.player);
  if (attackers.length === 0 || defenders.length === 0) return null;
  const th = toHit(s, b, i, attackers, defenders);
  const ab = absorption(s, b, i, defenders);
  const info = (id: string) => b.units.get(id);
  const anyDefTank = defenders.filter(canDefend).some((d) => info(d.id)?.branch === 'tank');
  const line = (u: UnitState): AttackUnitLine => ({
    id: u.id,
    name: info(u.id)?.name ?? u.id,
    branch: info(u.id)?.branch ?? 'infantry',
    strength: u.strength,
    elite: info(u.id)?.elite ?? false,
  });
  const perAttacker: Record<string, { need: number; mods: string[] }> = {};
  for (const a of attackers) {
    const l = line(a);
    const mods: string[] = [];
    if (l.branch === 'tank') mods.push('−1 this unit is a tank');
    if (l.elite && (l.branch === 'tank' || l.branch === 'cavalry' || l.branch === 'mechanised')) mods.push(`−1 elite ${l.branch}`);
    if (anyDefTank) mods.push('+1 tank among the defenders');
    perAttacker[a.id] = { need: th.need.get(a.id) ?? b.options.baseToHit, mods };
  }
  const dice = attackers.reduce((t, a) => t + a.strength, 0);
  return {
    cell,
    label: b.labels[i] ?? cell,
    attackerSide: s.player,
    defenderSide: defenders[0]!.side,
    attackers: attackers.map(line),
    defenders: defenders.map(line),
    summary: `${dice} dice against ${defenders.length} defending unit${defenders.length === 1 ? '' : 's'}; the cell absorbs up to ${Math.min(ab.capacity, ab.cap)} hit${Math.min(ab.capacity, ab.cap) === 1 ? '' : 's'}.`,
    method: { kind: 'toHit', base: b.options.baseToHit, attackers: perAttacker, defenderMods: th.defenderMods.reasons, absorbCapacity: ab.capacity, absorbCap: ab.cap },
  };
}

function tables(scenario: Scenario): RulesTable[] {
  const sides = scenario.sides;
  const track = turnTrack(scenario);
  const ground = (t: (typeof track)[number]): string =>
    t.possible.length === 1 ? t.possible[0]! : t.possible.map((g) => `${g} ${Math.round(t.odds[g] * 100)}%`).join(', ');
  return [
    {
      id: 'toHit',
      title: 'To-hit modifiers',
      caption: 'An attack die hits on 5 or more, shifted by these modifiers; 1 always misses, 6 always hits.',
      corner: 'Modifier',
      columns: [{ key: 'effect', label: 'Effect' }],
      rows: [
        ['tank', 'Attacking unit is a tank', '−1 to its needed score'],
        ['eliteMobile', 'Attacking unit is elite tank, cavalry or mechanised', '−1'],
        ['defTank', 'A defending tank can defend', '+1 to every attacker'],
        ['defTankSupplied', 'An in-supply defending tank', '+1'],
        ['eliteInfantry', 'Elite defending infantry or airborne', '+1'],
        ['fortification', 'Friendly-controlled fortification', '+1'],
        ['river', 'Every attacker crossed a river (easy or mud ground)', '+1'],
        ['attTank', 'A tank among the attackers', '−1'],
        ['oos', 'An out-of-supply defender', '−1'],
      ].map(([key, label, effect]) => ({ key: key!, label: label!, cells: [effect!] })),
      notes: ['Defensive fire: each defending strength point rolls a die and hits on 6 (normal attacks only).'],
    },
    {
      id: 'absorption',
      title: 'Terrain absorption',
      caption: 'Hits the defender\u2019s cell absorbs: the smaller of the terrain\u2019s capacity and the cap by defending strength.',
      corner: 'Terrain',
      columns: [{ key: 'capacity', label: 'Capacity' }],
      rows: [
        { key: 'urban', label: 'City held by the defender', cells: ['2'] },
        { key: 'difficult', label: 'Woods, swamp, rough (not frozen; not the snow-flagged side in snow)', cells: ['2'] },
        { key: 'both', label: 'City in difficult terrain', cells: ['4'] },
        ...[1, 2, 3, 4].map((str) => ({ key: `cap${str}`, label: `Cap at defending strength ${str === 4 ? '4 or more' : str}`, cells: [String(absorptionCap(str))] })),
      ],
      notes: [],
    },
    {
      id: 'turnTrack',
      title: 'Turn record track',
      corner: 'Turn',
      columns: [
        { key: 'date', label: 'Starts' },
        { key: 'ground', label: 'Ground' },
        { key: 'initiative', label: 'Initiative' },
        ...sides.map((x) => ({ key: `po-${x.id}`, label: `${x.name} prepared offensives` })),
        ...sides.map((x) => ({ key: `arr-${x.id}`, label: `${x.name} arrivals / replacement points` })),
      ],
      rows: track.map((t) => ({
        key: String(t.turn),
        label: String(t.turn),
        cells: [
          t.startExpected,
          ground(t),
          sides.find((x) => x.id === t.initiative)?.name ?? '—',
          ...sides.map((x) => (t.preparedOffensives[x.id] ? String(t.preparedOffensives[x.id]) : '')),
          ...sides.map((x) => [t.reinforcements[x.id] ? `${t.reinforcements[x.id]} units` : '', t.replacements[x.id] ? `${t.replacements[x.id]} pts` : ''].filter(Boolean).join(', ')),
        ],
      })),
      notes: ['A game turn lasts 72 hours on easy ground and 120 hours otherwise.'],
    },
  ];
}

/** Stacking, strengths and control as the rules keep them. */
function invariants(state: GameState): string[] {
  const b = boardOf(state.scenario);
  const out: string[] = [];
  const perCell = new Map<string, number>();
  for (const u of state.units) {
    const max = b.units.get(u.id)?.max ?? 0;
    if (u.strength < 0) out.push(`${u.id} has negative strength ${u.strength}`);
    if (u.strength > max) out.push(`${u.id} has strength ${u.strength} above its starting ${max}`);
    if (u.cell !== null && u.strength > 0) {
      const key = `${u.cell}/${u.side}`;
      perCell.set(key, (perCell.get(key) ?? 0) + 1);
    }
  }
  for (const [key, count] of perCell) if (count > b.options.stackingLimit) out.push(`${count} units of one side in ${key}`);
  if (state.control.length !== b.n) out.push(`control covers ${state.control.length} cells of ${b.n}`);
  const codes = new Set([b.sides[0].code, b.sides[1].code]);
  for (let i = 0; i < state.control.length; i++) {
    if (!codes.has(state.control.charAt(i))) out.push(`cell ${b.ids[i]} controlled by "${state.control.charAt(i)}"`);
  }
  return out;
}

function moves(s: GameState, unit: string): MoveOption[] {
  const u = s.units.find((x) => x.id === unit);
  if (!u) return [];
  return destinations(s, boardOf(s.scenario), u).map((d) => ({ cell: d.cell, path: d.path, mode: d.mode, cost: d.path.length }));
}

export const operationalPlugin: RulesetPlugin<GameState, Action, GameView> = {
  ...operational,
  declaration: operationalDeclaration,
  checks: () => [],
  tables,
  editTable: () => ({ ok: false, message: 'The operational ruleset\u2019s tables follow from its options; change those in the Ruleset panel.' }),
  victoryCells: (scenario) => {
    const b = boardOf(scenario);
    return b.victory.map((v) => b.ids[v.cell]!);
  },
  decision: decisionOf,
  describe: (s, a) => described(s, boardOf(s.scenario), a),
  observe,
  returns: (s) => {
    const b = boardOf(s.scenario);
    if (!s.gameOver) return sideRecord(b, () => 0);
    const w = s.gameOver.winner;
    return sideRecord(b, (k) => (w === null ? 0 : b.sides[k].id === w ? 1 : -1));
  },
  score: (s) => ({ ...s.vp }),
  projectedScore: projected,
  evaluate: (s, side) => {
    const p = projected(s);
    const mine = p[side] ?? 0;
    const theirs = Object.entries(p).find(([k]) => k !== side)?.[1] ?? 0;
    return Math.tanh((mine - theirs) / 10);
  },
  determinize: (s, _observer, seed) => ({ ...s, dice: seedDice(seed) }),
  invariants,
  bot: (options = {}) => {
    const heuristic = () => operationalHeuristicBot(options.seed === undefined ? {} : { seed: options.seed });
    if (options.level !== 'strong') return heuristic();
    // The general search bot with the heuristic as its rollout player: slow, for studies.
    return searchBot(operationalPlugin as unknown as AnyRuleset, {
      ...(options.seed === undefined ? {} : { seed: options.seed }),
      policy: () => heuristic() as unknown as Player<RulesState, RulesAction>,
    }) as unknown as Player<GameState, Action>;
  },
  attackPreview: (s, spec) => attackPreview(s, spec.cell),
  moves,
  unitOptions: (s, unit) => {
    const b = boardOf(s.scenario);
    return operational
      .legalActions(s)
      .filter((a) => 'unit' in a && a.unit === unit)
      .map((a) => described(s, b, a));
  },
  zonesOfControl: () => [],
  controlOf: (s, cell) => {
    const b = boardOf(s.scenario);
    const i = b.index.get(cell);
    if (i === undefined) return null;
    return s.control.charAt(i) === b.sides[1].code ? b.sides[1].id : b.sides[0].id;
  },
};
