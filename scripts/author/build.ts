// Regenerates the bundled example scenarios in scenarios/ from the descriptions in
// scripts/author/scenarios/.
//   npx tsx scripts/author/build.ts          write the files
//   npx tsx scripts/author/build.ts --check  exit 1 if any file differs from what would be written
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Scenario } from '../../shared/format/scenario.types.js';
import { formatScenarioJson } from './json.js';
import { seed000Example } from './scenarios/seed-000-example.js';
import { dnieperBend1943 } from './scenarios/dnieper-bend-1943.js';
import { squareGridDemo } from './scenarios/square-grid-demo.js';
import { brickGridDemo } from './scenarios/brick-grid-demo.js';

export const BUILDERS: Readonly<Record<string, () => Scenario>> = {
  'seed-000-example.json': seed000Example,
  'dnieper-bend-1943.json': dnieperBend1943,
  'square-grid-demo.json': squareGridDemo,
  'brick-grid-demo.json': brickGridDemo,
};

const outDir = fileURLToPath(new URL('../../scenarios/', import.meta.url));
const check = process.argv.includes('--check');
let stale = 0;
for (const [file, build] of Object.entries(BUILDERS)) {
  const text = formatScenarioJson(build());
  if (check) {
    let current = '';
    try {
      current = readFileSync(outDir + file, 'utf8');
    } catch {
      // A missing file is simply stale.
    }
    if (current !== text) {
      stale++;
      console.error(`scenarios/${file} differs from its description; run npx tsx scripts/author/build.ts`);
    }
  } else {
    writeFileSync(outDir + file, text);
    console.log(`wrote scenarios/${file}`);
  }
}
if (check) {
  console.log(stale ? `${stale} scenario file(s) out of date` : 'all bundled scenarios are up to date');
  process.exitCode = stale ? 1 : 0;
}
