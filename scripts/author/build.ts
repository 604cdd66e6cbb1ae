// Regenerates the bundled example scenarios in scenarios/ from the descriptions in
// scripts/author/scenarios/. Run: npx tsx scripts/author/build.ts
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Scenario } from '../../shared/format/scenario.types.js';
import { formatScenarioJson } from './json.js';
import { seed000Example } from './scenarios/seed-000-example.js';
import { dnieperBend1943 } from './scenarios/dnieper-bend-1943.js';
import { squareGridDemo } from './scenarios/square-grid-demo.js';
import { brickGridDemo } from './scenarios/brick-grid-demo.js';

const builders: Record<string, () => Scenario> = {
  'seed-000-example.json': seed000Example,
  'dnieper-bend-1943.json': dnieperBend1943,
  'square-grid-demo.json': squareGridDemo,
  'brick-grid-demo.json': brickGridDemo,
};

const outDir = fileURLToPath(new URL('../../scenarios/', import.meta.url));
for (const [file, build] of Object.entries(builders)) {
  writeFileSync(outDir + file, formatScenarioJson(build()));
  console.log(`wrote scenarios/${file}`);
}
