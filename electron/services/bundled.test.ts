import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeTinyScenario } from '../../shared/format/fixtures.js';
import { HostError } from '../../shared/host/contract.js';
import { createBundledScenarios, type BundledProblem } from './bundled.js';
import { gridSpecOf } from '../../shared/format/defaults.js';

describe('bundled scenarios', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'gf-bundled-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  function write(name: string, content: unknown): void {
    writeFileSync(path.join(dir, name), typeof content === 'string' ? content : JSON.stringify(content));
  }

  it('lists each valid file with the summary a library card shows', async () => {
    const scenario = { ...makeTinyScenario(), id: 'tiny', title: 'Tiny', tags: ['test'] };
    write('tiny.json', scenario);
    const [summary, ...rest] = await createBundledScenarios({ dir }).list();
    expect(rest).toEqual([]);
    expect(summary).toMatchObject({
      id: 'tiny',
      title: 'Tiny',
      fileName: 'tiny.json',
      tags: ['test'],
      grid: { kind: scenario.map.grid.kind, cols: gridSpecOf(scenario).cols, rows: gridSpecOf(scenario).rows },
      sides: scenario.sides.map((s) => ({ name: s.name, colour: s.colour })),
      turns: scenario.calendar.turns,
    });
  });

  it('leaves out broken and invalid files, says why, and still lists the good ones', async () => {
    write('good.json', { ...makeTinyScenario(), id: 'good' });
    write('broken.json', '{ "title": ');
    write('invalid.json', { ...makeTinyScenario(), id: 'invalid', title: '' });
    write('notes.txt', 'ignored');
    const problems: BundledProblem[] = [];
    const bundled = createBundledScenarios({ dir, onProblem: (p) => problems.push(p) });
    expect((await bundled.list()).map((s) => s.id)).toEqual(['good']);
    expect(problems.map((p) => p.fileName).sort()).toEqual(['broken.json', 'invalid.json']);
    const invalid = problems.find((p) => p.fileName === 'invalid.json')!;
    expect(invalid.issues.some((i) => i.pointer === '/title')).toBe(true);
    // Reported once, not on every listing.
    await bundled.list();
    expect(problems).toHaveLength(2);
  });

  it('keeps the first file when two share an id', async () => {
    write('a.json', { ...makeTinyScenario(), id: 'same', title: 'A' });
    write('b.json', { ...makeTinyScenario(), id: 'same', title: 'B' });
    const bundled = createBundledScenarios({ dir });
    expect((await bundled.list()).map((s) => s.title)).toEqual(['A']);
    expect((await bundled.problems())[0]?.message).toMatch(/b\.json repeats scenario id "same"/);
  });

  it('returns the whole document by id, and a not-found HostError for an unknown id', async () => {
    const scenario = { ...makeTinyScenario(), id: 'full' };
    write('full.json', scenario);
    const bundled = createBundledScenarios({ dir });
    await expect(bundled.get('full')).resolves.toEqual({ fileName: 'full.json', scenario });
    const err = await bundled.get('missing').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(HostError);
    expect(err).toMatchObject({ code: 'not-found' });
  });

  it('sees a file changed on disk at the next listing', async () => {
    write('x.json', { ...makeTinyScenario(), id: 'x', title: 'Before' });
    const bundled = createBundledScenarios({ dir });
    expect((await bundled.list())[0]?.title).toBe('Before');
    write('x.json', { ...makeTinyScenario(), id: 'x', title: 'After, with a longer title' });
    expect((await bundled.list())[0]?.title).toBe('After, with a longer title');
  });

  it('treats a missing folder as no bundled scenarios', async () => {
    expect(await createBundledScenarios({ dir: path.join(dir, 'nope') }).list()).toEqual([]);
  });

  it('accepts every scenario shipped in scenarios/', async () => {
    const problems: BundledProblem[] = [];
    const shipped = createBundledScenarios({ dir: path.resolve('scenarios'), onProblem: (p) => problems.push(p) });
    const list = await shipped.list();
    expect(problems).toEqual([]);
    expect(list.length).toBeGreaterThan(0);
  });
});
