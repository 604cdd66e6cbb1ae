import { describe, expect, it } from 'vitest';
import seed000 from '../../scenarios/seed-000-example.json' with { type: 'json' };
import squareDemo from '../../scenarios/square-grid-demo.json' with { type: 'json' };
import brickDemo from '../../scenarios/brick-grid-demo.json' with { type: 'json' };
import dnieper from '../../scenarios/dnieper-bend-1943.json' with { type: 'json' };
import type { Scenario } from '../format/scenario.types.js';
import { makeScenario, play, start, unit, withUnit, type TestSetup } from '../rules/testkit.js';
import { operational } from '../rules/operational/index.js';
import type { Action, GameState } from '../rules/types.js';
import { heuristicBot, playGame, randomPlayer, type Player } from './index.js';

const SEED000 = seed000 as unknown as Scenario;
const BUNDLED: [string, Scenario, number][] = [
  ['seed-000-example', SEED000, 10],
  ['square-grid-demo', squareDemo as unknown as Scenario, 10],
  ['brick-grid-demo', brickDemo as unknown as Scenario, 10],
  ['dnieper-bend-1943', dnieper as unknown as Scenario, 2],
];

/** A player that records what it chose and fails the test if it ever strays from the legal list. */
function watched(inner: Player, seen: Action[]): Player {
  return {
    name: inner.name,
    choose(state, legal) {
      const a = inner.choose(state, legal);
      if (!legal.includes(a)) throw new Error(`${inner.name} returned an action that is not in the legal list: ${JSON.stringify(a)}`);
      seen.push(a);
      return a;
    },
  };
}

/** Lets the bot play the side that must act until `stop` says so; returns the bot's choices. */
function botPlays(state: GameState, stop: (s: GameState) => boolean, seed = 1): { state: GameState; chosen: Action[] } {
  const bot = heuristicBot({ seed });
  const chosen: Action[] = [];
  let s = state;
  for (let k = 0; k < 50 && !stop(s); k++) {
    const a = bot.choose(s, operational.legalActions(s));
    chosen.push(a);
    s = play(s, a).state;
  }
  return { state: s, chosen };
}

const row: TestSetup = {
  terrain: ['.......'],
  control: ['GGGSSSS'],
  cells: { '0,0': { supplyBase: 'ger' }, '6,0': { supplyBase: 'sov' } },
  turns: 3,
};

describe('the heuristic bot', () => {
  it('is deterministic: the same seed plays the same game action for action', () => {
    const run = (): Action[] => playGame(SEED000, [heuristicBot({ seed: 5 }), heuristicBot({ seed: 5 })], { seed: 5, keepLog: true }).log!;
    const a = run();
    const b = run();
    expect(a.length).toBeGreaterThan(50);
    expect(JSON.stringify(b)).toBe(JSON.stringify(a));
  });

  it('activates a tank stack next to a weak enemy and attacks it rather than passing', () => {
    const s0 = operational.newGame(
      makeScenario({
        ...row,
        units: [
          { id: 'g-pz', cell: '2,0', branch: 'tank', strength: 6 },
          { id: 's-inf', cell: '3,0', strength: 2 },
          { id: 's-far', cell: '6,0', strength: 3 },
        ],
      }),
      { seed: 3 },
    );
    const { chosen } = botPlays(s0, (s) => s.player !== 'ger' || s.step === 'attack' || s.combat !== null);
    expect(chosen[0]).toEqual({ type: 'activate', side: 'ger', cell: '2,0' });
    expect(chosen).toContainEqual({ type: 'move', side: 'ger', unit: 'g-pz', path: ['3,0'] });
  });

  it('does not throw a weak unit at a fortified city held in strength', () => {
    const s0 = operational.newGame(
      makeScenario({
        ...row,
        terrain: ['...u...'],
        cells: { '0,0': { supplyBase: 'ger' }, '6,0': { supplyBase: 'sov' }, '3,0': { fortification: true } },
        units: [
          { id: 'g-inf', cell: '2,0', strength: 2 },
          { id: 's-inf', cell: '3,0', strength: 6 },
        ],
      }),
      { seed: 3 },
    );
    const { chosen } = botPlays(s0, (s) => s.player !== 'ger');
    expect(chosen.length).toBeGreaterThan(0);
    expect(chosen.filter((a) => a.type === 'move' && a.path.includes('3,0'))).toEqual([]);
  });

  it('retreats when standing would destroy the whole force', () => {
    // Soviets attack two 3-strength German corps; six hits would destroy both, five leave one alive.
    const setup: TestSetup = {
      ...row,
      units: [
        { id: 'g-a', cell: '2,0', strength: 3 },
        { id: 'g-b', cell: '2,0', strength: 3 },
        { id: 's-pz', cell: '3,0', branch: 'tank', strength: 6 },
      ],
      extra: { initiative: [{ side: 'sov', fromTurn: 1, toTurn: 3 }] },
    };
    let s = start(setup, [6, 6, 6, 6, 6, 6, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1]);
    s = play(
      s,
      { type: 'activate', side: 'sov', cell: '3,0' },
      { type: 'move', side: 'sov', unit: 's-pz', path: ['2,0'] },
      { type: 'attack', side: 'sov', cell: '2,0' },
    ).state;
    const legal = operational.legalActions(s);
    expect(legal.some((a) => a.type === 'retreat')).toBe(true);
    const choice = heuristicBot({ seed: 1 }).choose(s, legal);
    expect(choice.type).toBe('retreat');
  });

  it('stands in a victory city when the losses are light', () => {
    const setup: TestSetup = {
      ...row,
      terrain: ['..u....'],
      cells: { '0,0': { supplyBase: 'ger' }, '6,0': { supplyBase: 'sov' }, '2,0': { victory: { perTurn: 2, endGame: 5 } } },
      units: [
        { id: 'g-a', cell: '2,0', strength: 6 },
        { id: 's-inf', cell: '3,0', strength: 6 },
      ],
      extra: { initiative: [{ side: 'sov', fromTurn: 1, toTurn: 3 }] },
    };
    // Four hits, two absorbed by the city: two losses, retreat would still cost one and the city.
    let s = start(setup, [6, 6, 6, 6, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1]);
    s = play(
      s,
      { type: 'activate', side: 'sov', cell: '3,0' },
      { type: 'move', side: 'sov', unit: 's-inf', path: ['2,0'] },
      { type: 'attack', side: 'sov', cell: '2,0' },
    ).state;
    const legal = operational.legalActions(s);
    expect(legal.some((a) => a.type === 'retreat')).toBe(true);
    expect(heuristicBot({ seed: 1 }).choose(s, legal)).toEqual({ type: 'stand', side: 'ger' });
  });

  it('after standing, pulls out a unit that can no longer defend and keeps the others in the contested cell', () => {
    // Seed 000: "some defending units retreat and others remain in place": losses not reduced.
    // The Soviets have no supply base: s-b, desperate, would lose 2 among the enemy next turn.
    const setup: TestSetup = {
      terrain: ['.....'],
      cells: { '0,0': { supplyBase: 'ger' } },
      units: [
        { id: 'g', cell: '1,0', strength: 6 },
        { id: 's-a', cell: '2,0', strength: 3 },
        { id: 's-b', cell: '2,0', strength: 2 },
        { id: 's-c', cell: '2,0', strength: 2 },
      ],
    };
    // attack [6,6,6,1,1,1]: 3 hits, one on each; defensive fire by s-a and s-c only [1 ×5]; time die
    let s = start(setup, [6, 6, 6, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1]);
    s = withUnit(s, 's-b', { supply: 'desperate', act: 'expended' });
    s = play(s, { type: 'activate', side: 'ger', cell: '1,0' }, { type: 'move', side: 'ger', unit: 'g', path: ['2,0'] }).state;
    s = play(s, { type: 'attack', side: 'ger', cell: '2,0' }, { type: 'stand', side: 'sov' }, { type: 'chooseLoss', side: 'sov', unit: 's-c' }).state;
    expect(s.combat?.stage).toBe('partialRetreat');
    expect(['s-a', 's-b', 's-c'].map((id) => unit(s, id).strength)).toEqual([2, 1, 1]);
    const bot = heuristicBot({ seed: 1 });
    const first = bot.choose(s, operational.legalActions(s));
    expect(first).toEqual({ type: 'retreat', side: 'sov', cells: ['3,0'], unit: 's-b' });
    s = play(s, first).state;
    expect(bot.choose(s, operational.legalActions(s))).toEqual({ type: 'stand', side: 'sov' });
  });

  it('rolls fuel shortage for the strongest enemy tank that is still in supply', () => {
    const s0 = operational.newGame(
      makeScenario({
        ...row,
        units: [
          { id: 'g-pz-small', cell: '1,0', branch: 'tank', strength: 3 },
          { id: 'g-pz-big', cell: '2,0', branch: 'tank', strength: 6 },
          { id: 's-inf', cell: '5,0', strength: 3 },
        ],
        extra: { fuelShortage: [{ side: 'ger', fromTurn: 1, toTurn: 3, units: 1 }] },
      }),
      { seed: 2 },
    );
    const legal = operational.legalActions(s0);
    expect(heuristicBot().choose(s0, legal)).toEqual({ type: 'fuelPick', side: 'sov', unit: 'g-pz-big' });
  });

  it('interdicts the strongest ready enemy unit at the front', () => {
    const s0 = operational.newGame(
      makeScenario({
        ...row,
        units: [
          { id: 'g-inf', cell: '2,0', strength: 4 },
          { id: 's-rear', cell: '6,0', strength: 5 },
          { id: 's-pz', cell: '3,0', branch: 'tank', strength: 5 },
        ],
        extra: { airInterdiction: [{ side: 'ger', fromTurn: 1, toTurn: 3 }] },
      }),
      { seed: 2 },
    );
    expect(heuristicBot().choose(s0, operational.legalActions(s0))).toEqual({ type: 'interdict', side: 'ger', unit: 's-pz' });
  });

  it('rebuilds a destroyed unit before topping up a weakened one', () => {
    const scenario = makeScenario({
      ...row,
      flags: { sov: { rebuilds: true } },
      units: [
        { id: 'g-inf', cell: '1,0', strength: 4 },
        { id: 's-tired', cell: '5,0', strength: 5 },
        { id: 's-lost', cell: '4,0', strength: 4 },
      ],
      extra: {
        initiative: [{ side: 'sov', fromTurn: 1, toTurn: 3 }],
        replacements: [{ side: 'sov', turn: 1, points: 2 }],
      },
    });
    let s = operational.newGame(scenario, { seed: 4 });
    // The step is already over at the start (nothing to spend the points on): reopen it with
    // one unit destroyed and one weakened.
    expect(s.pools).toEqual([{ side: 'sov', points: 2 }]);
    s = { ...withUnit(withUnit(s, 's-lost', { strength: 0, cell: null, lost: 'ger', act: 'expended' }), 's-tired', { strength: 2 }), step: 'reinforcement' };
    const choice = heuristicBot().choose(s, operational.legalActions(s));
    expect(choice.type).toBe('rebuild');
    expect(unit(s, 's-lost').strength).toBe(0);
  });

  for (const [name, scenario, games] of BUNDLED) {
    it(`${name}: only ever chooses listed actions, against itself and against random play`, () => {
      for (let g = 0; g < games; g++) {
        const seen: Action[] = [];
        const bot = (seed: number): Player => watched(heuristicBot({ seed }), seen);
        const pairs: [Player, Player][] = [
          [bot(g), bot(g)],
          [bot(g), randomPlayer(g)],
          [randomPlayer(g), bot(g)],
        ];
        for (const players of pairs) {
          const r = playGame(scenario, players, { seed: 100 + g });
          expect(r.turns.length).toBe(scenario.calendar.turns);
        }
        expect(seen.length).toBeGreaterThan(0);
      }
      // A few seconds on a quiet machine; the margin is for a machine shared by many.
    }, 180_000);
  }
});
