import { describe, expect, it } from 'vitest';
import { makeTinyScenario } from '../../../shared/format/fixtures.js';
import type { Scenario } from '../../../shared/format/scenario.types.js';
import { checkScenario, type Issue } from '../../../shared/scenario/index.js';
import { fakeWorkers } from '../lib/fake-worker.js';
import { ChecksRunner } from './checks.js';

const issue = (message: string): Issue => ({ pointer: '/title', message, severity: 'warning' });

function setup() {
  const { workers, make } = fakeWorkers<Scenario, Issue[]>();
  const answers: { scenario: Scenario; issues: Issue[] }[] = [];
  const runner = new ChecksRunner((scenario, issues) => answers.push({ scenario, issues }), make);
  return { runner, workers, answers };
}

describe('checks on a worker', () => {
  it('sends the scenario to the worker and passes its answer on', () => {
    const { runner, workers, answers } = setup();
    const s = makeTinyScenario();
    runner.run(s);
    expect(answers).toEqual([]);
    expect(runner.running).toBe(s);
    workers[0]!.reply({ seq: workers[0]!.sent[0]!.seq, answer: [issue('from the worker')] });
    expect(answers).toEqual([{ scenario: s, issues: [issue('from the worker')] }]);
    expect(runner.running).toBeNull();
  });

  it('drops an answer for a scenario edited since, and keeps the newest', () => {
    const { runner, workers, answers } = setup();
    const before = makeTinyScenario();
    const after = { ...before, title: 'Edited' };
    runner.run(before);
    runner.run(after);
    const [first, second] = workers[0]!.sent;
    workers[0]!.reply({ seq: second!.seq, answer: [issue('newest')] });
    workers[0]!.reply({ seq: first!.seq, answer: [issue('stale')] });
    expect(answers).toEqual([{ scenario: after, issues: [issue('newest')] }]);
    expect(workers).toHaveLength(1);
  });

  it('checks on the page when the worker fails, and makes a fresh worker for the next run', () => {
    const { runner, workers, answers } = setup();
    const s = makeTinyScenario();
    runner.run(s);
    workers[0]!.fail();
    expect(answers).toEqual([{ scenario: s, issues: checkScenario(s) }]);
    expect(workers[0]!.terminated).toBe(true);
    runner.run(s);
    expect(workers).toHaveLength(2);
    expect(workers[1]!.sent).toHaveLength(1);
  });

  it('checks on the page when the worker reports an error for the request', () => {
    const { runner, workers, answers } = setup();
    const s = makeTinyScenario();
    runner.run(s);
    workers[0]!.reply({ seq: workers[0]!.sent[0]!.seq, error: 'out of memory' });
    expect(answers).toEqual([{ scenario: s, issues: checkScenario(s) }]);
  });

  it('answers at once where there is no Worker, or one cannot be made', () => {
    const s = makeTinyScenario();
    for (const make of [null, () => { throw new Error('blocked by policy'); }]) {
      const answers: Issue[][] = [];
      new ChecksRunner((_, issues) => answers.push(issues), make).run(s);
      expect(answers).toEqual([checkScenario(s)]);
    }
  });

  it('after dispose, an answer still on its way is dropped and the worker is stopped', () => {
    const { runner, workers, answers } = setup();
    runner.run(makeTinyScenario());
    runner.dispose();
    workers[0]!.reply({ seq: workers[0]!.sent[0]!.seq, answer: [issue('late')] });
    expect(answers).toEqual([]);
    expect(workers[0]!.terminated).toBe(true);
  });
});
