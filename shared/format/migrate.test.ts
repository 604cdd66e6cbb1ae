import { describe, expect, it } from 'vitest';
import { makeTinyScenario } from './fixtures.js';
import { CURRENT_FORMAT_VERSION, MigrationError, loadScenario, migrateScenario, type MigrationRegistry } from './migrate.js';

// A made-up version 0 for testing the hook: units had "hex" instead of "cell", and there was
// no calendar start date.
const withV0: MigrationRegistry = {
  current: 1,
  steps: [
    {
      from: 0,
      summary: 'units: "hex" renamed to "cell"; calendar gains startDate',
      migrate(doc, note) {
        const units = (doc.orderOfBattle as Record<string, unknown>[]).map(({ hex, ...rest }) => ({ ...rest, cell: hex }));
        const calendar = { startDate: '1941-01-01', ...(doc.calendar as object) };
        note('calendar.startDate was missing and is set to 1941-01-01');
        return { ...doc, orderOfBattle: units, calendar };
      },
    },
  ],
};

function makeV0(): Record<string, unknown> {
  const s = makeTinyScenario() as unknown as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
  s.formatVersion = 0;
  s.orderOfBattle = s.orderOfBattle.map(({ cell, ...rest }: { cell: string }) => ({ ...rest, hex: cell }));
  delete s.calendar.startDate;
  return s;
}

describe('migrateScenario', () => {
  it('passes a current-version scenario through unchanged', () => {
    const s = makeTinyScenario();
    const result = migrateScenario(s);
    expect(result).toEqual({ scenario: s, from: CURRENT_FORMAT_VERSION, to: CURRENT_FORMAT_VERSION, notes: [] });
  });

  it('runs each step from the file version up to the current one, with notes', () => {
    const result = migrateScenario(makeV0(), withV0);
    expect(result.from).toBe(0);
    expect(result.to).toBe(1);
    expect(result.notes).toEqual(['v0→v1: calendar.startDate was missing and is set to 1941-01-01']);
    expect(result.scenario).toMatchObject({ formatVersion: 1, calendar: { startDate: '1941-01-01', turns: 6 } });
    expect((result.scenario as { orderOfBattle: { cell: string }[] }).orderOfBattle[0]?.cell).toBe('1,2');
  });

  it('never modifies the document it migrates', () => {
    const v0 = makeV0();
    const before = JSON.stringify(v0);
    migrateScenario(v0, withV0);
    expect(JSON.stringify(v0)).toBe(before);
  });

  it('refuses a file without a format version, naming the field', () => {
    const s = makeTinyScenario() as Partial<ReturnType<typeof makeTinyScenario>>;
    delete s.formatVersion;
    expect(() => migrateScenario(s)).toThrow(MigrationError);
    expect(() => migrateScenario(s)).toThrow(/no "formatVersion"/);
  });

  it('refuses a file from a newer version and asks for an update', () => {
    const s = { ...makeTinyScenario(), formatVersion: 7 };
    expect(() => migrateScenario(s)).toThrow(/format version 7, newer than this app reads \(1\); update Gridfront/);
  });

  it('refuses a version it has no step for', () => {
    expect(() => migrateScenario(makeV0())).toThrow(/no migration from it to 1/);
  });

  it('refuses a format version that is not a whole number', () => {
    expect(() => migrateScenario({ formatVersion: '1' })).toThrow(/whole number/);
    expect(() => migrateScenario({ formatVersion: 0.5 })).toThrow(/whole number/);
  });

  it('refuses anything but an object', () => {
    for (const junk of [null, [], 'x', 3]) expect(() => migrateScenario(junk)).toThrow(/JSON object/);
  });
});

describe('loadScenario', () => {
  it('loads a valid current scenario with no warnings', () => {
    const result = loadScenario(makeTinyScenario());
    expect(result).toMatchObject({ ok: true, warnings: [], from: 1, notes: [] });
  });

  it('migrates, then validates the migrated document', () => {
    const result = loadScenario(makeV0(), withV0);
    expect(result.ok).toBe(true);
    if (result.ok) {
      expect(result.from).toBe(0);
      expect(result.scenario.orderOfBattle[3]?.cell).toBe('5,3');
      expect(result.notes).toHaveLength(1);
    }
  });

  it('reports a migration failure as an issue at /formatVersion instead of throwing', () => {
    const result = loadScenario({ ...makeTinyScenario(), formatVersion: 2 });
    expect(result).toEqual({
      ok: false,
      issues: [expect.objectContaining({ pointer: '/formatVersion', severity: 'error', message: expect.stringContaining('newer') })],
    });
  });

  it('reports validation errors of the migrated document', () => {
    const v0 = makeV0();
    (v0.orderOfBattle as { hex: string }[])[0]!.hex = '40,40';
    const result = loadScenario(v0, withV0);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.issues.map((i) => i.pointer)).toContain('/orderOfBattle/0/cell');
  });

  it('turns a crashing migration step into an issue', () => {
    const broken: MigrationRegistry = {
      current: 1,
      steps: [{ from: 0, summary: 'crashes', migrate: () => { throw new Error('boom'); } }],
    };
    const result = loadScenario(makeV0(), broken);
    expect(result).toEqual({ ok: false, issues: [expect.objectContaining({ message: expect.stringContaining('boom') })] });
  });
});
