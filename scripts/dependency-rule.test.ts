// The dependency rule (scripts/dependency-rule.ts): first the rule itself on a fixture list of
// right and deliberately wrong imports, then every source file of shared/, electron/ and
// renderer/ (tests included) against it.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { dependencyProblem, dependencyViolations } from './dependency-rule.js';

const root = join(import.meta.dirname, '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return e.name === 'node_modules' ? [] : sourceFiles(path);
    return /\.(ts|js|mjs|svelte)$/.test(e.name) ? [path] : [];
  });
}

/** [importing file, import specifier, what the rule must say: a pattern for a breach, null for fine]. */
const FIXTURES: [string, string, RegExp | null][] = [
  // shared/ is pure.
  ['shared/grid/hex.ts', '../format/scenario.types.js', null],
  ['shared/grid/hex.ts', 'nanoid', null],
  ['shared/grid/hex.ts', '../../renderer/src/state/app.svelte.js', /shared\/ imports renderer\/src\/state\/app\.svelte\.js/],
  ['shared/print/pdf.ts', '../../electron/raster/draw.js', /depends on nothing of the app/],
  ['shared/print/pdf.ts', 'node:fs', /Node built-in/],
  ['shared/print/pdf.ts', 'path', /Node built-in/],
  ['shared/paint/surface.ts', 'konva', /Konva/],
  ['shared/paint/surface.ts', 'svelte', /Svelte/],
  ['shared/host/contract.ts', 'electron', /Electron/],
  ['shared/format/validate.test.ts', 'node:fs', null],
  ['shared/format/validate.test.ts', '../../renderer/src/map/draw.js', /depends on nothing of the app/],
  // electron/ never depends on the renderer.
  ['electron/main.ts', '../shared/host/contract.js', null],
  ['electron/main.ts', 'node:path', null],
  ['electron/library/store.ts', '../../renderer/src/state/library.svelte.js', /main process never depends on the renderer/],
  ['electron/print/symbology.test.ts', '../../renderer/src/map/draw.js', null],
  // renderer/ talks to electron/ only through the contract.
  ['renderer/src/host/index.ts', '../../../electron/preload.js', /only through shared\/host/],
  // Plain renderer modules never import components.
  ['renderer/src/state/print.svelte.ts', '../components/Print/text.js', /state\/ imports renderer\/src\/components\/Print\/text\.js/],
  ['renderer/src/map/MapRenderer.ts', '../components/MapView/MapView.svelte', /components sit above map\//],
  ['renderer/src/tools/session.ts', '../components/Scenario/undo.js', /tools\//],
  ['renderer/src/play/combat.ts', '../components/Play/CombatPanel.svelte', /play\//],
  ['renderer/src/host/web.ts', '../components/Library/describe.js', /host\//],
  ['renderer/src/lib/cells.ts', '../components/Scenario/meta.js', /lib\//],
  ['renderer/src/ui/Modal.svelte', '../components/Library/LibraryView.svelte', /ui\//],
  ['renderer/src/state/print.svelte.ts', '../ui/download.js', null],
  ['renderer/src/state/workbench.ts', '../ui/toasts.svelte.js', null],
  ['renderer/src/components/Library/LibraryView.svelte', '../../ui/Modal.svelte', null],
  ['renderer/src/components/Library/LibraryView.svelte', '../../state/workbench.js', null],
  ['renderer/src/App.svelte', './components/Library/LibraryView.svelte', null],
  // The UI kit knows no state.
  ['renderer/src/ui/ToastStack.svelte', '../state/workbench.js', /UI kit knows no app state/],
  ['renderer/src/ui/ToastStack.svelte', './toasts.svelte.js', null],
  ['renderer/src/ui/ToastStack.svelte', 'svelte', null],
  // The ruleset contract.
  ['renderer/src/play/labels.ts', '../../../shared/rules/index.js', null],
  ['renderer/src/play/labels.ts', '../../../shared/rules/operational/board.js', /ruleset's internals/],
  ['renderer/src/components/Play/X.svelte', '../../../../shared/rules/bfm/index.js', /ruleset's internals/],
  ['renderer/src/play/labels.ts', '../../../shared/bot/rules-access.js', /rules-access/],
  ['renderer/src/play/labels.ts', '../../../shared/rules/engine.js', /private module/],
  // Scripts and e2e tests sit on top of everything.
  ['scripts/web.ts', '../electron/library/store.js', null],
  ['e2e/fixtures.ts', '../renderer/src/testHook.types.js', null],
];

describe('the dependency rule', () => {
  it('says fine or names the breach for each fixture pair', () => {
    for (const [file, specifier, want] of FIXTURES) {
      const got = dependencyProblem(file, specifier);
      if (want === null) expect(got, `${file} → ${specifier}`).toBeNull();
      else expect(got, `${file} → ${specifier}`).toMatch(want);
    }
  });

  it('fails a deliberately wrong file at the lines of the wrong imports, not on comments or strings', () => {
    const file = 'renderer/src/state/print.svelte.ts';
    const wrong = [
      "import { download } from '../components/Print/download.js';",
      "// import { plural } from '../components/Print/text.js';",
      "import { Toasts } from '../ui/toasts.svelte.js';",
      "const hint = 'import x from \"../components/Library/LibraryView.svelte\"';",
      "const lazy = await import('../components/Print/PrintDialog.svelte');",
      "export { fieldNumber } from '../components/Print/text.js';",
    ].join('\n');
    expect(dependencyViolations(file, wrong)).toEqual([
      `${file}:1 renderer/src/state/ imports renderer/src/components/Print/download.js: components sit above state/, never below it`,
      `${file}:5 renderer/src/state/ imports renderer/src/components/Print/PrintDialog.svelte: components sit above state/, never below it`,
      `${file}:6 renderer/src/state/ imports renderer/src/components/Print/text.js: components sit above state/, never below it`,
    ]);
  });

  it('holds for every source file of shared/, electron/ and renderer/', () => {
    const files = ['shared', 'electron', 'renderer'].flatMap((dir) => sourceFiles(join(root, dir)));
    expect(files.length).toBeGreaterThan(300);
    const problems = files
      .flatMap((f) => dependencyViolations(relative(root, f), readFileSync(f, 'utf8')));
    expect(problems).toEqual([]);
  });
});
