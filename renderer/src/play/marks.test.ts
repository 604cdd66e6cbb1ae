// The board lights up exactly what the engine allows, and a click does what the engine offers.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Scenario } from '../../../shared/format/scenario.types.js';
import { rulesetFor } from '../../../shared/rules/index.js';
import type { GameState } from '../../../shared/rules/types.js';
import { boardMarks, clickIntent, droppedMove, moveTo } from './marks.js';
import { createGrid } from '../../../shared/grid/index.js';
import { gridSpecOf } from '../../../shared/format/defaults.js';
import { beforeAttack, withDice } from './combat.js';

const scenario = JSON.parse(readFileSync(path.join(__dirname, '../../../scenarios/seed-000-example.json'), 'utf8')) as Scenario;
const rules = rulesetFor('operational');

function must(s: GameState, a: Parameters<typeof rules.apply>[1]): GameState {
  const r = rules.apply(s, a);
  if (!r.ok) throw new Error(r.error.message);
  return r.state;
}

describe('board marks and clicks', () => {
  it('at activation every legal cell is marked and a click there activates it', () => {
    const s = rules.newGame(scenario, { seed: 2 });
    const legal = rules.legalActions(s);
    const marks = boardMarks(rules.view(s), legal, null);
    const cells = legal.flatMap((a) => (a.type === 'activate' ? [a.cell] : []));
    expect([...marks.entries()].filter(([, m]) => m === 'activate').map(([c]) => c).sort()).toEqual(cells.sort());
    expect(clickIntent(rules.view(s), legal, null, '2,5', null)).toEqual({ action: { type: 'activate', side: 'germans', cell: '2,5' } });
    // A cell that cannot be activated does nothing.
    expect(clickIntent(rules.view(s), legal, null, '6,6', null)).toBeNull();
  });

  it('a picked unit shows its destinations by mode, and a click on one is that move', () => {
    const s = must(rules.newGame(scenario, { seed: 2 }), { type: 'activate', side: 'germans', cell: '2,5' });
    const v = rules.view(s);
    const legal = rules.legalActions(s);
    expect(clickIntent(v, legal, null, '2,5', null)).toEqual({ select: 'g-3pz' });
    const marks = boardMarks(v, legal, 'g-3pz');
    for (const d of v.destinations['g-3pz']!) expect(marks.get(d.cell)).toBe(d.mode);
    expect(moveTo(v, legal, 'g-3pz', '3,5')).toEqual({ type: 'move', side: 'germans', unit: 'g-3pz', path: ['3,5'] });
    expect(moveTo(v, legal, 'g-3pz', '6,0')).toBeNull();
  });

  it('the combat record needs what the engine rolled against, and counts its hits', () => {
    let s = must(rules.newGame(scenario, { seed: 2 }), { type: 'activate', side: 'germans', cell: '2,5' });
    s = must(s, { type: 'move', side: 'germans', unit: 'g-3pz', path: ['3,5'] });
    const before = beforeAttack(s, '3,5')!;
    expect(before.defenderMods).toContain('-1 attacking tank');
    const r = rules.apply(s, { type: 'attack', side: 'germans', cell: '3,5' });
    if (!r.ok) throw new Error(r.error.message);
    const attack = r.events.find((e) => e.kind === 'attack')!;
    const rec = withDice(before, attack);
    expect(rec.attackers[0]!.need).toBe(attack.rolls![0]!.need);
    expect(rec.attackers[0]!.dice).toEqual(attack.rolls![0]!.dice);
    expect(attack.text).toContain(`${rec.hits} hits`);
    expect(rec.losses).toBe(rec.hits - rec.absorbed);
  });
});

describe('a counter dropped where it may not go', () => {
  it('asks the engine for that move, which refuses it with its reason; its own cell asks nothing', () => {
    const grid = createGrid(gridSpecOf(scenario));
    let s = rules.newGame(scenario, { seed: 2 });
    s = must(s, { type: 'activate', side: 'germans', cell: '2,5' });
    const view = rules.view(s);
    const legal = rules.legalActions(s);
    const far = { col: 6, row: 0 };
    expect(moveTo(view, legal, 'g-3pz', grid.ref(far))).toBeNull();
    const asked = droppedMove(view, 'g-3pz', far, grid)!;
    expect(asked).toMatchObject({ type: 'move', side: 'germans', unit: 'g-3pz' });
    // The cells entered, each next to the one before, from its cell to the drop.
    const cells = ['2,5', ...asked.path];
    expect(asked.path.at(-1)).toBe('6,0');
    for (let k = 1; k < cells.length; k++) expect(grid.distance(grid.parseRef(cells[k - 1]!)!, grid.parseRef(cells[k]!)!)).toBe(1);
    const r = rules.apply(s, asked);
    expect(r.ok).toBe(false);
    // The engine's own rule, not a complaint about the path's shape.
    if (!r.ok) expect(r.error.message).not.toMatch(/not next to/);
    expect(droppedMove(view, 'g-3pz', { col: 2, row: 5 }, grid)).toBeNull();
  });
});
