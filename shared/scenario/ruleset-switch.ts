// Moving a scenario to another ruleset: what the new ruleset cannot read is dropped (the old
// ruleset's options, unit values it does not declare), what it requires is filled in (a required
// unit value gets its declared default or its lowest allowed value, so the file stays
// schema-valid), and both are said in words before the designer confirms.
import { declarationById } from '../rules/catalogue.js';
import type { NewUnit, RulesetUnitFields, Scenario } from '../format/scenario.types.js';

export interface RulesetSwitch {
  scenario: Scenario;
  /** Sentences: what the new ruleset does not keep. */
  dropped: string[];
  /** Sentences: values filled in that the designer should set. */
  filled: string[];
}

export function switchRuleset(scenario: Scenario, id: Scenario['ruleset']['id']): RulesetSwitch {
  const from = declarationById(scenario.ruleset.id);
  const to = declarationById(id);
  if (!to) throw new Error(`Unknown ruleset "${id}".`);
  const dropped: string[] = [];
  const filled: string[] = [];
  const setOptions = Object.keys(scenario.ruleset.options ?? {});
  if (setOptions.length && id !== scenario.ruleset.id) {
    const label = (k: string) => from?.options.find((o) => o.key === k)?.label ?? k;
    dropped.push(`${from?.name ?? scenario.ruleset.id} options set in this scenario: ${setOptions.map(label).join(', ')}.`);
  }
  const declared = to.unitFields.filter((f) => f.where === 'fields');
  const droppedKeys = new Map<string, number>();
  const filledKeys = new Map<string, number>();
  const fix = <U extends NewUnit>(u: U): U => {
    const old = (u.fields ?? {}) as Record<string, unknown>;
    const next: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(old)) {
      if (declared.some((f) => f.key === k)) next[k] = v;
      else droppedKeys.set(k, (droppedKeys.get(k) ?? 0) + 1);
    }
    for (const f of declared) {
      if (next[f.key] !== undefined || !f.required) continue;
      next[f.key] = f.default ?? (f.type === 'boolean' ? false : f.type === 'enum' ? f.values?.[0]?.value : (f.min ?? 1));
      filledKeys.set(f.label, (filledKeys.get(f.label) ?? 0) + 1);
    }
    const out = { ...u };
    if (Object.keys(next).length) out.fields = next as RulesetUnitFields;
    else delete out.fields;
    return out;
  };
  const next: Scenario = { ...scenario, ruleset: { id }, orderOfBattle: scenario.orderOfBattle.map(fix) };
  if (scenario.reinforcements) next.reinforcements = scenario.reinforcements.map((r) => ({ ...r, unit: fix(r.unit) }));
  if (scenario.pool) next.pool = scenario.pool.map((p) => ({ ...p, unit: fix(p.unit) }));
  const fromLabel = (k: string) => from?.unitFields.find((f) => f.key === k)?.label ?? k;
  for (const [k, n] of droppedKeys) dropped.push(`${fromLabel(k)} of ${n} unit${n === 1 ? '' : 's'}.`);
  for (const [label, n] of filledKeys) filled.push(`${label} of ${n} unit${n === 1 ? '' : 's'} starts at a placeholder value: set it in the order of battle.`);
  return { scenario: next, dropped, filled };
}
