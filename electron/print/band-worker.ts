// A second core for a big image export: a worker thread that draws every other band of the
// same job (raster.ts's BandHelper) while the main thread draws the rest and writes the PNG.
// The worker runs the same program (the command line's bundle) and builds the job itself from
// the scenario and the export's options, so nothing but those and the bands' pixels cross.
import { Worker, type MessagePort } from 'node:worker_threads';
import type { BandHelper } from './raster.js';

interface Request {
  id: number;
  band: number;
}

type Reply = { id: number; pixels: Uint8Array } | { id: number; error: string };

/** What the worker is started with (its workerData): the job to rebuild. */
export interface BandWork<J> {
  gridfrontBands: J;
}

export function isBandWork<J>(data: unknown): data is BandWork<J> {
  return typeof data === 'object' && data !== null && 'gridfrontBands' in data;
}

/** Starts `script` (given `argv`) on a worker thread with `job` and asks it for bands. */
export function workerBandHelper<J>(script: string, argv: string[], job: J): BandHelper {
  const worker = new Worker(script, { argv, workerData: { gridfrontBands: job } satisfies BandWork<J> });
  const waiting = new Map<number, { resolve: (p: Uint8Array) => void; reject: (e: Error) => void }>();
  let failed: Error | null = null;
  let next = 0;
  const failAll = (e: Error) => {
    failed ??= e;
    for (const w of waiting.values()) w.reject(failed);
    waiting.clear();
  };
  worker.on('message', (m: Reply) => {
    const w = waiting.get(m.id);
    if (!w) return;
    waiting.delete(m.id);
    if ('error' in m) w.reject(new Error(`the drawing worker failed: ${m.error}`));
    else w.resolve(m.pixels);
  });
  worker.on('error', (e: Error) => failAll(e));
  worker.on('exit', (code) => failAll(new Error(`the drawing worker stopped (exit code ${code})`)));
  return {
    draw(band) {
      if (failed) return Promise.reject(failed);
      const id = next++;
      return new Promise<Uint8Array>((resolve, reject) => {
        waiting.set(id, { resolve, reject });
        worker.postMessage({ id, band } satisfies Request);
      });
    },
    async close() {
      failed ??= new Error('the drawing worker was closed');
      await worker.terminate();
    },
  };
}

/** The worker's side: draws each band asked for with `draw` and hands its rows back. */
export function serveBands(port: MessagePort, draw: (band: number) => Uint8Array): void {
  port.on('message', (m: Request) => {
    try {
      // A copy: the painter's canvas is drawn over by the next band.
      const pixels = new Uint8Array(draw(m.band));
      port.postMessage({ id: m.id, pixels } satisfies Reply, [pixels.buffer]);
    } catch (e) {
      port.postMessage({ id: m.id, error: e instanceof Error ? (e.stack ?? e.message) : String(e) } satisfies Reply);
    }
  });
}
