// The computer player of whatever ruleset a game is played under: each choice goes to the bot
// its ruleset declares (RulesetPlugin.bot, at the level asked: 'fast' by default, 'strong' for
// the search bot), made once per ruleset and kept for the game, so the same seed always plays
// the same game. The operational ruleset's fast bot is its heuristic player.
import { getRuleset } from '../rules/engine.js';
import type { Action, BotOptions, GameState, Player, RulesAction, RulesState } from '../rules/types.js';

export function heuristicBot<S extends RulesState = GameState, A extends RulesAction = Action>(options: BotOptions = {}): Player<S, A> {
  const made = new Map<string, Player<RulesState, RulesAction>>();
  return {
    name: 'bot',
    choose(state, legal) {
      let p = made.get(state.ruleset);
      if (!p) {
        p = getRuleset(state.ruleset).bot(options);
        made.set(state.ruleset, p);
      }
      return p.choose(state, legal) as A;
    },
  };
}
