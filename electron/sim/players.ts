// Player kinds a simulation can put on either side, by name (CLI and worker messages carry
// names, not functions).
import { heuristicBot, randomPlayer, type Player } from '../../shared/bot/index.js';

/** bot: the ruleset's fast bot; search: its strong one (the general search bot over it, slow); random: uniform among legal actions. */
export const PLAYER_KINDS = ['bot', 'random', 'search'] as const;
export type PlayerKind = (typeof PLAYER_KINDS)[number];

export const isPlayerKind = (s: string): s is PlayerKind => (PLAYER_KINDS as readonly string[]).includes(s);

/** A fresh player for one game; `side` decorrelates two players of the same kind. */
export function makePlayer(kind: PlayerKind, seed: number, side: 0 | 1): Player {
  if (kind === 'bot') return heuristicBot({ seed });
  if (kind === 'search') return heuristicBot({ seed, level: 'strong' });
  return randomPlayer(seed * 2 + side);
}
