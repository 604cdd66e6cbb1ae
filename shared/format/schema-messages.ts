// Turns ajv's schema errors into sentences a scenario designer can act on: what is wrong,
// what was expected and what was found. One issue per problem: ajv reports each failed
// keyword separately (type and minimum of the same value, a bad property name and the
// pattern behind it), and those are merged here.
import type { ErrorObject } from 'ajv';
import { escapePointerToken, listOr, showValue, type ValidationIssue } from './issues.js';

type SchemaNode = Record<string, unknown>;

const isNode = (v: unknown): v is SchemaNode => typeof v === 'object' && v !== null && !Array.isArray(v);

// Known patterns of the format, described in words. Unknown patterns fall back to the regex.
const patternWords: Record<string, string> = {
  '^[A-Za-z0-9_-]{1,64}$': 'an id of 1 to 64 letters, digits, "-" or "_"',
  '^[A-Za-z0-9_-]{1,32}$': 'a side id of 1 to 32 letters, digits, "-" or "_"',
  '^[a-z0-9_-]{1,32}$': 'an id of 1 to 32 lower-case letters, digits, "-" or "_"',
  '^[A-Za-z0-9]$': 'a single letter or digit',
  '^[!-~]$': 'a single printable ASCII character other than a space',
  '^#[0-9a-fA-F]{6}$': 'a colour written "#rrggbb", such as "#4f7942"',
  '^(0|[1-9][0-9]{0,4}),(0|[1-9][0-9]{0,4})$': 'a cell written "col,row" counted from 0, such as "3,7"',
  '^((0|[1-9][0-9]{0,4}),(0|[1-9][0-9]{0,4})|[A-Za-z0-9_-]{1,64})$':
    'a cell written "col,row" counted from 0, such as "3,7" (on a network map, a position\'s id)',
  '^[A-Za-z][A-Za-z0-9_.-]{0,63}$': 'a name of up to 64 letters, digits, ".", "-" or "_", starting with a letter',
  '^-?(0|[1-9][0-9]{0,4}),-?(0|[1-9][0-9]{0,4}),(N|NE|E|SE)$':
    'a cell side written "col,row,DIR" with DIR one of N, NE, E or SE, such as "3,7,NE"',
  '^[0-9]{4}-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])$': 'a date written YYYY-MM-DD, such as "1941-10-02"',
};

// What an object of a given schema title is called in a sentence.
const nouns: Record<string, string> = {
  Scenario: 'scenario',
  OperationalOptions: 'ruleset options',
  RulesetOptions: 'ruleset options',
  BfmOptions: 'ruleset options',
  RulesetUnitFields: 'ruleset values',
  BfmUnitFields: 'ruleset values',
  NoUnitFields: 'ruleset values',
  SideFlags: 'side flags',
  PhysicalSize: 'cell size',
  CellFeatures: 'cell entry',
  GameMap: 'map',
  SideTurnRange: 'schedule entry',
  FuelShortage: 'fuel shortage entry',
  UnitCore: 'unit',
  PlacedUnit: 'unit',
  NewUnit: 'unit',
  CellGrid: 'grid',
  NetworkGrid: 'network grid',
  GridMap: 'grid map',
  MapPoint: 'point',
};

function nounOf(schema: SchemaNode | undefined): string {
  const title = typeof schema?.title === 'string' ? schema.title : undefined;
  if (!title) return 'object';
  return nouns[title] ?? title.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
}

const withArticle = (noun: string): string => (/^[aeiou]/i.test(noun) ? `an ${noun}` : `a ${noun}`);

// Nouns that name one object in the plural ("these ruleset options are...").
const pluralNouns = new Set(['ruleset options', 'side flags', 'ground conditions', 'ruleset values']);

/** "This unit" or "These ruleset options", and whether the verb is plural. */
function thisOne(schema: SchemaNode | undefined): { subject: string; plural: boolean } {
  const noun = nounOf(schema);
  const plural = pluralNouns.has(noun);
  return { subject: `${plural ? 'These' : 'This'} ${noun}`, plural };
}

function rangeWords(s: SchemaNode): string {
  const num = (k: string) => (typeof s[k] === 'number' ? (s[k] as number) : undefined);
  const lo = num('minimum');
  const loEx = num('exclusiveMinimum');
  const hi = num('maximum');
  const hiEx = num('exclusiveMaximum');
  if (lo !== undefined && hi !== undefined) return ` from ${lo} to ${hi}`;
  const parts: string[] = [];
  if (lo !== undefined) parts.push(`at least ${lo}`);
  if (loEx !== undefined) parts.push(`above ${loEx}`);
  if (hi !== undefined) parts.push(`at most ${hi}`);
  if (hiEx !== undefined) parts.push(`below ${hiEx}`);
  return parts.length ? ' ' + parts.join(' and ') : '';
}

function countWords(min: number | undefined, max: number | undefined, unit: string, units = unit + 's'): string {
  const many = units;
  const count = (n: number) => `${n} ${n === 1 ? unit : many}`;
  if (min !== undefined && min === max) return `exactly ${count(min)}`;
  if (min !== undefined && max !== undefined) return `${min} to ${count(max)}`;
  if (min !== undefined) return `at least ${count(min)}`;
  if (max !== undefined) return `at most ${count(max)}`;
  return `any number of ${many}`;
}

function stringWords(s: SchemaNode): string {
  if (typeof s.pattern === 'string') return patternWords[s.pattern] ?? `text matching ${s.pattern}`;
  const min = typeof s.minLength === 'number' ? s.minLength : undefined;
  const max = typeof s.maxLength === 'number' ? s.maxLength : undefined;
  if (min === undefined && max === undefined) return 'text';
  if (min === 1 && max === undefined) return 'non-empty text';
  return `text of ${countWords(min, max, 'character')}`;
}

function typeWords(type: string, s: SchemaNode): string {
  switch (type) {
    case 'integer':
      return 'a whole number' + rangeWords(s);
    case 'number':
      return 'a number' + rangeWords(s);
    case 'string':
      return stringWords(s);
    case 'boolean':
      return 'true or false';
    case 'object':
      return 'an object';
    case 'array': {
      const min = typeof s.minItems === 'number' ? s.minItems : undefined;
      const max = typeof s.maxItems === 'number' ? s.maxItems : undefined;
      return min === undefined && max === undefined ? 'a list' : `a list of ${countWords(min, max, 'item')}`;
    }
    default:
      return type;
  }
}

/** What a value must be, in words: "a whole number from 1 to 4096", "one of "hex" or "square"". */
export function describeExpected(s: SchemaNode): string {
  if ('const' in s) return `exactly ${JSON.stringify(s.const)}`;
  if (Array.isArray(s.enum)) return `one of ${listOr(s.enum.map((v) => JSON.stringify(v)))}`;
  const types = Array.isArray(s.type) ? (s.type as string[]) : typeof s.type === 'string' ? [s.type] : typeof s.pattern === 'string' ? ['string'] : [];
  const words = types.filter((t) => t !== 'null').map((t) => typeWords(t, s));
  const text = words.length ? listOr(words) : 'a valid value';
  return types.includes('null') ? `${text}, or null` : text;
}

function lastToken(instancePath: string): string {
  const token = instancePath.slice(instancePath.lastIndexOf('/') + 1);
  return token.replace(/~1/g, '/').replace(/~0/g, '~');
}

/** How a sentence names the value at a pointer: "cols" for a field, "Item 3 of "tags"" in a list. */
function subjectOf(instancePath: string): string {
  if (instancePath === '') return 'The scenario';
  const token = lastToken(instancePath);
  if (/^(0|[1-9][0-9]*)$/.test(token)) {
    const parent = lastToken(instancePath.slice(0, instancePath.lastIndexOf('/')));
    return `Entry ${token} of "${parent}"`;
  }
  return `"${token}"`;
}

/** Properties an object schema knows, following local `$ref`s inside allOf (for unknown-field hints). */
function knownFields(s: SchemaNode | undefined, root: SchemaNode | undefined): string[] {
  if (!s) return [];
  const fields = isNode(s.properties) ? Object.keys(s.properties) : [];
  for (const part of Array.isArray(s.allOf) ? s.allOf : []) {
    if (!isNode(part)) continue;
    const target = typeof part.$ref === 'string' ? resolveLocalRef(part.$ref, root) : part;
    fields.push(...knownFields(target, root));
  }
  return [...new Set(fields)];
}

function resolveLocalRef(ref: string, root: SchemaNode | undefined): SchemaNode | undefined {
  if (!root || !ref.startsWith('#/')) return undefined;
  let node: unknown = root;
  for (const token of ref.slice(2).split('/')) node = isNode(node) ? node[token.replace(/~1/g, '/').replace(/~0/g, '~')] : undefined;
  return isNode(node) ? node : undefined;
}

function editDistance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    let diag = row[0]!;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const up = row[j]!;
      row[j] = Math.min(up + 1, row[j - 1]! + 1, diag + (a[i - 1]!.toLowerCase() === b[j - 1]!.toLowerCase() ? 0 : 1));
      diag = up;
    }
  }
  return row[b.length]!;
}

/** The known name a misspelt field most likely meant, if any is close. */
export function closestName(name: string, candidates: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestDistance = Math.max(1, Math.min(2, Math.floor(name.length / 3)));
  for (const c of candidates) {
    const d = editDistance(name, c);
    if (d <= bestDistance && (best === undefined || d < editDistance(name, best))) {
      best = c;
      bestDistance = d;
    }
  }
  return best;
}

// Keywords that each constrain a single value; all failures at one place merge into one issue.
const valueKeywords = new Set([
  'type', 'enum', 'const', 'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf',
  'pattern', 'minLength', 'maxLength', 'format',
]);

type Finding = Omit<ValidationIssue, 'severity'>;

const underPointer = (path: string, base: string) => path === base || path.startsWith(base + '/');

/** The alternatives of a oneOf/anyOf error, with local `$ref`s resolved. */
function alternatives(e: ErrorObject, root: SchemaNode | undefined): SchemaNode[] {
  const list = isNode(e.parentSchema) ? e.parentSchema[e.keyword] : undefined;
  if (!Array.isArray(list)) return [];
  return list.map((alt) => (isNode(alt) && typeof alt.$ref === 'string' ? resolveLocalRef(alt.$ref, root) ?? alt : isNode(alt) ? alt : {}));
}

/** The values an alternative pins a property to ("type": "move", "kind": one of hex or square). */
function tagValues(alt: SchemaNode, name: string): unknown[] | undefined {
  const p = isNode(alt.properties) ? alt.properties[name] : undefined;
  if (!isNode(p)) return undefined;
  if ('const' in p) return [p.const];
  return Array.isArray(p.enum) ? p.enum : undefined;
}

/** A property every alternative pins to a constant or a list of them, if there is one. */
function discriminator(alts: SchemaNode[]): string | undefined {
  const first = alts[0];
  if (alts.length < 2 || !first || !isNode(first.properties)) return undefined;
  return Object.keys(first.properties).find((name) => alts.every((a) => tagValues(a, name) !== undefined));
}

/** Alternatives that are each one plain value ("text, a number or true/false"), with no object shape. */
const plainValues = (alts: SchemaNode[]): boolean =>
  alts.length > 1 && alts.every((a) => typeof a.type === 'string' && !['object', 'array', 'null'].includes(a.type));

/**
 * With allErrors, a failed oneOf/anyOf reports the errors of every alternative and then its
 * own. Reduced here to what helps: for a tagged union, the errors of the alternative the tag
 * names (or one sentence about the tag itself); for "X or null", the errors of X.
 * Returns the errors to translate, with some replaced by ready findings.
 */
function pruneAlternatives(errors: readonly ErrorObject[], root: SchemaNode | undefined): (ErrorObject | Finding)[] {
  const drop = new Set<number>();
  const replace = new Map<number, Finding>();
  errors.forEach((e, index) => {
    if (e.keyword !== 'oneOf' && e.keyword !== 'anyOf') return;
    const at = e.instancePath;
    const block: number[] = [];
    // Errors of nested alternatives (already pruned) sit inside this block too.
    for (let i = index - 1; i >= 0 && underPointer(errors[i]!.instancePath, at); i--) if (!drop.has(i)) block.push(i);
    const alts = alternatives(e, root);
    const tag = discriminator(alts);
    const data = e.data as Record<string, unknown> | null;
    if (tag) {
      const tags = alts.flatMap((a) => tagValues(a, tag)!);
      const chosen = alts.find((a) => tagValues(a, tag)!.includes(isNode(data) ? data[tag] : undefined));
      if (!chosen) {
        for (const i of block) drop.add(i);
        const has = isNode(data) && tag in data;
        replace.set(index, {
          pointer: has ? `${at}/${escapePointerToken(tag)}` : at,
          ...(has ? { value: data[tag] } : {}),
          message: has
            ? `"${tag}" must be one of ${listOr(tags.map((t) => JSON.stringify(t)))} (found ${showValue(data[tag])}).`
            : `${subjectOf(at)} needs a "${tag}" field, one of ${listOr(tags.map((t) => JSON.stringify(t)))}.`,
        });
        return;
      }
      for (const i of block) {
        const b = errors[i]!;
        const bParent = isNode(b.parentSchema) ? b.parentSchema : {};
        const otherAlternative = b.instancePath === at && typeof bParent.title === 'string' && bParent.title !== chosen.title;
        const tagMismatch = b.instancePath === `${at}/${escapePointerToken(tag)}` && (b.keyword === 'const' || b.keyword === 'enum');
        if (otherAlternative || tagMismatch) drop.add(i);
      }
      drop.add(index);
      return;
    }
    if (plainValues(alts)) {
      for (const i of block) drop.add(i);
      replace.set(index, {
        pointer: at,
        value: e.data,
        message: `${subjectOf(at)} must be ${listOr(alts.map(describeExpected))} (found ${showValue(e.data)}).`,
      });
      return;
    }
    if (data !== null && alts.some((a) => a.type === 'null')) {
      for (const i of block) {
        const b = errors[i]!;
        if (b.instancePath === at && b.keyword === 'type' && (b.params as { type?: unknown }).type === 'null') drop.add(i);
      }
      drop.add(index);
    }
  });
  return errors.flatMap<ErrorObject | Finding>((e, i) => (replace.has(i) ? [replace.get(i)!] : drop.has(i) ? [] : [e]));
}

const isFinding = (x: ErrorObject | Finding): x is Finding => !('keyword' in x);

/**
 * Converts ajv errors (from a validator compiled with `allErrors` and `verbose`) into issues.
 * `root` is the schema document, used to follow local `$ref`s when listing known fields.
 */
export function schemaIssues(errors: readonly ErrorObject[], root?: SchemaNode): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  const seen = new Set<string>();
  const add = (issue: Finding) => {
    const key = `${issue.pointer}\u0000${issue.message}`;
    if (seen.has(key)) return;
    seen.add(key);
    issues.push({ ...issue, severity: 'error' });
  };

  // Errors raised while checking a property name carry `propertyName`; they explain the
  // matching `propertyNames` error and are folded into it.
  const nameErrors = new Map<string, ErrorObject>();
  for (const e of errors) {
    const propertyName = (e as ErrorObject & { propertyName?: string }).propertyName;
    if (propertyName !== undefined) nameErrors.set(`${e.instancePath}\u0000${propertyName}`, e);
  }
  const valueErrorsDone = new Set<string>();

  for (const e of pruneAlternatives(errors, root)) {
    if (isFinding(e)) {
      add(e);
      continue;
    }
    if ((e as ErrorObject & { propertyName?: string }).propertyName !== undefined) continue;
    // A failed if/then (a ruleset's own options or unit values) is reported by the errors of its
    // "then" branch, listed too; the "must match then" line adds nothing a person can act on.
    if (e.keyword === 'if') continue;
    const parent = isNode(e.parentSchema) ? e.parentSchema : {};
    const params = e.params as Record<string, unknown>;
    const at = e.instancePath;

    if (valueKeywords.has(e.keyword)) {
      if (valueErrorsDone.has(at)) continue;
      valueErrorsDone.add(at);
      add({
        pointer: at,
        value: e.data,
        message: `${subjectOf(at)} must be ${describeExpected(parent)} (found ${showValue(e.data)}).`,
      });
      continue;
    }

    switch (e.keyword) {
      case 'required': {
        const field = String(params.missingProperty);
        const { subject, plural } = thisOne(parent);
        add({ pointer: at, message: `${subject} ${plural ? 'are' : 'is'} missing the required field "${field}".` });
        break;
      }
      case 'additionalProperties':
      case 'unevaluatedProperties': {
        const field = String(params.additionalProperty ?? params.unevaluatedProperty);
        const known = knownFields(parent, root);
        const guess = closestName(field, known);
        const hint = guess ? ` Did you mean "${guess}"?` : known.length ? ` Known fields: ${known.join(', ')}.` : '';
        add({
          pointer: at,
          value: field,
          message: `${thisOne(parent).subject} ${thisOne(parent).plural ? 'have' : 'has'} an unknown field "${field}".${hint}`,
        });
        break;
      }
      case 'propertyNames': {
        const name = String(params.propertyName);
        const inner = nameErrors.get(`${at}\u0000${name}`);
        const rule = inner && isNode(inner.parentSchema) ? describeExpected(inner.parentSchema) : 'a valid key';
        add({
          pointer: `${at}/${escapePointerToken(name)}`,
          value: name,
          message: `The key "${name}" in ${subjectOf(at)} must be ${rule}.`,
        });
        break;
      }
      case 'minItems':
      case 'maxItems': {
        const min = typeof parent.minItems === 'number' ? parent.minItems : undefined;
        const max = typeof parent.maxItems === 'number' ? parent.maxItems : undefined;
        const found = Array.isArray(e.data) ? e.data.length : 0;
        add({
          pointer: at,
          message: `${subjectOf(at)} must have ${countWords(min, max, 'entry', 'entries')} (found ${found}).`,
        });
        break;
      }
      case 'uniqueItems': {
        const i = Number(params.i);
        const j = Number(params.j);
        const later = Math.max(i, j);
        const data = Array.isArray(e.data) ? (e.data as unknown[]) : [];
        add({
          pointer: `${at}/${later}`,
          value: data[later],
          message: `${subjectOf(at)} lists ${showValue(data[later])} twice (entries ${Math.min(i, j)} and ${later}); remove one.`,
        });
        break;
      }
      case 'minProperties':
      case 'maxProperties': {
        const limit = Number(params.limit);
        add({
          pointer: at,
          message:
            e.keyword === 'maxProperties' && limit === 0
              ? `${thisOne(parent).subject} ${thisOne(parent).plural ? 'are' : 'is'} not read by this scenario's ruleset; remove ${thisOne(parent).plural ? 'them' : 'it'}.`
              : e.keyword === 'minProperties'
              ? `${thisOne(parent).subject} ${thisOne(parent).plural ? 'set' : 'sets'} nothing; give at least ${limit} field${limit === 1 ? '' : 's'} or remove ${thisOne(parent).plural ? 'them' : 'it'}.`
              : `${thisOne(parent).subject} ${thisOne(parent).plural ? 'have' : 'has'} more than ${limit} fields.`,
        });
        break;
      }
      case 'if':
        // An if/then/else (a grid map's rows, a cell size per unit): the failures inside the
        // branch that applied say what is wrong.
        break;
      case 'oneOf':
      case 'anyOf':
        // The errors of each alternative are listed too; this says why they all appear.
        add({
          pointer: at,
          message: `${subjectOf(at)} matches none of the forms ${withArticle(nounOf(parent))} may take; fix it to match one of them.`,
        });
        break;
      default:
        add({ pointer: at, value: e.data, message: `${subjectOf(at)} is not valid here (${e.message ?? e.keyword}).` });
    }
  }
  return issues;
}
