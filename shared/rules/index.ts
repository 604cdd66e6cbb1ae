// Public entry of the rules engine: the contract's types, the registry, saved games and the
// queries the UI may ask (public.ts). Nothing outside shared/rules reaches into a ruleset's own
// folder; the dependency-rule test (shared/purity.test.ts) holds the renderer to it.
export * from './types.js';
export { RULESETS, rulesetList, getRuleset, rulesetFor, replay, type ReplayResult } from './engine.js';
export { toSaveGame, loadSaveGame, type SaveOptions, type LoadResult } from './savegame.js';
export * from './public.js';
export { operational } from './operational/index.js';
