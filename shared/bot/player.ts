// What a computer player is to the game loop: given a state and the actions the rules offer
// the side that must act, pick one of them. Players never change the state themselves. The
// interface is part of the ruleset contract (rules/types.ts).
import type { Action, GameState, Player, RulesAction, RulesState } from '../rules/types.js';

export type { Player };

/** 32-bit mix of a few integers (murmur3 finaliser); the bots' stateless tie-breaker. */
export function mix32(...xs: number[]): number {
  let h = 0x9e3779b9;
  for (const x of xs) {
    h = Math.imul(h ^ (x >>> 0), 0x85ebca6b);
    h ^= h >>> 13;
    h = Math.imul(h, 0xc2b2ae35);
    h ^= h >>> 16;
  }
  return h >>> 0;
}

/** A stable 32-bit hash of a string (FNV-1a). */
export function hashString(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

import { prng } from '../random.js';

export { prng };

/**
 * Picks uniformly among the legal actions with its own generator: the same seed and the same
 * game give the same choices. Make a new one for every game (it keeps its stream).
 */
export function randomPlayer<S extends RulesState = GameState, A extends RulesAction = Action>(seed: number): Player<S, A> {
  const next = prng(mix32(seed, 0x5eed));
  return {
    name: 'random',
    choose(_state, legal) {
      return legal[Math.floor(next() * legal.length)]!;
    },
  };
}
