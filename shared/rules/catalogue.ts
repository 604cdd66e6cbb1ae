// Every ruleset's declaration and scenario checks, without its engine: what the format's
// validator, the checks panel and print code need to know about a ruleset (which parts of the
// scenario it reads, its stacking limit, its own checks) at the cost of loading data only.
import type { ValidationIssue } from '../format/issues.js';
import type { Scenario } from '../format/scenario.types.js';
import { bfmChecks } from './bfm/checks.js';
import { bfmDeclaration } from './bfm/declaration.js';
import { bfChecks } from './bf/checks.js';
import { bfDeclaration } from './bf/declaration.js';
import { operationalDeclaration } from './operational/declaration.js';
import type { RulesetDeclaration, ScenarioFeature } from './types.js';

interface CatalogueEntry {
  declaration: RulesetDeclaration;
  checks: (scenario: Scenario) => ValidationIssue[];
}

const ENTRIES: Readonly<Record<string, CatalogueEntry>> = {
  operational: { declaration: operationalDeclaration, checks: () => [] },
  bfm: { declaration: bfmDeclaration, checks: bfmChecks },
  bf: { declaration: bfDeclaration, checks: bfChecks },
};

/** The declaration of a ruleset by id, or undefined for an unknown id. */
export const declarationById = (id: string): RulesetDeclaration | undefined => ENTRIES[id]?.declaration;

/** Every ruleset's declaration, in picker order. */
export const declarations = (): RulesetDeclaration[] => Object.values(ENTRIES).map((e) => e.declaration);

/** Whether the scenario's ruleset reads this part of the scenario (unknown rulesets: everything, so nothing is hidden). */
export function usesFeature(scenario: Pick<Scenario, 'ruleset'>, feature: ScenarioFeature): boolean {
  const d = declarationById(scenario.ruleset.id);
  return d ? d.features.has(feature) : true;
}

/** Most units of one side in a cell under the scenario's ruleset (null: no limit). */
export function stackingLimitOf(scenario: Scenario): number | null {
  const d = declarationById(scenario.ruleset.id);
  return d ? d.traits.stackingLimit(scenario) : null;
}

/** The scenario's ruleset's own checks (a schema-valid scenario). */
export function rulesetChecks(scenario: Scenario): ValidationIssue[] {
  return ENTRIES[scenario.ruleset.id]?.checks(scenario) ?? [];
}
