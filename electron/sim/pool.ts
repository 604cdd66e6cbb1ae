// Runs a batch of simulated games on worker threads. Game i always uses seed S+i and its
// record lands at index i, so the results are the same whatever the number of workers or the
// order games finish in. An abort stops handing out games, lets the ones in play finish
// (briefly), shuts the workers down and returns what was completed.
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { BUNDLE_FILES, unpackedPath } from '../bundle-files.js';
import type { Scenario } from '../../shared/format/scenario.types.js';
import type { GameRecord } from '../../shared/bot/index.js';
import type { FromWorker, ToWorker, WorkerSetup } from './protocol.js';
import { playOne } from './play-one.js';
import { checkRandomGame, type CheckResult } from './invariants.js';
import type { PlayerKind } from './players.js';

export interface SimOptions {
  games: number;
  /** Game i plays with seed `seed + i`. */
  seed: number;
  /** Worker threads; 0 plays in this thread (same results, no parallelism). */
  workers: number;
  players: [PlayerKind, PlayerKind];
  onProgress?: (done: number, total: number) => void;
  signal?: AbortSignal;
  /** How long an abort waits for games already in play before stopping the workers. */
  graceMs?: number;
}

export interface SimRun {
  /** Completed games in index order (all of them unless cancelled or failed). */
  records: GameRecord[];
  requested: number;
  cancelled: boolean;
  errors: { index: number; seed: number; message: string }[];
  wallMs: number;
  /** Sum of the time spent playing each game (engine and players). */
  gameMs: number;
}

/**
 * A worker for this module's location: from TypeScript sources through tsx (boot.mjs); from
 * a build, the bundled worker next to the bundle this module was built into (see
 * electron/bundle-files.ts), out of app.asar.unpacked when the app is packaged.
 */
function spawnWorker(setup: WorkerSetup): Worker {
  const here = import.meta.url;
  if (here.endsWith('.ts')) {
    return new Worker(new URL('./boot.mjs', here), { workerData: { ...setup, entry: new URL('./worker.ts', here).href } });
  }
  return new Worker(builtWorkerPath(here), { workerData: setup });
}

/** The bundled worker beside the bundle at `bundleUrl`, as a real file (outside any app.asar). */
export function builtWorkerPath(bundleUrl: string): string {
  return unpackedPath(fileURLToPath(new URL(`./${BUNDLE_FILES.simWorker}`, bundleUrl)));
}

interface PoolOptions {
  workers: number;
  onProgress?: (done: number, total: number) => void;
  signal?: AbortSignal;
  graceMs?: number;
}

interface PoolRun<R> {
  results: (R | undefined)[];
  errors: SimRun['errors'];
  cancelled: boolean;
  wallMs: number;
  busyMs: number;
}

/** Hands job i (seed seeds[i]) to the next free worker; `local` runs a job in this thread. */
async function runPool<R>(setup: WorkerSetup, kind: ToWorker['type'], seeds: readonly number[], options: PoolOptions, local: (seed: number) => R): Promise<PoolRun<R>> {
  const total = seeds.length;
  const t0 = performance.now();
  const results: (R | undefined)[] = new Array(total);
  const errors: SimRun['errors'] = [];
  let busyMs = 0;
  let done = 0;
  const finish = (cancelled: boolean): PoolRun<R> => ({
    results,
    errors: errors.sort((x, y) => x.index - y.index),
    cancelled,
    wallMs: performance.now() - t0,
    busyMs,
  });

  if (options.workers <= 0) {
    for (let i = 0; i < total; i++) {
      if (options.signal?.aborted) return finish(true);
      const g0 = performance.now();
      try {
        results[i] = local(seeds[i]!);
      } catch (e) {
        errors.push({ index: i, seed: seeds[i]!, message: e instanceof Error ? e.message : String(e) });
      }
      busyMs += performance.now() - g0;
      options.onProgress?.(++done, total);
      // Let signal handlers and timers run between games.
      await new Promise<void>((r) => setImmediate(r));
    }
    return finish(false);
  }

  const count = Math.max(1, Math.min(Math.floor(options.workers), total));
  return new Promise<PoolRun<R>>((resolve, reject) => {
    const workers: Worker[] = [];
    let next = 0;
    let inFlight = 0;
    let stopping = false;
    let settled = false;
    let graceTimer: ReturnType<typeof setTimeout> | null = null;

    const shutdown = (result: PoolRun<R> | Error): void => {
      if (settled) return;
      settled = true;
      if (graceTimer) clearTimeout(graceTimer);
      options.signal?.removeEventListener('abort', onAbort);
      void Promise.all(workers.map((w) => w.terminate())).then(() => (result instanceof Error ? reject(result) : resolve(result)));
    };
    const dispatch = (w: Worker): void => {
      if (stopping || next >= total) {
        if (inFlight === 0) shutdown(finish(stopping));
        return;
      }
      const index = next++;
      inFlight++;
      const msg: ToWorker = { type: kind, index, seed: seeds[index]! };
      w.postMessage(msg);
    };
    const onAbort = (): void => {
      stopping = true;
      if (inFlight === 0) shutdown(finish(true));
      else graceTimer = setTimeout(() => shutdown(finish(true)), options.graceMs ?? 2000);
    };
    if (options.signal?.aborted) {
      resolve(finish(true));
      return;
    }
    options.signal?.addEventListener('abort', onAbort);

    for (let k = 0; k < count; k++) {
      const w = spawnWorker(setup);
      workers.push(w);
      w.on('message', (m: FromWorker) => {
        inFlight--;
        if (m.type === 'error') errors.push({ index: m.index, seed: seeds[m.index]!, message: m.message });
        else {
          results[m.index] = (m.type === 'result' ? m.record : m.result) as R;
          busyMs += m.ms;
        }
        options.onProgress?.(++done, total);
        dispatch(w);
      });
      w.on('error', (e) => shutdown(new Error(`A simulation worker failed: ${e.message}`)));
      dispatch(w);
    }
  });
}

export async function runSimulation(scenario: Scenario, options: SimOptions): Promise<SimRun> {
  const total = Math.max(0, Math.floor(options.games));
  const seeds = Array.from({ length: total }, (_, i) => options.seed + i);
  const run = await runPool<GameRecord>({ scenario, players: options.players }, 'play', seeds, options, (seed) =>
    playOne(scenario, options.players, seed),
  );
  return {
    records: run.results.filter((r): r is GameRecord => r !== undefined),
    requested: total,
    cancelled: run.cancelled,
    errors: run.errors,
    wallMs: run.wallMs,
    gameMs: run.busyMs,
  };
}

/** Random legal games of `scenario` with invariant checks, one per seed (see invariants.ts). */
export async function runChecks(scenario: Scenario, seeds: readonly number[], options: PoolOptions): Promise<PoolRun<CheckResult>> {
  return runPool<CheckResult>({ scenario, players: ['random', 'random'] }, 'check', seeds, options, (seed) => checkRandomGame(scenario, seed));
}
