// Battle for Moscow, seed 002: "Combat" (declaration, resolution, odds, terrain effects), the
// "Combat Results Table", the results and "Mud". Small situations with scripted dice; the comment
// above each test quotes the rule.
import { describe, expect, it } from 'vitest';
import type { BfmAction } from '../../format/ruleset-bfm.types.js';
import type { OddsMethod } from '../types.js';
import { bfm, type BfmGame } from './index.js';
import { at, newBfm, play, refused, sideBetween, unit, where, withDice, type BfmTestSetup, type BfmTestUnit } from './testkit.js';

const OPEN = ['.......', '.......', '.......', '.......', '.......'];
/** Row 2 is the only passable lane. */
const LANE = ['~~~~~~~', '~~~~~~~', '.......', '~~~~~~~', '~~~~~~~'];

/** The German combat phase of turn 1 with these units; the Soviet defender usually stands in 3,2. */
function combat(units: BfmTestUnit[], extra: Partial<BfmTestSetup> = {}, dice: number[] = [], turn = 1): BfmGame {
  return withDice(at(newBfm({ terrain: OPEN, units, ...extra }), { turn, phase: 'combat', player: 'ger' }), dice);
}

const declare = (defender: string, ...attackers: string[]): BfmAction => ({ type: 'declare', side: 'ger', defender, attackers });
// Once no other battle can be announced the announcements end by themselves, and a lone battle
// is rolled at once: most tests announce one battle and see its result.

function odds(s: BfmGame, defender: string, ...attackers: string[]): OddsMethod {
  const p = bfm.attackPreview(s, { defender, attackers });
  if (!p || p.method.kind !== 'odds') throw new Error('no odds preview');
  return p.method;
}

describe('odds', () => {
  // "Total combat strengths of all attacking units. Divide by defender's combat strength, drop
  //  fractions, to get odds (e.g., 16 vs 4 = 4:1; 15 vs 4 = 3:1)."
  it('divides attack by defence and drops fractions: 16 vs 4 is 4:1, 15 vs 4 is 3:1', () => {
    const s = combat([
      { id: 'g1', cell: '2,2', strength: 9 },
      { id: 'g2', cell: '4,2', strength: 7 },
      { id: 'g3', cell: '3,1', strength: 6 },
      { id: 's1', cell: '3,2', strength: 4, half: 2 },
    ]);
    expect(odds(s, 's1', 'g1', 'g2')).toMatchObject({ attack: 16, defence: 4, ratio: '4:1', shifts: [], column: '4:1' });
    expect(odds(s, 's1', 'g1', 'g3')).toMatchObject({ attack: 15, defence: 4, ratio: '3:1', column: '3:1' });
    expect(bfm.attackPreview(s, { defender: 's1', attackers: ['g1', 'g2'] })!.summary).toBe('16 to 4: 4:1 → 4:1');
  });

  // "Maximum and Minimum Odds: Above 6:1 reduces to 6:1; Below 1:1 after terrain = no effect."
  it('counts anything above 6:1 as 6:1, attacks at exactly 1:1, and below 1:1 has no effect without a roll', () => {
    const s = combat([
      { id: 'g1', cell: '2,2', strength: 14 },
      { id: 'g2', cell: '4,2', strength: 14 },
      { id: 's1', cell: '3,2', strength: 4, half: 2 },
      { id: 'g3', cell: '1,0', strength: 7 },
      { id: 's2', cell: '1,1', strength: 7, half: 3 },
      { id: 'g4', cell: '0,1', strength: 6 },
    ]);
    expect(odds(s, 's1', 'g1', 'g2')).toMatchObject({ ratio: '7:1', column: '6:1' });
    expect(odds(s, 's2', 'g3')).toMatchObject({ ratio: '1:1', column: '1:1' });
    expect(odds(s, 's2', 'g4')).toMatchObject({ ratio: '1:2', column: null, results: ['NE', 'NE', 'NE', 'NE', 'NE', 'NE'] });
    const { state, events } = play(s, declare('s2', 'g4'), { type: 'endDeclarations', side: 'ger' });
    expect(state.rolls).toBe(s.rolls);
    expect(events.find((e) => e.kind === 'combat')!.text).toBe('g4 (6) attack s2 (7) in 0202: 1:2 → below 1:1: no effect.');
    expect(unit(state, 's2')).toMatchObject({ cell: '1,1', reduced: false });
  });

  // "Terrain Effects (each reduces odds by one level): Defender in forest; Defender in Moscow;
  //  Defender is Soviet in fortification; All attackers across river from defender. Multiple
  //  effects stack."
  it('shifts one column left for forest, Moscow, a Soviet defender in a fortification and attackers all across a river, and the shifts add up', () => {
    const units: BfmTestUnit[] = [
      { id: 'g1', cell: '2,2', strength: 12 },
      { id: 'g2', cell: '4,2', strength: 4 },
      { id: 's1', cell: '3,2', strength: 4, half: 2 },
    ];
    const forest = combat(units, { terrain: ['.......', '.......', '...f...', '.......', '.......'] });
    expect(odds(forest, 's1', 'g1')).toMatchObject({ ratio: '3:1', shifts: [{ reason: 'defender in forest', columns: -1 }], column: '2:1' });
    const moscow = combat(units, { terrain: ['.......', '.......', '...M...', '.......', '.......'] });
    expect(odds(moscow, 's1', 'g1').shifts).toEqual([{ reason: 'defender in Moscow', columns: -1 }]);
    const fort = combat(units, { fortifications: ['3,2'] });
    expect(odds(fort, 's1', 'g1')).toMatchObject({ shifts: [{ reason: 'Soviet defender in a fortification', columns: -1 }], column: '2:1' });
    const river = combat(units, { rivers: [sideBetween('2,2', '3,2')] });
    expect(odds(river, 's1', 'g1')).toMatchObject({ shifts: [{ reason: 'every attacker across a river', columns: -1 }], column: '2:1' });
    // One attacker not across the river: no shift.
    expect(odds(river, 's1', 'g1', 'g2')).toMatchObject({ ratio: '4:1', shifts: [], column: '4:1' });
    const all = combat(units, { terrain: ['.......', '.......', '...f...', '.......', '.......'], fortifications: ['3,2'], rivers: [sideBetween('2,2', '3,2')] });
    expect(odds(all, 's1', 'g1')).toMatchObject({ ratio: '3:1', column: null });
    expect(odds(all, 's1', 'g1').shifts.map((x) => x.columns)).toEqual([-1, -1, -1]);
  });

  it('gives a German defender nothing for a fortification', () => {
    const s = withDice(
      at(newBfm({ terrain: OPEN, units: [{ id: 's1', cell: '2,2', strength: 12 }, { id: 'g1', cell: '3,2', strength: 4, half: 2 }], fortifications: ['3,2'] }), {
        phase: 'combat',
        player: 'sov',
      }),
      [],
    );
    const p = bfm.attackPreview(s, { defender: 'g1', attackers: ['s1'] })!;
    expect(p.method).toMatchObject({ ratio: '3:1', shifts: [], column: '3:1' });
  });

  // Choice (README): terrain shifts apply to the true odds, then the 6:1 cap.
  it('shifts from the true odds before the 6:1 cap: 8:1 in a forest fortification is still 6:1', () => {
    const s = combat([{ id: 'g1', cell: '2,2', strength: 16 }, { id: 'g2', cell: '4,2', strength: 16 }, { id: 's1', cell: '3,2', strength: 4, half: 2 }], {
      terrain: ['.......', '.......', '...f...', '.......', '.......'],
      fortifications: ['3,2'],
    });
    expect(odds(s, 's1', 'g1', 'g2')).toMatchObject({ ratio: '8:1', column: '6:1' });
  });

  // "Mud: All combat strengths halved when attacking (not defending)."
  it('halves the attackers in mud but not the defender', () => {
    const units: BfmTestUnit[] = [{ id: 'g1', cell: '2,2', strength: 9 }, { id: 'g2', cell: '4,2', strength: 9 }, { id: 's1', cell: '3,2', strength: 4, half: 2 }];
    const clear = combat(units, { mud: [3, 4] }, [], 2);
    expect(odds(clear, 's1', 'g1', 'g2')).toMatchObject({ attack: 18, defence: 4, column: '4:1' });
    const mud = combat(units, { mud: [3, 4] }, [], 3);
    expect(odds(mud, 's1', 'g1', 'g2')).toMatchObject({ attack: 9, defence: 4, column: '2:1' });
    expect(bfm.attackPreview(mud, { defender: 's1', attackers: ['g1', 'g2'] })!.summary).toBe('9 (halved in mud) to 4: 2:1 → 2:1');
  });
});

describe('announcing battles', () => {
  // "First, the attacking player announces ALL battles. A single unit may only attack once per
  //  phase. A single enemy unit may only be attacked once per phase. Once announced, attacker
  //  cannot change mind."
  it('puts each unit in one battle at most, only against an adjacent enemy, and offers no way back', () => {
    const s = combat([
      { id: 'g1', cell: '2,2', strength: 9 },
      { id: 'g2', cell: '4,2', strength: 9 },
      { id: 's1', cell: '3,2', strength: 4 },
      { id: 's2', cell: '5,2', strength: 4 },
      { id: 'g4', cell: '6,2', strength: 9 },
      { id: 'g3', cell: '0,0', strength: 9 },
    ]);
    expect(refused(s, declare('s1', 'g3'))).toMatch(/attackers must be different units next to s1/);
    const one = play(s, declare('s1', 'g1', 'g2')).state;
    // s1 is taken, and g2 (next to s2 as well) has attacked: only g4 may still attack s2. Nothing
    // takes an announcement back.
    expect(bfm.legalActions(one)).toEqual([declare('s2', 'g4'), { type: 'endDeclarations', side: 'ger' }]);
    expect(refused(one, declare('s2', 'g2', 'g4'))).toMatch(/attackers must be different units next to s2 that have not attacked/);
    expect(refused(one, declare('s1', 'g4'))).toMatch(/s1 cannot be attacked now/);
  });

  // "Battles resolved one at a time, in any order attacker wants."
  it('lets the attacker choose the order of resolution', () => {
    const s = combat(
      [
        { id: 'g1', cell: '2,2', strength: 9 },
        { id: 's1', cell: '3,2', strength: 9 },
        { id: 'g2', cell: '0,4', strength: 9 },
        { id: 's2', cell: '1,4', strength: 9 },
      ],
      {},
      [4, 4],
    );
    const declared = play(s, declare('s1', 'g1'), declare('s2', 'g2')).state;
    expect(declared.declaring).toBe(false);
    expect(bfm.legalActions(declared)).toEqual([
      { type: 'resolve', side: 'ger', defender: 's1' },
      { type: 'resolve', side: 'ger', defender: 's2' },
    ]);
    const { events } = play(declared, { type: 'resolve', side: 'ger', defender: 's2' });
    // Resolving s2 first; the last battle is then resolved at once (nothing left to choose).
    expect(events.filter((e) => e.kind === 'combat').map((e) => e.cell)).toEqual(['1,4', '3,2']);
  });
});

describe('the combat results', () => {
  // "NE (No Effect): Nothing happens."  (4:1, die 1)
  it('NE: nothing happens', () => {
    const s = combat([{ id: 'g1', cell: '2,2', strength: 16 }, { id: 's1', cell: '3,2', strength: 4 }], {}, [1]);
    const { state, events } = play(s, declare('s1', 'g1'));
    expect(events.find((e) => e.kind === 'combat')!.text).toBe('g1 (16) attack s1 (4) in 0403: 4:1 → 4:1, rolled 1: NE (no effect).');
    expect([unit(state, 's1'), unit(state, 'g1')]).toMatchObject([{ cell: '3,2', reduced: false }, { cell: '2,2', reduced: false }]);
  });

  // "AL (Attacker Loss): One attacking unit (attacker's choice) takes a loss (but doesn't retreat)."  (1:1, die 1)
  it('AL: the attacker chooses which attacking unit loses a step', () => {
    const s = combat([{ id: 'g1', cell: '2,2', strength: 4, half: 2 }, { id: 'g2', cell: '4,2', strength: 3, half: 1 }, { id: 's1', cell: '3,2', strength: 7 }], {}, [1]);
    const rolled = play(s, declare('s1', 'g1', 'g2')).state;
    expect(rolled.combat).toMatchObject({ result: 'AL', stage: 'attackerLoss' });
    expect(bfm.legalActions(rolled)).toEqual([
      { type: 'takeLoss', side: 'ger', unit: 'g1' },
      { type: 'takeLoss', side: 'ger', unit: 'g2' },
    ]);
    const { state } = play(rolled, { type: 'takeLoss', side: 'ger', unit: 'g2' });
    expect([unit(state, 'g1').reduced, unit(state, 'g2').reduced, unit(state, 's1').cell]).toEqual([false, true, '3,2']);
    expect(state.combat).toBeNull();
  });

  it('AL with one attacker: it takes the loss, a half-strength attacker is eliminated', () => {
    const s = combat([{ id: 'g1', cell: '2,2', strength: 7, half: 3, reduced: false }, { id: 's1', cell: '3,2', strength: 7 }], {}, [1]);
    expect(unit(play(s, declare('s1', 'g1')).state, 'g1')).toMatchObject({ reduced: true, status: 'map' });
    const weak = combat([{ id: 'g1', cell: '2,2', strength: 8, half: 4, reduced: true }, { id: 's1', cell: '3,2', strength: 4 }], {}, [1]);
    const { state, events } = play(weak, declare('s1', 'g1'));
    expect(unit(state, 'g1')).toMatchObject({ status: 'eliminated', cell: null });
    expect(events.filter((e) => e.kind === 'losses').map((e) => e.text)).toEqual(['g1 is eliminated in 0303.']);
  });

  // "DR (Defender Retreat): Defending unit moved two hexes by attacking player. Must end exactly
  //  two hexes away, may not enter enemy ZOC."  (3:1, die 4)
  it('DR: the attacker moves the defender to a hex of its choice exactly two hexes away', () => {
    const s = combat([{ id: 'g1', cell: '2,2', strength: 12 }, { id: 's1', cell: '3,2', strength: 4 }], {}, [4]);
    const rolled = play(s, declare('s1', 'g1')).state;
    expect(rolled.combat).toMatchObject({ result: 'DR', stage: 'retreat' });
    // Not 3,1 or 2,3 (g1's zone of control), nor anything through them.
    expect(bfm.legalActions(rolled).map((a) => (a.type === 'retreat' ? a.to : a.type))).toEqual(['4,1', '5,1', '5,2', '5,3', '2,4', '3,4', '4,4']);
    expect(bfm.decision(rolled)!.options[0]!.label).toBe('Retreat s1 to 0502');
    const { state, events } = play(rolled, { type: 'retreat', side: 'ger', to: '3,4' });
    expect(where(state, 's1')).toBe('3,4');
    expect(unit(state, 's1').reduced).toBe(false);
    expect(events.find((e) => e.kind === 'retreat')!.text).toBe('s1 retreats from 0403 to 0405.');
    // The hex is empty: g1 may advance.
    expect(state.combat).toMatchObject({ stage: 'advance', hex: '3,2' });
  });

  it('a side that blocks movement (a wall) is crossed by no retreat, and an attacker across it does not advance (README: “Side features that block”)', () => {
    // The same DR as above; a wall on the north and north-east sides of 3,2 (toward 3,1 and 4,2).
    const walls = [{ id: 'wall', name: 'Wall', colour: '#4a4a4a', blocks: { movement: true }, sides: [sideBetween('3,2', '3,1'), sideBetween('3,2', '4,2')] }];
    const rolled = play(combat([{ id: 'g1', cell: '2,2', strength: 12 }, { id: 's1', cell: '3,2', strength: 4 }], { sideFeatures: walls }, [4]), declare('s1', 'g1')).state;
    // 4,1 and 5,1 lay only through 3,1 or 4,2; 5,2 and 5,3 are still reached through 4,3.
    expect(bfm.legalActions(rolled).map((a) => (a.type === 'retreat' ? a.to : a.type))).toEqual(['5,2', '5,3', '2,4', '3,4', '4,4']);
    // g1 attacked across a wall between 2,2 and 3,2: it fought, but may only hold.
    const across = [{ id: 'wall', name: 'Wall', colour: '#4a4a4a', blocks: { movement: true }, sides: [sideBetween('2,2', '3,2')] }];
    const r = play(combat([{ id: 'g1', cell: '2,2', strength: 12 }, { id: 's1', cell: '3,2', strength: 4 }], { sideFeatures: across }, [4]), declare('s1', 'g1'), { type: 'retreat', side: 'ger', to: '3,4' }).state;
    expect(r.combat).toBeNull();
    expect(where(r, 'g1')).toBe('2,2');
  });

  // "DRL (Defender Retreat and Loss): Defender takes loss first, then retreats if surviving.
  //  Full-strength → half-strength. Half-strength → eliminated."  (2:1, die 6)
  it('DRL: a full-strength defender drops to half strength and retreats; a half-strength one is eliminated', () => {
    const s = combat([{ id: 'g1', cell: '2,2', strength: 9 }, { id: 's1', cell: '3,2', strength: 4, half: 2 }], {}, [6]);
    const rolled = play(s, declare('s1', 'g1')).state;
    expect(rolled.combat).toMatchObject({ result: 'DRL', stage: 'retreat' });
    expect(unit(rolled, 's1').reduced).toBe(true);
    // At half strength it is 2: the same hexes are open to it.
    expect(bfm.legalActions(rolled)).toHaveLength(7);
    const half = combat([{ id: 'g1', cell: '2,2', strength: 9 }, { id: 's1', cell: '3,2', strength: 5, half: 2, reduced: true }], {}, [5]);
    // 9 vs 2 = 4:1, die 5: DRL.
    const { state } = play(half, declare('s1', 'g1'));
    expect(unit(state, 's1')).toMatchObject({ status: 'eliminated', cell: null });
    expect(state.combat).toMatchObject({ stage: 'advance' });
  });

  // "DE (Defender Eliminated): Defending unit entirely eliminated regardless of current strength."  (6:1, die 5)
  it('DE: the defender is eliminated, full strength or not', () => {
    const s = combat([{ id: 'g1', cell: '2,2', strength: 24 }, { id: 's1', cell: '3,2', strength: 4 }], {}, [5]);
    const { state, events } = play(s, declare('s1', 'g1'));
    expect(unit(state, 's1')).toMatchObject({ status: 'eliminated', cell: null });
    expect(events.find((e) => e.kind === 'combat')!.text).toContain('6:1, rolled 5: DE (defender eliminated)');
  });

  // "EX (Exchange): Defender takes loss. Then attacker must lose at least same amount of strength
  //  from attacking units. Finally, defender retreats if surviving. If full-strength unit reduced
  //  to half-strength, loss = original strength minus reduced strength."
  it('EX: the defender loses a step, the attacker at least as much strength, then the defender retreats', () => {
    const allEx = { crt: Array.from({ length: 6 }, () => Array(6).fill('EX')) } as BfmTestSetup['options'];
    const s = combat(
      [{ id: 'g1', cell: '2,2', strength: 9, half: 4 }, { id: 'g2', cell: '4,2', strength: 6, half: 3 }, { id: 's1', cell: '3,2', strength: 8, half: 2 }],
      { options: allEx },
      [3],
    );
    // 15 vs 8: 1:1, EX. The defender drops from 8 to 2: a loss of 6.
    const rolled = play(s, declare('s1', 'g1', 'g2')).state;
    expect(rolled.combat).toMatchObject({ result: 'EX', stage: 'exchange', owed: 6 });
    expect(unit(rolled, 's1').reduced).toBe(true);
    // g2 to half strength pays 3; 3 still owed, so it loses its second step too.
    const once = play(rolled, { type: 'takeLoss', side: 'ger', unit: 'g2' }).state;
    expect(once.combat).toMatchObject({ stage: 'exchange', owed: 3 });
    const paid = play(once, { type: 'takeLoss', side: 'ger', unit: 'g2' }).state;
    expect(unit(paid, 'g2').status).toBe('eliminated');
    expect(paid.combat).toMatchObject({ stage: 'retreat' });
    expect(unit(paid, 'g1').reduced).toBe(false);
  });

  // "Mud: Attacker's exchange losses based on printed strength, not halved."
  it('EX in mud: the attacker pays with printed strength', () => {
    const allEx = { crt: Array.from({ length: 6 }, () => Array(6).fill('EX')) } as BfmTestSetup['options'];
    const s = combat(
      [{ id: 'g1', cell: '2,2', strength: 9, half: 4 }, { id: 'g2', cell: '4,2', strength: 9, half: 4 }, { id: 's1', cell: '3,2', strength: 8, half: 2 }],
      { options: allEx, mud: [3, 4] },
      [3],
      3,
    );
    // 18 halved is 9 against 8: 1:1. Owed 6; g1 to half strength pays its printed 5 (not 2.5).
    const rolled = play(s, declare('s1', 'g1', 'g2')).state;
    const once = play(rolled, { type: 'takeLoss', side: 'ger', unit: 'g1' }).state;
    expect(once.combat).toMatchObject({ stage: 'exchange', owed: 1 });
  });
});

describe('retreats', () => {
  // "Units cannot end their retreat in an enemy ZOC (eliminated if they must)"; "may not enter enemy ZOC"
  it('keeps the whole retreat out of enemy zones of control, the first hex too', () => {
    const s = combat([{ id: 'g1', cell: '2,2', strength: 12 }, { id: 'g2', cell: '5,2', strength: 4 }, { id: 's1', cell: '3,2', strength: 4 }], {}, [4]);
    const rolled = play(s, declare('s1', 'g1')).state;
    // 4,2 and 4,3 lie in g2's zone: the retreat goes through 3,3 only.
    expect(bfm.legalActions(rolled).map((a) => (a.type === 'retreat' ? a.to : '?'))).toEqual(['2,4', '3,4', '4,4']);
  });

  it('eliminates a defender with no retreat out of enemy zones of control', () => {
    const s = combat([{ id: 'g1', cell: '2,2', strength: 12 }, { id: 'g2', cell: '4,2', strength: 4 }, { id: 'g3', cell: '3,4', strength: 4 }, { id: 's1', cell: '3,2', strength: 4 }], {}, [4]);
    const { state, events } = play(s, declare('s1', 'g1'));
    expect(unit(state, 's1').status).toBe('eliminated');
    expect(events.find((e) => e.kind === 'losses')!.text).toBe('s1 is eliminated: it has no retreat two hexes away clear of enemy units and zones of control, in 0403.');
    expect(state.combat).toMatchObject({ stage: 'advance' });
  });

  // "Must end in empty hex (extend retreat if necessary)."
  it('goes on past a friendly unit to the next empty hex, and is eliminated when there is none', () => {
    const lane = (units: BfmTestUnit[]) => combat(units, { terrain: LANE }, [4]);
    const { state, events } = play(
      lane([{ id: 'g1', cell: '2,2', strength: 12 }, { id: 's1', cell: '3,2', strength: 4 }, { id: 's2', cell: '5,2', strength: 4 }]),
      declare('s1', 'g1'),
    );
    // One way only: the attacker has nothing to choose, the defender ends three hexes away.
    expect(where(state, 's1')).toBe('6,2');
    expect(events.find((e) => e.kind === 'retreat')!.text).toBe('s1 retreats from 0403 to 0703.');
    const full = play(
      lane([{ id: 'g1', cell: '2,2', strength: 12 }, { id: 's1', cell: '3,2', strength: 4 }, { id: 's2', cell: '5,2', strength: 4 }, { id: 's3', cell: '6,2', strength: 4 }]),
      declare('s1', 'g1'),
    ).state;
    expect(unit(full, 's1').status).toBe('eliminated');
  });
});

describe('advance after combat', () => {
  // "If defender hex vacated, one attacker may advance into it."
  it('offers each surviving attacker, or holding back; the advance takes the hex', () => {
    const s = combat(
      [{ id: 'g1', cell: '2,2', strength: 12 }, { id: 'g2', cell: '4,2', strength: 12 }, { id: 's1', cell: '3,2', strength: 4 }],
      { terrain: ['.......', '.......', '...C...', '.......', '.......'] },
      [6],
    );
    const rolled = play(s, declare('s1', 'g1', 'g2')).state;
    expect(bfm.legalActions(rolled)).toEqual([
      { type: 'advance', side: 'ger', unit: 'g1' },
      { type: 'advance', side: 'ger', unit: 'g2' },
      { type: 'hold', side: 'ger' },
    ]);
    const { state, events } = play(rolled, { type: 'advance', side: 'ger', unit: 'g2' });
    expect(where(state, 'g2')).toBe('3,2');
    expect(events.map((e) => e.text)).toContain('g2 advances from 0503 into 0403.');
    expect(events.map((e) => e.text)).toContain('Germans now hold the city in 0403.');
    const held = play(rolled, { type: 'hold', side: 'ger' }).state;
    expect([where(held, 'g1'), where(held, 'g2')]).toEqual(['2,2', '4,2']);
  });
});
