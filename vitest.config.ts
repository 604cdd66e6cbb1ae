import os from 'node:os';
import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { defineConfig } from 'vitest/config';

// Unit tests live next to the code they test (`*.test.ts`) in shared/, electron/ and scripts/.
// shared/ is pure (no DOM, Node, globals or mocks in its tests), so its files run on worker threads
// and share one module graph per worker (isolate: false): each pure module is loaded once per
// worker, not once per file, which halves what shared/'s files cost (30 s CPU to 13 s for
// shared/format, editor and scenario). The rest (native modules, servers, child processes) keep a
// process and a fresh module graph per file: on threads, electron/web/upload.test.ts once lost its
// 413 answer to a reset connection under load.
const shared = ['shared/**/*.test.ts'];
const rest = ['electron/**/*.test.ts', 'scripts/**/*.test.ts', 'renderer/**/*.test.ts'];

/**
 * Longest file first over both projects. Vitest's own order runs one project after the other
 * (app, then shared), so shared/'s longest files (the rules contract, the bots) started two
 * minutes in and one core waited for them at the end. Files with a time from the last run go by
 * that time, longest first; files without one (a clean clone) first, larger first, as vitest does.
 */
class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const cache = this.ctx.cache;
    const key = (f: TestSpecification) => `${f.project.name}:${relative(this.ctx.config.root, f.moduleId)}`;
    const known = (f: TestSpecification) => cache.getFileTestResults(key(f))?.duration;
    const size = (f: TestSpecification) => cache.getFileStats(key(f))?.size ?? 0;
    return [...files].sort((a, b) => {
      const da = known(a);
      const db = known(b);
      if (da === undefined || db === undefined) return da === undefined && db === undefined ? size(b) - size(a) : da === undefined ? -1 : 1;
      return db - da;
    });
  }
}

export default defineConfig({
  test: {
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Vitest's default is one fewer worker than cores: on a 2-core machine (CI's) that is one,
    // and the suite ran file after file. Every core takes a file.
    maxWorkers: os.availableParallelism(),
    sequence: { sequencer: LongestFirst },
    reporters: process.env.GF_JSON_REPORT ? ['default', ['json', { outputFile: 'test-results/unit.json' }]] : ['default'],
    projects: [
      { extends: true, test: { name: 'shared', include: shared, pool: 'threads', isolate: false } },
      { extends: true, test: { name: 'app', include: rest } },
    ],
  },
});
