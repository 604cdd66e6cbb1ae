// Random legal Battle for Moscow games (fast-check over seeds and choices): after every action one
// unit per hex, strengths on a printed side, units off the map without a hex, control in side
// codes, a decision always offered while the game is not over (and none after), the log replayed
// to the same state byte for byte, and the save round trip. The big run (2,000 games of the
// bundled scenario on workers) is `npm run soak:rules`; electron/sim/random-games.test.ts plays a
// modest count of them in `npm test`.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { BfmAction } from '../../format/ruleset-bfm.types.js';
import type { Scenario } from '../../format/scenario.types.js';
import { replay } from '../engine.js';
import { loadSaveGame, toSaveGame } from '../savegame.js';
import { bfm, type BfmGame } from './index.js';
import { makeBfmScenario, sideBetween } from './testkit.js';

const bundled = JSON.parse(readFileSync(fileURLToPath(new URL('../../../scenarios/battle-for-moscow.json', import.meta.url)), 'utf8')) as Scenario;

/** A 9×6 front with forest, a city, Moscow, a river, a railroad, a fortification, mud, the pool and replacements on both sides. */
function busy(): Scenario {
  return makeBfmScenario({
    terrain: ['..f......', '.C..f..f.', '...f..M..', '.f...C...', '....f....', '..C......'],
    control: ['GGGSSSSSS', 'GGGSSSSSS', 'GGGSSSSSS', 'GGGSSSSSS', 'GGGSSSSSS', 'GGGSSSSSS'],
    units: [
      { id: 'gpz1', cell: '1,1', panzer: true, strength: 9, half: 4, ma: 6 },
      { id: 'gpz2', cell: '2,4', panzer: true, strength: 9, half: 4, ma: 6 },
      { id: 'ginf1', cell: '2,2', strength: 8, half: 4 },
      { id: 'ginf2', cell: '1,3', strength: 7, half: 3 },
      { id: 's1', cell: '4,1', strength: 6, half: 3, reduced: true },
      { id: 's2', cell: '4,3', strength: 7, half: 3, reduced: true },
      { id: 's3', cell: '5,5', strength: 5, half: 2, reduced: true },
      { id: 's4', cell: '6,2', strength: 6, half: 3 },
    ],
    pool: [{ id: 's5', cell: '', strength: 6, half: 3 }, { id: 's6', cell: '', strength: 10, half: 5, fromTurn: 3 }],
    rivers: [sideBetween('3,0', '4,0'), sideBetween('3,1', '4,1'), sideBetween('3,2', '4,2'), sideBetween('3,3', '4,3')],
    rails: [sideBetween('0,2', '1,2'), sideBetween('1,2', '2,2'), sideBetween('5,2', '6,2'), sideBetween('6,2', '7,2'), sideBetween('7,2', '8,2')],
    fortifications: ['5,3'],
    mud: [3],
    turns: 5,
    replacements: { ger: [0, 1, 1, 1, 1], sov: [3, 3, 3, 3, 3] },
  });
}

function playRandom(scenario: Scenario, seed: number, chooser: number): { final: BfmGame; log: BfmAction[]; problems: string[] } {
  let s = bfm.newGame(scenario, { seed });
  const log: BfmAction[] = [];
  const problems: string[] = [...bfm.invariants(s)];
  let x = chooser >>> 0 || 1;
  const pick = (n: number): number => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>> 0) % n;
  };
  for (let step = 0; step < 5000 && !s.gameOver && problems.length === 0; step++) {
    const legal = bfm.legalActions(s);
    if (legal.length === 0 || bfm.actor(s) === null) {
      problems.push(`no decision offered in ${s.phase} of turn ${s.turn}`);
      break;
    }
    const a = legal[pick(legal.length)]!;
    const r = bfm.apply(s, a);
    if (!r.ok) {
      problems.push(`listed action refused: ${JSON.stringify(a)}: ${r.error.message}`);
      break;
    }
    s = r.state;
    log.push(a);
    for (const p of bfm.invariants(s)) problems.push(`after ${log.length} actions: ${p}`);
  }
  if (!s.gameOver) problems.push('the game did not finish');
  else if (bfm.legalActions(s).length !== 0 || bfm.decision(s) !== null) problems.push('a decision is offered after the game ended');
  return { final: s, log, problems };
}

describe('random legal Battle for Moscow games', () => {
  for (const [name, make, runs] of [
    ['a busy 9×6 front', busy, 12],
    ['the bundled scenario', () => bundled, 4],
  ] as const) {
    it(`${name}: one unit per hex, strengths on printed sides, a decision while not over, replay byte for byte, saves that load`, () => {
      const scenario = make();
      fc.assert(
        fc.property(fc.integer({ min: 0, max: 2 ** 31 - 1 }), fc.integer({ min: 1, max: 2 ** 31 - 1 }), (seed, chooser) => {
          const { final, log, problems } = playRandom(scenario, seed, chooser);
          expect(problems).toEqual([]);
          const again = replay<BfmGame, BfmAction>(scenario, { seed }, log);
          expect(again.ok).toBe(true);
          if (again.ok) expect(JSON.stringify(again.state)).toBe(JSON.stringify(final));
          const save = JSON.parse(JSON.stringify(toSaveGame(final, log, { dice: { seed } })));
          expect(save.ruleset).toBe('bfm');
          const loaded = loadSaveGame<BfmGame, BfmAction>(save, scenario);
          expect(loaded.ok ? 'ok' : loaded.message).toBe('ok');
        }),
        { numRuns: runs, seed: 20261125 },
      );
    }, 120_000);
  }

  it('refuses a save whose log was tampered with, naming the action', () => {
    const scenario = busy();
    const { final, log } = playRandom(scenario, 7, 11);
    const save = JSON.parse(JSON.stringify(toSaveGame(final, log, { dice: { seed: 7 } })));
    save.log[3] = { type: 'move', side: 'ger', unit: 'gpz1', to: '8,5' };
    const loaded = loadSaveGame(save, scenario);
    expect(loaded.ok).toBe(false);
    if (!loaded.ok) expect(loaded.message).toMatch(/^Action 4 of the saved log is refused/);
  });
});
