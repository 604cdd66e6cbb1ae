// A general search player over the ruleset contract (types.ts): flat Monte-Carlo with successive
// halving, information-set aware. It needs nothing from a ruleset but the contract: legalActions,
// apply, actor, determinize (a state the searching side cannot tell apart from the real one:
// hidden units resampled, future dice reseeded — it never simulates from the true state), a
// rollout player (the ruleset's fast bot) and evaluate (a heuristic value to cut rollouts short).
//
// At a decision it keeps a few candidate actions (the rollout player's own choice and a seeded
// sample of the others), plays short rollouts from each in freshly determinized states, and keeps
// the better half after every round until one is left. Decisions the rules offer one way out of
// are not searched; rulesets may also leave some kinds of decision to the rollout player (`searchIf`).
import type { AnyRuleset, Player, RulesAction, RulesState, SideId } from '../rules/types.js';
import { mix32, prng } from './player.js';

export interface SearchOptions {
  seed?: number;
  /** Candidate actions kept at a decision (the rollout player's choice always among them). */
  candidates?: number;
  /** Rollouts per candidate in the first round (doubled each round as the field halves). */
  rollouts?: number;
  /** Actions played in a rollout before the position is evaluated. */
  horizon?: number;
  /**
   * Makes the player of the rollouts and of decisions not searched (the ruleset's fast bot). A
   * fresh one plays each rollout, so a player that plans a phase ahead keeps its plan for the game.
   */
  policy: () => Player<RulesState, RulesAction>;
  /** Which decisions to search (default: every one with more than one legal action). */
  searchIf?: (state: RulesState, legal: readonly RulesAction[]) => boolean;
}

export interface SearchStats {
  decisions: number;
  searched: number;
  rollouts: number;
  simulatedActions: number;
}

export interface SearchPlayer extends Player<RulesState, RulesAction> {
  readonly stats: SearchStats;
}

const same = (a: RulesAction, b: RulesAction): boolean => JSON.stringify(a) === JSON.stringify(b);

export function searchBot(rules: AnyRuleset, options: SearchOptions): SearchPlayer {
  const seed = options.seed ?? 1;
  const k = Math.max(2, options.candidates ?? 4);
  const first = Math.max(1, options.rollouts ?? 2);
  const horizon = Math.max(1, options.horizon ?? 30);
  const policy = options.policy();
  const stats: SearchStats = { decisions: 0, searched: 0, rollouts: 0, simulatedActions: 0 };

  /** One rollout: apply the candidate in a determinized state, play on with the policy, evaluate for `side`. */
  function rollout(state: RulesState, side: SideId, action: RulesAction, salt: number): number {
    let s = rules.determinize(state, side, salt);
    const r = rules.apply(s, action);
    if (!r.ok) return -1;
    s = r.state;
    const player = options.policy();
    for (let step = 0; step < horizon && !s.gameOver; step++) {
      const legal = rules.legalActions(s);
      if (legal.length === 0) break;
      const next = rules.apply(s, player.choose(s, legal));
      if (!next.ok) break;
      s = next.state;
      stats.simulatedActions++;
    }
    stats.rollouts++;
    return s.gameOver ? (rules.returns(s)[side] ?? 0) : rules.evaluate(s, side);
  }

  return {
    name: 'search',
    stats,
    choose(state, legal) {
      stats.decisions++;
      const preferred = policy.choose(state, legal);
      if (legal.length === 1 || (options.searchIf && !options.searchIf(state, legal))) return preferred;
      const side = rules.actor(state);
      if (side === null) return preferred;
      stats.searched++;
      // Candidates: the policy's choice and a seeded sample of the rest.
      const next = prng(mix32(seed, state.rolls, state.turn, legal.length, stats.decisions));
      const others = legal.filter((a) => !same(a, preferred));
      for (let i = others.length - 1; i > 0; i--) {
        const j = Math.floor(next() * (i + 1));
        [others[i], others[j]] = [others[j]!, others[i]!];
      }
      let field = [preferred, ...others.slice(0, k - 1)].map((action) => ({ action, total: 0, n: 0 }));
      let round = 0;
      while (field.length > 1) {
        const per = first << round;
        for (const c of field) {
          for (let r = 0; r < per; r++) {
            c.total += rollout(state, side, c.action, mix32(seed, state.rolls, stats.decisions, round, r));
            c.n++;
          }
        }
        // Keep the better half; on equal means the policy's own choice (listed first) stays ahead.
        field = field
          .map((c, i) => ({ c, i }))
          .sort((x, y) => y.c.total / y.c.n - x.c.total / x.c.n || x.i - y.i)
          .slice(0, Math.ceil(field.length / 2))
          .sort((x, y) => x.i - y.i)
          .map((x) => x.c);
        round++;
      }
      return field[0]!.action;
    },
  };
}
