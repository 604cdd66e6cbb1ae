// Building a ruleset's declarations from its JSON Schema definitions, so the schema stays the one
// source of a value's type, range, default, label (`title`) and meaning (`description`), and
// the declaration adds only what a schema has no word for (short headers, paste header words,
// labels of enum values).
import type { CounterLayout, FieldDecl, FieldType } from './types.js';

type Node = Record<string, unknown>;
const isNode = (v: unknown): v is Node => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Follows a local "#/$defs/X" reference inside `root`; other nodes come back as they are. */
function resolve(node: Node, root: Node): Node {
  const ref = node.$ref;
  if (typeof ref !== 'string') return node;
  const m = /^#\/\$defs\/([^/]+)$/.exec(ref);
  const defs = isNode(root.$defs) ? root.$defs : {};
  const target = m ? defs[m[1]!] : undefined;
  if (!isNode(target)) throw new Error(`declaration: cannot follow ${ref}`);
  // Keywords beside the $ref (title, default, description) win over the target's.
  const { $ref: _ref, ...beside } = node;
  void _ref;
  return { ...resolve(target, root), ...beside };
}

export interface FieldExtras {
  /** Column header (defaults to the label). */
  short?: string;
  /** Label (defaults to the schema title, then the key). */
  label?: string;
  /** Header words a pasted column may use (lower-case letters only); the key is always one. */
  paste?: string[];
  /** Labels of enum values, by value. */
  valueLabels?: Record<string, string>;
}

const words = (key: string): string => key.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/^./, (c) => c.toUpperCase());

/**
 * One FieldDecl per property of an object schema, in the schema's order. `definition` is the
 * object schema (e.g. `$defs.UnitFields`), `root` the schema document it lives in (for $refs).
 */
export function fieldsFromSchema(
  definition: unknown,
  root: unknown,
  where: FieldDecl['where'],
  extras: Readonly<Record<string, FieldExtras>> = {},
): FieldDecl[] {
  if (!isNode(definition) || !isNode(root)) throw new Error('declaration: expected an object schema');
  const def = resolve(definition, root);
  const props = isNode(def.properties) ? def.properties : {};
  const required = new Set(Array.isArray(def.required) ? (def.required as string[]) : []);
  return Object.entries(props).map(([key, raw]) => {
    if (!isNode(raw)) throw new Error(`declaration: property ${key} is not a schema`);
    const p = resolve(raw, root);
    const x = extras[key] ?? {};
    const enumValues = Array.isArray(p.enum) ? (p.enum as unknown[]).filter((v): v is string => typeof v === 'string') : undefined;
    const types = Array.isArray(p.type) ? (p.type as string[]) : typeof p.type === 'string' ? [p.type] : [];
    const type: FieldType = enumValues
      ? 'enum'
      : types.includes('integer')
        ? 'integer'
        : types.includes('number')
          ? 'number'
          : types.includes('boolean')
            ? 'boolean'
            : 'string';
    const label = x.label ?? (typeof p.title === 'string' ? p.title : words(key));
    const decl: FieldDecl = {
      key,
      where,
      label,
      short: x.short ?? label,
      help: typeof p.description === 'string' ? p.description : '',
      type,
      required: required.has(key),
      paste: [...new Set([key.toLowerCase(), ...(x.paste ?? [])])],
    };
    if (typeof p.minimum === 'number') decl.min = p.minimum;
    if (typeof p.maximum === 'number') decl.max = p.maximum;
    if ('default' in p) decl.default = p.default as FieldDecl['default'];
    if (enumValues) decl.values = enumValues.map((v) => ({ value: v, label: x.valueLabels?.[v] ?? words(v) }));
    return decl;
  });
}

/** The declaration of one of the core unit properties every ruleset shares. */
export function coreField(key: 'name' | 'branch' | 'strength' | 'elite', overrides: Partial<FieldDecl> = {}): FieldDecl {
  const base: Record<typeof key, FieldDecl> = {
    name: { key: 'name', where: 'core', label: 'Name', short: 'Name', help: 'Unit name as printed on the counter.', type: 'string', required: true, paste: ['name', 'unit', 'unitname', 'formation'] },
    branch: {
      key: 'branch',
      where: 'core',
      label: 'Branch',
      short: 'Branch',
      help: 'Branch of service.',
      type: 'enum',
      required: true,
      paste: ['branch', 'type', 'arm', 'branchofservice', 'service'],
    },
    strength: {
      key: 'strength',
      where: 'core',
      label: 'Strength',
      short: 'Str',
      help: 'Starting (full) combat strength.',
      type: 'integer',
      required: true,
      min: 1,
      max: 99,
      paste: ['strength', 'sp', 'str', 'cs', 'combatstrength', 'strengthpoints', 'points'],
    },
    elite: { key: 'elite', where: 'core', label: 'Elite', short: 'Elite', help: 'An elite unit.', type: 'boolean', required: false, default: false, paste: ['elite'] },
  };
  return { ...base[key], ...overrides };
}

/** A unit value as the ruleset sees it: core properties by name, declared ones from `fields`. */
export function unitValue(
  unit: { name: string; branch: string; strength: number; elite?: boolean; fields?: Record<string, unknown> },
  field: Pick<FieldDecl, 'key' | 'where' | 'default'>,
): number | string | boolean | undefined {
  if (field.where === 'core') {
    const v = (unit as unknown as Record<string, unknown>)[field.key];
    if (v === undefined) return field.default ?? undefined;
    return v as number | string | boolean;
  }
  const v = unit.fields?.[field.key];
  return v === undefined ? (field.default ?? undefined) : (v as number | string | boolean);
}

/** Fills a counter template: "{strength}-{movement}" with the unit's values. */
export function fillTemplate(template: string, value: (key: string) => unknown): string {
  return template.replace(/\{([A-Za-z0-9_]+)\}/g, (_m, key: string) => {
    const v = value(key);
    return v === undefined || v === null ? '?' : String(v);
  });
}

/** The symbol of a unit's counter: its type's when the layout names one (`typeKey`, `symbols`), else its branch's. */
export function counterSymbol(layout: Pick<CounterLayout, 'typeKey' | 'symbols'>, branch: string, values: Readonly<Record<string, unknown>> | undefined): string {
  const type = layout.typeKey ? values?.[layout.typeKey] : undefined;
  return (typeof type === 'string' ? layout.symbols?.[type] : undefined) ?? branch;
}
