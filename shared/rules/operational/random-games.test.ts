import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { makeTinyScenario } from '../../format/fixtures.js';
import type { Scenario } from '../../format/scenario.types.js';
import { makeScenario } from '../testkit.js';
import { replay } from '../engine.js';
import { loadSaveGame, toSaveGame } from '../savegame.js';
import { operational } from './index.js';
import { boardOf } from './board.js';
import type { Action, GameState } from '../types.js';

/** A 7×7 8-way square front with every kind of feature and unit, and generous schedules. */
function busyScenario(): Scenario {
  return makeScenario({
    grid: { adjacency: 8 },
    terrain: ['..f.u..', '.ff....', '...~.f.', 'U......', '..^..u.', '.f.....', '.......'],
    control: ['GGGSSSS', 'GGGSSSS', 'GGGSSSS', 'GGGGSSS', 'GGGSSSS', 'GGGSSSS', 'GGGSSSS'],
    turns: 4,
    flags: { ger: { mudSlows: true, losesDifficultInSnow: true, deepPenetration: true }, sov: { railMovement: true, breakthroughInSnow: true, rebuilds: true } },
    cells: {
      '0,0': { supplyBase: 'ger' },
      '0,6': { supplyBase: 'ger' },
      '6,0': { supplyBase: 'sov' },
      '6,6': { supplyBase: 'sov', entry: ['sov'] },
      '4,0': { victory: { perTurn: 2, endGame: 5 } },
      '3,3': { fortification: true, victory: { endGame: 4 } },
    },
    rivers: ['3,0,E', '3,1,E', '3,2,E', '2,4,E', '2,5,E'],
    lakeShores: ['3,2,N'],
    roads: ['0,3,E', '1,3,E', '2,3,E', '3,3,E', '4,3,E', '5,3,E', '1,0,E', '2,0,E'],
    rails: ['0,5,E', '1,5,E', '2,5,E', '3,5,E', '4,5,E', '5,5,E', '6,1,N', '6,2,N', '6,3,N'],
    units: [
      { id: 'g-inf-1', cell: '2,1', strength: 4 },
      { id: 'g-inf-2', cell: '2,3', strength: 4, elite: true },
      { id: 'g-pz-1', cell: '1,3', branch: 'tank', strength: 5 },
      { id: 'g-pz-2', cell: '2,5', branch: 'tank', strength: 3, elite: true },
      { id: 'g-mech', cell: '1,5', branch: 'mechanised', strength: 3 },
      { id: 'g-para', cell: '0,0', branch: 'airborne', strength: 2 },
      { id: 's-inf-1', side: 'sov', cell: '3,1', strength: 4 },
      { id: 's-inf-2', side: 'sov', cell: '3,3', strength: 5 },
      { id: 's-inf-3', side: 'sov', cell: '3,5', strength: 3 },
      { id: 's-cav', side: 'sov', cell: '4,4', branch: 'cavalry', strength: 3 },
      { id: 's-tank', side: 'sov', cell: '5,2', branch: 'tank', strength: 4 },
    ],
    extra: {
      groundConditions: {
        initial: 'easy',
        changes: [
          { fromTurn: 2, when: ['easy'], outcomes: [{ min: 1, max: 2, condition: 'mud' }, { min: 6, max: 6, condition: 'frozen' }] },
          { fromTurn: 2, when: ['mud', 'frozen'], outcomes: [{ min: 4, max: 6, condition: 'snow' }] },
        ],
      },
      initiative: [
        { side: 'ger', fromTurn: 1, toTurn: 2 },
        { side: 'sov', fromTurn: 3, toTurn: 4 },
      ],
      preparedOffensives: [
        { side: 'ger', turn: 1, count: 2 },
        { side: 'sov', turn: 3, count: 1 },
      ],
      fuelShortage: [
        { side: 'ger', fromTurn: 2, toTurn: 4, units: 1 },
        { side: 'sov', fromTurn: 3, toTurn: 4, units: 1 },
      ],
      airInterdiction: [{ side: 'ger', fromTurn: 1, toTurn: 4 }],
      airliftedSupply: [{ side: 'ger', fromTurn: 3, toTurn: 4 }],
      commandConfusion: [{ side: 'sov', fromTurn: 1, toTurn: 2 }],
      reinforcements: [
        { turn: 2, entryCell: '6,6', unit: { id: 's-new', side: 'sov', name: 's-new', branch: 'infantry', strength: 4 } },
        { turn: 2, entryCell: '0,6', unit: { id: 'g-new', side: 'ger', name: 'g-new', branch: 'tank', strength: 3 } },
      ],
      replacements: [
        { side: 'sov', turn: 2, points: 3 },
        { side: 'ger', turn: 3, points: 2, branches: ['tank'] },
      ],
    },
  });
}

interface Played {
  final: GameState;
  log: Action[];
  problems: string[];
}

function playRandom(scenario: Scenario, seed: number, chooser: number): Played {
  let s = operational.newGame(scenario, { seed });
  const b = boardOf(scenario);
  const log: Action[] = [];
  const problems: string[] = [];
  let x = chooser >>> 0 || 1;
  const pick = (n: number): number => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>> 0) % n;
  };
  for (let step = 0; step < 3000 && !s.gameOver; step++) {
    const acts = operational.legalActions(s);
    if (acts.length === 0) {
      problems.push(`no legal action in ${s.phase}/${s.step ?? '-'} turn ${s.turn}`);
      break;
    }
    const a = acts[pick(acts.length)]!;
    const r = operational.apply(s, a);
    if (!r.ok) {
      problems.push(`listed action refused: ${JSON.stringify(a)}: ${r.error.message}`);
      break;
    }
    // Control changes at once: a cell contested before the action and held by one side's
    // units after it belongs to that side (whoever left it, however).
    const before = sidesPerCell(s);
    const after = sidesPerCell(r.state);
    for (const [cell, sides] of before) {
      const now = after.get(cell);
      if (sides.size === 2 && now?.size === 1) {
        const [only] = now;
        const code = r.state.control.charAt(b.index.get(cell)!);
        const holder = b.sides.find((x) => x.code === code)?.id;
        if (holder !== only) problems.push(`${cell} left to ${only} by ${JSON.stringify(a)} but controlled by ${holder}`);
      }
    }
    s = r.state;
    log.push(a);
    const per = new Map<string, number>();
    for (const u of s.units) {
      const max = b.units.get(u.id)!.max;
      if (u.strength < 0 || u.strength > max) problems.push(`${u.id} strength ${u.strength}`);
      if (u.cell !== null && u.strength > 0) per.set(`${u.cell}/${u.side}`, (per.get(`${u.cell}/${u.side}`) ?? 0) + 1);
    }
    for (const [k, n] of per) if (n > b.options.stackingLimit) problems.push(`${n} units in ${k}`);
  }
  if (!s.gameOver) problems.push('game did not finish');
  else if (operational.legalActions(s).length !== 0) problems.push('actions offered after the game ended');
  return { final: s, log, problems };
}

/** Sides with units in each occupied cell. */
function sidesPerCell(s: GameState): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  for (const u of s.units) {
    if (u.cell === null || u.strength <= 0) continue;
    const set = out.get(u.cell) ?? new Set<string>();
    set.add(u.side);
    out.set(u.cell, set);
  }
  return out;
}

describe('random legal games', () => {
  for (const [name, make] of [
    ['the tiny hex fixture', makeTinyScenario],
    ['a busy 7×7 square front', busyScenario],
  ] as const) {
    it(`${name}: stacking holds, strengths stay in range, a cell left to one side is that side's, a decision is always offered, and replay reproduces the game`, () => {
      const scenario = make();
      fc.assert(
        fc.property(fc.integer({ min: 0, max: 2 ** 31 - 1 }), fc.integer({ min: 1, max: 2 ** 31 - 1 }), (seed, chooser) => {
          const { final, log, problems } = playRandom(scenario, seed, chooser);
          expect(problems).toEqual([]);
          const again = replay(scenario, { seed }, log);
          expect(again.ok).toBe(true);
          if (again.ok) expect(JSON.stringify(again.state)).toBe(JSON.stringify(final));
          const save = JSON.parse(JSON.stringify(toSaveGame(final, log, { dice: { seed } })));
          const loaded = loadSaveGame(save, scenario);
          expect(loaded.ok ? 'ok' : loaded.message).toBe('ok');
        }),
        { numRuns: 15 },
      );
    });
  }
});
