// The parts of the operational rules engine the bot reads besides the public Ruleset: the
// compiled board, the to-hit and absorption arithmetic, supply distances and unit
// destinations. Reusing them keeps the bot's estimates equal to what the rules will do; they
// are gathered here so a change inside the engine is met in one place.
export { boardOf, IMPASSABLE, isDifficult, isUrban, type RulesBoard, type Link } from '../rules/operational/board.js';
export { absorption, canDefend, toHit } from '../rules/operational/combat.js';
export { destinations } from '../rules/operational/movement.js';
export { cellPassable, frozenGround, supplyDistances } from '../rules/operational/supply.js';
