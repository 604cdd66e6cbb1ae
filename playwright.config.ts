import { randomBytes } from 'node:crypto';
import { defineConfig } from '@playwright/test';

// The runner evaluates this file first and its workers re-evaluate it; a value put in
// process.env here is inherited by the workers, so every process agrees on one launch key.
// The web host's launch key for this run (each run its own, never a fixed one): each worker's
// web host gets it with --key (e2e/fixtures.ts), the page fixture hands it to each page as the
// printed #key= address would, and API helpers send it.
process.env.GF_E2E_KEY ||= randomBytes(24).toString('base64url');

// Spec files run side by side, one per worker, each worker with its own web host and library
// (e2e/fixtures.ts); GF_E2E_WORKERS=1 runs them one after another.
const workers = Number(process.env.GF_E2E_WORKERS || 2);

export default defineConfig({
  testDir: 'e2e',
  outputDir: 'e2e/output/results',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers,
  globalSetup: './e2e/global-setup.ts',
  forbidOnly: true,
  retries: 0,
  reporter: [['list'], ['json', { outputFile: 'test-results/e2e.json' }]],
  use: {
    browserName: 'chromium',
    screenshot: 'only-on-failure',
    // A failed test keeps its trace (actions, DOM snapshots, network, console) but no screencast:
    // the screencast had Chromium encode a frame at every paint of every test, passing or not,
    // about 0.6 s of CPU a test (map.spec: 43 s to 35 s CPU for its 13 tests). The failure
    // screenshot above still shows the page as it was.
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: true, sources: true },
    launchOptions: {
      // Debian's Chromium, or the one GRIDFRONT_CHROMIUM names (scripts/prerequisites.ts checks the same).
      executablePath: process.env.GRIDFRONT_CHROMIUM || '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
});
