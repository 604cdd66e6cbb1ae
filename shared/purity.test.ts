// shared/ runs in the renderer, the main process, workers and tests alike, so it may not
// depend on any one of them: no Electron, Svelte, Konva or Node built-ins, no DOM globals.
import { readdirSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const sharedDir = dirname(fileURLToPath(import.meta.url));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return e.name === 'node_modules' ? [] : sourceFiles(path);
    return /\.ts$/.test(e.name) && !/\.(test|spec|bench)\.ts$/.test(e.name) ? [path] : [];
  });
}

const nodeBuiltins = new Set(builtinModules.flatMap((m) => [m, m.split('/')[0]!]));

/** Why a module may not be imported from shared/, or null if it may. */
export function forbiddenImport(specifier: string): string | null {
  if (specifier.startsWith('node:')) return 'a Node built-in';
  if (nodeBuiltins.has(specifier) || nodeBuiltins.has(specifier.split('/')[0]!)) return 'a Node built-in';
  if (/^electron(\/|$)/.test(specifier)) return 'Electron';
  if (/^(svelte|@sveltejs\/|svelte-)/.test(specifier) || specifier.endsWith('.svelte')) return 'Svelte';
  if (/^konva(\/|$)|^svelte-konva/.test(specifier)) return 'Konva';
  if (/^better-sqlite3(\/|$)/.test(specifier)) return 'a native Node module';
  return null;
}

/** The source with comments and string/template literals blanked out (line breaks kept). */
export function codeOnly(src: string): string {
  let out = '';
  let i = 0;
  const blank = (text: string) => text.replace(/[^\n]/g, ' ');
  while (i < src.length) {
    const two = src.slice(i, i + 2);
    let end = i + 1;
    if (two === '//') end = src.indexOf('\n', i) === -1 ? src.length : src.indexOf('\n', i);
    else if (two === '/*') end = src.indexOf('*/', i + 2) === -1 ? src.length : src.indexOf('*/', i + 2) + 2;
    else if (src[i] === '"' || src[i] === "'" || src[i] === '`') {
      const quote = src[i]!;
      end = i + 1;
      while (end < src.length && src[end] !== quote) end += src[end] === '\\' ? 2 : 1;
      end++;
    } else {
      out += src[i];
      i++;
      continue;
    }
    out += blank(src.slice(i, end));
    i = end;
  }
  return out;
}

const IMPORT = /(?:^|[^.\w$])(?:import|export)\s[^'"`;]*?from\s*(['"])([^'"]+)\1|(?:^|[^.\w$])import\s*\(?\s*(['"])([^'"]+)\3|(?:^|[^.\w$])require\s*\(\s*(['"])([^'"]+)\5/gm;
const DOM_GLOBAL = /(?<![.\w$])(window|document)\b(?!\s*[:?]\s*[^:])/g;

export function violations(file: string, src: string): string[] {
  const found: string[] = [];
  const lineOf = (index: number) => src.slice(0, index).split('\n').length;
  const code = codeOnly(src);
  for (const m of src.matchAll(IMPORT)) {
    const specifier = m[2] ?? m[4] ?? m[6]!;
    // Only real statements count, not an example inside a comment or a string.
    const keyword = m.index! + m[0].search(/import|export|require/);
    if (code[keyword] === ' ') continue;
    const why = forbiddenImport(specifier);
    if (why) found.push(`${file}:${lineOf(keyword)} imports ${why} ("${specifier}")`);
  }
  for (const m of code.matchAll(DOM_GLOBAL)) {
    // A module may call its own variable `window` (a print tile's window): then the name is local.
    const local = new RegExp(`\\b(const|let|var|function)\\s+${m[1]}\\b|[(,]\\s*${m[1]}\\s*[:,)=]`);
    if (local.test(code)) continue;
    found.push(`${file}:${lineOf(m.index!)} uses the DOM global "${m[1]}"`);
  }
  return found;
}

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
