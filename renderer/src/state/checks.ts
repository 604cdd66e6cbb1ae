// The scenario checks for the panels, run on a web worker so a big map stays responsive
// while they run (lib/newest-worker.ts): only the newest request's answer is kept, an answer
// for a scenario that has been edited since is dropped, and where the worker is missing or
// fails the checks run here instead, so there is always an answer.
import { checkScenario, type Issue } from '../../../shared/scenario/index.js';
import type { Scenario } from '../../../shared/format/scenario.types.js';
import { NewestWorker, type MakeWorker } from '../lib/newest-worker.js';

const defaultWorker: MakeWorker | null =
  typeof Worker === 'undefined' ? null : () => new Worker(new URL('./checks.worker.ts', import.meta.url), { type: 'module' });

export class ChecksRunner {
  private readonly worker: NewestWorker<Scenario, Issue[]>;

  constructor(
    /** Called with each kept answer. */
    private readonly onIssues: (scenario: Scenario, issues: Issue[]) => void,
    makeWorker: MakeWorker | null = defaultWorker,
  ) {
    // A quick check already under way is left to finish; its answer is dropped.
    this.worker = new NewestWorker<Scenario, Issue[]>({ compute: checkScenario, makeWorker, stopOlder: false });
  }

  /** The scenario whose answer is awaited, if any. */
  get running(): Scenario | null {
    return this.worker.awaited;
  }

  /** Checks `scenario` in the background; its answer replaces any earlier one still due. */
  run(scenario: Scenario): void {
    this.worker.run(scenario, (issues) => {
      if (issues) this.onIssues(scenario, issues);
    });
  }

  /** Drops any answer still due and stops the worker (it is made again when needed). */
  dispose(): void {
    this.worker.dispose();
  }
}
