// The print dialog's page layout, computed on a web worker so the dialog stays responsive
// while a big map is laid out (a 400×400 map once froze the page for half a minute); only
// the newest request's answer is kept, and where the worker is missing or fails the layout
// is computed here instead (lib/newest-worker.ts).
import type { Scenario } from '../../../shared/format/scenario.types.js';
import { layoutPrint, type PrintLayout } from '../../../shared/print/layout.js';
import { PrintOptionsError, type PrintOptionProblem, type PrintOptionsInput } from '../../../shared/print/options.js';
import { NewestWorker, type MakeWorker } from '../lib/newest-worker.js';

/** A layout, the option problems that stop one, or an unexpected failure. */
export type LayoutAnswer = { layout: PrintLayout } | { problems: PrintOptionProblem[] };

/** What the worker and the fallback both do. */
export function layoutAnswer(scenario: Scenario, input: PrintOptionsInput): LayoutAnswer {
  try {
    return { layout: layoutPrint(scenario, input) };
  } catch (err) {
    if (err instanceof PrintOptionsError) return { problems: err.problems };
    throw err;
  }
}

const defaultWorker: MakeWorker | null =
  typeof Worker === 'undefined' ? null : () => new Worker(new URL('./print-layout.worker.ts', import.meta.url), { type: 'module' });

export interface LayoutRequest {
  scenario: Scenario;
  input: PrintOptionsInput;
}

export class LayoutRunner {
  private readonly worker: NewestWorker<LayoutRequest, LayoutAnswer>;

  constructor(makeWorker: MakeWorker | null = defaultWorker) {
    // A layout still running is for an older form: it is stopped rather than waited for.
    this.worker = new NewestWorker({ compute: ({ scenario, input }) => layoutAnswer(scenario, input), makeWorker, stopOlder: true });
  }

  /** True while an answer is awaited. */
  get busy(): boolean {
    return this.worker.awaited !== null;
  }

  /**
   * Lays out in the background. Resolves with the answer, or with null when a newer request
   * (or dispose) replaced this one before it was answered.
   */
  run(scenario: Scenario, input: PrintOptionsInput): Promise<LayoutAnswer | null> {
    return this.worker.ask({ scenario, input });
  }

  /** Drops any answer still due and stops the worker (it is made again when needed). */
  dispose(): void {
    this.worker.dispose();
  }
}
