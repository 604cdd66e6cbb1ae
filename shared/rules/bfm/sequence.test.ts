// Battle for Moscow, seed 002: "How to Play" (seven turns, turns 3 and 4 two weeks each, the eight
// phases in order), "Starting the Game", city control and "Winning the Game".
import { describe, expect, it } from 'vitest';
import type { BfmAction } from '../../format/ruleset-bfm.types.js';
import { bfm, type BfmGame } from './index.js';
import { at, newBfm, play, unit, where, type BfmTestSetup } from './testkit.js';

const SMALL: BfmTestSetup = {
  terrain: ['~~~~~~~~~~', '..C....M..', '~~~~~~~~~~'],
  control: ['GGGGGSSSSS', 'GGSGGSSSSS', 'GGGGGSSSSS'],
  units: [
    { id: 'gpz', cell: '0,1', panzer: true, strength: 9, half: 4, ma: 6 },
    { id: 'ginf', cell: '1,1', strength: 7, half: 3, ma: 4 },
    { id: 's1', cell: '9,1', strength: 6, half: 3, reduced: true },
  ],
  rails: [],
  mud: [3, 4],
  replacements: { ger: [0, 1, 1, 1, 1, 1, 1], sov: [5, 5, 5, 5, 5, 5, 5] },
};

/** Plays the side to act's "end" action of whatever step it is in (or the first legal action). */
function pass(s: BfmGame): BfmGame {
  const legal = bfm.legalActions(s);
  const end = legal.find((a) => a.type === 'endMovement' || a.type === 'endReplacements' || a.type === 'endDeclarations' || a.type === 'hold') ?? legal[0]!;
  return play(s, end).state;
}

describe('the sequence of play', () => {
  // "There are seven turns… Each turn has eight phases performed in exact order: German
  //  replacement, panzer movement, combat, movement; Soviet replacement, rail movement, combat,
  //  movement." "German player begins his panzer movement phase (skips replacement phase on turn 1
  //  since all units at full strength)."
  it('opens in the German panzer movement phase and runs the phases in order, skipping those with nothing to do', () => {
    let s = newBfm(SMALL);
    const seen: string[] = [`${s.turn} ${s.player} ${s.phase}`];
    for (let k = 0; k < 12 && s.turn <= 2; k++) {
      s = pass(s);
      seen.push(`${s.turn} ${s.player} ${s.phase}`);
    }
    expect(seen.slice(0, 6)).toEqual([
      '1 ger panzerMovement',
      '1 ger movement', // no combat possible: the combat phase passes by itself
      '1 sov replacements', // five replacements, a half-strength army to restore
      '1 sov movement', // no railroad, no battle
      // Turn 2: one German replacement, but nothing to use it on (no unit lost or reduced).
      '2 ger panzerMovement',
      '2 ger movement',
    ]);
  });

  it('counts turns 3 and 4 as two weeks of mud', () => {
    const s = newBfm(SMALL);
    const labels = [1, 2, 3, 4, 5, 6, 7].map((turn) => bfm.observe({ ...s, turn }, null).turnLabel);
    expect(labels).toEqual([
      'Turn 1 of 7 — 2–8 Oct 1941',
      'Turn 2 of 7 — 9–15 Oct 1941',
      'Turn 3 of 7 — 16–29 Oct 1941 (two weeks, mud)',
      'Turn 4 of 7 — 30 Oct–12 Nov 1941 (two weeks, mud)',
      'Turn 5 of 7 — 13–19 Nov 1941',
      'Turn 6 of 7 — 20–26 Nov 1941',
      'Turn 7 of 7 — 27 Nov–3 Dec 1941',
    ]);
  });

  // "Set up one Soviet unit on each hex marked with hammer and sickle, all at half strength …
  //  Set up one German unit on each black cross, all at full strength."
  it('sets the Soviets up at half strength and the Germans at full strength', () => {
    const s = newBfm(SMALL);
    expect([unit(s, 'gpz').reduced, unit(s, 'ginf').reduced, unit(s, 's1').reduced]).toEqual([false, false, true]);
    expect(bfm.observe(s, null).units.find((u) => u.id === 's1')).toMatchObject({ face: 'back', factors: '3-4' });
  });
});

describe('holding cities and Moscow', () => {
  // "Friendly-owned city: Your units were last in the city."
  it('hands a city to the side whose unit ends its move there, not to one passing through', () => {
    const s = at(newBfm(SMALL), { phase: 'movement', player: 'ger' });
    // ginf passes through the Soviet-held city 2,1 on its way to 3,1: the city stays Soviet.
    const past = play(s, { type: 'move', side: 'ger', unit: 'ginf', to: '4,1' }).state;
    expect(bfm.controlOf(past, '2,1')).toBe('sov');
    const stop = play(s, { type: 'move', side: 'ger', unit: 'ginf', to: '2,1' });
    expect(bfm.controlOf(stop.state, '2,1')).toBe('ger');
    expect(stop.events.map((e) => e.text)).toContain('Germans now hold the city in 0302.');
  });

  // "Whoever holds Moscow at the end of the game wins. A player holds Moscow if one of his units was
  //  the last unit to be in the city. The Russians hold Moscow at the start."
  it('gives the game to whoever held Moscow last at the end of turn 7, even after leaving it', () => {
    const start = newBfm(SMALL);
    expect(bfm.controlOf(start, '7,1')).toBe('sov');
    // Turn 7, German movement: the panzer drives into Moscow; then (put back into the same phase)
    // it leaves again. The Soviet army is too far away to come back.
    const t7 = at({ ...start, units: start.units.map((u) => (u.id === 'gpz' ? { ...u, cell: '5,1' } : u)) }, { turn: 7, phase: 'movement', player: 'ger' });
    const inMoscow = play(t7, { type: 'move', side: 'ger', unit: 'gpz', to: '7,1' }).state;
    expect(bfm.controlOf(inMoscow, '7,1')).toBe('ger');
    const left = play(at(inMoscow, { turn: 7, phase: 'movement', player: 'ger' }), { type: 'move', side: 'ger', unit: 'gpz', to: '6,1' }).state;
    expect(where(left, 'gpz')).toBe('6,1');
    expect(bfm.controlOf(left, '7,1')).toBe('ger');
    let s = left;
    for (let k = 0; k < 10 && !s.gameOver; k++) s = pass(s);
    expect(s.gameOver).toEqual({ winner: 'ger', reason: 'Germans hold Moscow at the end of turn 7.' });
    expect(bfm.legalActions(s)).toEqual([]);
    expect(bfm.actor(s)).toBeNull();
    expect(bfm.returns(s)).toEqual({ ger: 1, sov: -1 });
  });

  it('gives the Soviets the game when Moscow was never taken', () => {
    let s = at(newBfm(SMALL), { turn: 7, phase: 'movement', player: 'sov' });
    const end: BfmAction = { type: 'endMovement', side: 'sov' };
    s = play(s, end).state;
    expect(s.gameOver).toEqual({ winner: 'sov', reason: 'Soviets hold Moscow at the end of turn 7.' });
    expect(s.phase).toBe('over');
    expect(bfm.returns(s)).toEqual({ ger: -1, sov: 1 });
  });
});
