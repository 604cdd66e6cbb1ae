import { describe, expect, it } from 'vitest';
import { makeTinyScenario } from '../format/fixtures.js';
import { validate } from '../format/savegame.validate.generated.js';
import { operational } from './operational/index.js';
import { loadSaveGame, toSaveGame } from './savegame.js';
import type { Action, GameState } from './types.js';

function someGame(): { state: GameState; log: Action[] } {
  let state = operational.newGame(makeTinyScenario(), { seed: 11 });
  const log: Action[] = [];
  for (let i = 0; i < 25 && !state.gameOver; i++) {
    const a = operational.legalActions(state)[0]!;
    const r = operational.apply(state, a);
    if (!r.ok) throw new Error(r.error.message);
    state = r.state;
    log.push(a);
  }
  return { state, log };
}

describe('saved games', () => {
  it('are schema-valid JSON without the scenario unless asked to embed it', () => {
    const { state, log } = someGame();
    const save = JSON.parse(JSON.stringify(toSaveGame(state, log, { dice: { seed: 11 }, revision: 3 })));
    expect(validate(save)).toBe(true);
    expect(save.scenarioRef).toEqual({ id: 'tiny-test', revision: 3 });
    expect(save.scenario).toBeUndefined();
    expect(save.state.scenario).toBeUndefined();
    expect(toSaveGame(state, log, { dice: { seed: 11 }, embedScenario: true }).scenario).toEqual(makeTinyScenario());
  });

  it('load by replaying the log to the very same state', () => {
    const { state, log } = someGame();
    const save = JSON.parse(JSON.stringify(toSaveGame(state, log, { dice: { seed: 11 } })));
    const r = loadSaveGame(save, makeTinyScenario());
    expect(r.ok).toBe(true);
    if (r.ok) expect(JSON.stringify(r.state)).toBe(JSON.stringify({ ...state, scenario: r.state.scenario }));
  });

  it('refuse a save for another scenario, an invalid file, or a log that no longer reaches the saved state', () => {
    const { state, log } = someGame();
    const save = JSON.parse(JSON.stringify(toSaveGame(state, log, { dice: { seed: 11 } })));
    const other = { ...makeTinyScenario(), id: 'other' };
    expect(loadSaveGame(save, other)).toEqual({ ok: false, message: 'This game was saved for scenario "tiny-test", not "other".' });
    expect(loadSaveGame({ ...save, formatVersion: 2 }, makeTinyScenario()).ok).toBe(false);
    const reseeded = { ...save, dice: { seed: 12 } };
    const r = loadSaveGame(reseeded, makeTinyScenario());
    expect(r.ok).toBe(false);
  });
});
