import os from 'node:os';
import { defineConfig } from 'vitest/config';

// Unit tests live next to the code they test (`*.test.ts`) in shared/, electron/ and scripts/.
export default defineConfig({
  test: {
    include: ['shared/**/*.test.ts', 'electron/**/*.test.ts', 'scripts/**/*.test.ts', 'renderer/**/*.test.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Vitest's default is one fewer worker than cores: on a 2-core machine (CI's) that is one,
    // and the suite ran file after file. Every core takes a file.
    maxWorkers: os.availableParallelism(),
    reporters: process.env.GF_JSON_REPORT ? ['default', ['json', { outputFile: 'test-results/unit.json' }]] : ['default'],
  },
});
