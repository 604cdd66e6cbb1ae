// The scenario checks for the panels, run on a web worker so a big map stays responsive
// while they run. Only the newest request's answer is kept: an answer for a scenario that has
// been edited since is dropped. Where there is no Worker (unit tests in Node), or the worker
// cannot take a request or fails, the checks run here instead, so there is always an answer.
import { checkScenario, type Issue } from '../../../shared/scenario/index.js';
import type { Scenario } from '../../../shared/format/scenario.types.js';

export interface ChecksRequest {
  seq: number;
  scenario: Scenario;
}

export type ChecksReply = { seq: number; issues: Issue[] } | { seq: number; error: string };

type MakeWorker = () => Worker;

const defaultWorker: MakeWorker | null =
  typeof Worker === 'undefined' ? null : () => new Worker(new URL('./checks.worker.ts', import.meta.url), { type: 'module' });

export class ChecksRunner {
  private worker: Worker | null = null;
  private seq = 0;
  private pending: Scenario | null = null;

  constructor(
    /** Called with each kept answer. */
    private readonly onIssues: (scenario: Scenario, issues: Issue[]) => void,
    private readonly makeWorker: MakeWorker | null = defaultWorker,
  ) {}

  /** The scenario whose answer is awaited, if any. */
  get running(): Scenario | null {
    return this.pending;
  }

  /** Checks `scenario` in the background; its answer replaces any earlier one still due. */
  run(scenario: Scenario): void {
    const seq = ++this.seq;
    this.pending = scenario;
    const worker = this.ensureWorker();
    if (worker) {
      try {
        worker.postMessage({ seq, scenario } satisfies ChecksRequest);
        return;
      } catch {
        // A scenario the worker cannot be sent (it should always be plain data): check here.
      }
    }
    this.answer(seq, scenario, checkScenario(scenario));
  }

  /** Drops any answer still due and stops the worker (it is made again when needed). */
  dispose(): void {
    this.seq++;
    this.pending = null;
    this.worker?.terminate();
    this.worker = null;
  }

  private ensureWorker(): Worker | null {
    if (this.worker || !this.makeWorker) return this.worker;
    try {
      const worker = this.makeWorker();
      worker.onmessage = (e: MessageEvent<ChecksReply>) => this.reply(e.data);
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

  private reply(m: ChecksReply): void {
    if (m.seq !== this.seq || !this.pending) return;
    if ('issues' in m) this.answer(m.seq, this.pending, m.issues);
    else this.fallBack();
  }

  /** The worker failed: answer the newest request here, and make a fresh worker next time. */
  private fallBack(): void {
    this.worker?.terminate();
    this.worker = null;
    const scenario = this.pending;
    if (scenario) this.answer(this.seq, scenario, checkScenario(scenario));
  }

  private answer(seq: number, scenario: Scenario, issues: Issue[]): void {
    if (seq !== this.seq) return;
    this.pending = null;
    this.onIssues(scenario, issues);
  }
}
