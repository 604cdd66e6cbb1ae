// Regenerates the bundled example scenarios in scenarios/ from the descriptions in
// scripts/author/scenarios/.
//   npx tsx scripts/author/build.ts          write the files
//   npx tsx scripts/author/build.ts --check  exit 1 if any file differs from what would be written
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { BUILDERS } from './builders.js';
import { formatScenarioJson } from './json.js';

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
