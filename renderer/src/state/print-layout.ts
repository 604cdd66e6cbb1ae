// The print dialog's page layout, computed on a web worker so the dialog stays responsive
// while a big map is laid out (a 400×400 map once froze the page for half a minute). Only
// the newest request's answer is kept. Where there is no Worker (unit tests in Node), or the
// worker cannot take a request or fails, the layout is computed here instead, so there is
// always an answer.
import type { Scenario } from '../../../shared/format/scenario.types.js';
import { layoutPrint, type PrintLayout } from '../../../shared/print/layout.js';
import { PrintOptionsError, type PrintOptionProblem, type PrintOptionsInput } from '../../../shared/print/options.js';

export interface LayoutRequest {
  seq: number;
  scenario: Scenario;
  input: PrintOptionsInput;
}

/** A layout, the option problems that stop one, or an unexpected failure. */
export type LayoutAnswer = { layout: PrintLayout } | { problems: PrintOptionProblem[] };
export type LayoutReply = ({ seq: number } & LayoutAnswer) | { seq: number; error: string };

/** What the worker and the fallback both do. */
export function layoutAnswer(scenario: Scenario, input: PrintOptionsInput): LayoutAnswer {
  try {
    return { layout: layoutPrint(scenario, input) };
  } catch (err) {
    if (err instanceof PrintOptionsError) return { problems: err.problems };
    throw err;
  }
}

type MakeWorker = () => Worker;

const defaultWorker: MakeWorker | null =
  typeof Worker === 'undefined' ? null : () => new Worker(new URL('./print-layout.worker.ts', import.meta.url), { type: 'module' });

interface Pending {
  seq: number;
  scenario: Scenario;
  input: PrintOptionsInput;
  resolve: (answer: LayoutAnswer | null) => void;
}

export class LayoutRunner {
  private worker: Worker | null = null;
  private seq = 0;
  private pending: Pending | null = null;

  constructor(private readonly makeWorker: MakeWorker | null = defaultWorker) {}

  /** True while an answer is awaited. */
  get busy(): boolean {
    return this.pending !== null;
  }

  /**
   * Lays out in the background. Resolves with the answer, or with null when a newer request
   * (or dispose) replaced this one before it was answered.
   */
  run(scenario: Scenario, input: PrintOptionsInput): Promise<LayoutAnswer | null> {
    if (this.pending) {
      // A layout still running is for an older form: stop it rather than wait for it.
      this.pending.resolve(null);
      this.pending = null;
      this.worker?.terminate();
      this.worker = null;
    }
    const seq = ++this.seq;
    return new Promise((resolve) => {
      this.pending = { seq, scenario, input, resolve };
      const worker = this.ensureWorker();
      if (worker) {
        try {
          worker.postMessage({ seq, scenario, input } satisfies LayoutRequest);
          return;
        } catch {
          // Something the worker cannot be sent (it should always be plain data): lay out here.
        }
      }
      this.answer(seq, layoutAnswer(scenario, input));
    });
  }

  /** Drops any answer still due and stops the worker (it is made again when needed). */
  dispose(): void {
    this.seq++;
    this.pending?.resolve(null);
    this.pending = null;
    this.worker?.terminate();
    this.worker = null;
  }

  private ensureWorker(): Worker | null {
    if (this.worker || !this.makeWorker) return this.worker;
    try {
      const worker = this.makeWorker();
      worker.onmessage = (e: MessageEvent<LayoutReply>) => this.reply(e.data);
      worker.onerror = (e) => {
        e.preventDefault();
        this.fallBack();
      };
      this.worker = worker;
    } catch {
      this.worker = null;
    }
    return this.worker;
  }

  private reply(m: LayoutReply): void {
    if (m.seq !== this.seq || !this.pending) return;
    if ('error' in m) return this.fallBack();
    const { seq, ...answer } = m;
    this.answer(seq, answer);
  }

  /** The worker failed: answer the newest request here, and make a fresh worker next time. */
  private fallBack(): void {
    this.worker?.terminate();
    this.worker = null;
    const p = this.pending;
    if (p) this.answer(p.seq, layoutAnswer(p.scenario, p.input));
  }

  private answer(seq: number, answer: LayoutAnswer): void {
    const p = this.pending;
    if (!p || seq !== this.seq || p.seq !== seq) return;
    this.pending = null;
    p.resolve(answer);
  }
}
