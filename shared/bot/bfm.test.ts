// The Battle for Moscow heuristic player in small situations: it only plays listed actions, and
// makes the obvious choices a player would.
import { describe, expect, it } from 'vitest';
import { bfm } from '../rules/bfm/index.js';
import { at, newBfm, withDice } from '../rules/bfm/testkit.js';
import { bfmBot, bfmValue } from './bfm.js';

describe('the Battle for Moscow bot', () => {
  it('brings a replacement into an empty Moscow before anything else (Soviets)', () => {
    const s = at(
      newBfm({
        terrain: ['.......', '.....M.', '.......'],
        units: [{ id: 'g1', cell: '1,1' }, { id: 's1', cell: '6,0', reduced: true }],
        pool: [{ id: 's-new', cell: '', strength: 6, half: 3 }],
        replacements: { sov: [5] },
      }),
      { phase: 'replacements', player: 'sov' },
    );
    const legal = bfm.legalActions(s);
    expect(bfmBot({ seed: 1 }).choose(s, legal)).toEqual({ type: 'replace', side: 'sov', unit: 's-new', cell: '5,1' });
  });

  it('never moves the Moscow garrison out (Soviets)', () => {
    const s = at(
      newBfm({ terrain: ['.......', '.....M.', '.......'], units: [{ id: 'g1', cell: '1,1' }, { id: 's1', cell: '5,1' }, { id: 's2', cell: '6,2' }] }),
      { phase: 'movement', player: 'sov' },
    );
    const bot = bfmBot({ seed: 2 });
    let state = s;
    for (let k = 0; k < 5 && state.phase === 'movement' && state.player === 'sov'; k++) {
      const a = bot.choose(state, bfm.legalActions(state));
      expect(a.type === 'move' && a.unit === 's1').toBe(false);
      const r = bfm.apply(state, a);
      if (!r.ok) throw new Error(r.error.message);
      state = r.state;
    }
  });

  it('announces a crushing attack and leaves a hopeless one (Germans)', () => {
    const s = withDice(
      at(
        newBfm({
          terrain: ['.......', '.......', '.......', '.......', '.......'],
          units: [
            { id: 'g1', cell: '2,2', strength: 9, half: 4 },
            { id: 'g2', cell: '4,2', strength: 9, half: 4 },
            { id: 's1', cell: '3,2', strength: 5, half: 2, reduced: true },
            { id: 'g3', cell: '0,4', strength: 3, half: 1 },
            { id: 's2', cell: '1,4', strength: 9, half: 4 },
          ],
        }),
        { phase: 'combat', player: 'ger' },
      ),
      [6, 6, 6],
    );
    const a = bfmBot({ seed: 1 }).choose(s, bfm.legalActions(s));
    expect(a).toMatchObject({ type: 'declare', defender: 's1' });
  });

  it('values holding Moscow near the end for whoever holds it', () => {
    const s = newBfm({ terrain: ['.......', '.....M.', '.......'], units: [{ id: 'g1', cell: '1,1' }, { id: 's1', cell: '6,0' }] });
    const late = { ...s, turn: 7 };
    expect(bfmValue(late, 'sov')).toBeGreaterThan(0.3);
    const taken = { ...late, control: late.control.slice(0, 12) + 'G' + late.control.slice(13) };
    expect(bfmValue(taken, 'ger')).toBeGreaterThan(0.3);
  });
});
