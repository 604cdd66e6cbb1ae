// Speed of the live checks panel and the turn track on large scenarios: the panel re-runs
// checkScenario after edits, so it must stay well under a frame budget on ordinary maps.
// Run: npx tsx shared/scenario/checks.bench.ts   (prints JSON; milliseconds per call)
import { newScenario } from '../format/new-scenario.js';
import type { Scenario } from '../format/scenario.types.js';
import { checkScenario } from './checks.js';
import { turnTrack } from './turn-track.js';

function big(cols: number, rows: number, units: number): Scenario {
  const s = newScenario({ id: 'bench', title: 'Bench', gridKind: 'hex', cols, rows, turns: 30 });
  const [a, b] = s.sides;
  s.orderOfBattle = Array.from({ length: units }, (_, i) => {
    const west = i % 2 === 0;
    return {
      id: `u${i}`,
      side: (west ? a : b).id,
      name: `Unit ${i}`,
      branch: i % 5 === 0 ? ('tank' as const) : ('infantry' as const),
      strength: 1 + (i % 6),
      cell: `${west ? (i * 7) % Math.ceil(cols / 2) : Math.ceil(cols / 2) + ((i * 7) % Math.floor(cols / 2))},${(i * 13) % rows}`,
    };
  });
  s.map.cells![`${Math.floor(cols / 2)},${Math.floor(rows / 2)}`] = { name: 'Centre', victory: { perTurn: 2, endGame: 5 } };
  s.groundConditions = { initial: 'easy', changes: [{ fromTurn: 3, when: ['easy'], outcomes: [{ min: 1, max: 2, condition: 'mud' }] }, { fromTurn: 10, outcomes: [{ min: 1, max: 3, condition: 'frozen' }] }] };
  return s;
}

function time(run: () => unknown, reps: number): number {
  run(); // warm up
  const t0 = performance.now();
  for (let i = 0; i < reps; i++) run();
  return Math.round(((performance.now() - t0) / reps) * 100) / 100;
}

const out: Record<string, unknown> = {};
for (const [cols, rows, units] of [[40, 30, 120], [200, 200, 600], [1000, 1000, 2000]] as const) {
  const s = big(cols, rows, units);
  out[`${cols}x${rows}`] = {
    units,
    issues: checkScenario(s).length,
    checkScenarioMs: time(() => checkScenario(s), cols > 500 ? 2 : 10),
    turnTrackMs: time(() => turnTrack(s), 10),
  };
}
console.log(JSON.stringify(out, null, 2));
