// Seed 004, "Activation Dice", "Unit Activation", "Turn Sequence" step 2 and Appendix 1.
import { describe, expect, it } from 'vitest';
import type { PwUnitType } from '../../format/ruleset-pw.types.js';
import { pw } from './index.js';
import { pwBoardOf } from './board.js';
import { activationDiceFor, activationDiceOf, activationsFor } from './phases.js';
import { playPw, pwScenario, pwUnit, startPw, texts, type PwTestUnit } from './testkit.js';

const OPEN = ['............', '............', '............', '............', '............', '............', '............', '............'];

/** Red's units along row 7, Blue's along row 0 (each army's types in order). */
function armies(red: PwUnitType[], blue: PwUnitType[] = ['infantry']): PwTestUnit[] {
  return [...red.map((type, k) => ({ id: `r${k}`, cell: `${k},7`, type })), ...blue.map((type, k) => ({ id: `b${k}`, cell: `${k},0`, type }))];
}
const eight: PwUnitType[] = ['command', 'infantry', 'infantry', 'infantry', 'infantry', 'cavalry', 'cavalry', 'machineGun'];

describe('"The number of Activation Dice a player may throw each turn"', () => {
  it('European: "an army of eight Units will throw four activation dice; one for the Command Unit and three for the remaining Units"', () => {
    const s = startPw({ terrain: OPEN, units: armies(eight) }, [6, 1, 6, 6, 6, 6]);
    expect(activationDiceOf(s, pwBoardOf(s.scenario), 0)).toBe(4);
  });

  it('Native: "... will throw three activation dice; one for the Command Unit and two for the remaining Units"', () => {
    const s = startPw({ terrain: OPEN, units: armies(eight), options: { firstArmy: 'native' } }, [6, 1, 6, 6, 6]);
    expect(activationDiceOf(s, pwBoardOf(s.scenario), 0)).toBe(3);
  });

  it('"If a player commanding a European army loses their Command Unit, they immediately lose an activation dice; ... also ... every time the number of non-Command Units ... is evenly divisible by three"', () => {
    expect(activationDiceFor('european', true, 7)).toBe(4);
    expect(activationDiceFor('european', false, 7)).toBe(3);
    expect(activationDiceFor('european', true, 6)).toBe(3);
    expect(activationDiceFor('european', true, 4)).toBe(3);
    expect(activationDiceFor('european', true, 3)).toBe(2);
    expect(activationDiceFor('native', true, 5)).toBe(2);
    expect(activationDiceFor('native', false, 2)).toBe(0);
  });

  it('the dice thrown follow the losses as they happen', () => {
    let s = startPw({ terrain: OPEN, units: armies(eight) }, [6, 1, 1, 1, 1, 1, 6]);
    s = { ...s, units: s.units.map((u) => (u.id === 'r0' || u.id === 'r1' ? { ...u, alive: false, cell: null } : u)) };
    expect(activationDiceOf(s, pwBoardOf(s.scenario), 0)).toBe(2);
  });
});

describe('Appendix 1: "each die’s score must be separately divided by two and then the resultant scores are aggregated"', () => {
  it('1 = 0, 2 = 1, 3 = 1, 4 = 2, 5 = 2, 6 = 3', () => {
    expect([1, 2, 3, 4, 5, 6].map(activationsFor)).toEqual([0, 1, 1, 2, 2, 3]);
  });

  it('a 1 and a 3 give one activation, not two', () => {
    // Four Red infantry: two dice (European, four units rounded up to two).
    const s = startPw({ terrain: OPEN, units: armies(['infantry', 'infantry', 'infantry', 'infantry']) }, [6, 1, 1, 3]);
    expect(s.activations).toBe(1);
  });
});

describe('initiative: "Both sides roll a D6 die ... The side with the highest score activates its Units first"', () => {
  it('the higher die activates first, then throws its activation dice', () => {
    const { events } = pw.start(pwScenario({ terrain: OPEN, units: armies(['infantry']) }), { dice: [2, 5, 4] });
    const s = startPw({ terrain: OPEN, units: armies(['infantry']) }, [2, 5, 4]);
    expect(s.first).toBe('blue');
    expect(pw.actor(s)).toBe('blue');
    expect(s.activations).toBe(2);
    expect(texts(events)).toContain('Initiative: Red 2, Blue 5. Blue activate first.');
  });

  it('a tie is rolled again', () => {
    const s = startPw({ terrain: OPEN, units: armies(['infantry']) }, [3, 3, 4, 1, 2]);
    expect(s.first).toBe('red');
    expect(s.rolls).toBe(5);
  });
});

describe('"When activated, a Unit may move or fire or be unpinned"', () => {
  it('each unit once: after its move it has nothing more to do, and the activations left go to other units', () => {
    const s = startPw({ terrain: OPEN, units: armies(['infantry', 'infantry']) }, [6, 1, 6, 2]);
    expect(s.activations).toBe(3);
    const after = playPw(s, { type: 'move', side: 'red', unit: 'r0', to: '0,6', facing: 'N' }).state;
    expect(after.activations).toBe(2);
    expect(pw.legalActions(after).filter((a) => 'unit' in a && a.unit === 'r0')).toEqual([]);
    expect(pw.legalActions(after).some((a) => 'unit' in a && a.unit === 'r1')).toBe(true);
  });

  it('when the activations run out the other side activates; ending early loses the rest', () => {
    let s = startPw({ terrain: OPEN, units: armies(['infantry', 'infantry']) }, [6, 1, 2, 4, 6, 1, 2]);
    expect(s.activations).toBe(1);
    s = playPw(s, { type: 'move', side: 'red', unit: 'r0', to: '0,6', facing: 'N' }).state;
    expect(pw.actor(s)).toBe('blue');
    expect(s.activations).toBe(2);
    const { state, events } = playPw(s, { type: 'endActivation', side: 'blue' });
    expect(texts(events)).toContain('Blue end their activations (2 unused).');
    expect(state.turn).toBe(2);
  });

  it('a side that throws no activations at all goes straight on', () => {
    const s = startPw({ terrain: OPEN, units: armies(['infantry']) }, [6, 1, 1, 2]);
    expect(pw.actor(s)).toBe('blue');
  });
});

describe('Native double moves: "use two of their Unit activations" for "a double-length move (i.e. two grid squares)"', () => {
  const natives = (army: 'native' | 'european', type: PwUnitType, die: number) =>
    // Three Red units, so a Native army throws one die too (three rounded down is one).
    startPw({ terrain: OPEN, units: [{ id: 'r0', cell: '5,7', type }, { id: 'r1', cell: '0,7' }, { id: 'r2', cell: '11,7' }, { id: 'b0', cell: '0,0' }], options: { firstArmy: army } }, [6, 1, die, 2]);
  const doubles = (s: ReturnType<typeof startPw>): string[] => [...new Set(pw.legalActions(s).flatMap((a) => (a.type === 'move' && a.unit === 'r0' && a.double ? [a.to] : [])))];

  it('Native infantry may move two squares for two activations', () => {
    const s = natives('native', 'infantry', 4);
    expect(doubles(s).sort()).toEqual(['3,7', '4,6', '5,5', '6,6', '7,7'].sort());
    const after = playPw(s, { type: 'move', side: 'red', unit: 'r0', to: '5,5', facing: 'N', double: true }).state;
    expect(pwUnit(after, 'r0').cell).toBe('5,5');
    // Both of Red's activations are spent: Blue activates now.
    expect(pw.actor(after)).toBe('blue');
  });

  it('not with one activation left, not for European units, not for artillery', () => {
    expect(doubles(natives('native', 'infantry', 2))).toEqual([]);
    expect(doubles(natives('european', 'infantry', 4))).toEqual([]);
    expect(doubles(natives('native', 'fieldArtillery', 4))).toEqual([]);
    expect(doubles(natives('native', 'cavalry', 4)).length).toBeGreaterThan(0);
  });
});
