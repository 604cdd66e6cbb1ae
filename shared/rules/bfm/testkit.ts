// Small Battle for Moscow situations for rule tests: a hex map from ASCII rows, units by cell, a
// game put straight into the phase a test is about, and helpers that apply actions and fail
// loudly. Flat-top hexes, odd columns shifted down; along a row, neighbouring columns are
// adjacent, so "2,1" and "3,1" touch and "1,1" to "3,1" is two hexes.
//
// Terrain: . clear, f forest, C city, M Moscow (a city and the victory hex), ~ impassable.
// Sides "ger" (code G, plays the German part) and "sov" (code S).
import type { BfmAction, BfmOptions, BfmPhase } from '../../format/ruleset-bfm.types.js';
import type { Grid, PoolUnit, Replacement, Scenario, SideFeature } from '../../format/scenario.types.js';
import type { GameEvent } from '../types.js';
import { bfm, type BfmGame } from './index.js';
import { bfmBoardOf } from './board.js';
import { createGrid } from '../../grid/index.js';

export interface BfmTestUnit {
  id: string;
  /** Defaults from the id: "g..." German, "s..." Soviet. */
  side?: 'ger' | 'sov';
  cell: string;
  strength?: number;
  half?: number;
  ma?: number;
  panzer?: boolean;
  /** Starts on its half-strength side. */
  reduced?: boolean;
}

export interface BfmTestSetup {
  terrain: string[];
  /** G/S per hex; defaults to German on the left half, Soviet on the rest (cities follow the setup rule unless given). */
  control?: string[];
  units?: BfmTestUnit[];
  pool?: (BfmTestUnit & { fromTurn?: number })[];
  rivers?: string[];
  rails?: string[];
  /** The scenario's own side features (walls...). */
  sideFeatures?: SideFeature[];
  fortifications?: string[];
  /** Turns in mud. */
  mud?: number[];
  turns?: number;
  /** Replacements per turn, index 0 = turn 1 (default: none). */
  replacements?: { ger?: number[]; sov?: number[] };
  options?: BfmOptions;
}

export function makeBfmScenario(t: BfmTestSetup): Scenario {
  const rows = t.terrain.length;
  const cols = t.terrain[0]!.length;
  const turns = t.turns ?? 7;
  const unit = (u: BfmTestUnit) => ({
    id: u.id,
    side: u.side ?? (u.id.startsWith('s') ? 'sov' : 'ger'),
    name: u.id,
    branch: u.panzer ? ('tank' as const) : ('infantry' as const),
    strength: u.strength ?? 6,
    fields: { reducedStrength: u.half ?? 3, movement: u.ma ?? 4, ...(u.reduced ? { startsReduced: true } : {}) },
  });
  const cells: NonNullable<Scenario['map']['cells']> = {};
  t.terrain.forEach((row, r) => {
    for (let c = 0; c < cols; c++) if (row[c] === 'M') cells[`${c},${r}`] = { name: 'Moscow', victory: {} };
  });
  for (const f of t.fortifications ?? []) cells[f] = { ...cells[f], fortification: true };
  const control =
    t.control ?? t.terrain.map((_, r) => Array.from({ length: cols }, (_, c) => (c < Math.floor(cols / 2) ? 'G' : 'S')).join(''));
  const mud = t.mud ?? [];
  // One fixed rule per turn (the first rule covering a turn decides it).
  const changes = Array.from({ length: turns }, (_, k) => ({
    fromTurn: k + 1,
    toTurn: k + 1,
    outcomes: [{ min: 1, max: 6, condition: mud.includes(k + 1) ? ('mud' as const) : ('easy' as const) }],
  }));
  const replacements: Replacement[] = [];
  for (const [side, list] of [['ger', t.replacements?.ger ?? []], ['sov', t.replacements?.sov ?? []]] as const) {
    list.forEach((points, k) => {
      if (points > 0) replacements.push({ side, turn: k + 1, points });
    });
  }
  const pool: PoolUnit[] = (t.pool ?? []).map((u) => ({ ...(u.fromTurn ? { fromTurn: u.fromTurn } : {}), unit: unit(u) }));
  return {
    formatVersion: 1,
    id: 'bfm-test',
    title: 'Battle for Moscow rule test',
    ruleset: { id: 'bfm', ...(t.options ? { options: t.options } : {}) },
    sides: [
      { id: 'ger', name: 'Germans', code: 'G', colour: '#555555' },
      { id: 'sov', name: 'Soviets', code: 'S', colour: '#aa0000' },
    ],
    map: {
      grid: { kind: 'hex', orientation: 'flat', offset: 'odd', cols, rows, labels: 'CCRR' } satisfies Grid,
      cellSize: { value: 19, unit: 'mm' },
      groundScaleKm: 28,
      terrainTypes: [
        { id: 'clear', code: '.', name: 'Clear', colour: '#e4e6c3', category: 'open' },
        { id: 'forest', code: 'f', name: 'Forest', colour: '#86a672', category: 'difficult' },
        { id: 'city', code: 'C', name: 'City', colour: '#a08e7c', category: 'urban' },
        { id: 'moscow', code: 'M', name: 'Moscow', colour: '#8a6f5c', category: 'urban' },
        { id: 'lake', code: '~', name: 'Lake', colour: '#8fb6d3', category: 'impassable' },
      ],
      terrain: t.terrain,
      control,
      cells,
      rivers: t.rivers ?? [],
      rails: t.rails ?? [],
      ...(t.sideFeatures ? { sideFeatures: t.sideFeatures } : {}),
    },
    calendar: { startDate: '1941-10-02', turns },
    groundConditions: { initial: mud.includes(1) ? 'mud' : 'easy', ...(mud.length ? { changes } : {}) },
    orderOfBattle: (t.units ?? []).map((u) => ({ ...unit(u), cell: u.cell })),
    ...(replacements.length ? { replacements } : {}),
    ...(pool.length ? { pool } : {}),
  };
}

/** A new game with scripted dice. */
export function newBfm(t: BfmTestSetup, dice: number[] = []): BfmGame {
  return bfm.newGame(makeBfmScenario(t), { dice });
}

/**
 * The game put straight into a phase of a turn for one side (a test starts where its rule is),
 * with that phase's bookkeeping reset as entering it would.
 */
export function at(state: BfmGame, where: { turn?: number; phase: BfmPhase; player: 'ger' | 'sov'; replacements?: number }): BfmGame {
  const b = bfmBoardOf(state.scenario);
  const turn = where.turn ?? state.turn;
  const role = where.player === 'ger' ? 0 : 1;
  return {
    ...state,
    turn,
    phase: where.phase,
    player: where.player,
    units: state.units.map((u) => {
      const { moved: _m, fresh: _f, ...rest } = u;
      void _m;
      void _f;
      return rest;
    }),
    replacementsLeft: where.phase === 'replacements' ? (where.replacements ?? b.turns[turn - 1]?.replacements[role] ?? 0) : 0,
    placed: [],
    battles: [],
    declaring: where.phase === 'combat',
    combat: null,
  };
}

/** Applies actions in order; throws with the engine's message when one is refused. */
export function play(state: BfmGame, ...actions: BfmAction[]): { state: BfmGame; events: GameEvent[] } {
  let s = state;
  const events: GameEvent[] = [];
  for (const a of actions) {
    const r = bfm.apply(s, a);
    if (!r.ok) throw new Error(`${JSON.stringify(a)} refused: ${r.error.message}`);
    s = r.state;
    events.push(...r.events);
  }
  return { state: s, events };
}

/** The refusal message of an action (throws if it is accepted). */
export function refused(state: BfmGame, action: BfmAction): string {
  const r = bfm.apply(state, action);
  if (r.ok) throw new Error(`${JSON.stringify(action)} was accepted`);
  return r.error.message;
}

export const unit = (s: BfmGame, id: string) => s.units.find((u) => u.id === id)!;
export const where = (s: BfmGame, id: string): string | null => unit(s, id).cell;
export const moveTargets = (s: BfmGame, id: string): string[] =>
  bfm
    .legalActions(s)
    .filter((a): a is Extract<BfmAction, { type: 'move' }> => a.type === 'move' && a.unit === id)
    .map((a) => a.to)
    .sort();
const testGrid = createGrid({ kind: 'hex', orientation: 'flat', offset: 'odd', adjacency: 4, cols: 40, rows: 40, labels: 'CCRR' });

/** The canonical id of the side between two adjacent hexes ("col,row" each), for rivers and railroads. */
export function sideBetween(a: string, b: string): string {
  const [ac, ar] = a.split(',').map(Number) as [number, number];
  const [bc, br] = b.split(',').map(Number) as [number, number];
  const e = testGrid.edgeBetween({ col: ac, row: ar }, { col: bc, row: br });
  if (!e) throw new Error(`${a} and ${b} are not neighbours`);
  return e;
}

/** Replaces the dice of a state with a script (the next rolls a test wants). */
export const withDice = (s: BfmGame, dice: number[]): BfmGame => ({ ...s, dice: { kind: 'script', script: dice, next: 0 } });
