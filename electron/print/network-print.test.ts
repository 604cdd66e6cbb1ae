// A network map printed at true scale: a link's length on paper, measured from the pixels of
// the PDF page rendered by pdf.js, equals the design.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { gridSpecOf } from '../../shared/format/defaults.js';
import type { Scenario } from '../../shared/format/scenario.types.js';
import { createGrid } from '../../shared/grid/index.js';
import { layoutPrint } from '../../shared/print/layout.js';
import { PT_PER_MM } from '../../shared/print/units.js';
import { renderLayoutPdf } from './pdf.js';
import { pdfPageCount, renderPageGrey, type GreyImage } from './testing/pdf-pixels.js';

const DPI = 600;
const barbarossa = fileURLToPath(new URL('../../scenarios/barbarossa-fast.json', import.meta.url));

/** Barbarossa Fast's map replaced by two boxes 80 mm apart joined by one straight link (16 mm unit). */
function twoPositions(): Scenario {
  const s = JSON.parse(readFileSync(barbarossa, 'utf8')) as Scenario;
  s.map.grid = {
    kind: 'network',
    width: 150,
    height: 60,
    positions: [
      { id: 'a', label: 'A', x: 30, y: 30, terrain: 'open', width: 20, height: 12 },
      { id: 'b', label: 'B', x: 110, y: 30, terrain: 'open', width: 20, height: 12 },
    ],
    links: [{ id: 'ab', from: 'a', to: 'b' }],
  } as Scenario['map']['grid'];
  return s;
}

const dark = (img: GreyImage, x: number, y: number) => img.pixels[y * img.width + x]! < 128;

/** Middle of the first dark run met stepping from x by dir along row y, in pixels. */
function firstRunMiddle(img: GreyImage, x: number, y: number, dir: 1 | -1): number | null {
  while (x >= 0 && x < img.width && !dark(img, x, y)) x += dir;
  if (x < 0 || x >= img.width) return null;
  const start = x;
  while (x >= 0 && x < img.width && dark(img, x, y)) x += dir;
  return (start + x - dir) / 2;
}

describe('network print', () => {
  it('a link printed at true scale measures its design length on paper (± 0.2 mm)', async () => {
    const scenario = twoPositions();
    const layout = layoutPrint(scenario, { mode: 'full', paper: 'A4', cellSize: scenario.map.cellSize, layers: { names: false, markers: false }, coordinates: { style: 'none' } });
    const net = createGrid(gridSpecOf(scenario)).network!;
    // The design: the link as drawn, from A's border to B's border, in map mm (unit = the 16 mm cell size: true scale).
    const design = net.linkLength(0) - 20; // centre to centre, less half of each 20 mm box
    expect(design).toBeCloseTo(60, 9);
    const bytes = await renderLayoutPdf(scenario, layout);
    const page = layout.pages.find((p) => p.window.x <= 30 && p.window.x + p.window.width >= 110 && p.window.y <= 30 && p.window.y + p.window.height >= 30)!;
    expect(page, 'one tile holds the whole link').toBeDefined();
    const tiles = layout.pages.length;
    const first = (await pdfPageCount(bytes)) - tiles + 1;
    const img = await renderPageGrey(bytes, first + page.index, DPI);
    const area = page.furniture.mapAreaPt;
    const toPx = (pt: number) => (pt / 72) * DPI;
    const at = (mmX: number, mmY: number) => ({ x: Math.round(toPx(area.x + (mmX - page.window.x) * PT_PER_MM)), y: Math.round(toPx(area.y + (mmY - page.window.y) * PT_PER_MM)) });
    const mid = at(70, 30);
    // Off the link (2 mm below it) the only ink between the boxes is their outlines: where the link ends.
    const below = at(70, 32);
    const left = firstRunMiddle(img, below.x, below.y, -1);
    const right = firstRunMiddle(img, below.x, below.y, 1);
    expect(left).not.toBeNull();
    expect(right).not.toBeNull();
    const mm = ((right! - left!) / DPI) * 25.4;
    expect(Math.abs(mm - design)).toBeLessThanOrEqual(0.2);
    // And on its row the link is drawn unbroken from one border to the other.
    for (let x = Math.ceil(left!); x <= Math.floor(right!); x++) expect(dark(img, x, mid.y), `ink at ${x}`).toBe(true);
    // Above and below the link (1 mm off) the paper is blank between the boxes: a line, not a smear.
    expect(dark(img, mid.x, at(70, 29).y)).toBe(false);
  });
});
