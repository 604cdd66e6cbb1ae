import { readFileSync } from 'node:fs';
import { compare, decode } from './electron/print/testing/pixel-compare.js';
for (const n of ['1280', 'full']) {
  const a = await decode(readFileSync(`/tmp/before-${n}.png`));
  const b = await decode(readFileSync(`/tmp/after-${n}.png`));
  let diff = 0, max = 0;
  for (let i = 0; i < a.data.length; i++) { const d = Math.abs(a.data[i]! - b.data[i]!); if (d) diff++; if (d > max) max = d; }
  const d = compare(a, b);
  console.log(n, a.width, a.height, 'channels differing', diff, 'of', a.data.length, 'max', max, 'far', d.far, 'solid', d.solid, 'mean', d.mean);
}
