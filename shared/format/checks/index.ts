// The semantic checks of a scenario, as a list of small named rules. Each returns findings in
// the same shape as schema issues; add a rule by adding an entry to a list here.
import type { ValidationIssue } from '../issues.js';
import type { Scenario } from '../scenario.types.js';
import { adviceChecks } from './advice.js';
import { buildContext, type CheckContext, type ScenarioCheck } from './context.js';
import { edgeChecks } from './edges.js';
import { mapChecks } from './map.js';
import { networkAdvice, networkChecks } from './network.js';
import { scheduleChecks } from './schedule.js';
import { sideChecks } from './sides.js';
import { unitChecks } from './units.js';
import { usesFeature } from '../../rules/catalogue.js';

export type { CheckContext, Finding, ScenarioCheck } from './context.js';
export { buildContext } from './context.js';

/** Rules whose failure makes a scenario invalid. */
export const errorChecks: readonly ScenarioCheck[] = [...mapChecks, ...networkChecks, ...sideChecks, ...edgeChecks, ...scheduleChecks, ...unitChecks];
/** Design advice; never blocks a save. */
export const warningChecks: readonly ScenarioCheck[] = [...adviceChecks, ...networkAdvice];
export const scenarioChecks: readonly ScenarioCheck[] = [...errorChecks, ...warningChecks];

export function checkById(id: string): ScenarioCheck | undefined {
  return scenarioChecks.find((c) => c.id === id);
}

/**
 * Runs checks over a schema-valid scenario; every finding carries its check's severity. A check
 * about a part of the scenario its ruleset does not read (supply bases in Battle for Moscow) is
 * skipped.
 */
export function runChecks(
  scenario: Scenario,
  checks: readonly ScenarioCheck[] = scenarioChecks,
  ctx: CheckContext = buildContext(scenario),
): ValidationIssue[] {
  return checks
    .filter((check) => check.feature === undefined || usesFeature(scenario, check.feature))
    .flatMap((check) => check.run(ctx).map((f) => ({ ...f, severity: check.severity })));
}
