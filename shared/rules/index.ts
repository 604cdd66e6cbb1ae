// Public entry of the rules engine: the registry, the shared types, saved games.
export * from './types.js';
export { RULESETS, rulesetFor, replay, type ReplayResult } from './engine.js';
export { toSaveGame, loadSaveGame, type SaveOptions, type LoadResult } from './savegame.js';
export { operational } from './operational/index.js';
