// Engine speed on the bundled scenarios: random legal games, engine time only (legalActions
// + apply). Prints JSON. Run: npx tsx shared/rules/operational/random-games.bench.ts
import seed000 from '../../../scenarios/seed-000-example.json' with { type: 'json' };
import dnieper from '../../../scenarios/dnieper-bend-1943.json' with { type: 'json' };
import type { Scenario } from '../../format/scenario.types.js';
import { operational } from './index.js';

function bench(name: string, scenario: Scenario, games: number): Record<string, number | string> {
  let ms = 0;
  let actions = 0;
  for (let g = 0; g < games; g++) {
    let x = g * 2654435761 + 1;
    const t0 = performance.now();
    let s = operational.newGame(scenario, { seed: g });
    while (!s.gameOver) {
      const acts = operational.legalActions(s);
      x = (Math.imul(x, 1103515245) + 12345) >>> 0;
      const r = operational.apply(s, acts[x % acts.length]!);
      if (!r.ok) throw new Error(r.error.message);
      s = r.state;
      actions++;
    }
    ms += performance.now() - t0;
  }
  return { scenario: name, games, msPerGame: +(ms / games).toFixed(2), actionsPerGame: Math.round(actions / games), usPerAction: +((ms * 1000) / actions).toFixed(1) };
}

const warm = bench('warm-up', seed000 as unknown as Scenario, 5);
void warm;
console.log(
  JSON.stringify(
    [bench('seed-000-example', seed000 as unknown as Scenario, 50), bench('dnieper-bend-1943', dnieper as unknown as Scenario, 10)],
    null,
    1,
  ),
);
