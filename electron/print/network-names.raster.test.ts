// A network map's position names in a drawn PNG (the export's raster, the print's too): each
// one beside its position, in ink over the empty map, and none inside a position's box.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import type { Scenario } from '../../shared/format/scenario.types.js';
import { layoutImage } from '../../shared/print/image.js';
import { buildPaintModel } from '../../shared/paint/model.js';
import { legibleNetworkNames, networkNameBox } from '../../shared/paint/network-names.js';
import { imageJob, rasterToBytes } from './raster.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const barbarossa = (): Scenario => JSON.parse(readFileSync(join(root, 'scenarios/barbarossa-fast.json'), 'utf8')) as Scenario;

describe("a network map's names in a PNG", () => {
  it("Barbarossa Fast at 1280 px: every position's name drawn where it is placed (the picture there differs from one without names)", async () => {
    const scenario = barbarossa();
    const layout = layoutImage(scenario, { size: { widthPx: 1280 } });
    const withNames = (names: boolean) => ({ ...layout, style: { ...layout.style, layers: { ...layout.style.layers, names } } });
    const on = PNG.sync.read(await rasterToBytes(imageJob(scenario, withNames(true))));
    const off = PNG.sync.read(await rasterToBytes(imageJob(scenario, withNames(false))));
    const model = buildPaintModel(scenario);
    const S = layout.cellSizeMm;
    const cellPx = S * layout.pxPerMm;
    // The names the export draws: each at least the image's minimum for network names (9 px).
    expect(layout.style.labelMinPx).toBe(9);
    const { byIndex } = legibleNetworkNames(model, { markers: layout.style.layers.markers, units: layout.style.layers.units, counters: null }, cellPx, layout.style.labelMinPx!);
    expect(byIndex.size).toBe(model.cols);
    const grey = (png: PNG, x: number, y: number) => {
      const i = (y * png.width + x) * 4;
      return 0.299 * png.data[i]! + 0.587 * png.data[i + 1]! + 0.114 * png.data[i + 2]!;
    };
    const missing: string[] = [];
    for (const n of byIndex.values()) {
      const b = networkNameBox(model.grid.centerX(n.index, 0, 1) + n.dx, model.grid.centerY(n.index, 0, 1) + n.dy, n.text, n.bold, n.size, n.align ?? 'centre');
      const px = (x: number, y: number) => [Math.round((x * S - layout.picture.x) * layout.pxPerMm), Math.round((y * S - layout.picture.y) * layout.pxPerMm)] as const;
      const [x0, y0] = px(b.x0, b.y0);
      const [x1, y1] = px(b.x1, b.y1);
      // Letters (dark) and their halo (light) change the map where the name is drawn.
      let changed = 0;
      let darker = 0;
      for (let y = Math.max(0, y0); y <= Math.min(on.height - 1, y1); y++)
        for (let x = Math.max(0, x0); x <= Math.min(on.width - 1, x1); x++) {
          const d = grey(on, x, y) - grey(off, x, y);
          if (Math.abs(d) > 40) changed++;
          if (d < -60) darker++;
        }
      if (changed < 20 || darker < 5) missing.push(`${n.text}: ${changed} px changed, ${darker} darker`);
    }
    expect(missing).toEqual([]);
  });
});
