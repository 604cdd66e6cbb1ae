// The dependency rule of the whole tree, as a function over (importing file, import) pairs:
// arrows point down only. shared/ is pure and depends on nothing of the app; electron/ and
// renderer/ both build on shared/ and never on each other; inside renderer/ the plain modules
// (state, map, tools, play, host, ui, lib) never reach up into components/, the UI kit (ui/) knows
// no state, and no renderer file goes past the ruleset contract into a ruleset's internals.
// scripts/dependency-rule.test.ts checks the rule on a fixture list and then on every file.
import { builtinModules } from 'node:module';
import { posix } from 'node:path';

const nodeBuiltins = new Set(builtinModules.flatMap((m) => [m, m.split('/')[0]!]));

/** Why a module may not be imported from shared/ (a platform or framework), or null if it may. */
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

const IMPORT =
  /(?:^|[^.\w$])(?:import|export)\s[^'"`;]*?from\s*(['"])([^'"]+)\1|(?:^|[^.\w$])import\s*\(?\s*(['"])([^'"]+)\3|(?:^|[^.\w$])require\s*\(\s*(['"])([^'"]+)\5/gm;

/** Every module specifier a source file imports (statements only, not comments or strings). */
export function importSpecifiers(src: string): { specifier: string; line: number }[] {
  const code = codeOnly(src);
  const out: { specifier: string; line: number }[] = [];
  for (const m of src.matchAll(IMPORT)) {
    const keyword = m.index! + m[0].search(/import|export|require/);
    if (code[keyword] === ' ') continue;
    out.push({ specifier: m[2] ?? m[4] ?? m[6]!, line: src.slice(0, keyword).split('\n').length });
  }
  return out;
}

/** `/`-separated, relative to the repository root. */
const posixPath = (file: string): string => file.replaceAll('\\', '/');

/** Where a relative import lands (repository-relative), or the bare specifier as it is. */
export function importTarget(from: string, specifier: string): string {
  return specifier.startsWith('.') ? posix.normalize(posix.join(posix.dirname(posixPath(from)), specifier)) : specifier;
}

const isTest = (file: string): boolean => /\.(test|spec|bench)\.ts$/.test(file);

/**
 * The ruleset contract: UI code talks to the rules only through shared/rules' public modules
 * (index.ts, types.ts, public.ts), never into a ruleset's own folder (shared/rules/<id>/...)
 * nor through the bot's back door to the operational engine (shared/bot/rules-access.ts).
 */
export function rendererImportProblem(from: string, specifier: string): string | null {
  if (!specifier.startsWith('.')) return null;
  const target = importTarget(from, specifier);
  if (/^shared\/rules\/[^/]+\//.test(target)) return `reaches into a ruleset's internals (${target}); use shared/rules/index.js`;
  if (/^shared\/rules\/[^/]+$/.test(target) && !/^shared\/rules\/(index|types|public)(\.[jt]s)?$/.test(target))
    return `imports a private module of the rules engine (${target}); use shared/rules/index.js`;
  if (/^shared\/bot\/rules-access(\.[jt]s)?$/.test(target)) return `uses the bot's access to engine internals (${target}); use shared/rules/index.js`;
  return null;
}

/** renderer/src folders of plain modules, below the components. */
const RENDERER_MODULES = ['state', 'map', 'tools', 'play', 'host', 'ui', 'lib'] as const;

/**
 * Why importing `specifier` from `from` (a repository-relative path) breaks the dependency
 * rule, or null when it keeps it.
 */
export function dependencyProblem(from: string, specifier: string): string | null {
  const file = posixPath(from);
  const target = importTarget(file, specifier);
  const inside = (dir: string) => specifier.startsWith('.') && (target === dir || target.startsWith(`${dir}/`));

  if (file.startsWith('shared/')) {
    if (inside('electron') || inside('renderer')) return `shared/ imports ${target}: shared/ depends on nothing of the app`;
    // Tests of shared/ may read fixtures from disk; the modules themselves run everywhere.
    const why = isTest(file) ? null : forbiddenImport(specifier);
    return why ? `shared/ imports ${why} ("${specifier}")` : null;
  }
  if (file.startsWith('electron/')) {
    // A test may hold the two sides side by side (the print symbology against the screen's).
    return inside('renderer') && !isTest(file) ? `electron/ imports ${target}: the main process never depends on the renderer` : null;
  }
  if (!file.startsWith('renderer/')) return null;
  if (inside('electron')) return `renderer/ imports ${target}: the renderer talks to the main process only through shared/host's contract`;
  const contract = rendererImportProblem(file, specifier);
  if (contract) return contract;
  const layer = RENDERER_MODULES.find((dir) => file.startsWith(`renderer/src/${dir}/`));
  if (!layer) return null;
  if (inside('renderer/src/components')) return `renderer/src/${layer}/ imports ${target}: components sit above ${layer}/, never below it`;
  if (layer === 'ui' && inside('renderer/src/state')) return `renderer/src/ui/ imports ${target}: the UI kit knows no app state (pass it in as a prop)`;
  return null;
}

/** Breaches of the rule in one source file, as `file:line why` lines. */
export function dependencyViolations(file: string, src: string): string[] {
  return importSpecifiers(src).flatMap(({ specifier, line }) => {
    const why = dependencyProblem(file, specifier);
    return why ? [`${posixPath(file)}:${line} ${why}`] : [];
  });
}
