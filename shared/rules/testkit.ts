// Small hand-made situations for rule tests: a scenario from ASCII rows, plus helpers that
// apply actions and fail loudly. Square 4-way grids unless told otherwise; sides "ger" (code
// G, Germans) and "sov" (code S, Soviets) with every side flag off unless given.
//
// Terrain codes: . open, f woods (difficult), u city (urban), U city in woods
// (urban-difficult), ^ mountains (impassable), ~ lake (impassable, freezes).
import type { Scenario, PlacedUnit, SideFeature, SideFlags, OperationalOptions, CellGrid, GroundCondition } from '../format/scenario.types.js';
import type { Action, GameEvent, GameState, UnitState } from './types.js';
import { operational } from './operational/index.js';
import { NO_FLAGS } from '../format/defaults.js';

export interface TestUnit {
  id: string;
  side?: 'ger' | 'sov';
  branch?: PlacedUnit['branch'];
  strength?: number;
  elite?: boolean;
  cell: string;
}

export interface TestSetup {
  terrain: string[];
  /** G/S per cell; defaults to G on the left half (rounded down), S on the rest. */
  control?: string[];
  grid?: Partial<CellGrid>;
  units?: TestUnit[];
  flags?: { ger?: SideFlags; sov?: SideFlags };
  options?: OperationalOptions;
  ground?: GroundCondition;
  turns?: number;
  cells?: Scenario['map']['cells'];
  rivers?: string[];
  roads?: string[];
  rails?: string[];
  lakeShores?: string[];
  /** The scenario's own side features (walls, escarpments...). */
  sideFeatures?: SideFeature[];
  /** Everything else of the scenario (schedules, reinforcements...). */
  extra?: Partial<Scenario>;
}

export function makeScenario(t: TestSetup): Scenario {
  const rows = t.terrain.length;
  const cols = t.terrain[0]!.length;
  const control = t.control ?? t.terrain.map(() => 'G'.repeat(Math.floor(cols / 2)) + 'S'.repeat(cols - Math.floor(cols / 2)));
  const units: PlacedUnit[] = (t.units ?? []).map((u) => ({
    id: u.id,
    side: u.side ?? (u.id.startsWith('s') ? 'sov' : 'ger'),
    name: u.id,
    branch: u.branch ?? 'infantry',
    strength: u.strength ?? 3,
    ...(u.elite ? { elite: true } : {}),
    cell: u.cell,
  }));
  return {
    formatVersion: 1,
    id: 'test',
    title: 'Rule test',
    ruleset: { id: 'operational', options: t.options ?? {} },
    sides: [
      // Every flag written out: a side named Germans or Soviets would otherwise get the text's.
      { id: 'ger', name: 'Germans', code: 'G', colour: '#555555', flags: { ...NO_FLAGS, ...t.flags?.ger } },
      { id: 'sov', name: 'Soviets', code: 'S', colour: '#aa0000', flags: { ...NO_FLAGS, ...t.flags?.sov } },
    ],
    map: {
      grid: { kind: 'square', cols, rows, labels: 'CCRR', ...t.grid },
      cellSize: { value: 10, unit: 'cm' },
      groundScaleKm: 40,
      terrainTypes: [
        { id: 'open', code: '.', name: 'Open', colour: '#eeeecc', category: 'open' },
        { id: 'woods', code: 'f', name: 'Woods', colour: '#447744', category: 'difficult' },
        { id: 'city', code: 'u', name: 'City', colour: '#999999', category: 'urban' },
        { id: 'woodcity', code: 'U', name: 'City in woods', colour: '#777777', category: 'urban-difficult' },
        { id: 'mountain', code: '^', name: 'Mountains', colour: '#775533', category: 'impassable' },
        { id: 'lake', code: '~', name: 'Lake', colour: '#6699cc', category: 'impassable', freezes: true },
      ],
      terrain: t.terrain,
      control,
      // Each side gets a supply base at the far end of the top row unless the test says otherwise.
      cells: t.cells ?? { '0,0': { supplyBase: 'ger' }, [`${cols - 1},0`]: { supplyBase: 'sov' } },
      rivers: t.rivers ?? [],
      lakeShores: t.lakeShores ?? [],
      roads: t.roads ?? [],
      rails: t.rails ?? [],
      ...(t.sideFeatures ? { sideFeatures: t.sideFeatures } : {}),
    },
    calendar: { startDate: '1941-10-01', turns: t.turns ?? 3 },
    groundConditions: { initial: t.ground ?? 'easy' },
    initiative: [{ side: 'ger', fromTurn: 1, toTurn: 999 }],
    orderOfBattle: units,
    ...t.extra,
  };
}

/** A new game with scripted dice (every roll must be listed). */
export function start(t: TestSetup | Scenario, dice: number[] = []): GameState {
  const sc = 'formatVersion' in t ? t : makeScenario(t);
  return operational.newGame(sc, { dice });
}

/** Applies actions in turn; throws with the engine's sentence if one is refused. */
export function play(state: GameState, ...actions: Action[]): { state: GameState; events: GameEvent[] } {
  let s = state;
  const events: GameEvent[] = [];
  for (const a of actions) {
    const r = operational.apply(s, a);
    if (!r.ok) throw new Error(`${JSON.stringify(a)} refused: ${r.error.message}`);
    s = r.state;
    events.push(...r.events);
  }
  return { state: s, events };
}

export function unit(state: GameState, id: string): UnitState {
  const u = state.units.find((x) => x.id === id);
  if (!u) throw new Error(`no unit ${id}`);
  return u;
}

/** A copy of the state with one unit changed, to set up a situation directly. */
export function withUnit(state: GameState, id: string, patch: Partial<UnitState>): GameState {
  return { ...state, units: state.units.map((u) => (u.id === id ? { ...u, ...patch } : u)) };
}

/** The texts of events, for readable assertions. */
export const texts = (events: GameEvent[]): string[] => events.map((e) => e.text);

/** How many scripted dice have been used so far. */
export const diceUsed = (state: GameState): number => (state.dice.kind === 'script' ? state.dice.next : state.rolls);
