import { describe, expect, it } from 'vitest';
import { start, play, unit, withUnit, texts, diceUsed, type TestSetup } from '../testkit.js';
import { operational } from './index.js';
import { boardOf } from './board.js';
import { absorption, absorptionCap, lossCandidates, toHit } from './combat.js';
import type { GameState } from '../types.js';

// A one-row front: cells 0,0 .. 4,0 (labels 0101..0501), Germans hold the left two.
const ROW = ['.....'];

function needs(setup: TestSetup, attackers: string[], defenders: string[], patch?: (s: GameState) => GameState): Record<string, number> {
  let s = start(setup);
  if (patch) s = patch(s);
  const b = boardOf(s.scenario);
  const cell = unit(s, defenders[0]!).cell!;
  const th = toHit(
    s,
    b,
    b.index.get(cell)!,
    attackers.map((id) => unit(s, id)),
    defenders.map((id) => unit(s, id)),
  );
  return Object.fromEntries(th.need);
}

describe('to-hit numbers (RULES-NOTES: Dice and to-hit)', () => {
  const duel = (att: TestSetup['units'], def: TestSetup['units'], extra: Partial<TestSetup> = {}): TestSetup => ({
    terrain: ROW,
    units: [...(att ?? []), ...(def ?? [])],
    ...extra,
  });

  it('infantry against infantry needs the base 5', () => {
    expect(needs(duel([{ id: 'g', cell: '2,0' }], [{ id: 's', cell: '2,0' }]), ['g'], ['s'])).toEqual({ g: 5 });
  });

  it('an attacking tank gets +1 and gives the defender -1: tank 3, infantry beside it 4', () => {
    const setup = duel([{ id: 'gt', branch: 'tank', cell: '2,0' }, { id: 'gi', cell: '2,0' }], [{ id: 's', cell: '2,0' }]);
    expect(needs(setup, ['gt', 'gi'], ['s'])).toEqual({ gt: 3, gi: 4 });
  });

  it('elite adds +1 only to tank, cavalry and mechanised attackers', () => {
    const setup = duel(
      [
        { id: 'gc', branch: 'cavalry', elite: true, cell: '2,0' },
        { id: 'gm', branch: 'mechanised', elite: true, cell: '2,0' },
        { id: 'gi', branch: 'infantry', elite: true, cell: '2,0' },
      ],
      [{ id: 's', cell: '2,0' }],
    );
    expect(needs(setup, ['gc', 'gm', 'gi'], ['s'])).toEqual({ gc: 4, gm: 4, gi: 5 });
  });

  it('a defending in-supply tank costs every attacker 1 and adds 1 for the defender, clamped to 6', () => {
    const setup = duel([{ id: 'g', cell: '2,0' }], [{ id: 'st', branch: 'tank', cell: '2,0' }, { id: 's', cell: '2,0' }]);
    expect(needs(setup, ['g'], ['st', 's'])).toEqual({ g: 6 });
  });

  it('an out-of-supply defending tank still costs attackers 1 but its force gets -1, not +1', () => {
    const setup = duel([{ id: 'g', cell: '2,0' }], [{ id: 'st', branch: 'tank', cell: '2,0' }]);
    const r = needs(setup, ['g'], ['st'], (s) => withUnit(s, 'st', { supply: 'out-of-supply' }));
    expect(r).toEqual({ g: 5 });
  });

  it('elite defending infantry or airborne adds +1', () => {
    expect(needs(duel([{ id: 'g', cell: '2,0' }], [{ id: 's', elite: true, cell: '2,0' }]), ['g'], ['s'])).toEqual({ g: 6 });
    expect(
      needs(duel([{ id: 'g', cell: '2,0' }], [{ id: 's', branch: 'airborne', elite: true, cell: '2,0' }]), ['g'], ['s']),
    ).toEqual({ g: 6 });
    expect(
      needs(duel([{ id: 'g', cell: '2,0' }], [{ id: 's', branch: 'cavalry', elite: true, cell: '2,0' }]), ['g'], ['s']),
    ).toEqual({ g: 5 });
  });

  it('a fortification helps only when the defender controls it', () => {
    const cells = { '0,0': { supplyBase: 'ger' }, '4,0': { supplyBase: 'sov' }, '2,0': { fortification: true } };
    const held = duel([{ id: 'g', cell: '2,0' }], [{ id: 's', cell: '2,0' }], { cells });
    expect(needs(held, ['g'], ['s'])).toEqual({ g: 6 });
    const lost = duel([{ id: 'g', cell: '2,0' }], [{ id: 's', cell: '2,0' }], { cells, control: ['GGGSS'] });
    expect(needs(lost, ['g'], ['s'])).toEqual({ g: 5 });
  });

  it('+1 when every attacker crossed a river to enter, in easy or mud ground only', () => {
    const setup = (ground: TestSetup['ground']): TestSetup =>
      duel([{ id: 'g1', cell: '2,0' }, { id: 'g2', cell: '2,0' }], [{ id: 's', cell: '2,0' }], { ground });
    const crossed = (s: GameState): GameState => withUnit(withUnit(s, 'g1', { river: true }), 'g2', { river: true });
    expect(needs(setup('easy'), ['g1', 'g2'], ['s'], crossed)).toEqual({ g1: 6, g2: 6 });
    expect(needs(setup('mud'), ['g1', 'g2'], ['s'], crossed)).toEqual({ g1: 6, g2: 6 });
    expect(needs(setup('frozen'), ['g1', 'g2'], ['s'], crossed)).toEqual({ g1: 5, g2: 5 });
    expect(needs(setup('easy'), ['g1', 'g2'], ['s'], (s) => withUnit(s, 'g1', { river: true }))).toEqual({ g1: 5, g2: 5 });
  });

  it('an out-of-supply defender gives -1', () => {
    const r = needs(duel([{ id: 'g', cell: '2,0' }], [{ id: 's', cell: '2,0' }]), ['g'], ['s'], (s) =>
      withUnit(s, 's', { supply: 'out-of-supply' }),
    );
    expect(r).toEqual({ g: 4 });
  });

  it('isolated and desperate defenders give no modifiers at all', () => {
    const setup = duel([{ id: 'g', cell: '2,0' }], [{ id: 'st', branch: 'tank', elite: true, cell: '2,0' }]);
    expect(needs(setup, ['g'], ['st'], (s) => withUnit(s, 'st', { supply: 'isolated' }))).toEqual({ g: 5 });
    expect(needs(setup, ['g'], ['st'], (s) => withUnit(s, 'st', { supply: 'desperate' }))).toEqual({ g: 5 });
  });

  it('modifiers combine per attacker and clamp at 2 (a 1 always misses)', () => {
    const cells = { '0,0': { supplyBase: 'ger' }, '4,0': { supplyBase: 'sov' }, '2,0': { fortification: true } };
    const setup = duel(
      [{ id: 'gt', branch: 'tank', elite: true, cell: '2,0' }, { id: 'gi', cell: '2,0' }],
      [{ id: 's', cell: '2,0' }],
      { cells },
    );
    // defender: +1 fortification, -1 attacking tank, -1 out of supply = -1
    const r = needs(setup, ['gt', 'gi'], ['s'], (s) => withUnit(s, 's', { supply: 'out-of-supply' }));
    expect(r).toEqual({ gt: 2, gi: 4 });
    const noFort = duel([{ id: 'gt', branch: 'tank', elite: true, cell: '2,0' }], [{ id: 's', cell: '2,0' }]);
    // 5 - 2 - 1 - 1 = 1, clamped to 2
    expect(needs(noFort, ['gt'], ['s'], (s) => withUnit(s, 's', { supply: 'out-of-supply' }))).toEqual({ gt: 2 });
  });
});

describe('terrain absorption (RULES-NOTES: Terrain absorption and losses)', () => {
  const cap = (terrain: string, ground: TestSetup['ground'], opts: Partial<TestSetup> = {}, defenders = [{ id: 's', strength: 4 }]) => {
    const s = start({
      terrain: ['..' + terrain + '..'],
      ground,
      units: defenders.map((d) => ({ ...d, cell: '2,0' })),
      ...opts,
    });
    const b = boardOf(s.scenario);
    return absorption(s, b, 2, defenders.map((d) => unit(s, d.id)));
  };

  it('open ground absorbs nothing', () => {
    expect(cap('.', 'easy').capacity).toBe(0);
  });
  it('friendly-controlled urban absorbs 2, enemy-controlled urban nothing', () => {
    expect(cap('u', 'easy').capacity).toBe(2);
    expect(cap('u', 'easy', { control: ['GGGSS'] }).capacity).toBe(0);
  });
  it('difficult absorbs 2, but not when frozen', () => {
    expect(cap('f', 'easy').capacity).toBe(2);
    expect(cap('f', 'mud').capacity).toBe(2);
    expect(cap('f', 'frozen').capacity).toBe(0);
  });
  it('difficult absorbs nothing in snow for the side flagged to lose it, 2 for the other', () => {
    expect(cap('f', 'snow', { flags: { sov: { losesDifficultInSnow: true } } }).capacity).toBe(0);
    expect(cap('f', 'snow', { flags: { ger: { losesDifficultInSnow: true } } }).capacity).toBe(2);
  });
  it('urban and difficult together absorb up to 4', () => {
    expect(cap('U', 'easy').capacity).toBe(4);
  });
  it('the defending strength caps absorption: ≤2 → 1, 3 → 2, ≥4 → 4', () => {
    expect([1, 2, 3, 4, 9].map(absorptionCap)).toEqual([1, 1, 2, 4, 4]);
  });
  it('isolated units do not count in the strength for the cap', () => {
    const r = cap('U', 'easy', {}, [
      { id: 's1', strength: 2 },
      { id: 's2', strength: 3 },
    ]);
    expect(r.cap).toBe(4);
    const s = start({ terrain: ['..U..'], units: [{ id: 's1', strength: 2, cell: '2,0' }, { id: 's2', strength: 3, cell: '2,0' }] });
    const iso = withUnit(s, 's2', { supply: 'isolated' });
    expect(absorption(iso, boardOf(s.scenario), 2, [unit(iso, 's1'), unit(iso, 's2')]).cap).toBe(1);
  });
});

describe('loss order', () => {
  it('largest first, every unit one hit before a second, tanks first among equals', () => {
    const s = start({
      terrain: ROW,
      units: [
        { id: 'sa', strength: 2, cell: '3,0' },
        { id: 'sb', strength: 4, cell: '3,0' },
        { id: 'sc', strength: 2, branch: 'tank', cell: '3,0' },
      ],
    });
    const b = boardOf(s.scenario);
    const hits: Record<string, number> = {};
    const us = ['sa', 'sb', 'sc'].map((id) => ({ ...unit(s, id) }));
    const order: string[] = [];
    for (let k = 0; k < 4; k++) {
      const c = lossCandidates(b, us.filter((u) => u.strength > 0), hits);
      expect(c).toHaveLength(1);
      c[0]!.strength -= 1;
      hits[c[0]!.id] = (hits[c[0]!.id] ?? 0) + 1;
      order.push(c[0]!.id);
    }
    expect(order).toEqual(['sb', 'sc', 'sa', 'sb']);
  });

  it('equal units of the same branch are the owner’s choice', () => {
    const s = start({ terrain: ROW, units: [{ id: 'sa', cell: '3,0' }, { id: 'sb', cell: '3,0' }] });
    const c = lossCandidates(boardOf(s.scenario), [unit(s, 'sa'), unit(s, 'sb')], {});
    expect(c.map((u) => u.id)).toEqual(['sa', 'sb']);
  });
});

// An attack in the normal player turn: g (and friends) at 1,0 move into 2,0 held by s.
function attackAt(setup: TestSetup, dice: number[], movers: string[] = ['g']): GameState {
  let s = start(setup, dice);
  s = play(s, { type: 'activate', side: 'ger', cell: '1,0' }).state;
  for (const id of movers) s = play(s, { type: 'move', side: 'ger', unit: id, path: ['2,0'] }).state;
  if (s.step === 'movement') s = play(s, { type: 'endMovement', side: 'ger' }).state;
  return s;
}

describe('resolving an attack', () => {
  it('rolls one die per strength point, takes losses, and fires back on 6s', () => {
    const setup: TestSetup = {
      terrain: ROW,
      units: [
        { id: 'g', strength: 3, cell: '1,0' },
        { id: 's', strength: 4, cell: '2,0' },
      ],
    };
    // attack [5,6,2]: 2 hits; defensive fire [6,1,1,6]: 2 hits; stand; time die 2
    let s = attackAt(setup, [5, 6, 2, 6, 1, 1, 6, 2]);
    expect(s.step).toBe('attack');
    let r = play(s, { type: 'attack', side: 'ger', cell: '2,0' });
    expect(operational.actor(r.state)).toBe('sov');
    expect(operational.legalActions(r.state)).toEqual([
      { type: 'retreat', side: 'sov', cells: ['3,0'] },
      { type: 'stand', side: 'sov' },
    ]);
    r = play(r.state, { type: 'stand', side: 'sov' });
    s = r.state;
    expect(unit(s, 's').strength).toBe(2);
    expect(unit(s, 'g').strength).toBe(1);
    expect(unit(s, 'g').act).toBe('expended');
    expect(s.clock).toBe(6);
    expect(diceUsed(s)).toBe(8);
  });

  it('writes the attack with its dice as a sentence', () => {
    const setup: TestSetup = { terrain: ['..f..'], units: [{ id: 'g', strength: 3, cell: '1,0' }, { id: 's', strength: 3, cell: '2,0' }] };
    const s = attackAt(setup, [5, 6, 6, 1, 1, 1, 3]);
    const r = play(s, { type: 'attack', side: 'ger', cell: '2,0' }, { type: 'stand', side: 'sov' });
    const t = texts(r.events);
    expect(t[0]).toBe('g attacks 0301: g 3 dice needing 5+ [5,6,6]: 3 hits; terrain absorbs 2. Defensive fire needing 6: s [1,1,1]: 0 hits.');
    expect(t).toContain('s loses 1 (now 2).');
  });

  it('defensive fire hits the attackers in loss order', () => {
    const setup: TestSetup = {
      terrain: ROW,
      units: [
        { id: 'g1', strength: 2, cell: '1,0' },
        { id: 'g2', strength: 3, branch: 'tank', cell: '1,0' },
        { id: 's', strength: 2, cell: '2,0' },
      ],
    };
    // g1 needs 4 [1,1]; g2 needs 3 [1,1,1] → 0 hits; fire [6,6] → g2 then g1; time 1
    let s = attackAt(setup, [1, 1, 1, 1, 1, 6, 6, 1], ['g1', 'g2']);
    s = play(s, { type: 'attack', side: 'ger', cell: '2,0' }).state;
    expect(unit(s, 'g2').strength).toBe(2);
    expect(unit(s, 'g1').strength).toBe(1);
  });

  it('no defensive fire when the option is off', () => {
    const setup: TestSetup = {
      terrain: ROW,
      options: { defensiveFire: false },
      units: [{ id: 'g', strength: 2, cell: '1,0' }, { id: 's', strength: 2, cell: '2,0' }],
    };
    const s = attackAt(setup, [1, 1, 4]);
    const r = play(s, { type: 'attack', side: 'ger', cell: '2,0' });
    expect(diceUsed(r.state)).toBe(3);
    expect(unit(r.state, 'g').strength).toBe(2);
  });

  it('isolated defenders do not fire back', () => {
    const setup: TestSetup = { terrain: ROW, units: [{ id: 'g', strength: 2, cell: '1,0' }, { id: 's', strength: 2, cell: '2,0' }] };
    let s = start(setup, [1, 1, 4]);
    s = withUnit(s, 's', { supply: 'isolated' });
    s = play(s, { type: 'activate', side: 'ger', cell: '1,0' }, { type: 'move', side: 'ger', unit: 'g', path: ['2,0'] }).state;
    s = play(s, { type: 'attack', side: 'ger', cell: '2,0' }).state;
    expect(diceUsed(s)).toBe(3);
  });

  it('the owner chooses between equal units; the choice is an action', () => {
    const setup: TestSetup = {
      terrain: ROW,
      units: [{ id: 'g', strength: 2, cell: '1,0' }, { id: 'sa', strength: 2, cell: '2,0' }, { id: 'sb', strength: 2, cell: '2,0' }],
      cells: { '0,0': { supplyBase: 'ger' } },
      control: ['GGSGG'],
    };
    // no retreat (3,0 is German) → losses straight away: 1 hit; fire [1,1,1,1]; time 1
    let s = attackAt(setup, [6, 1, 1, 1, 1, 1, 1], ['g']);
    // Soviets have no base and lose supply on turn 1? They start in supply (checked with no base → out of supply).
    s = play(s, { type: 'attack', side: 'ger', cell: '2,0' }).state;
    expect(operational.legalActions(s)).toEqual([
      { type: 'chooseLoss', side: 'sov', unit: 'sa' },
      { type: 'chooseLoss', side: 'sov', unit: 'sb' },
    ]);
    s = play(s, { type: 'chooseLoss', side: 'sov', unit: 'sb' }).state;
    expect([unit(s, 'sa').strength, unit(s, 'sb').strength]).toEqual([2, 1]);
  });
});

describe('retreat', () => {
  const base = (extra: Partial<TestSetup> = {}): TestSetup => ({
    terrain: ROW,
    units: [{ id: 'g', strength: 4, cell: '1,0' }, { id: 's', strength: 3, cell: '2,0' }],
    ...extra,
  });

  it('retreating every unit cuts losses by one; retreaters are expended', () => {
    // 2 hits [6,6,1,1]; fire [1,1,1]; time 1. A second Soviet unit keeps the game turn going.
    const setup = base({ units: [...base().units!, { id: 'sz', strength: 1, cell: '4,0' }] });
    let s = attackAt(setup, [6, 6, 1, 1, 1, 1, 1, 1]);
    const r = play(s, { type: 'attack', side: 'ger', cell: '2,0' }, { type: 'retreat', side: 'sov', cells: ['3,0'] });
    s = r.state;
    expect(unit(s, 's')).toMatchObject({ strength: 2, cell: '3,0', act: 'expended' });
    expect(texts(r.events)).toContain('s retreats to 0401.');
    // the attacker now holds the emptied cell
    expect(operational.view(s).control['2,0']).toBe('ger');
  });

  it('is not offered when losses exceed the defending strength: all are destroyed', () => {
    // 4 hits against strength 3
    let s = attackAt(base(), [6, 6, 6, 6, 1, 1, 1, 1]);
    s = play(s, { type: 'attack', side: 'ger', cell: '2,0' }).state;
    expect(unit(s, 's').strength).toBe(0);
    expect(unit(s, 's').cell).toBeNull();
  });

  it('is offered when losses equal the strength', () => {
    const s = attackAt(base(), [6, 6, 6, 1, 1, 1, 1]);
    const r = play(s, { type: 'attack', side: 'ger', cell: '2,0' });
    expect(operational.legalActions(r.state).map((a) => a.type)).toEqual(['retreat', 'stand']);
  });

  it('never goes to the cell an attacker entered from, an enemy-controlled, contested or crowded cell', () => {
    // 3 x 3 map: attack into the centre 1,1 from 0,1; defender's side controls everything else
    const setup: TestSetup = {
      terrain: ['...', '...', '...'],
      control: ['SSS', 'GSS', 'SGS'],
      cells: { '0,1': { supplyBase: 'ger' }, '2,0': { supplyBase: 'sov' } },
      units: [
        { id: 'g', strength: 4, cell: '0,1' },
        { id: 's', strength: 3, cell: '1,1' },
        { id: 'gx', strength: 1, cell: '2,1' },
        { id: 'sx1', strength: 1, cell: '1,0' },
        { id: 'sx2', strength: 1, cell: '1,0' },
        { id: 'sx3', strength: 1, cell: '1,0' },
      ],
    };
    let s = start(setup, [6, 6, 1, 1, 1, 1, 1, 1, 1]);
    s = play(s, { type: 'activate', side: 'ger', cell: '0,1' }, { type: 'move', side: 'ger', unit: 'g', path: ['1,1'] }).state;
    s = play(s, { type: 'attack', side: 'ger', cell: '1,1' }).state;
    // 0,1 entered-from; 1,0 crowded; 2,1 enemy-occupied; 1,2 German-controlled → no retreat at all
    expect(operational.legalActions(s).map((a) => a.type)).not.toContain('retreat');
  });

  it('crossing a lake shore is forbidden in easy ground and allowed when frozen', () => {
    const setup = (ground: TestSetup['ground']): TestSetup => ({
      ...base(),
      ground,
      lakeShores: ['2,0,E'],
    });
    const easy = play(attackAt(setup('easy'), [6, 6, 1, 1, 1, 1, 1, 1]), { type: 'attack', side: 'ger', cell: '2,0' }).state;
    expect(operational.legalActions(easy).map((a) => a.type)).not.toContain('retreat');
    const frozen = play(attackAt(setup('frozen'), [6, 6, 6, 1, 1, 1, 1, 1, 1]), { type: 'attack', side: 'ger', cell: '2,0' }).state;
    expect(operational.legalActions(frozen)[0]).toEqual({ type: 'retreat', side: 'sov', cells: ['3,0'] });
  });

  it('uses one cell if it can hold everyone, else the fewest cells', () => {
    // defenders: three units at 1,1; neighbours 1,0 (room 1) and 2,1 (room 2) and 1,2 (room 1)
    const setup: TestSetup = {
      terrain: ['...', '...', '...'],
      control: ['SSS', 'GSS', 'SSS'],
      cells: { '0,1': { supplyBase: 'ger' }, '2,2': { supplyBase: 'sov' } },
      units: [
        { id: 'g', strength: 6, cell: '0,1' },
        { id: 's1', strength: 3, cell: '1,1' },
        { id: 's2', strength: 3, cell: '1,1' },
        { id: 's3', strength: 3, cell: '1,1' },
        { id: 'sa', strength: 1, cell: '1,0' },
        { id: 'sb', strength: 1, cell: '1,0' },
        { id: 'sc', strength: 1, cell: '2,1' },
        { id: 'sd', strength: 1, cell: '1,2' },
        { id: 'se', strength: 1, cell: '1,2' },
      ],
    };
    let s = start(setup, [6, 6, 6, 1, 1, 1, ...Array<number>(9).fill(1), 1]);
    s = play(s, { type: 'activate', side: 'ger', cell: '0,1' }, { type: 'move', side: 'ger', unit: 'g', path: ['1,1'] }).state;
    s = play(s, { type: 'attack', side: 'ger', cell: '1,1' }).state;
    const retreats = operational.legalActions(s).filter((a) => a.type === 'retreat');
    expect(retreats).toEqual([
      { type: 'retreat', side: 'sov', cells: ['1,0', '2,1'] },
      { type: 'retreat', side: 'sov', cells: ['2,1', '1,2'] },
    ]);
    // 3 losses - 1 = 2, on equal units: the owner picks s1 then s2; s2 lost last, retreats first
    s = play(
      s,
      { type: 'retreat', side: 'sov', cells: ['2,1', '1,0'] },
      { type: 'chooseLoss', side: 'sov', unit: 's1' },
      { type: 'chooseLoss', side: 'sov', unit: 's2' },
    ).state;
    expect(unit(s, 's2').cell).toBe('2,1');
    expect(unit(s, 's1').cell).toBe('2,1');
    expect(unit(s, 's3').cell).toBe('1,0');
  });
});

describe('armoured breakthrough', () => {
  const setup = (extra: Partial<TestSetup> = {}): TestSetup => ({
    terrain: ['.....', '.....'],
    control: ['GGSSS', 'GGSSS'],
    units: [{ id: 'g', strength: 3, branch: 'tank', cell: '1,0' }, { id: 's', strength: 1, cell: '2,0' }],
    ...extra,
  });
  // tank needs 3 (+1 tank, defender -1 for the attacking tank): [6,6,1] = 2 losses on strength 1,
  // so no retreat is offered and s is destroyed; fire [1]; time 1
  const DICE = [6, 6, 1, 1, 1, 1];

  it('a surviving tank may move on when every defender is destroyed', () => {
    let s = attackAt(setup(), DICE);
    s = play(s, { type: 'attack', side: 'ger', cell: '2,0' }).state;
    const acts = operational.legalActions(s);
    expect(acts).toContainEqual({ type: 'breakthrough', side: 'ger', unit: 'g', path: ['3,0'] });
    expect(acts).toContainEqual({ type: 'endBreakthrough', side: 'ger' });
    const r = play(s, { type: 'breakthrough', side: 'ger', unit: 'g', path: ['3,0'] });
    expect(unit(r.state, 'g').cell).toBe('3,0');
    expect(operational.view(r.state).control['3,0']).toBe('ger');
  });

  it('is allowed in easy and frozen ground, in snow only for the flagged side, never in mud', () => {
    const offered = (extra: Partial<TestSetup>): boolean => {
      const s = play(attackAt(setup(extra), DICE), { type: 'attack', side: 'ger', cell: '2,0' }).state;
      return operational.legalActions(s).some((a) => a.type === 'breakthrough');
    };
    expect(offered({ ground: 'frozen' })).toBe(true);
    expect(offered({ ground: 'mud' })).toBe(false);
    expect(offered({ ground: 'snow' })).toBe(false);
    expect(offered({ ground: 'snow', flags: { ger: { breakthroughInSnow: true } } })).toBe(true);
  });

  it('enters difficult terrain only along a road or railway', () => {
    const noRoad = play(attackAt(setup({ terrain: ['...f.', '.....'] }), DICE), { type: 'attack', side: 'ger', cell: '2,0' }).state;
    expect(operational.legalActions(noRoad)).not.toContainEqual({ type: 'breakthrough', side: 'ger', unit: 'g', path: ['3,0'] });
    const road = play(attackAt(setup({ terrain: ['...f.', '.....'], roads: ['2,0,E'] }), DICE), {
      type: 'attack',
      side: 'ger',
      cell: '2,0',
    }).state;
    expect(operational.legalActions(road)).toContainEqual({ type: 'breakthrough', side: 'ger', unit: 'g', path: ['3,0'] });
  });

  it('lets only one tank across a river side', () => {
    const two = setup({
      rivers: ['2,0,E'],
      units: [
        { id: 'g1', strength: 2, branch: 'tank', cell: '1,0' },
        { id: 'g2', strength: 2, branch: 'tank', cell: '1,0' },
        { id: 's', strength: 1, cell: '2,0' },
      ],
    });
    // both need 3: [6,6] [1,1]; fire [1]
    let s = attackAt(two, [6, 6, 1, 1, 1, 1], ['g1', 'g2']);
    s = play(s, { type: 'attack', side: 'ger', cell: '2,0' }, { type: 'breakthrough', side: 'ger', unit: 'g1', path: ['3,0'] }).state;
    expect(operational.legalActions(s)).not.toContainEqual({ type: 'breakthrough', side: 'ger', unit: 'g2', path: ['3,0'] });
    expect(operational.legalActions(s)).toContainEqual({ type: 'breakthrough', side: 'ger', unit: 'g2', path: ['2,1'] });
  });

  it('may end among enemy units, and the tank does not attack again', () => {
    const setup3: TestSetup = {
      ...setup(),
      units: [
        { id: 'g', strength: 3, branch: 'tank', cell: '1,0' },
        { id: 's', strength: 1, cell: '2,0' },
        { id: 'sx', strength: 1, cell: '3,0' },
      ],
    };
    let s = play(attackAt(setup3, DICE), { type: 'attack', side: 'ger', cell: '2,0' }).state;
    s = play(s, { type: 'breakthrough', side: 'ger', unit: 'g', path: ['3,0'] }).state;
    expect(unit(s, 'g')).toMatchObject({ cell: '3,0', act: 'expended' });
    expect(s.player).toBe('sov');
    expect(operational.view(s).control['3,0']).toBe('sov');
  });

  it('is not possible when a defender retreated', () => {
    const s0 = attackAt(setup({ units: [{ id: 'g', strength: 3, branch: 'tank', cell: '1,0' }, { id: 's', strength: 2, cell: '2,0' }] }), [
      6, 6, 1, 1, 1, 1,
    ]);
    const s = play(s0, { type: 'attack', side: 'ger', cell: '2,0' }, { type: 'retreat', side: 'sov', cells: ['3,0'] }).state;
    expect(s.combat).toBeNull();
    expect(unit(s, 's').cell).toBe('3,0');
  });

  it('deep penetration: two steps along road or rail, blocked by a river unless frozen', () => {
    const deep = (extra: Partial<TestSetup>): GameState =>
      play(
        attackAt(setup({ flags: { ger: { deepPenetration: true } }, roads: ['2,0,E', '3,0,E'], ...extra }), [...DICE]),
        { type: 'attack', side: 'ger', cell: '2,0' },
      ).state;
    expect(operational.legalActions(deep({}))).toContainEqual({ type: 'breakthrough', side: 'ger', unit: 'g', path: ['3,0', '4,0'] });
    expect(operational.legalActions(deep({ rivers: ['3,0,E'] }))).not.toContainEqual({
      type: 'breakthrough',
      side: 'ger',
      unit: 'g',
      path: ['3,0', '4,0'],
    });
    expect(operational.legalActions(deep({ rivers: ['3,0,E'], ground: 'frozen' }))).toContainEqual({
      type: 'breakthrough',
      side: 'ger',
      unit: 'g',
      path: ['3,0', '4,0'],
    });
    // the first cell may not be enemy-occupied
    const occupied = deep({ units: [{ id: 'g', strength: 3, branch: 'tank', cell: '1,0' }, { id: 's', strength: 1, cell: '2,0' }, { id: 'sx', strength: 1, cell: '3,0' }] });
    expect(operational.legalActions(occupied)).not.toContainEqual({ type: 'breakthrough', side: 'ger', unit: 'g', path: ['3,0', '4,0'] });
    // a second step off the road is not allowed
    expect(operational.legalActions(deep({}))).not.toContainEqual({ type: 'breakthrough', side: 'ger', unit: 'g', path: ['3,0', '3,1'] });
  });
});

describe('control after combat', () => {
  it('the attacker takes the cell even when every attacker died emptying it', () => {
    const setup: TestSetup = { terrain: ROW, units: [{ id: 'g', strength: 1, cell: '1,0' }, { id: 's', strength: 1, cell: '2,0' }] };
    // attack [5] kills s (no retreat: 1 loss vs 1 strength is offered... stand); fire [6] kills g
    let s = attackAt(setup, [5, 6, 1]);
    s = play(s, { type: 'attack', side: 'ger', cell: '2,0' }, { type: 'stand', side: 'sov' }).state;
    expect(unit(s, 'g').strength).toBe(0);
    expect(unit(s, 's').strength).toBe(0);
    expect(operational.view(s).control['2,0']).toBe('ger');
  });
});

describe('prepared offensives in combat', () => {
  it('have no defensive fire', () => {
    const setup: TestSetup = {
      terrain: ROW,
      units: [{ id: 'g', strength: 2, cell: '1,0' }, { id: 's', strength: 3, cell: '2,0' }],
      extra: { preparedOffensives: [{ side: 'ger', turn: 1, count: 1 }] },
    };
    let s = start(setup, [1, 1]);
    expect(s.phase).toBe('preparedOffensives');
    s = play(s, { type: 'activate', side: 'ger', cell: '1,0' }, { type: 'move', side: 'ger', unit: 'g', path: ['2,0'] }).state;
    s = play(s, { type: 'attack', side: 'ger', cell: '2,0' }).state;
    expect(diceUsed(s)).toBe(2);
    expect(s.phase).toBe('normalTurns');
  });
});

describe('mandatory attacks', () => {
  it('every cell with active units and enemies is attacked, in the order the attacker picks', () => {
    const setup: TestSetup = {
      terrain: ['.....', '.....'],
      control: ['GGSSS', 'GGSSS'],
      grid: { adjacency: 8 },
      units: [
        { id: 'g1', strength: 1, cell: '1,0' },
        { id: 'g2', strength: 1, cell: '1,0' },
        { id: 's1', strength: 1, cell: '2,0' },
        { id: 's2', strength: 1, cell: '2,1' },
      ],
    };
    let s = start(setup, [1, 1, 1, 1, 1]);
    s = play(
      s,
      { type: 'activate', side: 'ger', cell: '1,0' },
      { type: 'move', side: 'ger', unit: 'g1', path: ['2,0'] },
      { type: 'move', side: 'ger', unit: 'g2', path: ['1,1'] },
    ).state;
    // g2 moved to 1,1, which holds no enemy: only g1's cell must be attacked
    expect(operational.legalActions(s)).toEqual([{ type: 'attack', side: 'ger', cell: '2,0' }]);
    const both = play(
      start(setup, [1, 1, 1, 1, 1]),
      { type: 'activate', side: 'ger', cell: '1,0' },
      { type: 'move', side: 'ger', unit: 'g1', path: ['2,0'] },
      { type: 'move', side: 'ger', unit: 'g2', path: ['2,1'] },
    ).state;
    expect(operational.legalActions(both)).toEqual([
      { type: 'attack', side: 'ger', cell: '2,0' },
      { type: 'attack', side: 'ger', cell: '2,1' },
    ]);
    const after = play(both, { type: 'attack', side: 'ger', cell: '2,1' }).state;
    expect(operational.legalActions(after)).toEqual([{ type: 'attack', side: 'ger', cell: '2,0' }]);
  });

  it('ready friendly units already in the cell join the attack and are expended; expended ones stay out', () => {
    const setup: TestSetup = {
      terrain: ['.....'],
      control: ['GGSSS'],
      units: [
        { id: 'g', strength: 1, cell: '1,0' },
        { id: 'gr', strength: 2, cell: '2,0' },
        { id: 'gx', strength: 3, cell: '2,0' },
        { id: 's', strength: 3, cell: '2,0' },
        { id: 's9', strength: 1, cell: '4,0' },
      ],
    };
    let s = start(setup, [1, 1, 1, 1, 1, 1, 1]);
    s = withUnit(s, 'gx', { act: 'expended' });
    s = play(s, { type: 'activate', side: 'ger', cell: '1,0' }, { type: 'move', side: 'ger', unit: 'g', path: ['2,0'] }).state;
    const r = play(s, { type: 'attack', side: 'ger', cell: '2,0' });
    expect(r.events[0]!.units).toEqual(['g', 'gr']);
    expect(r.events[0]!.rolls!.map((x) => x.dice.length)).toEqual([1, 2, 3]);
    expect(unit(r.state, 'gr').act).toBe('expended');
  });

  it('a small defending force caps what the terrain absorbs', () => {
    const setup: TestSetup = { terrain: ['..U..'], units: [{ id: 'g', strength: 4, cell: '1,0' }, { id: 's', strength: 2, cell: '2,0' }] };
    // 4 hits, urban-difficult could absorb 4 but strength 2 caps it at 1: 3 losses > 2, destroyed
    const s = attackAt(setup, [6, 6, 6, 6, 1, 1, 1]);
    const r = play(s, { type: 'attack', side: 'ger', cell: '2,0' });
    expect(texts(r.events)[0]).toContain('4 hits; terrain absorbs 1.');
    expect(unit(r.state, 's').strength).toBe(0);
  });
});
