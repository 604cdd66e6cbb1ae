// Simulation worker thread: plays the games the pool hands it, one message per game.
import { parentPort, workerData } from 'node:worker_threads';
import type { FromWorker, ToWorker, WorkerSetup } from './protocol.js';
import { playOne } from './play-one.js';
import { checkRandomGame } from './invariants.js';

const setup = workerData as WorkerSetup;
const port = parentPort;
if (!port) throw new Error('electron/sim/worker.ts runs only as a worker thread.');

port.on('message', (m: ToWorker) => {
  const t0 = performance.now();
  let reply: FromWorker;
  try {
    if (m.type === 'check') {
      const result = checkRandomGame(setup.scenario, m.seed);
      reply = { type: 'checked', index: m.index, result, ms: performance.now() - t0 };
    } else {
      const record = playOne(setup.scenario, setup.players, m.seed);
      reply = { type: 'result', index: m.index, record, ms: performance.now() - t0 };
    }
  } catch (e) {
    reply = { type: 'error', index: m.index, message: e instanceof Error ? e.message : String(e) };
  }
  port.postMessage(reply);
});
