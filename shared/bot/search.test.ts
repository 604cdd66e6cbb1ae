// The general search bot over the ruleset contract: it only ever plays legal actions, searches
// from determinized states (never the true dice), beats its own rollout player where the policy
// is plainly wrong, and plays the same game from the same seed.
import { describe, expect, it } from 'vitest';
import type { BfmAction } from '../format/ruleset-bfm.types.js';
import { bfm, type BfmGame } from '../rules/bfm/index.js';
import { at, newBfm, withDice } from '../rules/bfm/testkit.js';
import type { AnyRuleset, Player, RulesAction, RulesState } from '../rules/types.js';
import { playGame } from './game.js';
import { heuristicBot } from './rules-bot.js';
import { searchBot } from './search.js';

const rules = bfm as unknown as AnyRuleset;

/** A rollout player that always takes the last legal action (ends every step at once). */
const lazy = (): Player<RulesState, RulesAction> => ({ name: 'lazy', choose: (_s, legal) => legal[legal.length - 1]! });

/** German combat phase: two panzers next to a lone Soviet army holding Moscow; every result of this CRT is DE. */
function moscowChance(): BfmGame {
  const allDe = Array.from({ length: 6 }, () => Array(6).fill('DE'));
  const s = newBfm({
    terrain: ['~~~~~~~', '...M...', '~~~~~~~'],
    control: ['GGGSSSS', 'GGGSSSS', 'GGGSSSS'],
    units: [
      { id: 'g1', cell: '2,1', panzer: true, strength: 9, half: 4, ma: 6 },
      { id: 'g2', cell: '4,1', panzer: true, strength: 9, half: 4, ma: 6 },
      { id: 's1', cell: '3,1', strength: 3, half: 1 },
    ],
    turns: 3,
    options: { crt: allDe as never },
  });
  return withDice(at(s, { turn: 1, phase: 'combat', player: 'ger' }), [6, 6, 6, 6]);
}

describe('the general search bot', () => {
  it('plays the only legal action without searching', () => {
    const bot = searchBot(rules, { policy: lazy });
    const s = moscowChance();
    const only = [bfm.legalActions(s)[0]!];
    expect(bot.choose(s, only)).toBe(only[0]);
    expect(bot.stats).toMatchObject({ decisions: 1, searched: 0, rollouts: 0 });
  });

  it('finds the attack its lazy rollout player would skip, simulating only from determinized states', () => {
    let determinized = 0;
    const counting: AnyRuleset = {
      ...rules,
      determinize: (state, observer, seed) => {
        determinized++;
        return rules.determinize(state, observer, seed);
      },
    };
    // A short horizon: the position is judged by the ruleset's evaluation, not played out.
    const bot = searchBot(counting, { policy: lazy, seed: 3, candidates: 8, rollouts: 2, horizon: 4 });
    const s = moscowChance();
    const legal = bfm.legalActions(s);
    // The lazy player would announce nothing.
    expect(lazy().choose(s, legal)).toEqual({ type: 'endDeclarations', side: 'ger' });
    const choice = bot.choose(s, legal) as BfmAction;
    expect(choice.type).toBe('declare');
    expect(bot.stats.searched).toBe(1);
    expect(determinized).toBe(bot.stats.rollouts);
    expect(bot.stats.rollouts).toBeGreaterThan(0);
    // Searching never touched the real game's dice.
    expect(s.dice).toEqual({ kind: 'script', script: [6, 6, 6, 6], next: 0 });
  });

  it('plays whole games of legal actions, the same game from the same seed', () => {
    const scenario = moscowChance().scenario;
    const play = () =>
      playGame<RulesState, RulesAction>(scenario, [heuristicBot({ seed: 5, level: 'strong' }), heuristicBot({ seed: 5 })], { seed: 5, keepLog: true });
    const a = play();
    const b = play();
    expect(a.log).toEqual(b.log);
    expect(a.winner).not.toBeNull();
  });
});
