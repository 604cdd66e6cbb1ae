// Dice every ruleset shares: the state's seeded generator (sfc32) or a test script. They were
// first written for the operational engine (operational/dice.ts, which stays where it is) and are
// re-exported here for the others.
export { DiceExhausted, rollD6, scriptedDice, seedDice } from './operational/dice.js';
import type { NewGameOptions } from './types.js';
import type { DiceState } from '../format/savegame.types.js';
import { scriptedDice, seedDice } from './operational/dice.js';

/** The dice a new game starts with: the script when given, else the seed (default 1). */
export const diceFor = (options: NewGameOptions = {}): DiceState => (options.dice ? scriptedDice(options.dice) : seedDice(options.seed ?? 1));
