// The generic board's clicks over Battle for Moscow's described options: a small situation from
// the engine (no hand-made options), so the test follows the contract as the rules give it.
import { describe, expect, it } from 'vitest';
import type { Scenario } from '../../../../shared/format/scenario.types.js';
import { newScenario } from '../../../../shared/format/new-scenario.js';
import { getRuleset, type RulesState } from '../../../../shared/rules/index.js';
import { attackRecord } from './game.svelte.js';
import { dropRefusal } from '../../../../shared/rules/index.js';
import { candidates, cellMarks, clickIntent, draggableUnits, dropIntent, matchingAttack, NONE, startTarget, type Option } from './intent.js';

/** 9×7 hexes: LVI Pz (9-6) in 0403 and V Corps (7-4) in 0405 next to the 19th Army (4-4) in 0404; Moscow in 0804. */
function situation(): Scenario {
  const s = newScenario({ id: 'intent', title: 'Intent', gridKind: 'hex', cols: 9, rows: 7, sides: [{ name: 'Germans' }, { name: 'Soviets' }] });
  s.ruleset = { id: 'bfm' };
  s.map.cells = { '7,3': { name: 'Moscow', victory: { perTurn: 0, endGame: 0 } } };
  s.orderOfBattle = [
    { id: 'g-pz', side: 'germans', name: 'LVI Pz', branch: 'tank', strength: 9, fields: { reducedStrength: 4, movement: 6 }, cell: '3,2' },
    { id: 'g-v', side: 'germans', name: 'V Corps', branch: 'infantry', strength: 7, fields: { reducedStrength: 3, movement: 4 }, cell: '3,4' },
    { id: 's-19', side: 'soviets', name: '19th Army', branch: 'infantry', strength: 4, fields: { reducedStrength: 2, movement: 4 }, cell: '3,3' },
  ];
  return s;
}

function toCombat(): { state: RulesState; options: Option[] } {
  const rules = getRuleset('bfm');
  let state = rules.newGame(situation(), { dice: [2, 5, 5, 5, 5] });
  const end = rules.decision(state)!.options.find((o) => o.ends)!; // end the panzer movement
  const r = rules.apply(state, end.action);
  if (!r.ok) throw new Error(r.error.message);
  state = r.state;
  return { state, options: rules.decision(state)!.options };
}

describe('generic board clicks (Battle for Moscow options)', () => {
  it('a click on an enemy counter starts an attack with every unit that can join; clicks trim it to an offered option', () => {
    const { options } = toCombat();
    expect(candidates(options, 's-19').sort()).toEqual(['g-pz', 'g-v']);
    const start = clickIntent(options, NONE, '3,3', 's-19');
    expect(start).toEqual({ pick: { kind: 'target', target: 's-19', cell: '3,3', chosen: expect.arrayContaining(['g-pz', 'g-v']) } });
    const both = (start as { pick: Extract<ReturnType<typeof startTarget>, { kind: 'target' }> }).pick;
    expect(matchingAttack(options, both)?.units?.sort()).toEqual(['g-pz', 'g-v']);
    const trimmed = clickIntent(options, both, '3,4', 'g-v');
    expect(trimmed).toEqual({ pick: { ...both, chosen: ['g-pz'] } });
    expect(matchingAttack(options, (trimmed as { pick: typeof both }).pick)?.label).toBe('Attack 19th Army in 0404 with LVI Pz');
    expect(matchingAttack(options, { ...both, chosen: [] })).toBeUndefined();
  });

  it('marks the target, the chosen attackers and the ones that may still join', () => {
    const { options, state } = toCombat();
    const cellOf = (u: string) => state.scenario.orderOfBattle.find((x) => x.id === u)?.cell ?? null;
    const marks = cellMarks(options, { kind: 'target', target: 's-19', cell: '3,3', chosen: ['g-pz'] }, cellOf);
    expect(Object.fromEntries(marks)).toEqual({ '3,3': 'attack', '3,2': 'chosen', '3,4': 'candidate' });
    expect(Object.fromEntries(cellMarks(options, NONE, cellOf))).toEqual({ '3,3': 'attack' });
  });

  it('in movement a unit is picked, then a green cell moves it; a cell it cannot reach does nothing', () => {
    const rules = getRuleset('bfm');
    const state = rules.newGame(situation(), { seed: 1 });
    const options = rules.decision(state)!.options;
    const pick = clickIntent(options, NONE, '3,2', 'g-pz');
    expect(pick).toEqual({ pick: { kind: 'unit', unit: 'g-pz' } });
    const unitPick = (pick as { pick: { kind: 'unit'; unit: string } }).pick;
    const dest = options.find((o) => o.kind === 'move' && o.unit === 'g-pz' && o.cell)!;
    expect(clickIntent(options, unitPick, dest.cell!, null)).toEqual({ act: dest });
    expect(clickIntent(options, unitPick, '8,6', null)).toBeNull();
    // V Corps is infantry: no option in the panzer movement phase, so a click on it picks nothing.
    expect(clickIntent(options, NONE, '3,4', 'g-v')).toBeNull();
  });

  it('the attack record takes the rolled die’s entry in the previewed column', () => {
    const { state, options } = toCombat();
    const rules = getRuleset('bfm');
    const one = matchingAttack(options, { kind: 'target', target: 's-19', cell: '3,3', chosen: ['g-pz'] })!;
    const preview = rules.attackPreview(state, { attackers: ['g-pz'], defender: 's-19' })!;
    let s = rules.apply(state, one.action);
    if (!s.ok) throw new Error(s.error.message);
    const events = [...s.events];
    // No other attack is possible: the announcements end and the battle is resolved with the scripted 2.
    while (!events.some((e) => e.rolls?.length)) {
      const next = rules.decision(s.state)!.options[0]!;
      s = rules.apply(s.state, next.action);
      if (!s.ok) throw new Error(s.error.message);
      events.push(...s.events);
    }
    const rec = attackRecord(preview, one.label, events);
    expect(preview.method.kind === 'odds' && preview.method.column).toBe('2:1');
    expect(rec.die).toBe(2);
    expect(rec.result).toBe(preview.method.kind === 'odds' ? preview.method.results[1] : null);
  });

  it('drag and drop in panzer movement: only units with a move may be dragged; a drop on a hex offered moves, elsewhere the rules say why', () => {
    const rules = getRuleset('bfm');
    const state = rules.newGame(situation(), { dice: [2] });
    const options = rules.decision(state)!.options;
    // LVI Pz moves in the panzer phase; V Corps (infantry) and the Soviet army do not.
    expect([...draggableUnits(options)]).toEqual(['g-pz']);
    const to = options.find((o) => o.kind === 'move' && o.unit === 'g-pz' && o.cell !== o.from)!;
    const intent = dropIntent(options, 'g-pz', to.cell!);
    expect(intent && 'act' in intent && intent.act).toBe(to);
    expect(dropRefusal(state, 'g-pz', to.cell!)).toBeNull();
    // Far beyond its movement allowance: no option, and the engine's reason with the hex label.
    expect(dropIntent(options, 'g-pz', '8,6')).toBeNull();
    expect(dropRefusal(state, 'g-pz', '8,6')).toMatch(/^LVI Pz cannot reach 0907 this phase/);
    // Infantry in the panzer phase: the rule that stops it.
    expect(dropRefusal(state, 'g-v', '2,4')).toMatch(/only panzers move in the panzer movement phase/);
  });
});
