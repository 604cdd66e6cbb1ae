import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

// The runner evaluates this file first and its workers re-evaluate it; values put in
// process.env here are inherited by the workers, so every process agrees on one free port
// and one temporary data folder.
function freePort(): string {
  const script = "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close()})";
  return execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' }).trim();
}
process.env.GF_E2E_PORT ||= freePort();
// The web host's launch key for this run (each run its own, never a fixed one): the web
// server gets it with --key, the page fixture hands it to each page as the printed #key=
// address would (e2e/fixtures.ts), and API helpers send it.
process.env.GF_E2E_KEY ||= randomBytes(24).toString('base64url');
if (!process.env.GF_E2E_DATA_DIR) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'gridfront-e2e-'));
  process.env.GF_E2E_DATA_DIR = dataDir;
  // Only the process that made the folder removes it, once the run (and web server) ends.
  process.on('exit', () => rmSync(dataDir, { recursive: true, force: true }));
}

const port = Number(process.env.GF_E2E_PORT);
const baseURL = `http://127.0.0.1:${port}/`;

export default defineConfig({
  testDir: 'e2e',
  outputDir: 'e2e/output/results',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  forbidOnly: true,
  retries: 0,
  reporter: [['list'], ['json', { outputFile: 'test-results/e2e.json' }]],
  use: {
    baseURL,
    browserName: 'chromium',
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
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
  // The built renderer (its end-to-end build) served by the web host, with a throwaway data folder.
  webServer: {
    // --e2e: the renderer build with the page test hook (built here when missing or stale).
    command: `npx tsx scripts/web.ts --e2e --port ${port} --data-dir "${process.env.GF_E2E_DATA_DIR}" --key ${process.env.GF_E2E_KEY}`,
    url: baseURL,
    reuseExistingServer: false,
    timeout: 240_000,
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
