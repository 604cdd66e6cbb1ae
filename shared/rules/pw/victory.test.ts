// How a battle ends. The text gives no exhaustion or victory rule (README: "Choices where the text
// is silent"): an army that has lost its exhaustion point of units (half, rounded up, by default)
// loses at the end of the turn; one with no units left loses at once; at the turn limit the score
// (enemy units destroyed plus objectives) decides.
import { describe, expect, it } from 'vitest';
import { pw } from './index.js';
import { playPw, startPw, type PwTestSetup, type PwTestUnit } from './testkit.js';
import type { PwGame } from './state.js';

const OPEN = ['............', '............', '............', '............', '............', '............', '............', '............'];
const kill = (s: PwGame, ...ids: string[]): PwGame => ({ ...s, units: s.units.map((u) => (ids.includes(u.id) ? { ...u, alive: false, cell: null } : u)) });
const four = (side: 'r' | 'b', row: number): PwTestUnit[] => [0, 1, 2, 3].map((k) => ({ id: `${side}${k}`, cell: `${k * 3},${row}` }));

function battle(extra: Partial<PwTestSetup> = {}, dice = [6, 1, 6, 6, 6, 6, 6, 1, 6, 6, 6, 6]): PwGame {
  return startPw({ terrain: OPEN, units: [...four('r', 7), ...four('b', 0)], ...extra }, dice);
}

describe('exhaustion', () => {
  it('an army that has lost half its units (rounded up) is exhausted at the end of the turn and loses', () => {
    const s = kill(battle(), 'b0', 'b1');
    expect(pw.observe(s, null).status).toContainEqual({ label: 'Blue losses', value: '2 of 4 (exhausted at 2)' });
    const { state } = playPw(s, { type: 'endActivation', side: 'red' }, { type: 'endActivation', side: 'blue' });
    expect(state.gameOver).toEqual({ winner: 'red', reason: 'Blue have lost 2 of 4 units and are exhausted (exhaustion point 2): Red win the battle.' });
    expect(pw.returns(state)).toEqual({ red: 1, blue: -1 });
    expect(pw.decision(state)).toBeNull();
  });

  it('one loss short of it, the battle goes on', () => {
    const s = kill(battle(), 'b0');
    const { state } = playPw(s, { type: 'endActivation', side: 'red' }, { type: 'endActivation', side: 'blue' });
    expect(state.gameOver).toBeNull();
    expect(state.turn).toBe(2);
  });

  it('the exhaustion point follows the option', () => {
    const s = kill(battle({ options: { exhaustionPercent: 75 } }), 'b0', 'b1');
    expect(playPw(s, { type: 'endActivation', side: 'red' }, { type: 'endActivation', side: 'blue' }).state.gameOver).toBeNull();
  });

  it('both exhausted in the same turn: the one that lost the larger share loses; the same share is a draw', () => {
    const units = [...four('r', 7), { id: 'r4', cell: '1,7' }, { id: 'r5', cell: '2,7' }, ...four('b', 0)];
    const s = kill(startPw({ terrain: OPEN, units }, [6, 1, 6, 6, 6, 6]), 'r0', 'r1', 'r2', 'b0', 'b1');
    const over = playPw(s, { type: 'endActivation', side: 'red' }, { type: 'endActivation', side: 'blue' }).state.gameOver!;
    // Red lost 3 of 6 (half), Blue 2 of 4 (half): the same share.
    expect(over.winner).toBeNull();
    const s2 = kill(startPw({ terrain: OPEN, units }, [6, 1, 6, 6, 6, 6]), 'r0', 'r1', 'r2', 'r3', 'b0', 'b1');
    expect(playPw(s2, { type: 'endActivation', side: 'red' }, { type: 'endActivation', side: 'blue' }).state.gameOver!.winner).toBe('blue');
  });

  it('an army with no units left loses at once', () => {
    const s = kill(battle(), 'b0', 'b1', 'b2', 'b3');
    const { state } = playPw(s, { type: 'move', side: 'red', unit: 'r0', to: '0,6', facing: 'N' });
    expect(state.gameOver).toEqual({ winner: 'red', reason: 'Blue have no units left: Red win the battle.' });
  });
});

describe('the turn limit and the score', () => {
  const objectives = { '5,3': { name: 'Church', victory: { endGame: 2 } }, '6,3': { name: 'Mill', victory: { perTurn: 1 } } };

  it('after the last turn the higher score wins: enemy units destroyed plus objectives held', () => {
    // One turn; Red has destroyed one Blue unit, Blue holds the church (the north half is Blue's).
    const s = kill(battle({ options: { turnLimit: 1 }, cells: objectives }), 'b0');
    expect(pw.projectedScore(s)).toEqual({ red: 1, blue: 2 });
    const { state } = playPw(s, { type: 'endActivation', side: 'red' }, { type: 'endActivation', side: 'blue' });
    // The mill scores 1 for Blue at the end of the turn too.
    expect(pw.score(state)).toEqual({ red: 1, blue: 3 });
    expect(state.gameOver).toEqual({ winner: 'blue', reason: 'The battle ends after turn 1: Blue win 3–1 (enemy units destroyed and objectives held).' });
  });

  it('the last side to stand in an objective holds it', () => {
    const s = battle({ options: { turnLimit: 1 }, cells: objectives, units: [{ id: 'r0', cell: '5,4', type: 'cavalry' }, ...four('b', 0)] }, [6, 1, 6, 6, 6, 6]);
    const moved = playPw(s, { type: 'move', side: 'red', unit: 'r0', to: '5,3', facing: 'N' }).state;
    expect(pw.controlOf(moved, '5,3')).toBe('red');
    expect(pw.victoryCells(moved.scenario)).toEqual(['5,3', '6,3']);
    const over = playPw(moved, { type: 'endActivation', side: 'blue' }).state;
    expect(pw.score(over)).toEqual({ red: 2, blue: 1 });
    expect(over.gameOver!.winner).toBe('red');
  });

  it('an equal score is a draw', () => {
    const s = battle({ options: { turnLimit: 1 } });
    const { state } = playPw(s, { type: 'endActivation', side: 'red' }, { type: 'endActivation', side: 'blue' });
    expect(state.gameOver).toEqual({ winner: null, reason: 'The battle ends after turn 1 with the score 0–0: a draw.' });
    expect(pw.returns(state)).toEqual({ red: 0, blue: 0 });
  });
});
