// The tabletop kit: counters, markers, tracks, play aids and the order of battle, printed at true
// size from a scenario and its ruleset's declaration (issue #20).
export * from './options.js';
export * from './content.js';
export * from './layout.js';
export * from './draw.js';
