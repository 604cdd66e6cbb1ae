// Which description builds which bundled scenario file (kept apart from build.ts so tests can
// compare the files with what the descriptions produce without writing anything).
import type { Scenario } from '../../shared/format/scenario.types.js';
import { barbarossaFast } from './scenarios/barbarossa-fast.js';
import { battleForMoscow } from './scenarios/battle-for-moscow.js';
import { brickGridDemo } from './scenarios/brick-grid-demo.js';
import { dnieperBend1943 } from './scenarios/dnieper-bend-1943.js';
import { seed000Example } from './scenarios/seed-000-example.js';
import { squareGridDemo } from './scenarios/square-grid-demo.js';

export const BUILDERS: Readonly<Record<string, () => Scenario>> = {
  'battle-for-moscow.json': battleForMoscow,
  'barbarossa-fast.json': barbarossaFast,
  'seed-000-example.json': seed000Example,
  'dnieper-bend-1943.json': dnieperBend1943,
  'square-grid-demo.json': squareGridDemo,
  'brick-grid-demo.json': brickGridDemo,
};
