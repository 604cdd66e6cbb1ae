// Seed 004, Special Rules "1. Pinning", with the author's answer in the comments: pinned European
// cavalry charges "at some point during its side's activation phase ... This is assumed to be an
// automatic response and does not 'cost' any activation 'points' (although trying to unpin it will)".
import { describe, expect, it } from 'vitest';
import { pw } from './index.js';
import { playPw, pwUnit, startPw, texts, type PwTestUnit } from './testkit.js';
import type { PwGame } from './state.js';

const OPEN = ['............', '............', '............', '............', '............', '............', '............', '............'];

/** Red's units (r1 pinned) and Blue's; Red wins the initiative with three activations (one die per three units). */
function pinnedStart(units: PwTestUnit[], options = {}): PwGame {
  const reds = units.filter((u) => u.id.startsWith('r')).length;
  const s = startPw({ terrain: OPEN, units, options }, [6, 1, ...Array(Math.ceil(reds / 3)).fill(6), 2, 2, 2]);
  return { ...s, units: s.units.map((u) => (u.id === 'r1' ? { ...u, pinned: true } : u)) };
}

describe('"when a Unit is pinned it stops where it is and may not move until it is unpinned"', () => {
  it('unpinning is the unit’s activation for the turn: it costs one, and the unit moves next turn', () => {
    const s = pinnedStart([{ id: 'r1', cell: '5,6' }, { id: 'r2', cell: '0,7' }, { id: 'b1', cell: '5,0' }]);
    expect(pw.legalActions(s).filter((a) => 'unit' in a && a.unit === 'r1')).toEqual([{ type: 'unpin', side: 'red', unit: 'r1' }]);
    const { state, events } = playPw(s, { type: 'unpin', side: 'red', unit: 'r1' });
    expect(pwUnit(state, 'r1').pinned).toBe(false);
    expect(state.activations).toBe(2);
    expect(texts(events)).toContain('r1 in F7 is unpinned.');
    expect(pw.legalActions(state).filter((a) => 'unit' in a && a.unit === 'r1')).toEqual([]);
  });

  it('the board shows the marker', () => {
    const s = pinnedStart([{ id: 'r1', cell: '5,6' }, { id: 'b1', cell: '5,0' }]);
    expect(pw.observe(s, 'blue').units.find((u) => u.id === 'r1')!.markers).toEqual(['pinned']);
  });
});

describe('"European Cavalry Units do not stop when they are pinned; they immediately charge towards the nearest enemy Unit"', () => {
  it('at the end of its side’s activations, free of cost, it charges the nearest enemy into contact, and the close combat follows', () => {
    const units: PwTestUnit[] = [
      { id: 'r1', cell: '5,6', type: 'cavalry', facing: 'E' },
      { id: 'b1', cell: '5,3', facing: 'E' },
      { id: 'b2', cell: '11,0', facing: 'S' },
    ];
    const s = pinnedStart(units);
    expect(pw.observe(s, null).units.find((u) => u.id === 'r1')!.markers).toEqual(['charging']);
    expect(pw.legalActions(s).filter((a) => 'unit' in a && a.unit === 'r1')).toEqual([{ type: 'unpin', side: 'red', unit: 'r1' }]);
    const { state, events } = playPw(s, { type: 'endActivation', side: 'red' });
    expect(pwUnit(state, 'r1')).toMatchObject({ cell: '5,4', facing: 'N', pinned: true, charged: true });
    expect(pwUnit(state, 'b1').facing).toBe('S');
    expect(events.find((e) => e.kind === 'charge')!.text).toBe('Pinned, r1 charges from F7 to F5, facing N, and engages b1 in F4, which turns to face it.');
    expect(pw.legalActions(state)).toEqual([{ type: 'resolve', side: 'red', defender: 'b1' }]);
  });

  it('"and will continue to do so until they are unpinned": unpinned, it stays', () => {
    const s = pinnedStart([{ id: 'r1', cell: '5,6', type: 'cavalry' }, { id: 'b1', cell: '5,2' }, { id: 'b2', cell: '11,0' }]);
    // Unpinning was r1's activation, and Red has nothing else to do: its activations end by themselves.
    const { state, events } = playPw(s, { type: 'unpin', side: 'red', unit: 'r1' });
    expect(pwUnit(state, 'r1').cell).toBe('5,6');
    expect(events.some((e) => e.kind === 'charge')).toBe(false);
  });

  it('"With the exception of European Cavalry": Native cavalry stops when pinned, and so does dismounted cavalry', () => {
    const native = pinnedStart(
      [{ id: 'r1', cell: '5,6', type: 'cavalry' }, { id: 'r2', cell: '0,7' }, { id: 'r3', cell: '1,7' }, { id: 'b1', cell: '5,2' }, { id: 'b2', cell: '11,0' }],
      { firstArmy: 'native' },
    );
    expect(pwUnit(playPw(native, { type: 'endActivation', side: 'red' }).state, 'r1').cell).toBe('5,6');
    const onFoot = pinnedStart([{ id: 'r1', cell: '5,6', type: 'cavalry', dismounted: true }, { id: 'b1', cell: '5,2' }, { id: 'b2', cell: '11,0' }]);
    expect(pwUnit(playPw(onFoot, { type: 'endActivation', side: 'red' }).state, 'r1').cell).toBe('5,6');
  });

  it('already in contact, it stays and fights', () => {
    const s = pinnedStart([{ id: 'r1', cell: '5,6', type: 'cavalry', facing: 'N' }, { id: 'b1', cell: '5,5', facing: 'S' }, { id: 'b2', cell: '11,0' }]);
    const { state } = playPw(s, { type: 'endActivation', side: 'red' });
    expect(pwUnit(state, 'r1').cell).toBe('5,6');
    expect(pw.legalActions(state)).toEqual([{ type: 'resolve', side: 'red', defender: 'b1' }]);
  });
});
