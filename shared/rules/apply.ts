// The frame every ruleset's `apply` shares: a decision is carried out on a working copy of the
// state, the game runs on to the next decision, and running out of scripted dice refuses the
// action instead of throwing. What differs per ruleset (the shape and legality checks before,
// the step itself) stays in the ruleset.
import { DiceExhausted } from './dice.js';
import type { ApplyResult, GameEvent, RuleError, RuleErrorCode, RulesState } from './types.js';

/** A refusal: nothing changes, and the message says why. */
export const refuse = (code: RuleErrorCode, message: string): { ok: false; error: RuleError } => ({ ok: false, error: { code, message } });

/**
 * Runs `step` (carry the action out on `work`, the copy; a RuleError refuses it) and then
 * `advance` (on to the next decision), and answers with the copy's state and `events`.
 */
export function applyOnCopy<W extends { s: RulesState }>(
  work: W,
  events: GameEvent[],
  step: (work: W) => RuleError | null | undefined | void,
  advance: (work: W) => void,
): ApplyResult<W['s']> {
  try {
    const error = step(work);
    if (error) return { ok: false, error };
    advance(work);
  } catch (e) {
    if (e instanceof DiceExhausted) return refuse('diceExhausted', e.message);
    throw e;
  }
  return { ok: true, state: work.s, events };
}
