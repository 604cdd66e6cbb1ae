// A small valid scenario for the scenario-editor tests: a 6×5 square map, Germans holding
// columns 0–2 and Soviets 3–5, a supply base on each side's edge, one unit each and a
// victory town in the middle. It passes every check with no warning.
import { newScenario } from '../format/new-scenario.js';
import type { Scenario } from '../format/scenario.types.js';

export function smallScenario(): Scenario {
  const s = newScenario({
    id: 'small',
    title: 'Small',
    gridKind: 'square',
    cols: 6,
    rows: 5,
    sides: [{ name: 'Germans' }, { name: 'Soviets' }],
    startDate: '1944-01-24',
    turns: 8,
  });
  s.orderOfBattle = [
    { id: 'g-1', side: 'germans', name: 'I Corps', branch: 'infantry', strength: 4, cell: '1,2' },
    { id: 's-1', side: 'soviets', name: '1st Army', branch: 'infantry', strength: 5, cell: '4,2' },
  ];
  s.map.cells = { ...s.map.cells, '2,2': { name: 'Town', victory: { perTurn: 2, endGame: 4 } } };
  return s;
}

/** A copy of the scenario with one cell's terrain code changed. */
export function withTerrain(s: Scenario, ref: string, code: string): Scenario {
  const [col, row] = ref.split(',').map(Number) as [number, number];
  const terrain = (s.map.terrain ?? []).map((r, i) => (i === row ? r.slice(0, col) + code + r.slice(col + 1) : r));
  return { ...s, map: { ...s.map, terrain } };
}

/** Freezes a value all the way down, so a test fails if an edit mutates its input. */
export function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object') {
    for (const v of Object.values(value)) deepFreeze(v);
    Object.freeze(value);
  }
  return value;
}
