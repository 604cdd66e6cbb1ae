import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Scenario } from '../../shared/format/scenario.types.js';
import { mustWrite, scenario, testLibrary, type TestLibrary } from './testing.js';
import { newScenario } from '../../shared/format/new-scenario.js';
import { CHECK_NOTE_LIMIT, checkRecord, defaultValidator, REACH_CHECK_MAX_CELLS } from './validation.js';

let t: TestLibrary;
beforeEach(() => {
  t = testLibrary();
});
afterEach(() => t.cleanup());

/** A supply base inside the map: legal, but the format validator advises against it. */
function inlandBase(id: string, title: string): Scenario {
  const doc = scenario(id, title);
  doc.map.cells = { ...doc.map.cells, '2,2': { supplyBase: doc.sides[0].id } };
  return doc;
}

/** Air interdiction while the ground is always mud: only the editor's design checks see it. */
function interdictionInMud(id: string, title: string): Scenario {
  const doc = scenario(id, title);
  doc.groundConditions = { initial: 'mud' };
  doc.airInterdiction = [{ side: doc.sides[1].id, fromTurn: 1, toTurn: 2 }];
  return doc;
}

describe('library: warnings of the last check', () => {
  it('a scenario with only warnings is stored as passing, with its warning count and messages', () => {
    const { summary, warnings } = mustWrite(t.lib.create(inlandBase('inland', 'Inland base')));
    expect(summary).toMatchObject({ checkStatus: 'valid', errorCount: 0, warningCount: 1 });
    expect(summary.checkNotes).toEqual([expect.stringMatching(/not on a map edge/)]);
    expect(warnings).toHaveLength(1);
    expect(t.lib.list().items[0]).toMatchObject({ id: 'inland', warningCount: 1 });
  });

  it('a clean scenario has no warnings and no notes', () => {
    const { summary } = mustWrite(t.lib.create(scenario('clean', 'Clean')));
    expect(summary).toMatchObject({ checkStatus: 'valid', warningCount: 0, checkNotes: [] });
  });

  it('the editor’s design checks count as warnings too, so the badge agrees with the checks panel', () => {
    const { summary } = mustWrite(t.lib.create(interdictionInMud('mud', 'Mud interdiction')));
    expect(summary.warningCount).toBe(1);
    expect(summary.checkNotes[0]).toMatch(/air interdiction/);
  });

  it('saving a fixed version clears the warnings; saving a warned one records them', () => {
    mustWrite(t.lib.create(scenario('s', 'Fine')));
    t.tick();
    expect(mustWrite(t.lib.save('s', inlandBase('s', 'Fine'))).summary.warningCount).toBe(1);
    t.tick();
    expect(mustWrite(t.lib.save('s', scenario('s', 'Fine'))).summary).toMatchObject({ warningCount: 0, checkNotes: [] });
  });

  it('duplicates and imports keep the warnings of what they copied', () => {
    mustWrite(t.lib.create(inlandBase('orig', 'Original')));
    expect(mustWrite(t.lib.duplicate('orig')).summary.warningCount).toBe(1);
    const [imported] = t.lib.importFiles([{ name: 'w.json', text: JSON.stringify(inlandBase('imp', 'Imported')) }]);
    expect(imported).toMatchObject({ ok: true, id: 'imp' });
    expect(t.lib.list().items.find((s) => s.id === 'imp')).toMatchObject({ checkStatus: 'valid', warningCount: 1 });
  });

  it('a recheck by a stricter validator lists its errors first in the notes', () => {
    mustWrite(t.lib.create(scenario('s', 'Soon wrong')));
    t.reopen({
      validate: () => ({
        ok: false,
        issues: [
          { pointer: '/a', message: 'advice', severity: 'warning' },
          { pointer: '/title', message: 'title refused', severity: 'error' },
        ],
      }),
    });
    t.lib.recheckAll();
    expect(t.lib.list().items[0]).toMatchObject({ checkStatus: 'errors', errorCount: 1, warningCount: 1, checkNotes: ['title refused', 'advice'] });
  });
});

describe('check records', () => {
  it('keep at most a few notes, errors first, each cut to a readable length', () => {
    const issues = [
      ...Array.from({ length: 5 }, (_, i) => ({ pointer: `/w${i}`, message: `warning ${i}`, severity: 'warning' as const })),
      { pointer: '/e', message: 'x'.repeat(1000), severity: 'error' as const },
    ];
    const record = checkRecord(issues);
    expect(record.warningCount).toBe(5);
    expect(record.notes).toHaveLength(CHECK_NOTE_LIMIT);
    expect(record.notes[0]!.length).toBeLessThanOrEqual(240);
    expect(record.notes[0]!.endsWith('…')).toBe(true);
    expect(record.notes.slice(1)).toEqual(['warning 0', 'warning 1']);
  });

  it('the default validator never turns design advice into a refusal', () => {
    const result = defaultValidator(interdictionInMud('m', 'Mud'));
    expect(result.ok).toBe(true);
    expect(result.issues.every((i) => i.severity === 'warning')).toBe(true);
  });
});

describe('design checks in the library', () => {
  /** A victory cell on a sea cell: no side can ever walk there. */
  function islandVictory(cols: number, rows: number): Scenario {
    const doc = newScenario({ id: 'isle', title: 'Island', gridKind: 'square', cols, rows });
    const row = doc.map.terrain![2]!;
    doc.map.terrain![2] = `${row.slice(0, 2)}~${row.slice(3)}`;
    doc.map.cells = { ...doc.map.cells, '2,2': { name: 'Island', victory: { perTurn: 1 } } };
    return doc;
  }

  it('an unreachable victory cell is a warning on ordinary maps', () => {
    const issues = defaultValidator(islandVictory(6, 5)).issues;
    expect(issues.map((i) => i.message)).toEqual([expect.stringMatching(/cannot be reached by either side/)]);
  });

  it('maps past the size limit skip the costly path search instead of stalling every save', () => {
    const cols = 600;
    const rows = Math.ceil(REACH_CHECK_MAX_CELLS / cols) + 1;
    const result = defaultValidator(islandVictory(cols, rows));
    expect(result.ok).toBe(true);
    expect(result.issues.filter((i) => /cannot be reached/.test(i.message))).toEqual([]);
  });
});

