// SVG export of a network map goes through the map painter: its links are in the file, in a
// group of their own, and switching the routes layer off leaves them out.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { Scenario } from '../../../shared/format/scenario.types.js';
import type { SvgFont } from '../../../shared/print/svg-surface.js';
import { ALL_MAP_LAYERS } from './draw.js';
import { exportSvg } from './export.js';

const font: SvgFont = { family: 'Helvetica, sans-serif', weight: 400, width: (text, size) => text.length * size * 0.55 };
const fonts = { regular: font, bold: { ...font, weight: 700 } };
const barbarossa = (): Scenario => JSON.parse(readFileSync(fileURLToPath(new URL('../../../scenarios/barbarossa-fast.json', import.meta.url)), 'utf8')) as Scenario;

/** The markup of the group with this id. */
const group = (svg: string, id: string): string | null => {
  const at = svg.indexOf(`<g id="${id}"`);
  if (at < 0) return null;
  return svg.slice(at, svg.indexOf('</g>', at));
};

describe('SVG export of a network map', () => {
  it('draws the links, under the positions, and leaves them out with the routes layer off', () => {
    const svg = exportSvg(barbarossa(), { ...ALL_MAP_LAYERS, units: false }, fonts);
    const links = group(svg, 'links');
    expect(links).not.toBeNull();
    // 97 links in three looks: some strokes in the group at least.
    expect((links!.match(/<path/g) ?? []).length).toBeGreaterThan(0);
    expect(svg.indexOf('<g id="links"')).toBeLessThan(svg.indexOf('<g id="terrain"'));
    const bare = exportSvg(barbarossa(), { ...ALL_MAP_LAYERS, roads: false, units: false }, fonts);
    expect(group(bare, 'links')).toBeNull();
  });
});
