// A unit's facing in the editor, for rulesets that declare it (traits.facing: The Portable
// Wargame's arcs of fire): the directions a unit may face on the scenario's grid (the sides of
// a hex, the sides of a square) and the edit of a starting unit's facing. Rulesets without
// facing get no choices, so the order of battle shows no Facing column for them.
import { gridSpecOf } from '../format/defaults.js';
import type { Scenario } from '../format/scenario.types.js';
import { createGrid, type Direction } from '../grid/index.js';
import { declarationById } from '../rules/catalogue.js';
import type { RulesetDeclaration } from '../rules/types.js';
import { done, fail, type EditResult } from './edit.js';

/** The directions a unit may face under `declaration` on the scenario's grid, or null when the rules have no facing. */
export function facingChoicesFor(declaration: Pick<RulesetDeclaration, 'traits'> | undefined, scenario: Pick<Scenario, 'map'>): readonly Direction[] | null {
  if (!declaration?.traits.facing || scenario.map.grid.kind === 'network') return null;
  return createGrid(gridSpecOf(scenario)).sideDirections;
}

/** The scenario's own ruleset's facing choices. */
export const facingChoices = (scenario: Scenario): readonly Direction[] | null => facingChoicesFor(declarationById(scenario.ruleset.id), scenario);

type Faced = { facing?: Direction };

/** A starting unit's facing (undefined: not set). */
export const facingOf = (unit: object): Direction | undefined => (unit as Faced).facing;

/** Sets (or clears, with null) the facing of a unit starting on the map. */
export function setUnitFacing(scenario: Scenario, id: string, facing: Direction | null): EditResult {
  const choices = facingChoices(scenario);
  if (!choices) return fail('facing', `${declarationById(scenario.ruleset.id)?.name ?? scenario.ruleset.id} units have no facing.`);
  if (facing !== null && !choices.includes(facing)) return fail('facing', `A unit on this grid faces ${choices.join(', ')}, not ${facing}.`);
  const index = scenario.orderOfBattle.findIndex((u) => u.id === id);
  if (index < 0) return fail('id', `No unit has the id "${id}".`);
  const unit = { ...scenario.orderOfBattle[index]! } as Scenario['orderOfBattle'][number] & Faced;
  if ((unit.facing ?? null) === facing) return done(scenario, id);
  if (facing === null) delete unit.facing;
  else unit.facing = facing;
  const list = [...scenario.orderOfBattle];
  list[index] = unit;
  return done({ ...scenario, orderOfBattle: list }, id);
}
