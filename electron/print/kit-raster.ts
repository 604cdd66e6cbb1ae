// The tabletop kit's pages as PNG (the kit zip of pictures): each page the kit PDF draws, at its
// true size, drawn by the raster surface (raster.ts). Kept apart from raster.ts so the image
// export (`npm run export`) does not load the kit, and with it the rulesets, at start-up.
import type { Scenario } from '../../shared/format/scenario.types.js';
import { drawKitPage } from '../../shared/kit/draw.js';
import type { KitLayout } from '../../shared/kit/layout.js';
import { MM_PER_INCH } from '../../shared/print/units.js';
import { rasterToBytes, type RasterJob } from './raster.js';

/** One page of a tabletop kit (shared/kit) at `dpi`: the page the kit PDF draws, in its true size. */
export function kitPageJob(scenario: Scenario, layout: KitLayout, index: number, dpi: number): RasterJob {
  const page = layout.pages[index];
  if (!page) throw new RangeError(`the kit has no page ${index + 1}`);
  const k = dpi / MM_PER_INCH; // pixels per millimetre
  return {
    width: Math.round(page.size.width * k),
    height: Math.round(page.size.height * k),
    scale: k,
    origin: { x: 0, y: 0 },
    cells: 0,
    draw(s, fonts) {
      drawKitPage(s, fonts, layout, page, scenario.title);
    },
    meta: { dpi, text: { Title: `${scenario.title} \u2014 tabletop kit: ${page.title}`, Software: 'Gridfront' } },
  };
}

/** Megapixels of every page of a kit at `dpi`. */
export function kitMegapixels(layout: KitLayout, dpi: number): number {
  const k = dpi / MM_PER_INCH;
  return layout.pages.reduce((sum, p) => sum + (p.size.width * k * p.size.height * k) / 1e6, 0);
}

/** Every page of a kit as PNG at `dpi`, in page order. */
export async function kitPagesPng(scenario: Scenario, layout: KitLayout, dpi: number): Promise<Buffer[]> {
  const out: Buffer[] = [];
  for (let i = 0; i < layout.pages.length; i++) out.push(await rasterToBytes(kitPageJob(scenario, layout, i, dpi)));
  return out;
}
