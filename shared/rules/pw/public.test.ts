// What a generic test-play UI gets for The Portable Wargame through the public queries alone
// (shared/rules/public.ts, never this folder's files): facing choices on moves, fire told apart
// from moves and close combat, each with the preview to show, line of sight, range and the arc of
// fire for hover aids, and facing and markers in the observation.
import { describe, expect, it } from 'vitest';
import { attackPreview, decisionOf, fireCells, lineOfSight, observe, rangeBetween, unitOptions } from '../public.js';
import type { DieRollMethod, RulesState } from '../types.js';
import { playPw, startPw, type PwTestSetup } from './testkit.js';

const OPEN = ['............', '............', '............', '............', '............', '............', '............', '............'];
const withRow = (row: number, text: string, base = OPEN): string[] => base.map((r, k) => (k === row ? text : r));

// Red's infantry at F7 (5,6) facing north, Blue's at F5 (5,4): two squares, in its arc and range.
const duel: PwTestSetup = {
  terrain: withRow(5, '...ff.......'),
  units: [
    { id: 'r1', cell: '5,6', facing: 'N' },
    { id: 'r2', cell: '2,7', facing: 'N' },
    { id: 'b1', cell: '5,4', facing: 'S' },
    { id: 'b2', cell: '3,3', facing: 'S' },
  ],
};
// No artillery: initiative (Red 6, Blue 1), Red's one activation die (6: three activations).
const activation = (): RulesState => startPw(duel, [6, 1, 6]) as unknown as RulesState;

describe('the activation decision as a UI sees it', () => {
  it('a move is offered once per facing the unit may end with, each labelled in words and tagged with its facing', () => {
    const d = decisionOf(activation())!;
    const toF6 = d.options.filter((o) => o.unit === 'r2' && o.cell === '2,6');
    expect(toF6.map((o) => o.facing).sort()).toEqual(['E', 'N', 'S', 'W']);
    for (const o of toF6) expect(o.intent).toBe('move');
    expect(toF6.find((o) => o.facing === 'E')!.label).toBe('r2 to C7, facing east');
    // Turning in place is a move of its own (the unit's activation): intent 'turn', three facings.
    const turns = d.options.filter((o) => o.unit === 'r2' && o.intent === 'turn');
    expect(turns.map((o) => o.facing).sort()).toEqual(['E', 'S', 'W']);
    expect(turns.find((o) => o.facing === 'W')!.label).toBe('r2: turn to face west');
  });

  it('fire is its own intent, with the preview spec that gives its die table; moves carry none', () => {
    const fire = unitOptions(activation(), 'r1').filter((o) => o.intent === 'fire');
    expect(fire.map((o) => [o.label, o.cell])).toEqual([['r1 fires at b1 in F5', '5,4']]);
    const p = attackPreview(activation(), fire[0]!.preview!)!;
    const method = p.method as DieRollMethod;
    expect(method.kind).toBe('dieRoll');
    // "Target in the open: 5 or 6: Destroys a Unit; 2, 3, or 4: Pins a Unit; 1: No effect".
    expect(method.rolls.map((r) => r.results)).toEqual([['No effect', 'Pinned', 'Pinned', 'Pinned', 'Destroyed', 'Destroyed']]);
    expect(unitOptions(activation(), 'r1').filter((o) => o.intent === 'move').every((o) => o.preview === undefined)).toBe(true);
  });

  it('a move into contact says so in its detail (the close combat it brings)', () => {
    const into = unitOptions(activation(), 'r1').find((o) => o.intent === 'move' && o.cell === '5,5' && o.facing === 'N')!;
    expect(into.detail).toBe('Engages b1: close combat after the activations, 5 against 5.');
  });
});

describe('close combat and artillery as a UI sees them', () => {
  it('a close combat is an attack whose preview gives both rolls', () => {
    let s = startPw({ terrain: OPEN, units: [{ id: 'r1', cell: '5,6', facing: 'N' }, { id: 'b1', cell: '5,5', facing: 'S' }] }, [6, 1, 6]);
    s = playPw(s, { type: 'endActivation', side: 'red' }).state;
    const d = decisionOf(s as unknown as RulesState)!;
    expect(d.kind).toBe('pw.combat');
    const cc = d.options.filter((o) => o.intent === 'attack');
    expect(cc.map((o) => o.label)).toEqual(['Close combat against b1 in F6']);
    const p = attackPreview(s as unknown as RulesState, cc[0]!.preview!)!;
    expect((p.method as DieRollMethod).rolls.map((r) => r.atMost)).toEqual([5, 5]);
    expect(p.outcomes!.map((o) => o.result)).toEqual(['Defender destroyed', 'Attacker destroyed', 'Both destroyed', 'Draw: the attacker withdraws']);
  });

  it('an artillery order is fire too; its preview names where each drift die lands', () => {
    const s = startPw({ terrain: OPEN, units: [{ id: 'rgun', cell: '5,7', type: 'fieldArtillery', facing: 'N' }, { id: 'b1', cell: '5,3', facing: 'S' }] }, []);
    const d = decisionOf(s as unknown as RulesState)!;
    expect(d.kind).toBe('pw.orders');
    const aim = d.options.find((o) => o.intent === 'fire')!;
    expect(aim.label).toBe('rgun: fire at b1 in F4');
    const drift = (attackPreview(s as unknown as RulesState, aim.preview!)!.method as DieRollMethod).rolls[0]!;
    expect(drift.results).toEqual(['Lands left (E4, empty)', 'Lands beyond (F3, empty)', 'Lands right (G4, empty)', 'Lands short (F5, empty)', 'On target', 'On target']);
  });
});

describe('hover aids: line of sight, range, arc of fire; facing in the observation', () => {
  it('line of sight says where and why it is blocked; range is counted orthogonally; the arc is 90° forward', () => {
    const s = activation();
    expect(lineOfSight(s, '5,6', '5,4')).toMatchObject({ clear: true });
    const los = lineOfSight(s, '5,6', '3,3')!;
    expect(los.clear).toBe(false);
    expect(los.reason).toMatch(/^Woods in [DE]6/);
    expect(rangeBetween(s, '5,6', '3,3')).toBe(5);
    const arc = fireCells(s, 'r1');
    // Infantry: range 2, between the 45° diagonals, ahead only.
    expect(arc.sort()).toEqual(['4,5', '5,4', '5,5', '6,5'].sort());
  });

  it('the observation gives each unit its facing, its type and its markers', () => {
    const o = observe(activation(), null);
    expect(o.units.map((u) => [u.id, u.facing])).toEqual([
      ['r1', 'N'],
      ['r2', 'N'],
      ['b1', 'S'],
      ['b2', 'S'],
    ]);
    expect(o.units[0]!.values).toMatchObject({ typeLabel: 'Infantry (Firearms)', closeCombatPower: 5, range: 2 });
  });

  it('rulesets without fire answer null and nothing', () => {
    const op = { ruleset: 'operational' } as unknown as RulesState;
    expect(lineOfSight(op, '0,0', '1,1')).toBeNull();
    expect(rangeBetween(op, '0,0', '1,1')).toBeNull();
    expect(fireCells(op, 'x')).toEqual([]);
  });
});
