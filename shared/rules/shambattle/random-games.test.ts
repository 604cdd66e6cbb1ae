// Random legal games of the bundled Shambattle scenario (fast-check picks the seeds): after every
// action the rules' invariants hold (two stands a side an area, SP within bounds, engineers with
// their train, a decision while the battle lasts); the game ends; replaying its log gives the same
// state byte for byte; the saved game passes the schema and loads back. A modest count here; the
// soak script runs 2,000 (npm run soak:rules -- --ruleset shambattle).
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Scenario } from '../../format/scenario.types.js';
import { randomPlayer } from '../../bot/player.js';
import { replay } from '../engine.js';
import { loadSaveGame, toSaveGame } from '../savegame.js';
import { shambattle, type ShamAction, type ShamState } from './index.js';

const scenario = JSON.parse(readFileSync(fileURLToPath(new URL('../../../scenarios/shambattle.json', import.meta.url)), 'utf8')) as Scenario;

function playRandom(seed: number): { state: ShamState; log: ShamAction[]; problems: string[] } {
  const player = randomPlayer<ShamState, ShamAction>(seed ^ 0x2545f491);
  let state = shambattle.newGame(scenario, { seed });
  const log: ShamAction[] = [];
  const problems: string[] = [];
  while (!state.gameOver && problems.length === 0 && log.length < 5000) {
    const legal = shambattle.legalActions(state);
    if (legal.length === 0 || shambattle.actor(state) === null) problems.push(`no decision at action ${log.length}`);
    const a = player.choose(state, legal);
    const r = shambattle.apply(state, a);
    if (!r.ok) {
      problems.push(`listed action refused: ${JSON.stringify(a)}: ${r.error.message}`);
      break;
    }
    state = r.state;
    log.push(a);
    for (const p of shambattle.invariants(state)) problems.push(`after ${log.length} actions: ${p}`);
    // Routes reused from the state before must be the ones a fresh listing finds.
    if (log.length % 7 === 0) {
      const fresh = { ...(JSON.parse(JSON.stringify({ ...state, scenario: null })) as ShamState), scenario };
      if (JSON.stringify(shambattle.legalActions(fresh)) !== JSON.stringify(shambattle.legalActions(state))) problems.push(`after ${log.length} actions: the listed actions differ from a fresh listing`);
    }
  }
  if (!state.gameOver) problems.push('the battle did not end');
  return { state, log, problems };
}

describe('random legal Shambattle games (bundled scenario)', () => {
  it('keep the invariants, end, replay byte for byte and save', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 31 - 1 }), (seed) => {
        const { state, log, problems } = playRandom(seed);
        expect(problems).toEqual([]);
        expect(shambattle.legalActions(state)).toEqual([]);
        const again = replay<ShamState, ShamAction>(scenario, { seed }, log);
        expect(again.ok).toBe(true);
        if (again.ok) expect(JSON.stringify(again.state)).toBe(JSON.stringify(state));
        const save = toSaveGame(state, log, { dice: { seed } });
        const loaded = loadSaveGame<ShamState, ShamAction>(JSON.parse(JSON.stringify(save)), scenario);
        expect(loaded.ok ? 'ok' : loaded.message).toBe('ok');
      }),
      { numRuns: 6, seed: 20261125 },
    );
  }, 240_000);
});
