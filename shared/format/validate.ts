// validateScenario: the one gate every scenario passes before it is saved, played or packed.
// First the JSON Schema (precompiled, so no code is generated at run time), then, only when
// the shape is right, the semantic checks the schema cannot express: the format's own, then
// those of the scenario's ruleset (shared/rules/catalogue.ts).
import scenarioSchema from '../../schemas/scenario.schema.json' with { type: 'json' };
import { runChecks } from './checks/index.js';
import { rulesetChecks } from '../rules/catalogue.js';
import { hasErrors, type ValidationIssue, type ValidationResult } from './issues.js';
import type { Scenario } from './scenario.types.js';
import { schemaIssues } from './schema-messages.js';
import validateSchema from './scenario.validate.generated.js';

export type { Severity, ValidationIssue, ValidationResult } from './issues.js';

/** Schema only: the issues of a document that does not have the scenario's shape, or []. */
export function scenarioSchemaIssues(json: unknown): ValidationIssue[] {
  if (validateSchema(json)) return [];
  return schemaIssues(validateSchema.errors ?? [], scenarioSchema as Record<string, unknown>);
}

/**
 * Checks a parsed scenario file. `ok` is true when there are no errors; warnings (design
 * advice) may still be listed. Never throws on bad input.
 */
export function validateScenario(json: unknown): ValidationResult<Scenario> {
  const shape = scenarioSchemaIssues(json);
  if (shape.length) return { ok: false, issues: shape };
  const scenario = json as Scenario;
  let issues: ValidationIssue[];
  try {
    issues = [...runChecks(scenario), ...rulesetChecks(scenario)];
  } catch (err) {
    // A check crashing is a bug, but the user still gets an answer instead of a stack trace.
    issues = [
      {
        pointer: '',
        severity: 'error',
        message: `The scenario could not be checked (${err instanceof Error ? err.message : String(err)}).`,
      },
    ];
  }
  return hasErrors(issues) ? { ok: false, issues } : { ok: true, value: scenario, issues };
}
