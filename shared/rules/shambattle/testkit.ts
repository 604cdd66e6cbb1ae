// Small hand-made Shambattle situations for rule tests: a hex map from ASCII rows (flat-top,
// odd columns shifted down, areas labelled "col,row" as in the file), stands of two sides "red"
// (R) and "blue" (B), and a state put straight into the step under test with scripted dice.
//
// Terrain codes: . clear, C town, f woods, b brush, h hill, m marsh, # impassable. Treachery is
// off, and the armies exhaust at 90 SP lost and rout at 99, unless a test's options say otherwise.
import type { ShambattleOptions, StandType } from '../../format/ruleset-shambattle.types.js';
import type { PlacedUnit, Scenario, SideFeature, TerrainType } from '../../format/scenario.types.js';
import { scriptedDice } from '../dice.js';
import type { GameEvent } from '../types.js';
import { initialState } from './flow.js';
import { shambattle, type ShamAction, type ShamState } from './index.js';
import type { UnitState } from './state.js';

export interface TestStand {
  id: string;
  /** Defaults to red for ids starting with "r", else blue. */
  side?: 'red' | 'blue';
  stand?: StandType;
  /** Defaults to the seed's SP for the kind (infantry 4, cavalry 3, guns 2, engineers and train 3, commander 6, logistics 1). */
  sp?: number;
  cell: string;
  elite?: boolean;
  poor?: boolean;
}

export interface TestSetup {
  terrain: string[];
  units: TestStand[];
  rivers?: string[];
  roads?: string[];
  options?: ShambattleOptions;
  cells?: Scenario['map']['cells'];
  /** The scenario's own side features (walls, hedges...). */
  sideFeatures?: SideFeature[];
}

const SP: Record<StandType, number> = { infantry: 4, cavalry: 3, machineGun: 2, artillery: 2, engineers: 3, engineerTrain: 3, commander: 6, fieldTrain: 1, baseTrain: 1 };

const TERRAIN: TerrainType[] = [
  { id: 'clear', code: '.', name: 'Clear', colour: '#e4e6c3', category: 'open' },
  { id: 'town', code: 'C', name: 'Town', colour: '#a08e7c', category: 'urban' },
  { id: 'woods', code: 'f', name: 'Woods', colour: '#86a672', category: 'difficult' },
  { id: 'brush', code: 'b', name: 'Brush', colour: '#b7c48e', category: 'difficult' },
  { id: 'hill', code: 'h', name: 'Hill', colour: '#cbb88e', category: 'difficult' },
  { id: 'marsh', code: 'm', name: 'Marsh', colour: '#a3a467', category: 'difficult' },
  { id: 'rock', code: '#', name: 'Cliffs', colour: '#777777', category: 'impassable' },
];

export function makeScenario(t: TestSetup): Scenario {
  const rows = t.terrain.length;
  const cols = t.terrain[0]!.length;
  const units: PlacedUnit[] = t.units.map((u) => {
    const stand = u.stand ?? 'infantry';
    return {
      id: u.id,
      side: u.side ?? (u.id.startsWith('r') ? 'red' : 'blue'),
      name: u.id,
      branch: stand === 'cavalry' ? 'cavalry' : 'infantry',
      strength: u.sp ?? SP[stand],
      ...(u.elite ? { elite: true } : {}),
      cell: u.cell,
      fields: { stand, ...(u.poor ? { poor: true } : {}) },
    };
  });
  return {
    formatVersion: 1,
    id: 'sham-test',
    title: 'Shambattle rule test',
    // Small test armies would rout at their first losses: exhaustion and rout are far off unless a test says otherwise.
    ruleset: { id: 'shambattle', options: { treachery: 'off', exhaustionPoint: 90, routPoint: 99, terrain: { brush: 'brush', hill: 'hill', marsh: 'marsh' }, ...t.options } },
    sides: [
      { id: 'red', name: 'Red', code: 'R', colour: '#b3261e' },
      { id: 'blue', name: 'Blue', code: 'B', colour: '#2f5fa8' },
    ],
    map: {
      grid: { kind: 'hex', orientation: 'flat', offset: 'odd', cols, rows, labels: 'CCRR' },
      cellSize: { value: 40, unit: 'mm' },
      groundScaleKm: 0.5,
      terrainTypes: TERRAIN,
      terrain: t.terrain,
      control: t.terrain.map(() => 'R'.repeat(Math.floor(cols / 2)) + 'B'.repeat(cols - Math.floor(cols / 2))),
      cells: t.cells ?? {},
      rivers: t.rivers ?? [],
      roads: t.roads ?? [],
      ...(t.sideFeatures ? { sideFeatures: t.sideFeatures } : {}),
    },
    calendar: { startDate: '1929-06-21', turns: 12 },
    groundConditions: { initial: 'easy' },
    orderOfBattle: units,
  };
}

export interface SituationPatch {
  phase?: ShamState['phase'];
  player?: string;
  first?: string;
  half?: 0 | 1;
  turn?: number;
}

/**
 * A state put straight into a step: `movement` / `rifle` for a player (first side and half
 * following), `fire` for the opening fire, `night`; with these dice and nothing rolled yet.
 */
export function situation(t: TestSetup | Scenario, patch: SituationPatch = {}, dice: number[] = []): ShamState {
  const sc = 'formatVersion' in t ? t : makeScenario(t);
  const s = initialState(sc, { dice });
  const player = patch.player ?? 'red';
  return {
    ...s,
    phase: patch.phase ?? 'movement',
    player,
    first: patch.first ?? player,
    half: patch.half ?? 0,
    turn: patch.turn ?? 1,
    dice: scriptedDice(dice),
  };
}

/** A new game from the first turn, every die scripted. */
export function start(t: TestSetup | Scenario, dice: number[] = []): ShamState {
  const sc = 'formatVersion' in t ? t : makeScenario(t);
  return shambattle.newGame(sc, { dice });
}

/** Applies actions in turn; throws with the engine's sentence if one is refused. */
export function play(state: ShamState, ...actions: ShamAction[]): { state: ShamState; events: GameEvent[] } {
  let s = state;
  const events: GameEvent[] = [];
  for (const a of actions) {
    const r = shambattle.apply(s, a);
    if (!r.ok) throw new Error(`${JSON.stringify(a)} refused: ${r.error.message}`);
    s = r.state;
    events.push(...r.events);
  }
  return { state: s, events };
}

export function unit(state: ShamState, id: string): UnitState {
  const u = state.units.find((x) => x.id === id);
  if (!u) throw new Error(`no stand ${id}`);
  return u;
}

/** A copy of the state with one stand changed. */
export function withUnit(state: ShamState, id: string, patch: Partial<UnitState>): ShamState {
  return { ...state, units: state.units.map((u) => (u.id === id ? { ...u, ...patch } : u)) };
}

/** A copy with fresh scripted dice. */
export const withDice = (state: ShamState, dice: number[]): ShamState => ({ ...state, dice: scriptedDice(dice), rolls: state.rolls });

export const texts = (events: GameEvent[]): string[] => events.map((e) => e.text);

/** How many scripted dice have been used so far. */
export const diceUsed = (state: ShamState): number => (state.dice.kind === 'script' ? state.dice.next : state.rolls);

/** "Clear" rows of a size, for tests that only need open ground. */
export const open = (cols: number, rows: number): string[] => Array.from({ length: rows }, () => '.'.repeat(cols));
