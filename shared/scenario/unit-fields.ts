// A unit's values as the scenario's ruleset declares them (shared/rules declaration `unitFields`):
// which columns the order-of-battle table and the unit inspector show, with the ruleset's own
// labels, and the edits of a ruleset value (`unit.fields[key]`) checked as its declaration says
// (type, range, enum values) so a table cell can refuse bad input in place.
import { declarationById } from '../rules/catalogue.js';
import type { FieldDecl } from '../rules/types.js';
import type { NewUnit, RulesetUnitFields, Scenario } from '../format/scenario.types.js';
import { done, fail, type EditResult } from './edit.js';
import { findUnit } from './oob.js';

export type FieldValue = number | boolean | string;

/** The ruleset's unit fields in table order (core fields with its labels, then its own); operational's when the ruleset is unknown. */
export function unitFieldsOf(scenario: Pick<Scenario, 'ruleset'>): readonly FieldDecl[] {
  return (declarationById(scenario.ruleset.id) ?? declarationById('operational')!).unitFields;
}

/** What the scenario's ruleset reads from a network position's properties (none for most rulesets). */
export function positionFieldsOf(scenario: Pick<Scenario, 'ruleset'>): readonly FieldDecl[] {
  return declarationById(scenario.ruleset.id)?.positionFields ?? [];
}

/** Only the ruleset's own values (`unit.fields`), in declaration order. */
export const rulesetFieldsOf = (scenario: Pick<Scenario, 'ruleset'>): FieldDecl[] => unitFieldsOf(scenario).filter((f) => f.where === 'fields');

/** The declaration of a core field when the ruleset reads it (its label, range), else undefined. */
export const coreFieldOf = (scenario: Pick<Scenario, 'ruleset'>, key: 'name' | 'branch' | 'strength' | 'elite'): FieldDecl | undefined =>
  unitFieldsOf(scenario).find((f) => f.where === 'core' && f.key === key);

/** The value a unit has for a ruleset field, its default when unset. */
export function fieldValue(unit: Pick<NewUnit, 'fields'>, decl: FieldDecl): FieldValue | undefined {
  const v = (unit.fields as Record<string, unknown> | undefined)?.[decl.key];
  return v === undefined ? (decl.default as FieldValue | undefined) : (v as FieldValue);
}

const rangeText = (d: FieldDecl): string =>
  d.type === 'integer' ? `a whole number from ${d.min ?? 0} to ${d.max ?? 99}` : `a number from ${d.min ?? 0} to ${d.max ?? 99}`;

/**
 * What a person typed (or ticked) for a field → its value, `undefined` for "empty" (the
 * default; refused when the field is required and has none), or a message naming the field.
 */
export function readFieldValue(decl: FieldDecl, input: string | boolean): { value: FieldValue | undefined } | { message: string } {
  if (decl.type === 'boolean') return { value: typeof input === 'boolean' ? input : /^(y|yes|x|true|1)$/i.test(input.trim()) };
  const text = String(input).trim();
  if (text === '') {
    if (decl.required && decl.default === undefined) return { message: `${decl.label} is needed: ${decl.type === 'enum' ? `one of ${(decl.values ?? []).map((v) => v.label).join(', ')}` : rangeText(decl)}.` };
    return { value: undefined };
  }
  if (decl.type === 'integer' || decl.type === 'number') {
    const n = decl.type === 'integer' ? (/^-?\d+$/.test(text) ? Number(text) : NaN) : Number(text);
    if (!Number.isFinite(n) || (decl.min !== undefined && n < decl.min) || (decl.max !== undefined && n > decl.max)) return { message: `${decl.label} must be ${rangeText(decl)}, not "${text}".` };
    return { value: n };
  }
  if (decl.type === 'enum') {
    const v = decl.values?.find((x) => x.value.toLowerCase() === text.toLowerCase() || x.label.toLowerCase() === text.toLowerCase());
    return v ? { value: v.value } : { message: `${decl.label}: "${text}" is not one of ${(decl.values ?? []).map((x) => x.label).join(', ')}.` };
  }
  return { value: text };
}

/** A unit's `fields` with one value set (a value equal to the declared default is left out); undefined when nothing is left. */
export function withFieldValue(fields: RulesetUnitFields | undefined, decl: FieldDecl, value: FieldValue | undefined): RulesetUnitFields | undefined {
  const next: Record<string, unknown> = { ...(fields ?? {}) };
  if (value === undefined || (value === decl.default && !decl.required)) delete next[decl.key];
  else next[decl.key] = value;
  return Object.keys(next).length ? (next as RulesetUnitFields) : undefined;
}

/** Sets one ruleset value of a unit (order of battle or reinforcement) from what was typed. */
export function setUnitField(scenario: Scenario, id: string, key: string, input: string | boolean): EditResult {
  const decl = rulesetFieldsOf(scenario).find((f) => f.key === key);
  if (!decl) return fail(key, `${scenario.ruleset.id} units have no value "${key}".`);
  const found = findUnit(scenario, id);
  if (!found) return fail('id', `No unit has the id "${id}".`);
  const read = readFieldValue(decl, input);
  if ('message' in read) return fail(`fields.${key}`, `${found.unit.name}: ${read.message}`);
  if (read.value === fieldValue(found.unit, decl) && (read.value !== undefined || found.unit.fields?.[key as keyof RulesetUnitFields] === undefined)) return done(scenario, id);
  const put = <U extends NewUnit>(u: U): U => {
    const fields = withFieldValue(u.fields, decl, read.value);
    const next = { ...u };
    if (fields) next.fields = fields;
    else delete next.fields;
    return next;
  };
  if (found.where === 'start') {
    const list = [...scenario.orderOfBattle];
    list[found.index] = put(found.unit);
    return done({ ...scenario, orderOfBattle: list }, id);
  }
  const list = [...scenario.reinforcements!];
  list[found.index] = { ...found.reinforcement, unit: put(found.unit) };
  return done({ ...scenario, reinforcements: list }, id);
}

/**
 * The ruleset values of a new unit from a form (key → what was typed): every value checked,
 * required ones present. Returns the `fields` object to store, or the first problem.
 */
export function readNewUnitFields(scenario: Pick<Scenario, 'ruleset'>, inputs: Readonly<Record<string, string | boolean>>): { fields: RulesetUnitFields | undefined } | { ok: false; field: string; message: string } {
  let fields: RulesetUnitFields | undefined;
  for (const decl of rulesetFieldsOf(scenario)) {
    const read = readFieldValue(decl, inputs[decl.key] ?? (decl.type === 'boolean' ? false : ''));
    if ('message' in read) return { ok: false, field: `fields.${decl.key}`, message: read.message };
    fields = withFieldValue(fields, decl, read.value);
  }
  return { fields };
}
