// shared/ runs in the renderer, the main process, workers and tests alike, so it may not
// depend on any one of them: no Electron, Svelte, Konva or Node built-ins, no DOM globals.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, posix, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { codeOnly, forbiddenImport, importSpecifiers, rendererImportProblem } from '../scripts/dependency-rule.js';

const sharedDir = dirname(fileURLToPath(import.meta.url));

function sourceFiles(dir: string, pattern = /\.ts$/, withTests = false): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return e.name === 'node_modules' ? [] : sourceFiles(path, pattern, withTests);
    return pattern.test(e.name) && (withTests || !/\.(test|spec|bench)\.ts$/.test(e.name)) ? [path] : [];
  });
}

// DOM globals, and Node's `process` (shared/ also runs in the browser, where it does not exist).
const DOM_GLOBAL = /(?<![.\w$])(window|document|process)\b(?!\s*[:?]\s*[^:])/g;

export function violations(file: string, src: string): string[] {
  const found: string[] = [];
  const lineOf = (index: number) => src.slice(0, index).split('\n').length;
  const code = codeOnly(src);
  // Only real statements count, not an example inside a comment or a string.
  for (const { specifier, line } of importSpecifiers(src)) {
    const why = forbiddenImport(specifier);
    if (why) found.push(`${file}:${line} imports ${why} ("${specifier}")`);
  }
  for (const m of code.matchAll(DOM_GLOBAL)) {
    // A module may call its own variable `window` (a print tile's window): then the name is local.
    const local = new RegExp(`\\b(const|let|var|function)\\s+${m[1]}\\b|[(,]\\s*${m[1]}\\s*[:,)=]`);
    if (local.test(code)) continue;
    found.push(`${file}:${lineOf(m.index!)} uses the ${m[1] === 'process' ? 'Node' : 'DOM'} global "${m[1]}"`);
  }
  return found;
}

/** Files of the play screen for every ruleset (renderer/src/play/generic, components/Play/generic). */
export const isGenericPlay = (file: string): boolean => /^renderer\/src\/(play|components\/Play)\/generic\//.test(file.split(sep).join('/'));

/**
 * The generic play screen talks to a game only through the contract: no operational bot or
 * summary from shared/bot (each ruleset brings its own bot), no `rulesetFor` (today's
 * operational accessor); it asks `getRuleset`.
 */
export function genericPlayViolations(file: string, src: string): string[] {
  const out = importSpecifiers(src).flatMap(({ specifier, line }) => {
    const target = specifier.startsWith('.') ? posix.normalize(posix.join(posix.dirname(file.split(sep).join('/')), specifier)) : specifier;
    return /^shared\/bot\//.test(target) ? [`${file}:${line} imports ${target}; the generic play screen uses the ruleset's own bot (getRuleset(id).bot())`] : [];
  });
  src.split('\n').forEach((text, i) => {
    if (/\brulesetFor\b/.test(text.replace(/\/\/.*$/, ''))) out.push(`${file}:${i + 1} uses rulesetFor (operational only); use getRuleset`);
  });
  return out;
}

/** Breaches of the dependency rule in one renderer source file. */
export function rendererViolations(file: string, src: string): string[] {
  return importSpecifiers(src).flatMap(({ specifier, line }) => {
    const why = rendererImportProblem(file, specifier);
    return why ? [`${file}:${line} ${why}`] : [];
  });
}

describe('the renderer talks to the rules only through their public API', () => {
  it('the rule catches imports of ruleset internals and rules-access, and lets the public modules through', () => {
    const from = 'renderer/src/play/combat.ts';
    expect(rendererImportProblem(from, '../../../shared/rules/bfm/combat.js')).toMatch(/internals/);
    expect(rendererImportProblem(from, '../../../shared/rules/operational/board.js')).toMatch(/internals/);
    expect(rendererImportProblem('renderer/src/components/Play/X.svelte', '../../../../shared/rules/operational/index.js')).toMatch(/internals/);
    expect(rendererImportProblem(from, '../../../shared/bot/rules-access.js')).toMatch(/rules-access/);
    for (const ok of ['../../../shared/rules/index.js', '../../../shared/rules/types.js', '../../../shared/rules/public.js', '../../../shared/bot/index.js', '../../../shared/format/scenario.types.js', './labels.js', 'konva']) {
      expect(rendererImportProblem(from, ok), ok).toBeNull();
    }
    for (const internal of ['../../../shared/rules/catalogue.js', '../../../shared/rules/engine.js', '../../../shared/rules/declaration.js', '../../../shared/rules/labels.js']) {
      expect(rendererImportProblem(from, internal), internal).toMatch(/private module/);
    }
    // A deliberately wrong file: one type-only and one value import of internals, one in a comment.
    const wrong = [
      "import type { RulesBoard } from '../../../shared/rules/operational/board.js';",
      "// import { x } from '../../../shared/rules/bfm/state.js';",
      "import { boardOf } from '../../../shared/bot/rules-access.js';",
      "import { attackPreview } from '../../../shared/rules/index.js';",
    ].join('\n');
    expect(rendererViolations(from, wrong)).toEqual([
      `${from}:1 reaches into a ruleset's internals (shared/rules/operational/board.js); use shared/rules/index.js`,
      `${from}:3 uses the bot's access to engine internals (shared/bot/rules-access.js); use shared/rules/index.js`,
    ]);
  });

  it('the generic play rule catches the operational bot and rulesetFor, in play/generic and components/Play/generic only', () => {
    const file = 'renderer/src/play/generic/game.svelte.ts';
    expect(isGenericPlay(file)).toBe(true);
    expect(isGenericPlay('renderer/src/components/Play/generic/GenericBoard.svelte')).toBe(true);
    expect(isGenericPlay('renderer/src/play/play.svelte.ts')).toBe(false);
    const wrong = [
      "import { heuristicBot } from '../../../../shared/bot/index.js';",
      "import { getRuleset, rulesetFor } from '../../../../shared/rules/index.js';",
      '// rulesetFor in a comment is fine',
      "const r = getRuleset('bfm');",
    ].join('\n');
    expect(genericPlayViolations(file, wrong)).toEqual([
      `${file}:1 imports shared/bot/index.js; the generic play screen uses the ruleset's own bot (getRuleset(id).bot())`,
      `${file}:2 uses rulesetFor (operational only); use getRuleset`,
    ]);
  });

  it('the generic play screen uses only the contract', () => {
    const root = join(sharedDir, '..');
    const files = sourceFiles(join(root, 'renderer'), /\.(ts|js|svelte)$/, true).filter((f) => isGenericPlay(relative(root, f)));
    expect(files.length).toBeGreaterThanOrEqual(6);
    expect(files.flatMap((f) => genericPlayViolations(relative(root, f), readFileSync(f, 'utf8')))).toEqual([]);
  });

  it('no file under renderer/ (tests included) imports shared/rules/<ruleset>/ or shared/bot/rules-access.ts', () => {
    const root = join(sharedDir, '..');
    const files = sourceFiles(join(root, 'renderer'), /\.(ts|js|svelte)$/, true);
    expect(files.length).toBeGreaterThan(20);
    const problems = files.flatMap((f) => rendererViolations(relative(root, f), readFileSync(f, 'utf8')));
    expect(problems).toEqual([]);
  });
});

describe('shared/ is pure', () => {
  it('rules recognise what they must forbid', () => {
    for (const bad of ['node:fs', 'fs', 'fs/promises', 'path', 'os', 'child_process', 'worker_threads', 'url', 'crypto', 'electron', 'svelte', 'svelte/store', 'konva', 'konva/lib/Core', './Panel.svelte']) {
      expect(forbiddenImport(bad), bad).not.toBeNull();
    }
    for (const ok of ['../grid/index.js', './types.js', 'ajv', 'nanoid', 'pdf-lib', 'fast-check']) expect(forbiddenImport(ok), ok).toBeNull();
    expect(violations('x.ts', "import { readFileSync } from 'node:fs';")).toHaveLength(1);
    expect(violations('x.ts', "import type { BrowserWindow } from 'electron';")).toHaveLength(1);
    expect(violations('x.ts', "const w = await import('konva');")).toHaveLength(1);
    expect(violations('x.ts', 'const x = window.innerWidth;')).toHaveLength(1);
    expect(violations('x.ts', 'document.body.append(x);')).toHaveLength(1);
    expect(violations('x.ts', 'const k = Number(process.env.K ?? 1);')).toEqual(['x.ts:1 uses the Node global "process"']);
    expect(violations('x.ts', '// the whole document\nconst s = "window"; o.document = 1; const t = { window: 2 };')).toEqual([]);
    expect(violations('x.ts', 'const window = { x: 0 };\nuse(window.x);')).toEqual([]);
    expect(violations('x.ts', "// import fs from 'fs'\nconst doc = 'import os from \"os\"';")).toEqual([]);
  });

  it('no non-test module under shared/ imports Electron, Svelte, Konva or Node, or touches window/document', () => {
    const files = sourceFiles(sharedDir);
    expect(files.length).toBeGreaterThan(5);
    const problems = files.flatMap((f) => violations(relative(join(sharedDir, '..'), f), readFileSync(f, 'utf8')));
    expect(problems).toEqual([]);
  });
});
