import { describe, expect, it } from 'vitest';
import { start, play, unit, withUnit, texts, makeScenario, type TestSetup } from '../testkit.js';
import { operational } from './index.js';
import type { Action, GameState } from '../types.js';

const pass = (side: 'ger' | 'sov'): Action => ({ type: 'pass', side });
const activate = (side: 'ger' | 'sov', cell: string): Action => ({ type: 'activate', side, cell });
const endMove = (side: 'ger' | 'sov'): Action => ({ type: 'endMovement', side });

const two: TestSetup = { terrain: ['....'], units: [{ id: 'g', cell: '0,0' }, { id: 's', cell: '3,0' }] };

describe('ground conditions', () => {
  it('rolls at the start of each game turn in a rule’s range and says so', () => {
    const setup: TestSetup = {
      ...two,
      extra: { groundConditions: { initial: 'easy', changes: [{ fromTurn: 2, outcomes: [{ min: 1, max: 2, condition: 'mud' }] }] } },
    };
    const r = play(start(setup, [1, 1, 2, 1]), pass('ger'), pass('sov'));
    expect(texts(r.events)).toContain('Turn 2: ground turns to mud (rolled 2).');
    expect(r.state.ground).toBe('mud');
    expect(r.state.duration).toBe(120);
    const stays = play(start(setup, [1, 1, 5]), pass('ger'), pass('sov'));
    expect(texts(stays.events)).toContain('Turn 2: ground stays easy (rolled 5).');
  });
});

describe('time and the end of a game turn', () => {
  it('easy turns last 72 hours and each normal player turn, pass included, takes d6×3 hours', () => {
    const s = start(two, [4]);
    expect([s.clock, s.duration]).toEqual([0, 72]);
    expect(play(s, pass('ger')).state.clock).toBe(12);
  });

  it('other grounds last 120 hours at d6×5', () => {
    const s = start({ ...two, ground: 'frozen' }, [4]);
    expect(s.duration).toBe(120);
    expect(play(s, pass('ger')).state.clock).toBe(20);
  });

  it('ends when both players pass in succession', () => {
    const r = play(start(two, [1, 1]), pass('ger'), pass('sov'));
    expect(texts(r.events)).toContain('Game turn 1 ends: both players passed.');
    expect(r.state.turn).toBe(2);
    // an easy game turn is three days
    expect(r.state.date).toBe('1941-10-04');
  });

  it('ends when the clock reaches the duration', () => {
    const setup: TestSetup = {
      terrain: ['....', '....'],
      units: [{ id: 'g1', cell: '0,0' }, { id: 'g2', cell: '0,1' }, { id: 's1', cell: '3,0' }, { id: 's2', cell: '3,1' }],
    };
    const r = play(
      start(setup, [6, 6, 6, 6]),
      activate('ger', '0,0'),
      endMove('ger'),
      activate('sov', '3,0'),
      endMove('sov'),
      activate('ger', '0,1'),
      endMove('ger'),
      activate('sov', '3,1'),
      endMove('sov'),
    );
    expect(texts(r.events)).toContain('Game turn 1 ends: time is up.');
  });

  it('ends when neither side has a unit left to activate', () => {
    const r = play(start(two, [1, 1]), activate('ger', '0,0'), endMove('ger'), activate('sov', '3,0'), endMove('sov'));
    expect(texts(r.events)).toContain('Game turn 1 ends: no unit is left to activate.');
  });

  it('a side with nothing to activate can only pass; the other side goes on', () => {
    const setup: TestSetup = { terrain: ['....', '....'], units: [{ id: 'g', cell: '0,0' }, { id: 's1', cell: '3,0' }, { id: 's2', cell: '3,1' }] };
    const s = play(start(setup, [1, 1, 1]), activate('ger', '0,0'), endMove('ger'), activate('sov', '3,0'), endMove('sov')).state;
    expect(operational.legalActions(s)).toEqual([pass('ger')]);
    expect(play(s, pass('ger')).state.player).toBe('sov');
  });

  it('rally readies every unit at the end of the game turn', () => {
    const s = play(start(two, [1, 1]), activate('ger', '0,0'), endMove('ger'), activate('sov', '3,0'), endMove('sov')).state;
    expect([unit(s, 'g').act, unit(s, 's').act]).toEqual(['ready', 'ready']);
  });
});

describe('prepared offensives', () => {
  const turns = (r: { events: { kind: string; text: string }[] }): string[] => r.events.filter((e) => e.kind === 'playerTurn').map((e) => e.text);

  it('alternate from the initiative side and skip a side with none left; no time passes', () => {
    const setup: TestSetup = {
      terrain: ['....'],
      units: [{ id: 'g', cell: '0,0' }, { id: 's', cell: '3,0' }],
      extra: {
        preparedOffensives: [
          { side: 'ger', turn: 1, count: 3 },
          { side: 'sov', turn: 1, count: 1 },
        ],
      },
    };
    const s0 = start(setup, [1]);
    expect(s0.player).toBe('ger');
    const r = play(s0, pass('ger'), pass('sov'), pass('ger'), pass('ger'));
    expect(turns(r)).toEqual([
      'Soviets prepared offensive player turn.',
      'Germans prepared offensive player turn.',
      'Germans prepared offensive player turn.',
      'Germans player turn.',
    ]);
    expect(r.state.phase).toBe('normalTurns');
    expect(r.state.clock).toBe(0);
  });

  it('the rally after them readies the units involved, not those expended by supply', () => {
    const setup: TestSetup = {
      terrain: ['.....'],
      control: ['GGSSS'],
      units: [{ id: 'g', strength: 4, cell: '1,0' }, { id: 's', strength: 2, cell: '2,0' }, { id: 's2', cell: '4,0' }],
      extra: { preparedOffensives: [{ side: 'ger', turn: 1, count: 1 }] },
    };
    // attack [1,1,1,1] misses; no defensive fire in a prepared offensive
    let s = start(setup, [1, 1, 1, 1]);
    s = withUnit(s, 's2', { act: 'expended', held: true });
    s = play(s, activate('ger', '1,0'), { type: 'move', side: 'ger', unit: 'g', path: ['2,0'] }, { type: 'attack', side: 'ger', cell: '2,0' }).state;
    expect(s.phase).toBe('normalTurns');
    expect(unit(s, 'g')).toMatchObject({ act: 'ready' });
    expect(unit(s, 'g').activated).toBeFalsy();
    expect(unit(s, 's').act).toBe('ready');
    expect(unit(s, 's2').act).toBe('expended');
    expect(operational.legalActions(s)).toContainEqual(activate('ger', '2,0'));
  });
});

describe('reinforcements, replacements and rebuilds', () => {
  const withArrival = (entry: string, extra: Partial<TestSetup> = {}): TestSetup => ({
    terrain: ['.....'],
    units: [{ id: 's', cell: '4,0' }],
    extra: { reinforcements: [{ turn: 1, entryCell: entry, unit: { id: 'gn', side: 'ger', name: 'New Corps', branch: 'tank', strength: 4 } }] },
    ...extra,
  });

  it('new units arrive at their entry cell at the start of the side’s first player turn', () => {
    const s = start(withArrival('1,0'));
    expect(unit(s, 'gn')).toMatchObject({ cell: '1,0', strength: 4, act: 'ready' });
    expect(operational.legalActions(s)).toContainEqual(activate('ger', '1,0'));
  });

  it('go to the nearest friendly supply base when the entry cell is enemy-occupied', () => {
    const s = start(withArrival('3,0', { units: [{ id: 's', cell: '3,0' }] }));
    expect(unit(s, 'gn').cell).toBe('0,0');
  });

  it('a side whose only units are still to arrive gets its player turn', () => {
    const setup: TestSetup = {
      terrain: ['.....'],
      units: [{ id: 'g', cell: '0,0' }],
      extra: { reinforcements: [{ turn: 1, entryCell: '4,0', unit: { id: 'sn', side: 'sov', name: 'sn', branch: 'infantry', strength: 2 } }] },
    };
    const s = play(start(setup, [1]), activate('ger', '0,0'), endMove('ger')).state;
    expect(s.player).toBe('sov');
    expect(unit(s, 'sn').cell).toBe('4,0');
  });

  it('wait a turn when nowhere is free, and say so', () => {
    const setup = withArrival('3,0', { units: [{ id: 's', cell: '3,0' }, { id: 's0', cell: '0,0' }] });
    const { state, events } = operational.start(makeScenario(setup));
    expect(unit(state, 'gn')).toMatchObject({ cell: null, arrival: 2 });
    expect(texts(events)).toContain('New Corps cannot arrive: its entry cell and every friendly supply base are blocked; it waits a turn.');
  });

  it('replacements go only to in-supply depleted units, never past starting strength, and unused points are lost', () => {
    const setup: TestSetup = {
      terrain: ['.....'],
      units: [{ id: 'g1', strength: 4, cell: '0,0' }, { id: 'g2', strength: 4, cell: '1,0' }, { id: 'gt', branch: 'tank', strength: 4, cell: '1,0' }, { id: 's', cell: '4,0' }],
      extra: { replacements: [{ side: 'ger', turn: 1, points: 3, branches: ['infantry'] }] },
    };
    const sc = makeScenario(setup);
    // set up depleted units before the first player turn by editing the order of battle state
    let s = start(sc, [1]);
    expect(s.step).toBe('activation');
    // nothing was depleted at the start, so the step was skipped and the points are gone at the end
    const r0 = play(s, pass('ger'));
    expect(texts(r0.events)).toContain('3 unused replacement points are lost.');
    // now a fresh game whose units start depleted
    s = start(sc, [1]);
    s = { ...s, step: 'reinforcement', pools: [{ side: 'ger', points: 3, branches: ['infantry'] }] };
    s = withUnit(withUnit(withUnit(s, 'g1', { strength: 2 }), 'g2', { strength: 3, supply: 'out-of-supply' }), 'gt', { strength: 1 });
    const acts = operational.legalActions(s);
    expect(acts).toEqual([
      { type: 'replace', side: 'ger', unit: 'g1', pool: 0, points: 1 },
      { type: 'replace', side: 'ger', unit: 'g1', pool: 0, points: 2 },
      { type: 'endReinforcement', side: 'ger' },
    ]);
    const r = play(s, { type: 'replace', side: 'ger', unit: 'g1', pool: 0, points: 2 });
    expect(unit(r.state, 'g1').strength).toBe(4);
    expect(texts(r.events)).toContain('g1 takes 2 replacement points (now 4).');
    expect(r.state.step).toBe('activation');
  });

  it('rebuilds a destroyed unit at a friendly uncontested supply base: first 2 points cost 1, each further 1', () => {
    const setup: TestSetup = {
      terrain: ['.....'],
      flags: { ger: { rebuilds: true } },
      units: [{ id: 'g1', strength: 4, cell: '1,0' }, { id: 's', cell: '4,0' }],
    };
    let s = start(setup, [1]);
    s = withUnit(s, 'g1', { strength: 0, cell: null, lost: 'sov' });
    s = { ...s, step: 'reinforcement', pools: [{ side: 'ger', points: 2 }] };
    const rebuilds = operational.legalActions(s).filter((a) => a.type === 'rebuild');
    expect(rebuilds).toEqual([
      { type: 'rebuild', side: 'ger', unit: 'g1', pool: 0, cell: '0,0', strength: 1 },
      { type: 'rebuild', side: 'ger', unit: 'g1', pool: 0, cell: '0,0', strength: 2 },
      { type: 'rebuild', side: 'ger', unit: 'g1', pool: 0, cell: '0,0', strength: 3 },
    ]);
    const r = play(s, { type: 'rebuild', side: 'ger', unit: 'g1', pool: 0, cell: '0,0', strength: 3 });
    expect(unit(r.state, 'g1')).toMatchObject({ cell: '0,0', strength: 3 });
    expect(r.state.pools[0]!.points).toBe(0);
    expect(r.state.step).toBe('activation');
  });
});

describe('fuel shortage, air interdiction, command confusion', () => {
  it('fuel shortage: the opponent picks tanks; 4+ puts an in-supply tank out of supply', () => {
    const setup: TestSetup = {
      terrain: ['.....'],
      units: [{ id: 'gt1', branch: 'tank', cell: '0,0' }, { id: 'gt2', branch: 'tank', cell: '1,0' }, { id: 's', cell: '4,0' }],
      extra: { fuelShortage: [{ side: 'ger', fromTurn: 1, toTurn: 1, units: 1 }] },
    };
    const s = start(setup, [4]);
    expect(operational.actor(s)).toBe('sov');
    expect(operational.legalActions(s)).toEqual([
      { type: 'fuelPick', side: 'sov', unit: 'gt1' },
      { type: 'fuelPick', side: 'sov', unit: 'gt2' },
      { type: 'endFuel', side: 'sov' },
    ]);
    const r = play(s, { type: 'fuelPick', side: 'sov', unit: 'gt2' });
    expect(unit(r.state, 'gt2')).toMatchObject({ supply: 'out-of-supply', act: 'expended' });
    expect(texts(r.events)[0]).toBe('Fuel shortage: gt2 rolled 4, out of fuel: now out of supply.');
    expect(r.state.phase).toBe('normalTurns');
  });

  // Both sides have tanks; each test decides who is short of fuel on turn 1.
  const tanksBothSides = (fuelShortage: NonNullable<TestSetup['extra']>['fuelShortage']): TestSetup => ({
    terrain: ['......'],
    units: [
      { id: 'gt', branch: 'tank', cell: '0,0' },
      { id: 'g', cell: '1,0' },
      { id: 'st', side: 'sov', branch: 'tank', cell: '5,0' },
      { id: 's', cell: '4,0' },
    ],
    extra: { fuelShortage },
  });
  const fuelPick = (side: 'ger' | 'sov', u: string): Action => ({ type: 'fuelPick', side, unit: u });

  it('fuel shortage for both sides on one turn: each opponent rolls for the other side’s tanks', () => {
    const s = start(
      tanksBothSides([
        { side: 'ger', fromTurn: 1, toTurn: 2, units: 1 },
        { side: 'sov', fromTurn: 1, toTurn: 1, units: 1 },
      ]),
      [5, 6],
    );
    // Scenario side order: the Germans' shortage first, so the Soviets pick first.
    expect(operational.legalActions(s)).toEqual([fuelPick('sov', 'gt'), { type: 'endFuel', side: 'sov' }]);
    const first = play(s, fuelPick('sov', 'gt'));
    expect(unit(first.state, 'gt')).toMatchObject({ supply: 'out-of-supply', act: 'expended' });
    expect(first.state.phase).toBe('fuelShortage');
    expect(operational.actor(first.state)).toBe('ger');
    expect(operational.legalActions(first.state)).toEqual([fuelPick('ger', 'st'), { type: 'endFuel', side: 'ger' }]);
    const second = play(first.state, fuelPick('ger', 'st'));
    expect(unit(second.state, 'st')).toMatchObject({ supply: 'out-of-supply', act: 'expended' });
    expect(texts(second.events)[0]).toBe('Fuel shortage: st rolled 6, out of fuel: now out of supply.');
    expect(second.state.phase).toBe('normalTurns');
  });

  it('fuel shortage for both sides: ending one side’s picks early still leaves the other side’s', () => {
    const s = start(
      tanksBothSides([
        { side: 'sov', fromTurn: 1, toTurn: 1, units: 1 },
        { side: 'ger', fromTurn: 1, toTurn: 1, units: 1 },
      ]),
      [4],
    );
    const skipped = play(s, { type: 'endFuel', side: 'sov' }).state;
    expect(unit(skipped, 'gt').supply).toBe('in-supply');
    const r = play(skipped, fuelPick('ger', 'st'));
    expect(unit(r.state, 'st')).toMatchObject({ supply: 'out-of-supply', act: 'expended' });
    expect(r.state.phase).toBe('normalTurns');
  });

  it('fuel shortage for one side only: only its tanks can be picked, the other side’s entry for another turn does nothing', () => {
    const s = start(
      tanksBothSides([
        { side: 'ger', fromTurn: 2, toTurn: 3, units: 1 },
        { side: 'sov', fromTurn: 1, toTurn: 1, units: 1 },
      ]),
      [4],
    );
    expect(operational.actor(s)).toBe('ger');
    expect(operational.legalActions(s)).toEqual([fuelPick('ger', 'st'), { type: 'endFuel', side: 'ger' }]);
    const r = play(s, fuelPick('ger', 'st'));
    expect(unit(r.state, 'st').supply).toBe('out-of-supply');
    expect(unit(r.state, 'gt').supply).toBe('in-supply');
    expect(r.state.phase).toBe('normalTurns');
  });

  it('fuel shortage of a side without tanks on the map does not hide the other side’s shortage that turn', () => {
    const setup = tanksBothSides([
      { side: 'ger', fromTurn: 1, toTurn: 1, units: 2 },
      { side: 'sov', fromTurn: 1, toTurn: 1, units: 1 },
    ]);
    setup.units = setup.units!.filter((u) => u.id !== 'gt');
    const s = start(setup, [4]);
    expect(operational.actor(s)).toBe('ger');
    expect(operational.legalActions(s)).toEqual([fuelPick('ger', 'st'), { type: 'endFuel', side: 'ger' }]);
  });

  it('no fuel shortage entry for the turn: no picks, straight on to the player turns', () => {
    const s = start(tanksBothSides([{ side: 'ger', fromTurn: 2, toTurn: 2, units: 1 }, { side: 'sov', fromTurn: 3, toTurn: 3, units: 1 }]));
    expect(s.fuel).toBeNull();
    expect(s.phase).toBe('normalTurns');
    expect(operational.legalActions(s).some((a) => a.type === 'fuelPick' || a.type === 'endFuel')).toBe(false);
  });

  it('air interdiction expends one chosen enemy unit, and only in easy ground', () => {
    const setup = (ground: TestSetup['ground']): TestSetup => ({
      ...two,
      ground,
      extra: { airInterdiction: [{ side: 'sov', fromTurn: 1, toTurn: 1 }] },
    });
    const s = start(setup('easy'));
    expect(operational.legalActions(s)).toEqual([
      { type: 'interdict', side: 'sov', unit: 'g' },
      { type: 'skipInterdiction', side: 'sov' },
    ]);
    const r = play(s, { type: 'interdict', side: 'sov', unit: 'g' });
    expect(unit(r.state, 'g').act).toBe('expended');
    expect(operational.legalActions(r.state)).toEqual([pass('ger')]);
    expect(start(setup('mud')).phase).toBe('normalTurns');
  });

  it('command confusion expends the confused side’s units in contested cells after a normal enemy turn', () => {
    const setup: TestSetup = {
      terrain: ['.....'],
      units: [{ id: 'g', cell: '0,0' }, { id: 'gx', cell: '2,0' }, { id: 's', cell: '2,0' }, { id: 's2', cell: '4,0' }],
      extra: { commandConfusion: [{ side: 'sov', fromTurn: 1, toTurn: 1 }] },
    };
    const r = play(start(setup, [1]), activate('ger', '0,0'), endMove('ger'));
    expect(unit(r.state, 's').act).toBe('expended');
    expect(unit(r.state, 's2').act).toBe('ready');
    expect(texts(r.events)).toContain('Command confusion: s (0301) expended.');
  });
});

describe('command confusion timing', () => {
  it('does not follow a prepared offensive player turn', () => {
    const setup: TestSetup = {
      terrain: ['.....'],
      units: [{ id: 'g', cell: '0,0' }, { id: 'gx', cell: '2,0' }, { id: 's', cell: '2,0' }],
      extra: {
        commandConfusion: [{ side: 'sov', fromTurn: 1, toTurn: 1 }],
        preparedOffensives: [{ side: 'ger', turn: 1, count: 1 }],
      },
    };
    const s = play(start(setup), activate('ger', '0,0'), endMove('ger')).state;
    expect(s.phase).toBe('normalTurns');
    expect(unit(s, 's').act).toBe('ready');
  });
});

describe('victory', () => {
  const setup = (extra: Partial<TestSetup> = {}): TestSetup => ({
    terrain: ['.....'],
    turns: 1,
    cells: {
      '0,0': { supplyBase: 'ger', victory: { perTurn: 3, endGame: 5 } },
      '4,0': { supplyBase: 'sov', victory: {} },
    },
    units: [{ id: 'g', cell: '0,0' }, { id: 's', cell: '4,0' }],
    ...extra,
  });

  it('scores victory cells each turn and at the end, plus destroyed enemy strength; most VP wins', () => {
    let s = start(setup(), [1, 1]);
    s = withUnit(s, 's', { strength: 0, cell: null, lost: 'ger' });
    const r = play(s, pass('ger'), pass('sov'));
    expect(r.state.vp).toEqual({ ger: 3 + 5 + 3, sov: 2 });
    expect(r.state.gameOver).toEqual({ winner: 'ger', reason: 'the last game turn is over' });
    expect(texts(r.events)).toContain('Turn 1 victory points: Germans +3 for 0101; Soviets +2 for 0501.');
    expect(operational.legalActions(r.state)).toEqual([]);
    expect(operational.view(r.state).gameOver?.winner).toBe('ger');
  });

  it('equal VP is a draw', () => {
    const even = setup({ cells: { '0,0': { supplyBase: 'ger', victory: {} }, '4,0': { supplyBase: 'sov', victory: {} } } });
    const r = play(start(even, [1, 1]), pass('ger'), pass('sov'));
    expect(r.state.gameOver?.winner).toBeNull();
    expect(texts(r.events).at(-1)).toBe('Game over (the last game turn is over): a draw at 2–2 VP.');
  });
});

describe('the view', () => {
  it('tells the UI where the game stands and who must decide what', () => {
    const v = operational.view(start(two, [1]));
    expect(v).toMatchObject({
      phase: 'normalTurns',
      step: 'activation',
      turn: 1,
      turns: 3,
      date: '1941-10-01',
      ground: 'easy',
      clock: 0,
      duration: 72,
      player: 'ger',
      initiative: 'ger',
      prompt: { side: 'ger', kind: 'activation' },
      vp: { ger: 0, sov: 0 },
      pendingAttacks: [],
      combat: null,
      gameOver: null,
    });
    expect(v.units.map((u) => [u.id, u.where, u.supply, u.activation, u.gettingSupplies])).toEqual([
      ['g', 'onMap', 'in-supply', 'ready', true],
      ['s', 'onMap', 'in-supply', 'ready', true],
    ]);
    const moving = operational.view(play(start(two, [1]), activate('ger', '0,0')).state);
    expect(moving.prompt?.kind).toBe('movement');
    expect(moving.destinations['g']!.map((d) => d.cell)).toEqual(['1,0']);
  });
});

describe('the reducer contract', () => {
  it('an illegal action returns a typed error and leaves the state untouched', () => {
    const s = start(two, [1]);
    const before = JSON.stringify(s);
    const r = operational.apply(s, pass('sov'));
    expect(r).toEqual({ ok: false, error: { code: 'notYourDecision', message: 'It is for Germans to act now, not Soviets.' } });
    const r2 = operational.apply(s, activate('ger', '2,0'));
    expect(r2.ok).toBe(false);
    expect(JSON.stringify(s)).toBe(before);
  });

  it('a legal action never changes its input state', () => {
    const s = start(two, [1]);
    const before = JSON.stringify(s);
    const r = operational.apply(s, activate('ger', '0,0'));
    expect(r.ok).toBe(true);
    expect(JSON.stringify(s)).toBe(before);
  });

  it('a malformed action is refused with a sentence, not a crash', () => {
    const s = start(two, [1]);
    const bad = operational.apply(s, { type: 'move', side: 'ger', unit: 'g', path: 'north' } as unknown as Action);
    expect(bad).toEqual({ ok: false, error: { code: 'illegal', message: 'A "move" action needs path as a non-empty list of cells.' } });
    expect(operational.apply(s, { type: 'fly', side: 'ger' } as unknown as Action).ok).toBe(false);
    expect(operational.apply(s, null as unknown as Action).ok).toBe(false);
  });

  it('scripted dice that run out give a diceExhausted error', () => {
    const r = operational.apply(start(two, []), pass('ger'));
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.code).toBe('diceExhausted');
  });

  it('every roll is reported with the event it decided', () => {
    const r = play(start(two, [5]), pass('ger'));
    expect(r.events.find((e) => e.kind === 'time')?.rolls).toEqual([{ purpose: 'passage of time', dice: [5] }]);
  });

  it('the same seed and actions give the same game', () => {
    const run = (): GameState => {
      let s = operational.newGame(makeScenario(two), { seed: 42 });
      for (let i = 0; i < 6 && !s.gameOver; i++) s = play(s, operational.legalActions(s).at(-1)!).state;
      return s;
    };
    expect(JSON.stringify(run())).toBe(JSON.stringify(run()));
  });
});
