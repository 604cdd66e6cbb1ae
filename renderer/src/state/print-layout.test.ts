import { describe, expect, it } from 'vitest';
import { makeTinyScenario } from '../../../shared/format/fixtures.js';
import { newScenario } from '../../../shared/format/new-scenario.js';
import { layoutPrint } from '../../../shared/print/layout.js';
import { fakeWorkers } from '../lib/fake-worker.js';
import { LayoutRunner, layoutAnswer, type LayoutAnswer, type LayoutRequest } from './print-layout.js';

function setup() {
  const { workers, make } = fakeWorkers<LayoutRequest, LayoutAnswer>();
  return { runner: new LayoutRunner(make), workers };
}

describe('print layout on a worker', () => {
  const s = makeTinyScenario();

  it('sends the scenario and options to the worker and resolves with its answer, leaving the page free meanwhile', async () => {
    const { runner, workers } = setup();
    const answer = runner.run(s, { paper: 'A4' });
    expect(runner.busy).toBe(true);
    const [req] = workers[0]!.sent;
    expect(req!.request).toMatchObject({ scenario: s, input: { paper: 'A4' } });
    const layout = layoutPrint(s, { paper: 'A4' });
    workers[0]!.reply({ seq: req!.seq, answer: { layout } });
    expect(await answer).toEqual({ layout });
    expect(runner.busy).toBe(false);
  });

  it('keeps only the newest request: an older one resolves with null and its worker is stopped mid-layout', async () => {
    const { runner, workers } = setup();
    const first = runner.run(s, { paper: 'A4' });
    const second = runner.run(s, { paper: 'A3' });
    expect(await first).toBeNull();
    expect(workers[0]!.terminated).toBe(true);
    const [a] = workers[0]!.sent;
    workers[0]!.reply({ seq: a!.seq, answer: { problems: [{ field: 'paper', message: 'stale' }] } });
    expect(runner.busy).toBe(true);
    const [b] = workers[1]!.sent;
    expect(b!.request.input).toEqual({ paper: 'A3' });
    workers[1]!.reply({ seq: b!.seq, answer: { problems: [{ field: 'paper', message: 'newest' }] } });
    expect(await second).toEqual({ problems: [{ field: 'paper', message: 'newest' }] });
  });

  it('lays out on the page when the worker fails or reports an error, and makes a fresh worker next time', async () => {
    const { runner, workers } = setup();
    const one = runner.run(s, { paper: 'A4' });
    workers[0]!.fail();
    expect(await one).toEqual(layoutAnswer(s, { paper: 'A4' }));
    expect(workers[0]!.terminated).toBe(true);
    const two = runner.run(s, { paper: 'A4' });
    workers[1]!.reply({ seq: workers[1]!.sent[0]!.seq, error: 'boom' });
    expect(await two).toEqual(layoutAnswer(s, { paper: 'A4' }));
    expect(workers).toHaveLength(2);
  });

  it('without a Worker (Node) it answers at once; over the page cap the answer is the problem, not a layout', async () => {
    const runner = new LayoutRunner(null);
    const big = newScenario({ id: 'big', title: 'Big', gridKind: 'hex', cols: 400, rows: 400, cellSize: { value: 10, unit: 'cm' } });
    const answer = await runner.run(big, { paper: 'A4' });
    expect(answer && 'problems' in answer ? answer.problems[0]!.field : null).toBe('cellSize');
  });

  it('dispose drops what is due and stops the worker', async () => {
    const { runner, workers } = setup();
    const due = runner.run(s, {});
    runner.dispose();
    expect(await due).toBeNull();
    expect(workers[0]!.terminated).toBe(true);
    expect(runner.busy).toBe(false);
  });
});
