// Generates code from every JSON Schema in schemas/ (`*.schema.json`), each to its own files
// in shared/format/:
//   <name>.types.ts                     TypeScript types (json-schema-to-typescript)
//   <name>.validate.generated.js/.d.ts  a precompiled ajv validator (standalone ESM), so no
//                                       code is compiled at run time and the renderer's CSP
//                                       never needs 'unsafe-eval'.
// Ruleset fragments (schemas/rulesets/<id>.schema.json: a ruleset's options, unit values,
// engine state and actions) get types only (ruleset-<id>.types.ts); the scenario and
// saved-game schemas $ref them, so their validators check them.
// A definition whose "$comment" reads "types: intersection of <refs>" or "types: union of
// <refs>" (refs separated by commas; "rulesets/*.schema.json#/$defs/X" means X of every
// fragment) is typed as that intersection (each member Partial: a bag of optional values)
// or union; if/then branches only constrain values and are left out of the types.
// `--check` regenerates in memory and exits 1 if a committed file differs (CI drift check).
//
// Usage: npm run gen | npm run check:gen
import { readFileSync, readdirSync, writeFileSync, existsSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Ajv2020 } from 'ajv/dist/2020.js';
import standaloneCodeModule from 'ajv/dist/standalone/index.js';
import { compile } from 'json-schema-to-typescript';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const schemaDir = join(root, 'schemas');
const outDir = join(root, 'shared', 'format');
const require = createRequire(import.meta.url);

// ajv's standalone module is CommonJS; depending on the loader the function is the default
// export or its `.default`.
const standaloneCode = ((standaloneCodeModule as unknown as { default?: unknown }).default ??
  standaloneCodeModule) as unknown as (ajv: Ajv2020, validate: unknown) => string;

export interface SchemaSource {
  /** File stem: "scenario" for scenario.schema.json; "ruleset-bfm" for rulesets/bfm.schema.json. */
  name: string;
  file: string;
  schema: JsonObject;
  /** A ruleset fragment: types only, no validator of its own. */
  fragment?: boolean;
}

export interface GeneratedFile {
  path: string;
  content: string;
}

const isObject = (v: Json | undefined): v is JsonObject =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

function readSchemaFiles(dir: string, prefix: string, fragment: boolean): SchemaSource[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith('.schema.json'))
    .sort()
    .map((f) => {
      const file = join(dir, f);
      const schema = JSON.parse(readFileSync(file, 'utf8')) as Json;
      if (!isObject(schema)) throw new Error(`${f}: a schema must be a JSON object`);
      if (typeof schema.$id !== 'string') throw new Error(`${f}: the schema needs an $id so others can $ref it`);
      const source: SchemaSource = { name: prefix + f.slice(0, -'.schema.json'.length), file, schema };
      if (fragment) source.fragment = true;
      return source;
    });
}

export function loadSchemas(dir = schemaDir): SchemaSource[] {
  return [...readSchemaFiles(dir, '', false), ...readSchemaFiles(join(dir, 'rulesets'), 'ruleset-', true)];
}

const pascal = (s: string): string =>
  s.replace(/(^|[^A-Za-z0-9])([A-Za-z0-9])/g, (_m, _sep: string, c: string) => c.toUpperCase());

const rootTypeName = (src: SchemaSource): string =>
  typeof src.schema.title === 'string' ? pascal(src.schema.title) : pascal(src.name);

// ---------------------------------------------------------------------------------------
// TypeScript types
// ---------------------------------------------------------------------------------------

const deepClone = (v: Json): Json => JSON.parse(JSON.stringify(v)) as Json;

/**
 * Rewrites a schema copy into the shape json-schema-to-typescript turns into readable types.
 * Validation always uses the schema as written; only the type generator sees this copy.
 * - `$ref` with sibling keywords (a description) makes the generator mint a duplicate type
 *   per use (SideId1, Turn1...): such a use names the $defs type directly (`tsType`) and
 *   keeps its description as the doc comment; other siblings are dropped.
 * - An object whose `allOf` pulls in another definition plus `unevaluatedProperties: false`
 *   (PlacedUnit, NewUnit) becomes one flat interface instead of `UnitCore & PlacedUnit1`.
 * - Arrays become tuples only when their length is fixed (`sides: [Side, Side]`); a bare
 *   minItems would give `[T, ...T[]]`, which every `.filter()` result fails to satisfy.
 * - A `$ref` into another schema file becomes a named type imported from its types module.
 */
function schemaForTypes(src: SchemaSource, all: SchemaSource[], imports: Map<string, Set<string>>): JsonObject {
  const schema = deepClone(src.schema) as JsonObject;
  const defs = isObject(schema.$defs) ? schema.$defs : {};

  const resolveLocal = (ref: string): JsonObject | undefined => {
    const m = /^#\/\$defs\/([^/]+)$/.exec(ref);
    const def = m ? defs[m[1]!] : undefined;
    return isObject(def) ? def : undefined;
  };

  const external = (ref: string): string | undefined => {
    if (ref.startsWith('#')) return undefined;
    const [file = '', pointer = ''] = ref.split('#');
    const wantsFragment = file.includes('rulesets/') || (src.fragment === true && !file.startsWith('../'));
    const target = all.find((s) => (s.fragment === true) === wantsFragment && s.file.endsWith('/' + file.split('/').pop()));
    if (!target) throw new Error(`${src.name}: cannot resolve $ref "${ref}" to a schema in schemas/`);
    const defName = /^\/\$defs\/([^/]+)$/.exec(pointer)?.[1];
    const targetDef = defName ? (target.schema.$defs as JsonObject | undefined)?.[defName] : target.schema;
    const typeName =
      isObject(targetDef) && typeof targetDef.title === 'string' ? pascal(targetDef.title) : pascal(defName ?? target.name);
    const names = imports.get(target.name) ?? new Set<string>();
    names.add(typeName);
    imports.set(target.name, names);
    return typeName;
  };

  /** A "types: intersection of ..." or "types: union of ..." comment as a TypeScript type, or undefined. */
  const composed = (comment: Json | undefined): string | undefined => {
    if (typeof comment !== 'string') return undefined;
    const m = /^types: (intersection|union) of (.+)$/.exec(comment);
    if (!m) return undefined;
    const names: string[] = [];
    for (const part of m[2]!.split(',').map((x) => x.trim())) {
      const [file = '', pointer = ''] = part.split('#');
      if (file === '') {
        const def = /^\/\$defs\/([^/]+)$/.exec(pointer)?.[1];
        const target = def ? defs[def] : undefined;
        if (!def || !isObject(target)) throw new Error(`${src.name}: "${comment}" names ${part}, which is not a definition here`);
        names.push(typeof target.title === 'string' ? pascal(target.title) : pascal(def));
      } else if (file === 'rulesets/*.schema.json') {
        for (const f of all.filter((s) => s.fragment)) {
          const t = external(`rulesets/${f.file.split('/').pop()}#${pointer}`);
          if (t && isObject((f.schema.$defs as JsonObject | undefined)?.[pointer.split('/').pop()!])) names.push(t);
        }
      } else {
        const t = external(part);
        if (t) names.push(t);
      }
    }
    if (names.length === 0) return '{}';
    return m[1] === 'union' ? names.join(' | ') : names.map((n) => `Partial<${n}>`).join(' & ');
  };

  const walk = (node: Json): Json => {
    if (Array.isArray(node)) return node.map(walk);
    if (!isObject(node)) return node;
    const tsType = composed(node.$comment);
    if (tsType) {
      const typed: JsonObject = { tsType };
      if (typeof node.title === 'string') typed.title = node.title;
      if (typeof node.description === 'string') typed.description = node.description;
      return typed;
    }
    const out: JsonObject = {};
    for (const [k, v] of Object.entries(node)) {
      // if/then/else only constrain values; the property types stand without them.
      if (k === 'if' || k === 'then' || k === 'else' || k === '$comment') continue;
      out[k] = k === 'enum' || k === 'const' || k === 'default' ? v : walk(v);
    }
    if (Array.isArray(out.allOf)) {
      const kept = (node.allOf as Json[]).filter((m) => !(isObject(m) && 'if' in m));
      if (kept.length === 0) delete out.allOf;
      else if (kept.length !== (node.allOf as Json[]).length) out.allOf = kept.map(walk);
    }

    if (typeof out.$ref === 'string') {
      const ext = external(out.$ref);
      if (ext) return typeof out.description === 'string' ? { tsType: ext, description: out.description } : { tsType: ext };
      const target = resolveLocal(out.$ref);
      // Keep a use-site description as the property's doc comment, naming the $defs type.
      if (typeof out.description === 'string' && typeof target?.title === 'string') {
        return { tsType: pascal(target.title), description: out.description };
      }
      return { $ref: out.$ref };
    }
    if (out.unevaluatedProperties === false && Array.isArray(out.allOf)) {
      const properties: JsonObject = {};
      const required = new Set<string>();
      for (const part of out.allOf) {
        const p = isObject(part) && typeof part.$ref === 'string' ? resolveLocal(part.$ref) : isObject(part) ? part : undefined;
        if (!p) throw new Error(`${src.name}: cannot flatten allOf member ${JSON.stringify(part)}`);
        Object.assign(properties, walk(p.properties ?? {}));
        for (const r of Array.isArray(p.required) ? p.required : []) required.add(String(r));
      }
      Object.assign(properties, out.properties ?? {});
      for (const r of Array.isArray(out.required) ? out.required : []) required.add(String(r));
      delete out.allOf;
      delete out.unevaluatedProperties;
      out.properties = properties;
      out.required = [...required];
      out.additionalProperties = false;
    }
    if (out.type === 'array' && !(typeof out.minItems === 'number' && out.minItems === out.maxItems)) {
      delete out.minItems;
      delete out.maxItems;
    }
    return out;
  };
  return walk(schema) as JsonObject;
}

const typesBanner = (src: SchemaSource): string =>
  `// GENERATED by scripts/gen-schema-code.ts from ${relative(root, src.file)}. Do not edit: change the\n` +
  `// schema and run \`npm run gen\`.\n/* eslint-disable */\n`;

/** Drops the generator's "referenced via definition" boilerplate from doc comments. */
function tidyTypes(ts: string): string {
  return ts
    .replace(/\n \*\n \* This interface was referenced by `[^`]+`'s JSON-Schema\n \* via the `definition` "[^"]+"\./g, '')
    .replace(/\/\*\*\n \* This interface was referenced by `[^`]+`'s JSON-Schema\n \* via the `definition` "[^"]+"\.\n \*\/\n/g, '');
}

async function generateTypes(src: SchemaSource, all: SchemaSource[]): Promise<string> {
  const imports = new Map<string, Set<string>>();
  const prepared = schemaForTypes(src, all, imports);
  const body = await compile(prepared as Parameters<typeof compile>[0], rootTypeName(src), {
    bannerComment: '',
    additionalProperties: false,
    unreachableDefinitions: true,
    strictIndexSignatures: false,
    unknownAny: true,
    declareExternallyReferenced: true,
    format: true,
    style: { singleQuote: true, printWidth: 110 },
    $refOptions: { resolve: { external: false } },
  });
  const importLines = [...imports.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([name, types]) => `import type { ${[...types].sort().join(', ')} } from './${name}.types.js';\n`)
    .join('');
  return typesBanner(src) + (importLines ? '\n' + importLines : '') + '\n' + tidyTypes(body);
}

// ---------------------------------------------------------------------------------------
// Standalone validator
// ---------------------------------------------------------------------------------------

// ajv's standalone code `require`s a few runtime helpers even in ESM mode. Vite, Node ESM and
// vitest disagree on how a CommonJS default export is seen, so the helpers' source is inlined
// into the generated module instead of imported. Any other helper fails generation loudly.
const inlinedHelpers: Record<string, string> = {
  'ajv/dist/runtime/ucs2length': 'ucs2length',
  'ajv/dist/runtime/equal': 'equal',
};

function helperSource(modulePath: string, name: string): string {
  const fn = (require(modulePath) as { default: (...args: unknown[]) => unknown }).default;
  const src = fn.toString();
  if (!src.startsWith('function')) throw new Error(`runtime helper ${modulePath} is not a plain function`);
  // Give it a stable name so its own recursion (fast-deep-equal calls `equal`) still works.
  return `const ${name} = ${src};`;
}

function inlineRuntimeHelpers(code: string, schemaName: string): string {
  const used = new Set<string>();
  const replaced = code.replace(/require\("([^"]+)"\)(\.default)?/g, (_m, mod: string) => {
    const name = inlinedHelpers[mod];
    if (!name) {
      throw new Error(
        `${schemaName}: the validator needs runtime helper "${mod}", which gen-schema-code.ts does not inline; ` +
          'avoid the keyword that needs it or add the helper to inlinedHelpers',
      );
    }
    used.add(mod);
    return name;
  });
  if (/\brequire\(/.test(replaced)) throw new Error(`${schemaName}: generated validator still calls require()`);
  const helpers = [...used].sort().map((mod) => helperSource(mod, inlinedHelpers[mod]!));
  // ES modules are strict already; the helpers must come before the code that uses them.
  const body = replaced.replace(/^"use strict";/, '');
  return helpers.length ? `${helpers.join('\n')}\n${body}` : body;
}

// verbose: each error carries the failing value and its schema, so shared/format can say what
// was expected and what was found without walking the schema itself.
function makeAjv(all: SchemaSource[]): Ajv2020 {
  const ajv = new Ajv2020({ allErrors: true, verbose: true, strict: true, code: { source: true, esm: true } });
  for (const s of all) ajv.addSchema(s.schema);
  return ajv;
}

function generateValidator(ajv: Ajv2020, src: SchemaSource): { js: string; dts: string } {
  const validate = ajv.getSchema(src.schema.$id as string);
  if (!validate) throw new Error(`${src.name}: ajv could not compile the schema`);
  const code = inlineRuntimeHelpers(standaloneCode(ajv, validate), src.name);
  const js =
    `// GENERATED by scripts/gen-schema-code.ts from schemas/${src.name}.schema.json (ajv standalone). Do not edit.\n` +
    `/* eslint-disable */\n${code}\n`;
  const typeName = rootTypeName(src);
  const dts =
    `// GENERATED by scripts/gen-schema-code.ts from schemas/${src.name}.schema.json. Do not edit.\n` +
    `import type { ErrorObject } from 'ajv';\n` +
    `import type { ${typeName} } from './${src.name}.types.js';\n\n` +
    `/** Schema check of a whole ${typeName}; after a false result, \`errors\` lists every failure. */\n` +
    `export interface GeneratedValidator<T> {\n  (data: unknown): data is T;\n  errors?: ErrorObject[] | null;\n}\n\n` +
    `export declare const validate: GeneratedValidator<${typeName}>;\nexport default validate;\n`;
  return { js, dts };
}

// ---------------------------------------------------------------------------------------

export async function generateAll(all = loadSchemas()): Promise<GeneratedFile[]> {
  const files: GeneratedFile[] = [];
  for (const src of all) {
    files.push({ path: join(outDir, `${src.name}.types.ts`), content: await generateTypes(src, all) });
    if (src.fragment) continue;
    // A fresh ajv per schema: generated names (validate10, schema31...) depend on what the
    // instance compiled before, so sharing one would change every file when a schema is added.
    const ajv = makeAjv(all);
    const { js, dts } = generateValidator(ajv, src);
    files.push({ path: join(outDir, `${src.name}.validate.generated.js`), content: js });
    files.push({ path: join(outDir, `${src.name}.validate.generated.d.ts`), content: dts });
  }
  return files;
}

async function main(): Promise<number> {
  const check = process.argv.includes('--check');
  const files = await generateAll();
  if (check) {
    const stale = files.filter((f) => !existsSync(f.path) || readFileSync(f.path, 'utf8') !== f.content);
    // A validator left behind by a schema that was removed or renamed.
    const expected = new Set(files.map((f) => f.path));
    const orphans = readdirSync(outDir)
      .filter((f) => /\.validate\.generated\.(js|d\.ts)$/.test(f))
      .map((f) => join(outDir, f))
      .filter((f) => !expected.has(f));
    if (stale.length || orphans.length) {
      for (const f of stale) {
        const state = existsSync(f.path) ? 'differs from what the schemas generate' : 'is missing';
        console.error(`check:gen: ${relative(root, f.path)} ${state}`);
      }
      for (const f of orphans) console.error(`check:gen: ${relative(root, f)} has no schema in schemas/; delete it`);
      console.error(
        `check:gen: ${stale.length + orphans.length} generated file(s) out of date: run \`npm run gen\` (and delete orphans) and commit the result.`,
      );
      return 1;
    }
    console.log(`check:gen: ${files.length} generated files match schemas/.`);
    return 0;
  }
  mkdirSync(outDir, { recursive: true });
  for (const f of files) {
    const before = existsSync(f.path) ? readFileSync(f.path, 'utf8') : undefined;
    if (before !== f.content) writeFileSync(f.path, f.content);
    console.log(`${before === f.content ? 'unchanged' : 'wrote    '} ${relative(root, f.path)}`);
  }
  return 0;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().then(
    (code) => process.exit(code),
    (err: unknown) => {
      console.error(`gen-schema-code: ${err instanceof Error ? err.message : String(err)}`);
      process.exit(1);
    },
  );
}
