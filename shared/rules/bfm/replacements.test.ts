// Battle for Moscow, seed 002: "Replacements", "1st Shock Army" and the game-balance variant.
// Small situations; the comment above each test quotes the rule.
import { describe, expect, it } from 'vitest';
import type { BfmAction } from '../../format/ruleset-bfm.types.js';
import { bfm } from './index.js';
import { at, newBfm, play, refused, unit, where, type BfmTestSetup } from './testkit.js';

// Moscow (1,2) and a city (2,2) cut off behind a German wall on column 4 (4,0; 4,2; 4,4 and
// their zones of control); a city (6,2) near the Soviet (east) edge.
const CUT_OFF: BfmTestSetup = {
  terrain: ['.........', '.........', '.MC...C..', '.........', '.........'],
  control: ['GGGGGSSSS', 'GGGGGSSSS', 'GSSGGSSSS', 'GGGGGSSSS', 'GGGGGSSSS'],
  units: [
    { id: 'g1', cell: '4,0' },
    { id: 'g2', cell: '4,2' },
    { id: 'g3', cell: '4,4' },
    { id: 's-edge', cell: '8,1', reduced: true },
    { id: 's-cut', cell: '2,3', reduced: true },
  ],
  pool: [
    { id: 's-new', cell: '', strength: 6, half: 3 },
    { id: 's-shock', cell: '', strength: 10, half: 5, fromTurn: 4 },
  ],
  replacements: { sov: [5, 5, 5, 5, 5, 5, 5], ger: [0, 1, 1, 1, 1, 1, 1] },
};

const replaceTargets = (legal: BfmAction[], id: string): string[] => legal.flatMap((a) => (a.type === 'replace' && a.unit === id ? [a.cell] : []));
const restorable = (legal: BfmAction[]): string[] => legal.flatMap((a) => (a.type === 'restore' ? [a.unit] : []));

describe('where replacements come in', () => {
  // "New units: east edge of map (any empty hex) OR any empty friendly-owned city in communication
  //  (max one per city)." "Moscow exception: Can bring in or restore unit in Moscow even without
  //  communication." "Communication: Path of any length without entering enemy unit or enemy ZOC
  //  to friendly map edge."
  it('brings a new Soviet unit in on an empty east-edge hex, a friendly city in communication, or Moscow even when cut off', () => {
    const s = at(newBfm(CUT_OFF), { phase: 'replacements', player: 'sov' });
    expect(s.replacementsLeft).toBe(5);
    const legal = bfm.legalActions(s);
    // 8,1 is taken; the city 2,2 is cut off; Moscow 1,2 is cut off too but Moscow is always open.
    expect(replaceTargets(legal, 's-new')).toEqual(['8,0', '1,2', '6,2', '8,2', '8,3', '8,4']);
    // "may not be taken as replacement until Turn 4": 1st Shock is not offered on turn 1.
    expect(replaceTargets(legal, 's-shock')).toEqual([]);
    expect(refused(s, { type: 'replace', side: 'sov', unit: 's-new', cell: '2,2' })).toMatch(/0303 is not one/);
  });

  // "Existing units: must be in communication with east edge to restore."
  it('restores a half-strength unit in communication, not one cut off', () => {
    const s = at(newBfm(CUT_OFF), { phase: 'replacements', player: 'sov' });
    expect(restorable(bfm.legalActions(s))).toEqual(['s-edge']);
    expect(refused(s, { type: 'restore', side: 'sov', unit: 's-cut' })).toMatch(/not on the map in communication/);
    const { state, events } = play(s, { type: 'restore', side: 'sov', unit: 's-edge' });
    expect(unit(state, 's-edge').reduced).toBe(false);
    expect(state.replacementsLeft).toBe(4);
    expect(events.map((e) => e.text)).toEqual(['s-edge is restored to full strength in 0902.']);
  });

  it('restores a unit in Moscow even when Moscow is cut off (the Soviet Moscow exception)', () => {
    const setup = { ...CUT_OFF, units: [...CUT_OFF.units!, { id: 's-mos', cell: '1,2', reduced: true }] };
    const s = at(newBfm(setup), { phase: 'replacements', player: 'sov' });
    expect(restorable(bfm.legalActions(s))).toEqual(['s-edge', 's-mos']);
  });

  // "German placement: Same as Soviet but communication traced to west edge. No Moscow exception."
  it('gives the Germans their west edge and no Moscow exception', () => {
    // A German-owned Moscow (2,1) cut off from the west edge by Soviet zones of control.
    const s = at(
      newBfm({
        terrain: ['.....', '..M..', '.....'],
        control: ['GGGSS', 'GGGSS', 'GGGSS'],
        units: [{ id: 's1', cell: '1,0' }, { id: 's2', cell: '1,2' }, { id: 'g1', cell: '4,1' }],
        pool: [{ id: 'g-new', cell: '' }],
        replacements: { ger: [0, 1] },
      }),
      { turn: 2, phase: 'replacements', player: 'ger' },
    );
    expect(s.replacementsLeft).toBe(1);
    expect(replaceTargets(bfm.legalActions(s), 'g-new')).toEqual(['0,0', '0,1', '0,2']);
  });

  it('never uses a city the enemy holds', () => {
    const s = at(
      newBfm({ ...CUT_OFF, control: ['GGGGGSSSS', 'GGGGGSSSS', 'GSSGGSGSS', 'GGGGGSSSS', 'GGGGGSSSS'] }),
      { phase: 'replacements', player: 'sov' },
    );
    expect(replaceTargets(bfm.legalActions(s), 's-new')).not.toContain('6,2');
  });
});

describe('using replacements', () => {
  // "Create new half-strength unit from eliminated pool." "Cannot use two replacements at once to
  //  create full-strength unit from nothing (takes two turns)."
  it('brings a unit back at half strength, and does not restore it in the same phase', () => {
    const s = at(newBfm(CUT_OFF), { phase: 'replacements', player: 'sov' });
    const { state, events } = play(s, { type: 'replace', side: 'sov', unit: 's-new', cell: '6,2' });
    expect(unit(state, 's-new')).toMatchObject({ status: 'map', cell: '6,2', reduced: true });
    expect(events.map((e) => e.text)).toEqual(['s-new comes back at half strength in 0703.']);
    expect(restorable(bfm.legalActions(state))).toEqual(['s-edge']);
    expect(refused(state, { type: 'restore', side: 'sov', unit: 's-new' })).toMatch(/came back this phase/);
  });

  // "Unused replacements cannot be saved."
  it('loses what is left when the phase ends', () => {
    const s = at(newBfm(CUT_OFF), { phase: 'replacements', player: 'sov' });
    const { state, events } = play(s, { type: 'restore', side: 'sov', unit: 's-edge' }, { type: 'endReplacements', side: 'sov' });
    expect(events.map((e) => e.text)).toContain('Soviets: 4 replacements unused are lost.');
    expect(state.replacementsLeft).toBe(0);
    expect(state.phase).not.toBe('replacements');
  });

  it('ends the phase by itself once the last replacement is used or none can be', () => {
    const one = at(newBfm({ ...CUT_OFF, replacements: { sov: [1] } }), { phase: 'replacements', player: 'sov', replacements: 1 });
    expect(play(one, { type: 'restore', side: 'sov', unit: 's-edge' }).state.phase).not.toBe('replacements');
  });

  // Eliminated units return through the same pool as the units left over at the start.
  it('brings an eliminated unit back like a pooled one', () => {
    const s = at(newBfm(CUT_OFF), { phase: 'replacements', player: 'sov' });
    const gone = { ...s, units: s.units.map((u) => (u.id === 's-cut' ? { ...u, status: 'eliminated' as const, cell: null, reduced: false } : u)) };
    expect(replaceTargets(bfm.legalActions(gone), 's-cut')).toEqual(['8,0', '1,2', '6,2', '8,2', '8,3', '8,4']);
  });
});

describe('the 1st Shock Army', () => {
  // "This Soviet unit (10-4) may not begin on map and may not be taken as replacement until Turn 4."
  it('is in the pool and can be taken from turn 4, at half strength', () => {
    const start = newBfm(CUT_OFF);
    expect(unit(start, 's-shock')).toMatchObject({ status: 'pool', cell: null });
    const t3 = at(start, { turn: 3, phase: 'replacements', player: 'sov' });
    expect(replaceTargets(bfm.legalActions(t3), 's-shock')).toEqual([]);
    expect(refused(t3, { type: 'replace', side: 'sov', unit: 's-shock', cell: '8,0' })).toMatch(/not available before a later turn/);
    const t4 = at(start, { turn: 4, phase: 'replacements', player: 'sov' });
    const { state } = play(t4, { type: 'replace', side: 'sov', unit: 's-shock', cell: '8,0' });
    expect(unit(state, 's-shock')).toMatchObject({ status: 'map', cell: '8,0', reduced: true });
    expect(bfm.observe(state, null).units.find((u) => u.id === 's-shock')).toMatchObject({ face: 'back', factors: '5-4' });
  });
});

describe('how many', () => {
  // "Allocation: Germans: 1 replacement; Soviets: 5 replacements."
  // "Game Balance Variant: To benefit Germans: reduce Soviet replacements to 4 or 3; To benefit
  //  Soviets: Germans receive replacement only on turns 2, 4, and 6."
  it('follows the scenario schedule and the game-balance variant', () => {
    const track = (options?: BfmTestSetup['options']) =>
      bfm.tables(newBfm({ ...CUT_OFF, options }).scenario).find((t) => t.id === 'turns')!.rows.map((r) => `${r.cells[2]}/${r.cells[3]}`);
    expect(track()).toEqual(['0/5', '1/5', '1/5', '1/5', '1/5', '1/5', '1/5']);
    expect(track({ variant: 'sovietReplacements4' })).toEqual(['0/4', '1/4', '1/4', '1/4', '1/4', '1/4', '1/4']);
    expect(track({ variant: 'sovietReplacements3' })).toEqual(['0/3', '1/3', '1/3', '1/3', '1/3', '1/3', '1/3']);
    expect(track({ variant: 'germanReplacementsEvenTurns' })).toEqual(['0/5', '1/5', '0/5', '1/5', '0/5', '1/5', '0/5']);
    const three = at(newBfm({ ...CUT_OFF, options: { variant: 'sovietReplacements3' } }), { phase: 'replacements', player: 'sov' });
    expect(three.replacementsLeft).toBe(3);
    expect(where(three, 's-edge')).toBe('8,1');
  });
});
