import { describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { readScenario } from './load.js';
import { runSimulation } from './pool.js';
import { summarizeGames } from '../../shared/bot/summary.js';
import { main as simMain } from '../../scripts/sim.js';
import { runInProcess } from '../../scripts/in-process.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const SEED000 = 'scenarios/seed-000-example.json';

interface Ran {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `npm run sim`'s script the way npm does (through tsx): the first test, the one real spawn. */
function sim(args: string[]): Promise<Ran> {
  return new Promise((resolve) => {
    // Its own process group: signals meant for the test runner's group do not reach it.
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/sim.ts', ...args], { cwd: root, detached: true });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('close', (code, signal) => resolve({ code, stdout, stderr: signal ? `${stderr}[killed by ${signal}]` : stderr }));
  });
}

/** The same script's main called in this process (no tsx start-up), printing and returning the same. */
async function simHere(args: string[]): Promise<Ran> {
  const run = await runInProcess(simMain, args);
  return { code: run.code, stdout: run.out, stderr: run.err };
}

describe('npm run sim', () => {
  it('plays N games on workers and prints one JSON object with rates, intervals, margins and cell control', async () => {
    const r = await sim([SEED000, '--games', '12', '--seed', '1', '--workers', '2', '--json']);
    expect(r.stderr).toBe('Playing 12 games of seed-000-example on 2 workers (Ctrl+C stops and reports what is done).\n');
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out.run).toMatchObject({ requested: 12, completed: 12, cancelled: false, seed: 1, workers: 2, players: ['bot', 'bot'] });
    const s = out.summary;
    expect(s.wins[0].count + s.wins[1].count + s.draws.count).toBe(12);
    for (const r of [...s.wins, s.draws]) expect(r.ci95.low <= r.rate && r.rate <= r.ci95.high).toBe(true);
    expect(s.margin.histogram.reduce((t: number, b: { count: number }) => t + b.count, 0)).toBe(12);
    expect(s.victoryCells.map((v: { name: string }) => v.name)).toEqual(['Korsun', 'Lysyanka', 'Shpola', 'Zvenigorodka']);
    expect(s.victoryCells[0].byTurn).toHaveLength(22);
    expect(out.errors).toEqual([]);
  }, 60_000);

  it('plays Battle for Moscow the same way: its bots, its Moscow as the one victory cell, cities held as the score', async () => {
    const r = await simHere(['scenarios/battle-for-moscow.json', '--games', '6', '--seed', '1', '--workers', '0', '--json']);
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out.run).toMatchObject({ requested: 6, completed: 6, players: ['bot', 'bot'] });
    const s = out.summary;
    expect(s.sides.map((x: { name: string }) => x.name)).toEqual(['Germans', 'Soviets']);
    expect(s.wins[0].count + s.wins[1].count).toBe(6);
    expect(s.draws.count).toBe(0);
    expect(s.victoryCells.map((v: { name: string; label: string }) => `${v.name} ${v.label}`)).toEqual(['Moscow 1606']);
    expect(s.victoryCells[0].byTurn).toHaveLength(7);
    // Whoever holds Moscow at the end won: the end-of-game holder shares match the win rates.
    expect(s.victoryCells[0].endControl[0]).toBeCloseTo(s.wins[0].rate, 10);
    expect(out.errors).toEqual([]);
  }, 120_000);

  it('gives the same results whatever the number of workers (game i always uses seed S+i)', async () => {
    const loaded = readScenario(`${root}${SEED000}`);
    if (!loaded.ok) throw new Error(loaded.message);
    const options = { games: 6, seed: 40, players: ['bot', 'random'] as ['bot', 'random'] };
    const inThread = await runSimulation(loaded.scenario, { ...options, workers: 0 });
    const onTwo = await runSimulation(loaded.scenario, { ...options, workers: 2 });
    expect(onTwo.records).toEqual(inThread.records);
    expect(summarizeGames(loaded.scenario, onTwo.records)).toEqual(summarizeGames(loaded.scenario, inThread.records));
  }, 60_000);

  it('an interrupt (the Ctrl+C handler aborts this signal) stops the workers and keeps the games completed so far', async () => {
    const loaded = readScenario(`${root}${SEED000}`);
    if (!loaded.ok) throw new Error(loaded.message);
    const controller = new AbortController();
    let seen = 0;
    const run = await runSimulation(loaded.scenario, {
      games: 500,
      seed: 1,
      workers: 2,
      players: ['bot', 'bot'],
      signal: controller.signal,
      onProgress: (done) => {
        seen = done;
        if (done === 3) controller.abort();
      },
    });
    expect(run.cancelled).toBe(true);
    expect(run.records.length).toBeGreaterThanOrEqual(3);
    expect(run.records.length).toBeLessThan(500);
    expect(run.records.length + run.errors.length).toBe(seen);
    expect(summarizeGames(loaded.scenario, run.records).games).toBe(run.records.length);
  }, 60_000);

  it('refuses unusable arguments and scenario files with a message and exit code 1', async () => {
    const bad = await simHere([SEED000, '--games', 'many']);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('--games must be a whole number');
    const missing = await simHere(['scenarios/no-such-file.json', '--games', '2']);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('no such file');
    const players = await simHere([SEED000, '--players', 'bot']);
    expect(players.code).toBe(1);
    expect(players.stderr).toContain('--players');
  }, 60_000);
});
