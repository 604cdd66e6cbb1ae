// Random legal games of The Portable Wargame (fast-check picks the seeds): after every action the
// invariants hold (one unit per square, nobody in the river, orders only while artillery is
// ordered...), a decision describing exactly the legal actions is offered to the side that acts,
// each side's observation hides the other's artillery orders, every listed action is accepted,
// and replaying the log (or loading the saved game) reaches the same state byte for byte. A modest count here; the soak
// script runs 2,000 games: npm run soak:rules -- scenarios/portable-wargame.json --games 2000.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { PwAction } from '../../format/ruleset-pw.types.js';
import type { Scenario } from '../../format/scenario.types.js';
import { replay } from '../engine.js';
import { loadSaveGame, toSaveGame } from '../savegame.js';
import { pw, type PwGame } from './index.js';
import { pwScenario } from './testkit.js';

/** A 10 × 9 battlefield with every feature: a Native army with close-combat infantry and cavalry, hills of two contours, a river with a bridge and a ford, roads, a fortified town, woods. */
function busyBattle(): Scenario {
  return pwScenario({
    terrain: [
      '..f...h...',
      '.ff..hHh..',
      '......h...',
      '~~o~~~~=~~',
      '..........',
      '...uu..f..',
      '...uu.ff..',
      '..........',
      '..........',
    ],
    roads: ['7,3,N', '7,4,N', '7,5,N', '7,6,N', '2,3,N', '2,4,N', '1,7,E', '2,7,E', '3,7,E', '4,7,E', '5,7,E'],
    cells: { '4,5': { fortification: true, name: 'Fort', victory: { endGame: 2 } }, '6,1': { name: 'Crest', victory: { perTurn: 1 } } },
    options: { secondArmy: 'native', turnLimit: 8, exhaustionPercent: 60, firstEdge: 'south', secondEdge: 'north' },
    units: [
      { id: 'r-cmd', cell: '5,8', type: 'command' },
      { id: 'r-inf1', cell: '3,7' },
      { id: 'r-inf2', cell: '6,7' },
      { id: 'r-mg', cell: '4,6', type: 'machineGun' },
      { id: 'r-cav', cell: '8,8', type: 'cavalry' },
      { id: 'r-drag', cell: '1,8', type: 'cavalry', dismounted: true },
      { id: 'r-gun', cell: '7,8', type: 'fieldArtillery' },
      { id: 'r-lgun', cell: '2,8', type: 'lightArtillery', facing: 'E' },
      { id: 'r-fort', cell: '3,5', type: 'fortressArtillery' },
      { id: 'b-cmd', cell: '4,0', type: 'command' },
      { id: 'b-imp1', cell: '1,0', type: 'closeCombatInfantry' },
      { id: 'b-imp2', cell: '3,1', type: 'closeCombatInfantry' },
      { id: 'b-imp3', cell: '8,1', type: 'closeCombatInfantry' },
      { id: 'b-rifle', cell: '6,1', type: 'infantry', facing: 'W' },
      { id: 'b-horse', cell: '9,0', type: 'cavalry' },
      { id: 'b-gun', cell: '6,0', type: 'lightArtillery' },
    ],
  });
}

const bundled = (): Scenario =>
  JSON.parse(readFileSync(fileURLToPath(new URL('../../../scenarios/portable-wargame.json', import.meta.url)), 'utf8')) as Scenario;

function playRandom(scenario: Scenario, seed: number, chooser: number): { final: PwGame; log: PwAction[]; problems: string[] } {
  let s = pw.newGame(scenario, { seed });
  const log: PwAction[] = [];
  const problems: string[] = [];
  let x = chooser >>> 0 || 1;
  const pick = (n: number): number => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>> 0) % n;
  };
  for (let step = 0; step < 5000 && !s.gameOver && problems.length === 0; step++) {
    const legal = pw.legalActions(s);
    const d = pw.decision(s);
    if (!d || legal.length === 0) {
      problems.push(`no decision in turn ${s.turn} (${s.phase})`);
      break;
    }
    if (JSON.stringify(d.options.map((o) => o.action)) !== JSON.stringify(legal)) problems.push('the decision does not describe the legal actions');
    if (d.side !== pw.actor(s)) problems.push('the decision is for a side not to act');
    // Secret artillery orders: the other side sees neither the orders nor their markers.
    for (const o of s.orders) {
      const them = s.scenario.sides.find((x2) => x2.id !== o.side)!.id;
      const seen = pw.observe(s, them).units.find((u) => u.id === o.unit)!;
      if (seen.order || seen.markers.includes('aimed')) problems.push(`${them} sees ${o.unit}'s order`);
    }
    const a = legal[pick(legal.length)]!;
    const r = pw.apply(s, a);
    if (!r.ok) {
      problems.push(`listed action refused: ${JSON.stringify(a)}: ${r.error.message}`);
      break;
    }
    s = r.state;
    log.push(a);
    for (const p of pw.invariants(s)) problems.push(`after ${JSON.stringify(a)}: ${p}`);
  }
  if (!s.gameOver && problems.length === 0) problems.push('the game did not finish');
  if (s.gameOver && pw.legalActions(s).length !== 0) problems.push('actions offered after the battle ended');
  return { final: s, log, problems };
}

describe('random legal games of The Portable Wargame', () => {
  for (const [name, make, runs] of [
    ['a busy 10 × 9 battlefield (Native army, fords, two-contour hills, a fort)', busyBattle, 12],
    ['the bundled battle', bundled, 8],
  ] as const) {
    it(`${name}: invariants hold, decisions match, orders stay secret, replay and the saved game are byte for byte`, () => {
      const scenario = make();
      fc.assert(
        fc.property(fc.integer({ min: 0, max: 2 ** 31 - 1 }), fc.integer({ min: 1, max: 2 ** 31 - 1 }), (seed, chooser) => {
          const { final, log, problems } = playRandom(scenario, seed, chooser);
          expect(problems).toEqual([]);
          const again = replay(scenario, { seed }, log);
          expect(again.ok).toBe(true);
          if (again.ok) expect(JSON.stringify(again.state)).toBe(JSON.stringify(final));
          // A saved game checks against the schema (pw's state and actions) and loads back.
          const save = JSON.parse(JSON.stringify(toSaveGame(final, log, { dice: { seed } })));
          const loaded = loadSaveGame<PwGame, PwAction>(save, scenario);
          expect(loaded.ok ? 'ok' : loaded.message).toBe('ok');
        }),
        { numRuns: runs },
      );
    }, 120_000);
  }
});
