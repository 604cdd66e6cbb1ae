import { execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { generateAll, loadSchemas, type GeneratedFile } from './gen-schema-code.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

describe('gen-schema-code', () => {
  let generated: GeneratedFile[] = [];
  beforeAll(async () => {
    generated = await generateAll();
  });

  it('makes types, a validator and its declarations for every schema in schemas/', () => {
    const schemas = readdirSync(join(root, 'schemas')).filter((f) => f.endsWith('.schema.json'));
    const files = generated.map((f) => f.path.slice(root.length + 1));
    for (const s of schemas) {
      const name = s.replace('.schema.json', '');
      expect(files).toEqual(
        expect.arrayContaining([
          `shared/format/${name}.types.ts`,
          `shared/format/${name}.validate.generated.js`,
          `shared/format/${name}.validate.generated.d.ts`,
        ]),
      );
    }
  });

  it('emits validators that are plain ES modules: no require(), no import of ajv at run time', () => {
    for (const f of generated) {
      if (!f.path.endsWith('.js')) continue;
      expect(f.content, f.path).not.toMatch(/\brequire\(/);
      expect(f.content, f.path).not.toMatch(/^import /m);
      expect(f.content, f.path).toMatch(/export default /);
    }
  });

  it('emits the same output on every run', async () => {
    expect(await generateAll()).toEqual(generated);
  });

  it('names the scenario types after the schema titles', () => {
    const types = generated.find((f) => f.path.endsWith('scenario.types.ts'))!.content;
    for (const name of ['Scenario', 'GameMap', 'Grid', 'Side', 'PlacedUnit', 'NewUnit', 'Reinforcement', 'TerrainType']) {
      expect(types).toMatch(new RegExp(`export (interface|type) ${name}\\b`));
    }
    // No numbered duplicates such as SideId1 from $ref siblings, no UnitCore & PlacedUnit1.
    expect(types).not.toMatch(/export (interface|type) [A-Za-z]+\d+\b/);
  });

  it('the committed scenario validator loads in plain Node ESM and rejects a bad file', () => {
    const url = pathToFileURL(join(root, 'shared/format/scenario.validate.generated.js')).href;
    const script = `import v, { validate } from ${JSON.stringify(url)};
      const ok = v({ formatVersion: 1 });
      console.log(JSON.stringify({ same: v === validate, ok, errors: v.errors.length }));`;
    const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
    const result = JSON.parse(out) as { same: boolean; ok: boolean; errors: number };
    expect(result).toMatchObject({ same: true, ok: false });
    expect(result.errors).toBeGreaterThan(1);
  });

  it('types each ruleset fragment (no validator of its own) and composes the per-ruleset bags from them', () => {
    const files = generated.map((f) => f.path.slice(root.length + 1));
    expect(files).toContain('shared/format/ruleset-bfm.types.ts');
    expect(files.filter((f) => f.startsWith('shared/format/ruleset-') && f.endsWith('.js'))).toEqual([]);
    const bfm = generated.find((f) => f.path.endsWith('ruleset-bfm.types.ts'))!.content;
    for (const name of ['BfmOptions', 'BfmUnitFields', 'BfmState', 'BfmAction']) expect(bfm).toMatch(new RegExp(`export (interface|type) ${name}\\b`));
    const scenario = generated.find((f) => f.path.endsWith('scenario.types.ts'))!.content;
    expect(scenario).toContain('export type RulesetOptions = Partial<OperationalOptions> & Partial<BfOptions> & Partial<BfmOptions>;');
    expect(scenario).toContain('export type RulesetUnitFields = Partial<BfUnitFields> & Partial<BfmUnitFields>;');
    expect(scenario).toContain("import type { BfmOptions, BfmUnitFields } from './ruleset-bfm.types.js';");
    const save = generated.find((f) => f.path.endsWith('savegame.types.ts'))!.content;
    expect(save).toContain('export type SavedState = EngineState | BfState | BfmState;');
    expect(save).toContain('export type SavedAction = Action | BfAction | BfmAction;');
  });

  it('reads every schema with an $id', () => {
    for (const s of loadSchemas()) expect(typeof s.schema.$id).toBe('string');
  });
});
