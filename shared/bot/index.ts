// Computer players for the operational ruleset, the game loop that pits them against each
// other, and the statistics of many such games.
export { operationalHeuristicBot, type OperationalBotOptions } from './bot.js';
export { heuristicBot } from './rules-bot.js';
export type { BotOptions } from '../rules/types.js';
export { randomPlayer, type Player } from './player.js';
export { playGame, victoryCells, type GameRecord, type TurnRecord, type PlayOptions } from './game.js';
export * from './stats.js';
