// Seed 004, "Close Combat", "Hills", "Rivers", "Woods", "Built-up Areas and Fortifications" and
// the notes on unit types (follow-up, dismounted cavalry, power never below 1). Red wins the
// initiative with three activations, ends them, and fights; then Blue throws its activation die.
import { describe, expect, it } from 'vitest';
import { pw } from './index.js';
import { playPw, pwUnit, startPw, texts, type PwTestSetup, type PwTestUnit } from './testkit.js';
import type { PwGame } from './state.js';

const OPEN = ['............', '............', '............', '............', '............', '............', '............', '............'];
const withRow = (row: number, text: string, base = OPEN): string[] => base.map((r, k) => (k === row ? text : r));

/** Red's units and Blue's in contact; Red ends its activations, reaching its close combats. */
function toCombat(units: PwTestUnit[], combatDice: number[], extra: Partial<PwTestSetup> = {}): PwGame {
  // One activation die per three units of a side (European armies, rounded up).
  const dice = (side: string): number[] => Array(Math.ceil(units.filter((u) => u.id.startsWith(side)).length / 3)).fill(6);
  const s = startPw({ terrain: OPEN, units, ...extra }, [6, 1, ...dice('r'), ...combatDice, ...dice('b').map(() => 2)]);
  return playPw(s, { type: 'endActivation', side: 'red' }).state;
}
const duel: PwTestUnit[] = [
  { id: 'r1', cell: '5,6', facing: 'N' },
  { id: 'b1', cell: '5,5', facing: 'S' },
];
const fight = (s: PwGame, defender = 'b1') => playPw(s, { type: 'resolve', side: 'red', defender });

describe('"To determine the outcome of a Close Combat, each side throws a D6 die"', () => {
  it('units facing each other from adjacent squares fight after the activations, activated or not', () => {
    const s = toCombat(duel, []);
    expect(s.phase).toBe('combat');
    expect(pw.legalActions(s)).toEqual([{ type: 'resolve', side: 'red', defender: 'b1' }]);
  });

  it('"If the attacker’s dice score is equal to or is less than its Close Combat Power, the defending Unit is destroyed"', () => {
    const { state, events } = fight(toCombat(duel, [5, 6]));
    expect(pwUnit(state, 'b1').alive).toBe(false);
    expect(pwUnit(state, 'r1').alive).toBe(true);
    expect(texts(events)).toContain('r1 attacks b1 in F6: 5 against 5, 6 against 5. b1 is destroyed.');
  });

  it('"If the defender’s dice score is equal to or is less than its Close Combat Power, the attacking Unit is destroyed"', () => {
    const { state } = fight(toCombat(duel, [6, 5]));
    expect(pwUnit(state, 'r1').alive).toBe(false);
    expect(pwUnit(state, 'b1').alive).toBe(true);
  });

  it('"If both Units are destroyed, the Close Combat has resulted in mutual annihilation"', () => {
    const s = toCombat([...duel, { id: 'r9', cell: '0,7' }, { id: 'b9', cell: '11,0' }], [1, 1]);
    const { state } = fight(s);
    expect(pwUnit(state, 'r1').alive).toBe(false);
    expect(pwUnit(state, 'b1').alive).toBe(false);
  });

  it('the preview gives both rolls and the chances', () => {
    const p = pw.attackPreview(toCombat(duel, []), { defender: 'b1' })!;
    expect(p.summary).toContain('Close combat 5 against 5');
    expect(p.outcomes).toEqual([
      { result: 'Defender destroyed', probability: expect.closeTo(5 / 36, 9) },
      { result: 'Attacker destroyed', probability: expect.closeTo(5 / 36, 9) },
      { result: 'Both destroyed', probability: expect.closeTo(25 / 36, 9) },
      { result: 'Draw: the attacker withdraws', probability: expect.closeTo(1 / 36, 9) },
    ]);
  });
});

describe('follow-up: "Infantry and Cavalry Units may move forward to replace an enemy Unit after it has been ... destroyed by Close Combat"', () => {
  it('the infantry attacker may move into the square; the defender’s side never may', () => {
    const s = fight(toCombat([...duel, { id: 'b9', cell: '11,0' }], [1, 6])).state;
    expect(pw.legalActions(s)).toEqual([
      { type: 'advance', side: 'red', advance: true },
      { type: 'advance', side: 'red', advance: false },
    ]);
    const moved = playPw(s, { type: 'advance', side: 'red', advance: true }).state;
    expect(pwUnit(moved, 'r1').cell).toBe('5,5');
  });

  it('"other Units may not move forward in these circumstances": a machine gun stays', () => {
    const s = fight(toCombat([{ id: 'r1', cell: '5,6', facing: 'N', type: 'machineGun' }, { id: 'b1', cell: '5,5', facing: 'S' }, { id: 'b2', cell: '0,0' }], [1, 6])).state;
    expect(s.combat).toBeNull();
    expect(pw.actor(s)).toBe('blue');
  });

  it('"If this results in the attacking Unit coming into contact with another enemy Unit, it may not attack the enemy Unit this turn"', () => {
    const s = toCombat([...duel, { id: 'b2', cell: '5,4', facing: 'E' }, { id: 'b3', cell: '0,0' }], [1, 6]);
    const after = playPw(fight(s).state, { type: 'advance', side: 'red', advance: true }).state;
    // r1 now faces b2 from an adjacent square, but the turn's fighting is over for it: Blue activates.
    expect(pwUnit(after, 'r1').facing).toBe('N');
    expect(pw.actor(after)).toBe('blue');
    expect(after.phase).toBe('activation');
  });
});

describe('a draw: "The attacking Unit must withdraw into an orthogonally or diagonally adjacent empty grid square that is not orthogonally adjacent to a grid square occupied by an enemy Unit. If it is unable to do so, it is destroyed."', () => {
  it('the attacker chooses among the squares away from the enemy, diagonals included', () => {
    const s = fight(toCombat(duel, [6, 6])).state;
    expect(pw.legalActions(s).map((a) => (a.type === 'withdraw' ? a.to : a.type)).sort()).toEqual(['4,6', '4,7', '5,7', '6,6', '6,7']);
    const back = playPw(s, { type: 'withdraw', side: 'red', to: '4,7' }).state;
    expect(pwUnit(back, 'r1').cell).toBe('4,7');
  });

  it('with nowhere to go it is destroyed', () => {
    // River behind r1 and on both sides.
    const trapped = withRow(7, '....~~~.....', withRow(6, '....~.~.....'));
    const s = toCombat([...duel, { id: 'b2', cell: '0,0' }], [6, 6], { terrain: trapped });
    const { state, events } = fight(s);
    expect(pwUnit(state, 'r1').alive).toBe(false);
    expect(texts(events)).toContain('r1 has nowhere to withdraw to and is destroyed.');
  });
});

describe('several attackers: "the defending Unit’s Close Combat Power is reduced"', () => {
  // b1 at 5,4 faces south; r1 (infantry) west of it and r2 (close-combat infantry) south, both facing it.
  const pack = (extra: PwTestUnit[]): PwTestUnit[] => [
    { id: 'r1', cell: '4,4', facing: 'E' },
    { id: 'r2', cell: '5,5', facing: 'N', type: 'closeCombatInfantry' },
    { id: 'b1', cell: '5,4', facing: 'S' },
    ...extra,
  ];

  it('the unit the defender faces (the last into contact) attacks with its own power; two attackers take 1 from the defender', () => {
    const p = pw.attackPreview(toCombat(pack([]), []), { defender: 'b1' })!;
    expect(p.attackers.map((a) => a.id)).toEqual(['r1', 'r2']);
    expect(p.summary).toContain('Close combat 4 against 4');
    // 5 is more than r2's 4: b1 survives; 5 is more than b1's reduced 4: r2 survives. A draw.
    const { state } = fight(toCombat(pack([]), [5, 5]));
    expect(pwUnit(state, 'b1').alive).toBe(true);
    expect(state.combat).toEqual({ stage: 'withdraw', attacker: 'r2', cell: '5,4' });
  });

  it('three attackers take 2, four take 3, never below 1', () => {
    const three = pack([{ id: 'r3', cell: '6,4', facing: 'W' }]);
    expect(pw.attackPreview(toCombat(three, []), { defender: 'b1' })!.summary).toContain('against 3');
    const four = pack([{ id: 'r3', cell: '6,4', facing: 'W' }, { id: 'r4', cell: '5,3', facing: 'S' }]);
    expect(pw.attackPreview(toCombat(four, []), { defender: 'b1' })!.summary).toContain('against 2');
    const weak = [{ id: 'r1', cell: '4,4', facing: 'E' as const }, { id: 'r2', cell: '5,5', facing: 'N' as const }, { id: 'r3', cell: '6,4', facing: 'W' as const }, { id: 'r4', cell: '5,3', facing: 'S' as const }, { id: 'b1', cell: '5,4', facing: 'S' as const, ccp: 2 }];
    expect(pw.attackPreview(toCombat(weak, []), { defender: 'b1' })!.summary).toContain('against 1');
  });

  it('a unit adjacent but facing elsewhere does not count', () => {
    const p = pw.attackPreview(toCombat(pack([{ id: 'r3', cell: '6,4', facing: 'N' }]), []), { defender: 'b1' })!;
    expect(p.attackers.map((a) => a.id)).toEqual(['r1', 'r2']);
  });

  it('moving into contact makes the mover the attacker: the defender turns to face the last unit to arrive', () => {
    const s0 = startPw({ terrain: OPEN, units: [{ id: 'r1', cell: '4,5', facing: 'N' }, { id: 'r2', cell: '5,6', facing: 'N', type: 'closeCombatInfantry' }, { id: 'b1', cell: '5,4', facing: 'W' }] }, [6, 1, 6]);
    const s = playPw(s0, { type: 'move', side: 'red', unit: 'r1', to: '4,4', facing: 'E' }, { type: 'move', side: 'red', unit: 'r2', to: '5,5', facing: 'N' }).state;
    expect(pwUnit(s, 'b1').facing).toBe('S');
    // Both Red units have acted: the activations end by themselves and the close combat is next.
    const after = s;
    expect(after.phase).toBe('combat');
    expect(pw.attackPreview(after, { defender: 'b1' })!.attackers.map((a) => a.id)).toEqual(['r1', 'r2']);
    expect(pw.attackPreview(after, { defender: 'b1' })!.summary).toContain('Close combat 4 against 4');
  });
});

describe('terrain and situation: reductions to the attacker’s Close Combat Power', () => {
  const power = (terrain: string[], units: PwTestUnit[] = duel, cells?: PwTestSetup['cells']) =>
    pw.attackPreview(toCombat(units, [], { terrain, ...(cells ? { cells } : {}) }), { defender: 'b1' })!.summary;

  it('"Units attacking enemy Units that are in woods reduce their Close Combat Power by 1, even if the attacking Unit is also in the woods"', () => {
    expect(power(withRow(5, '.....f......'))).toContain('Close combat 4 against 5 (-1 defender in woods)');
    expect(power(withRow(6, '.....f......', withRow(5, '.....f......')))).toContain('Close combat 4 against 5');
  });

  it('"Units attacking enemy Units that are in built-up areas or fortifications reduce their Close Combat Power by 2"', () => {
    expect(power(withRow(5, '.....u......'))).toContain('Close combat 3 against 5 (-2 defender in a built-up area)');
    expect(power(OPEN, duel, { '5,5': { fortification: true } })).toContain('Close combat 3 against 5 (-2 defender in a fortification)');
  });

  it('"A Unit that is attacking an enemy Unit that is one hill contour above it reduces its Close Combat Power by 1"; not downhill', () => {
    expect(power(withRow(5, '.....h......'))).toContain('Close combat 4 against 5 (-1 attacking uphill)');
    expect(power(withRow(6, '.....h......'))).toContain('Close combat 5 against 5');
  });

  it('"A Unit that is in a river grid square and is attacking ... reduces its Close Combat Power by 1"', () => {
    expect(power(withRow(6, '.....o......'))).toContain('Close combat 4 against 5 (-1 attacking from the river)');
  });

  it('"Dismounted Cavalry ... Close Combat Power is reduced by 1"; "No Unit’s Close Combat Power may drop below 1"', () => {
    expect(power(OPEN, [{ id: 'r1', cell: '5,6', facing: 'N', type: 'cavalry', dismounted: true }, { id: 'b1', cell: '5,5', facing: 'S' }])).toContain('Close combat 4 against 5');
    expect(power(withRow(5, '.....u......'), [{ id: 'r1', cell: '5,6', facing: 'N', ccp: 2 }, { id: 'b1', cell: '5,5', facing: 'S' }])).toContain('Close combat 1 against 5');
  });
});
