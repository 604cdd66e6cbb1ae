import { describe, expect, it } from 'vitest';
import type { Scenario } from '../format/scenario.types.js';
import { smallScenario } from './fixtures.js';
import { victorySummary } from './victory.js';

describe('victory summary', () => {
  it('lists victory cells with their values and who holds them, and what each side can score', () => {
    const s: Scenario = structuredClone(smallScenario());
    s.map.cells!['4,0'] = { name: 'Oblast', victory: { endGame: 5 } }; // perTurn from the ruleset default (2)
    s.ruleset.options = { destroyedStrengthVp: 2 };
    const v = victorySummary(s);
    expect(v.cells).toEqual([
      { cell: '2,2', label: '0303', name: 'Town', perTurn: 2, endGame: 4, heldBy: 'germans', overGame: 2 * 8 + 4 },
      { cell: '4,0', label: '0501', name: 'Oblast', perTurn: 2, endGame: 5, heldBy: 'soviets', overGame: 2 * 8 + 5 },
    ]);
    expect(v.perTurnAtStart).toEqual({ germans: 2, soviets: 2 });
    expect(v.endGameAtStart).toEqual({ germans: 4, soviets: 5 });
    // Germans can destroy the Soviets' 5 points, Soviets the Germans' 4, at 2 VP a point.
    expect(v.destroyedStrengthVp).toEqual({ germans: 10, soviets: 8 });
    expect([v.totalPerTurn, v.totalEndGame]).toEqual([4, 9]);
  });
});
