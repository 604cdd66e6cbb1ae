import { gridSpecOf } from '../../shared/format/defaults.js';
import type { Scenario } from '../../shared/format/scenario.types.js';
import type { ScenarioSummary } from '../../shared/host/contract.js';

/** The fields a scenario list shows, taken from a validated scenario. */
export function summarizeScenario(scenario: Scenario): ScenarioSummary {
  const grid = scenario.map.grid;
  const spec = gridSpecOf(scenario);
  const summary: ScenarioSummary = {
    id: scenario.id,
    title: scenario.title,
    tags: [...(scenario.tags ?? [])],
    ruleset: scenario.ruleset.id,
    grid: { kind: grid.kind, cols: spec.cols, rows: spec.rows },
    sides: scenario.sides.map((s) => ({ id: s.id, name: s.name, code: s.code, colour: s.colour })),
    turns: scenario.calendar.turns,
    startDate: scenario.calendar.startDate,
  };
  if (grid.kind === 'hex') summary.grid.orientation = grid.orientation ?? 'flat';
  if (scenario.author) summary.author = scenario.author;
  if (scenario.description) summary.description = scenario.description;
  return summary;
}
