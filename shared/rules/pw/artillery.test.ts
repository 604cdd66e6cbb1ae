// Seed 004, "Artillery Fire" and "Turn Sequence" step 1: small battlefields with scripted dice.
// Red is the first side (south edge, faces north unless told), Blue the second.
import { describe, expect, it } from 'vitest';
import { pw } from './index.js';
import { diceUsed, playPw, pwUnit, startPw, texts, type PwTestSetup } from './testkit.js';

const OPEN = ['............', '............', '............', '............', '............', '............', '............', '............'];

/** A gun of Red's at `gun` facing `facing`, Blue's units where given. */
function battery(gun: string, facing: 'N' | 'E' | 'S' | 'W', blues: { id: string; cell: string; type?: 'infantry' | 'fieldArtillery' }[], terrain = OPEN, type: 'fieldArtillery' | 'lightArtillery' = 'fieldArtillery'): PwTestSetup {
  return { terrain, units: [{ id: 'rgun', cell: gun, type, facing }, ...blues.map((b) => ({ ...b, facing: 'S' as const }))] };
}

const aims = (s: ReturnType<typeof startPw>): string[] => pw.legalActions(s).flatMap((a) => (a.type === 'aim' ? [a.cell] : []));

describe('drift: "If the range ... is three or more squares, a D6 die is thrown"', () => {
  // The gun at 5,7 faces north; the target at 5,3 is four squares away. 12 o'clock is the gun's facing.
  const setup = battery('5,7', 'N', [{ id: 'b1', cell: '5,3' }]);
  const cases: [number, string, string][] = [
    [1, '4,3', 'left (9 o’clock)'],
    [2, '5,2', 'beyond (12 o’clock)'],
    [3, '6,3', 'right (3 o’clock)'],
    [4, '5,4', 'before (6 o’clock)'],
    [5, '5,3', 'on target'],
    [6, '5,3', 'on target'],
  ];
  it.each(cases)('a die of %i lands in %s (%s)', (die, landed) => {
    const onTarget = landed === '5,3';
    // Drift die, then the effect die only if a unit is where it lands; then initiative and each side's one activation die.
    const s0 = startPw(setup, [die, ...(onTarget ? [4] : []), 6, 1, 2, 2]);
    const { state, events } = playPw(s0, { type: 'aim', side: 'red', unit: 'rgun', cell: '5,3' });
    const fire = events.find((e) => e.kind === 'fire')!;
    expect(fire.shot).toEqual({ from: '5,7', target: '5,3', landed });
    expect(fire.rolls![0]).toMatchObject({ dice: [die] });
    if (onTarget) expect(pwUnit(state, 'b1').pinned).toBe(true); // direct fire, 4: pins
    else {
      // The log says it drifted, which way and where it landed.
      expect(fire.text).toMatch(new RegExp(`\\(${die}: drifts (left|beyond|right|short), lands in \\S+\\)`));
      expect(fire.rolls).toHaveLength(1);
      expect(pwUnit(state, 'b1').pinned).toBe(false);
    }
    expect(pwUnit(state, 'rgun').fired).toBe(true);
  });

  it('the clock turns with the gun: facing east, 1 lands north of the target, 2 east, 3 south, 4 west', () => {
    const east = battery('1,4', 'E', [{ id: 'b1', cell: '5,4' }]);
    const landed = [1, 2, 3, 4].map((die) => {
      const { events } = playPw(startPw(east, [die, 6, 1, 2, 2]), { type: 'aim', side: 'red', unit: 'rgun', cell: '5,4' });
      return events.find((e) => e.kind === 'fire')!.shot!.landed;
    });
    expect(landed).toEqual(['5,3', '6,4', '5,5', '4,4']);
  });

  it('fire drifting off the battlefield has no effect', () => {
    // A target on the far edge, six squares off: a 2 carries the fire beyond it, off the battlefield.
    const s = startPw(battery('5,6', 'N', [{ id: 'b1', cell: '5,0' }]), [2, 6, 1, 2, 2]);
    const { events } = playPw(s, { type: 'aim', side: 'red', unit: 'rgun', cell: '5,0' });
    const fire = events.find((e) => e.kind === 'fire')!;
    expect(fire.shot!.landed).toBeNull();
    expect(fire.text).toContain('off the battlefield');
  });

  it('"If the range ... is two squares or less, any Unit in that grid square is hit": no drift die', () => {
    const s = startPw(battery('5,7', 'N', [{ id: 'b1', cell: '5,5' }]), [5, 6, 1, 2]);
    const { state, events } = playPw(s, { type: 'aim', side: 'red', unit: 'rgun', cell: '5,5' });
    const fire = events.find((e) => e.kind === 'fire')!;
    expect(fire.rolls).toHaveLength(1);
    expect(fire.shot!.landed).toBe('5,5');
    expect(pwUnit(state, 'b1').alive).toBe(false); // direct, 5: destroys
  });

  it('"If there is a Unit in the grid square that the artillery fire lands in, that Unit is hit" — even one of the gun’s own side', () => {
    const s = startPw({ terrain: OPEN, units: [{ id: 'rgun', cell: '5,7', type: 'fieldArtillery', facing: 'N' }, { id: 'rinf', cell: '5,4' }, { id: 'b1', cell: '5,3', facing: 'S' }] }, [4, 5, 6, 1, 2, 2]);
    const { state } = playPw(s, { type: 'aim', side: 'red', unit: 'rgun', cell: '5,3' });
    // 4: lands short of the target, on Red's own infantry in the open: direct fire, and 5 destroys it.
    expect(pwUnit(state, 'rinf').alive).toBe(false);
    expect(pwUnit(state, 'b1').alive).toBe(true);
  });
});

describe('direct and indirect fire: "If an entire Unit can be seen ... direct fire; if ... cannot be seen or it is in cover ... indirect"', () => {
  const hit = (terrain: string[], die: number, blues = [{ id: 'b1', cell: '5,5' }], extra: PwTestSetup['units'] = []) => {
    const s = startPw({ ...battery('5,7', 'N', blues, terrain), units: [...battery('5,7', 'N', blues, terrain).units, ...extra] }, [die, 6, 1, 2, 2, 2]);
    return playPw(s, { type: 'aim', side: 'red', unit: 'rgun', cell: '5,5' });
  };
  const withRow = (row: number, text: string): string[] => OPEN.map((r, k) => (k === row ? text : r));

  it('direct: "5 or 6: Destroys a Unit; Any other score: Pins a Unit"', () => {
    expect(pwUnit(hit(OPEN, 5).state, 'b1').alive).toBe(false);
    expect(pwUnit(hit(OPEN, 6).state, 'b1').alive).toBe(false);
    for (const die of [1, 2, 3, 4]) {
      const b1 = pwUnit(hit(OPEN, die).state, 'b1');
      expect(b1.alive).toBe(true);
      expect(b1.pinned).toBe(true);
    }
  });

  it('indirect over woods in between: "6: Destroys a Unit; 4 or 5: Pins a Unit; Any other score: No effect"', () => {
    const woodsBetween = withRow(6, '.....f......');
    const r6 = hit(woodsBetween, 6);
    expect(r6.events.find((e) => e.kind === 'fire')!.text).toContain('indirect');
    expect(pwUnit(r6.state, 'b1').alive).toBe(false);
    expect(pwUnit(hit(woodsBetween, 5).state, 'b1')).toMatchObject({ alive: true, pinned: true });
    expect(pwUnit(hit(woodsBetween, 4).state, 'b1')).toMatchObject({ alive: true, pinned: true });
    for (const die of [1, 2, 3]) expect(pwUnit(hit(woodsBetween, die).state, 'b1')).toMatchObject({ alive: true, pinned: false });
  });

  it('a target in woods or a built-up area is in cover: indirect fire', () => {
    expect(pwUnit(hit(withRow(5, '.....f......'), 5).state, 'b1')).toMatchObject({ alive: true, pinned: true });
    expect(pwUnit(hit(withRow(5, '.....u......'), 3).state, 'b1')).toMatchObject({ alive: true, pinned: false });
  });

  it('a fortified square is cover too', () => {
    const s = startPw({ ...battery('5,7', 'N', [{ id: 'b1', cell: '5,5' }]), cells: { '5,5': { fortification: true } } }, [5, 6, 1, 2, 2]);
    expect(pwUnit(playPw(s, { type: 'aim', side: 'red', unit: 'rgun', cell: '5,5' }).state, 'b1')).toMatchObject({ alive: true, pinned: true });
  });

  it('a unit in between hides the target: indirect (a pinned target, "deemed to be under cover", too)', () => {
    expect(pwUnit(hit(OPEN, 5, [{ id: 'b1', cell: '5,5' }], [{ id: 'rinf', cell: '5,6' }]).state, 'b1')).toMatchObject({ alive: true, pinned: true });
  });

  it('a line through a corner is blocked if either square beside it is woods: the whole unit must be seen', () => {
    // Gun at 5,7 facing N, target on the diagonal at 4,6: the line passes the corner between 4,7 and 5,6.
    const s = startPw(battery('5,7', 'N', [{ id: 'b1', cell: '4,6' }], withRow(6, '.....f......')), [5, 6, 1, 2, 2]);
    const { state, events } = playPw(s, { type: 'aim', side: 'red', unit: 'rgun', cell: '4,6' });
    expect(events.find((e) => e.kind === 'fire')!.text).toContain('indirect');
    expect(pwUnit(state, 'b1')).toMatchObject({ alive: true, pinned: true });
    expect(pw.lineOfSight!(s, '5,7', '4,6')).toMatchObject({ clear: false, blockedAt: '5,6' });
  });
});

describe('arc and range: "90 degrees forward ... from one 45 degree diagonal line of grid squares to the other"; "ranges are measured orthogonally"', () => {
  const gunAt = (type: 'fieldArtillery' | 'lightArtillery', blues: string[]) =>
    startPw({ terrain: OPEN, units: [{ id: 'rgun', cell: '5,7', type, facing: 'N' }, ...blues.map((c, k) => ({ id: `b${k}`, cell: c, facing: 'S' as const }))] }, [6, 1, 2]);

  it('targets on both 45° diagonals are in the arc; one square outside them is not', () => {
    const s = gunAt('fieldArtillery', ['3,5', '7,5', '2,5', '8,6', '5,4']);
    expect(aims(s).sort()).toEqual(['3,5', '5,4', '7,5']);
  });

  it('nothing behind or beside the gun', () => {
    expect(aims(startPw({ terrain: OPEN, units: [{ id: 'rgun', cell: '5,4', type: 'fieldArtillery', facing: 'N' }, { id: 'b1', cell: '5,6', facing: 'S' }, { id: 'b2', cell: '8,4', facing: 'S' }] }, [6, 1, 2]))).toEqual([]);
  });

  it('range counts through the sides of squares: two across and three up is five, beyond a light gun’s four', () => {
    expect(aims(gunAt('lightArtillery', ['3,4']))).toEqual([]);
    expect(aims(gunAt('fieldArtillery', ['3,4']))).toEqual(['3,4']);
    expect(aims(gunAt('lightArtillery', ['5,3']))).toEqual(['5,3']); // four straight ahead
    expect(aims(gunAt('lightArtillery', ['5,2']))).toEqual([]);
  });

  it('the public queries agree: fire cells, orthogonal range, line of sight', () => {
    const s = gunAt('lightArtillery', ['5,3']);
    const cells = pw.fireCells!(s, 'rgun');
    expect(cells).toContain('3,5');
    expect(cells).toContain('5,3');
    expect(cells).not.toContain('3,4');
    expect(cells).not.toContain('6,7');
    expect(pw.range!(s, '5,7', '3,4')).toBe(5);
    expect(pw.lineOfSight!(s, '5,7', '5,3')).toMatchObject({ clear: true, cells: ['5,7', '5,6', '5,5', '5,4', '5,3'] });
  });
});

describe('firing out of cover: "if they are in a grid square that is on the edge of the woods"', () => {
  it('a gun deep in a wood cannot fire north; at its northern edge it can', () => {
    const deep = ['............', '............', '............', '............', '.....f......', '.....f......', '............', '............'];
    const deepState = startPw({ terrain: deep, units: [{ id: 'rgun', cell: '5,5', type: 'fieldArtillery', facing: 'N' }, { id: 'b1', cell: '5,1', facing: 'S' }] }, [6, 1, 2]);
    expect(aims(deepState)).toEqual([]);
    const edge = ['............', '............', '............', '............', '............', '.....f......', '............', '............'];
    const edgeState = startPw({ terrain: edge, units: [{ id: 'rgun', cell: '5,5', type: 'fieldArtillery', facing: 'N' }, { id: 'b1', cell: '5,1', facing: 'S' }] }, []);
    expect(aims(edgeState)).toEqual(['5,1']);
  });
});

describe('simultaneous fire: "casualties are removed after all artillery fire has taken place"', () => {
  const duel: PwTestSetup = {
    terrain: OPEN,
    units: [
      { id: 'rgun', cell: '5,6', type: 'fieldArtillery', facing: 'N' },
      { id: 'bgun', cell: '5,4', type: 'fieldArtillery', facing: 'S' },
    ],
  };

  it('each side orders in turn, the other side’s orders hidden from it; then every gun fires, a destroyed gun included', () => {
    let s = startPw(duel, [6, 6, 3, 1, 2]);
    expect(pw.actor(s)).toBe('red');
    s = playPw(s, { type: 'aim', side: 'red', unit: 'rgun', cell: '5,4' }).state;
    // Red's only gun has its order: Red's orders are in, and Blue orders without seeing them.
    expect(pw.actor(s)).toBe('blue');
    expect(pw.observe(s, 'blue').units.find((u) => u.id === 'rgun')).not.toHaveProperty('order');
    expect(pw.observe(s, 'blue').units.find((u) => u.id === 'rgun')!.markers).not.toContain('aimed');
    expect(pw.observe(s, 'red').units.find((u) => u.id === 'rgun')!.order).toEqual({ label: 'Fire at F5', cell: '5,4' });
    const { state, events } = playPw(s, { type: 'aim', side: 'blue', unit: 'bgun', cell: '5,6' });
    // Red fires first (6: destroys Blue's gun), yet Blue's gun still fires (6: destroys Red's).
    expect(pwUnit(state, 'rgun').alive).toBe(false);
    expect(pwUnit(state, 'bgun').alive).toBe(false);
    expect(texts(events).filter((t) => t.includes('fires at'))).toHaveLength(2);
    expect(state.gameOver?.winner).toBeNull();
  });

  it('the order of a side is an event only that side sees', () => {
    const r = pw.apply(startPw(duel, [6, 6, 3, 1, 2]), { type: 'aim', side: 'red', unit: 'rgun', cell: '5,4' });
    expect(r.ok && r.events.find((e) => e.kind === 'orders')?.visibleTo).toEqual(['red']);
  });

  it('a side may give no orders; pinned artillery may fire ("Artillery Units may fire if they are pinned")', () => {
    let s = startPw(duel, [4, 6, 1, 3]);
    s = { ...s, units: s.units.map((u) => (u.id === 'bgun' ? { ...u, pinned: true } : u)) };
    expect(pw.legalActions(s).map((a) => a.type)).toEqual(['aim', 'commit']);
    s = playPw(s, { type: 'commit', side: 'red' }).state;
    expect(pw.legalActions(s)).toContainEqual({ type: 'aim', side: 'blue', unit: 'bgun', cell: '5,6' });
    const { state } = playPw(s, { type: 'aim', side: 'blue', unit: 'bgun', cell: '5,6' });
    expect(pwUnit(state, 'rgun').pinned).toBe(true);
    // Blue's effect die (4: direct, pins), initiative, Red's activation die: Red may now unpin its gun.
    expect(diceUsed(state)).toBe(4);
    expect(pw.legalActions(state)).toContainEqual({ type: 'unpin', side: 'red', unit: 'rgun' });
  });

  it('"Artillery Units may not move during a turn in which they have fired ... although they may be unpinned"', () => {
    // Each gun pins the other (direct fire, 1 and 2); Red activates first with three activations.
    let s = startPw(duel, [1, 2, 6, 1, 6]);
    s = playPw(s, { type: 'aim', side: 'red', unit: 'rgun', cell: '5,4' }, { type: 'aim', side: 'blue', unit: 'bgun', cell: '5,6' }).state;
    expect(pwUnit(s, 'rgun')).toMatchObject({ fired: true, pinned: true });
    const mine = pw.legalActions(s).filter((a) => 'unit' in a && a.unit === 'rgun');
    expect(mine).toEqual([{ type: 'unpin', side: 'red', unit: 'rgun' }]);
  });
});
