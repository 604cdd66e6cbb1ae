// Small hand-made battlefields for The Portable Wargame's rule tests: a scenario from ASCII rows,
// and helpers that apply actions and fail loudly. Sides "red" (code R, first, south edge) and
// "blue" (code B, second, north edge); unit ids starting with "r" are red, "b" blue.
//
// Terrain codes: . open, f woods, u built-up area, h hill (1 contour), H hill (2 contours),
// ~ river, = bridge, o ford, ^ impassable.
import type { PwAction, PwOptions, PwUnitState, PwUnitType } from '../../format/ruleset-pw.types.js';
import type { PlacedUnit, Scenario, SideFeature } from '../../format/scenario.types.js';
import type { GameEvent } from '../types.js';
import { pw, type PwGame } from './index.js';

export interface PwTestUnit {
  id: string;
  cell: string;
  type?: PwUnitType;
  facing?: 'N' | 'E' | 'S' | 'W';
  ccp?: number;
  dismounted?: boolean;
}

export interface PwTestSetup {
  terrain: string[];
  units: PwTestUnit[];
  options?: PwOptions;
  roads?: string[];
  cells?: Scenario['map']['cells'];
  /** The scenario's own side features (walls, hedges...). */
  sideFeatures?: SideFeature[];
}

const CCP: Record<PwUnitType, number> = {
  infantry: 5,
  closeCombatInfantry: 4,
  cavalry: 5,
  machineGun: 6,
  lightArtillery: 1,
  fieldArtillery: 1,
  fortressArtillery: 1,
  command: 5,
};

export function pwScenario(t: PwTestSetup): Scenario {
  const rows = t.terrain.length;
  const cols = t.terrain[0]!.length;
  const units: PlacedUnit[] = t.units.map((u) => {
    const type = u.type ?? 'infantry';
    const placed: PlacedUnit = {
      id: u.id,
      side: u.id.startsWith('b') ? 'blue' : 'red',
      name: u.id,
      branch: type === 'cavalry' ? 'cavalry' : 'infantry',
      strength: u.ccp ?? CCP[type],
      cell: u.cell,
      fields: { unitType: type, ...(u.dismounted ? { dismounted: true } : {}) },
    };
    if (u.facing) placed.facing = u.facing;
    return placed;
  });
  return {
    formatVersion: 1,
    id: 'pw-test',
    title: 'Portable Wargame rule test',
    ruleset: {
      id: 'pw',
      options: {
        deployment: 'free',
        terrainRoles: { hill: 'hill1', hill2: 'hill2', river: 'river', bridge: 'bridge', ford: 'ford' },
        ...t.options,
      },
    },
    sides: [
      { id: 'red', name: 'Red', code: 'R', colour: '#aa3333' },
      { id: 'blue', name: 'Blue', code: 'B', colour: '#3355aa' },
    ],
    map: {
      grid: { kind: 'square', cols, rows, labels: 'A1' },
      cellSize: { value: 5, unit: 'cm' },
      groundScaleKm: 0.3,
      terrainTypes: [
        { id: 'open', code: '.', name: 'Open', colour: '#e4e6c3', category: 'open' },
        { id: 'woods', code: 'f', name: 'Woods', colour: '#86a672', category: 'difficult' },
        { id: 'town', code: 'u', name: 'Town', colour: '#a08e7c', category: 'urban' },
        { id: 'hill', code: 'h', name: 'Hill', colour: '#cbb88e', category: 'open' },
        { id: 'hill2', code: 'H', name: 'High hill', colour: '#b09a70', category: 'open' },
        { id: 'river', code: '~', name: 'River', colour: '#8fb6d3', category: 'impassable' },
        { id: 'bridge', code: '=', name: 'Bridge', colour: '#9a8f84', category: 'open' },
        { id: 'ford', code: 'o', name: 'Ford', colour: '#b5cfe0', category: 'open' },
        { id: 'rock', code: '^', name: 'Rock', colour: '#777777', category: 'impassable' },
      ],
      terrain: t.terrain,
      control: t.terrain.map((_, r) => (r < rows / 2 ? 'B' : 'R').repeat(cols)),
      cells: t.cells ?? {},
      roads: t.roads ?? [],
      ...(t.sideFeatures ? { sideFeatures: t.sideFeatures } : {}),
    },
    calendar: { startDate: '1870-08-16', turns: 1 },
    groundConditions: { initial: 'easy' },
    orderOfBattle: units,
  };
}

/** A new battle with scripted dice (every roll must be listed, in the order the rules roll them). */
export function startPw(t: PwTestSetup | Scenario, dice: number[] = []): PwGame {
  const sc = 'formatVersion' in t ? t : pwScenario(t);
  return pw.newGame(sc, { dice });
}

/** Applies actions in turn; throws with the engine's sentence if one is refused. */
export function playPw(state: PwGame, ...actions: PwAction[]): { state: PwGame; events: GameEvent[] } {
  let s = state;
  const events: GameEvent[] = [];
  for (const a of actions) {
    const r = pw.apply(s, a);
    if (!r.ok) throw new Error(`${JSON.stringify(a)} refused: ${r.error.message}`);
    s = r.state;
    events.push(...r.events);
  }
  return { state: s, events };
}

export function pwUnit(state: PwGame, id: string): PwUnitState {
  const u = state.units.find((x) => x.id === id);
  if (!u) throw new Error(`no unit ${id}`);
  return u;
}

/** How many scripted dice have been used so far. */
export const diceUsed = (state: PwGame): number => (state.dice.kind === 'script' ? state.dice.next : state.rolls);

export const texts = (events: GameEvent[]): string[] => events.map((e) => e.text);
