// The scenario editor's panel logic, free of any UI: checks panel, order-of-battle paste,
// strength totals, turn track and order-of-battle edits. Pure functions over the scenario
// document; edits return a new scenario (or an EditResult) and never change their input.
export * from './arrivals.js';
export * from './checks.js';
export * from './facing.js';
export * from './ground.js';
export * from './ids.js';
export * from './oob.js';
export * from './places.js';
export * from './paste.js';
export * from './ranges.js';
export * from './reach.js';
export * from './ruleset-switch.js';
export * from './targets.js';
export * from './totals.js';
export * from './turn-track.js';
export * from './unit-fields.js';
export * from './victory.js';
