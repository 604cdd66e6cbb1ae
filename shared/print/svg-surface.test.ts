import { describe, expect, it } from 'vitest';
import example from '../../scenarios/seed-000-example.json' with { type: 'json' };
import type { Scenario } from '../format/scenario.types.js';
import { gridFor, layoutPrint } from './layout.js';
import { drawMap, mapStyleFor } from './map-draw.js';
import { buildPrintModel } from './model.js';
import { SvgSurface, type SvgFont } from './svg-surface.js';
import { hexToRgb, mix, rgbToHex } from './surface.js';
import { CONTROL_TINT } from '../paint/painter.js';

const font: SvgFont = { family: 'Helvetica, sans-serif', weight: 400, width: (text, size) => text.length * size * 0.55 };
const box = { x: 0, y: 0, width: 100, height: 50 };
const finish = (svg: SvgSurface) => svg.toSvg(box, { width: 100, height: 50, unit: 'mm' }, 'Test');
const count = (text: string, what: string) => text.split(what).length - 1;

describe('the SVG print surface', () => {
  it('writes a document at the given physical size with the title, escaped', () => {
    const out = new SvgSurface().toSvg(box, { width: 100, height: 50, unit: 'mm' }, 'Kursk & <Orel>');
    expect(out).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 100 50" width="100mm" height="50mm">/);
    expect(out).toContain('<title>Kursk &amp; &lt;Orel&gt;</title>');
    expect(out.endsWith('</svg>')).toBe(true);
  });

  it('merges paint of one style in a row into one path, and starts a new one when the style changes', () => {
    const svg = new SvgSurface();
    svg.fillStyle([0, 0.5, 0]).rect({ x: 0, y: 0, width: 1, height: 1 }).fill();
    svg.rect({ x: 2, y: 0, width: 1, height: 1 }).fill();
    svg.fillStyle([0, 0, 1]).rect({ x: 4, y: 0, width: 1, height: 1 }).fill();
    svg.strokeStyle([1, 0, 0], 0.5, [1, 2]).roundJoins().segment({ x: 0, y: 0 }, { x: 5, y: 5 }).stroke();
    const out = finish(svg);
    expect(out).toContain('<path fill="#008000" d="M0 0L1 0L1 1L0 1ZM2 0L3 0L3 1L2 1Z"/>');
    expect(out).toContain('<path fill="#0000ff" d="M4 0L5 0L5 1L4 1Z"/>');
    expect(out).toContain('<path fill="none" stroke="#ff0000" stroke-width="0.5" stroke-linecap="round" stroke-linejoin="round" stroke-dasharray="1 2" d="M0 0L5 5"/>');
    expect(count(out, '<path')).toBe(3);
  });

  it('a clip wraps what follows in a clipped group that the matching restore closes; clips nest', () => {
    const svg = new SvgSurface();
    svg.save().clipRect({ x: 0, y: 0, width: 10, height: 10 });
    svg.save().clipPolygon([{ x: 0, y: 0 }, { x: 5, y: 0 }, { x: 0, y: 5 }]);
    svg.fillStyle([0, 0, 0]).circle({ x: 1, y: 1 }, 1).fill();
    svg.restore();
    svg.rect({ x: 0, y: 0, width: 2, height: 2 }).fill();
    svg.restore();
    const out = finish(svg);
    expect(out).toContain('<clipPath id="clip1"><path d="M0 0L10 0L10 10L0 10Z"/></clipPath>');
    expect(out).toContain('<clipPath id="clip2"><path d="M0 0L5 0L0 5Z"/></clipPath>');
    const body = out.slice(out.indexOf('</defs>'));
    expect(body.indexOf('clip-path="url(#clip1)"')).toBeLessThan(body.indexOf('clip-path="url(#clip2)"'));
    // The circle sits inside both clips; the square only inside the first.
    expect(body).toMatch(/url\(#clip2\)">\n<path fill="#000000" d="M2 1A1 1 0 1 0 0 1A1 1 0 1 0 2 1Z"\/>\n<\/g>\n<path fill="#000000" d="M0 0L2 0L2 2L0 2Z"\/>\n<\/g>/);
    expect(count(out, '<g ')).toBe(count(out, '</g>'));
  });

  it('restores the colours a save kept', () => {
    const svg = new SvgSurface();
    svg.fillStyle([1, 0, 0]).save().fillStyle([0, 0, 1]).restore().rect(box).fill();
    expect(finish(svg)).toContain('<path fill="#ff0000"');
  });

  it('writes text escaped, anchored as asked, and halo text with its halo painted under the letters', () => {
    const svg = new SvgSurface();
    svg.fillStyle([0, 0, 0]).text(font, 4, 10, 20, 'Lake "Tikich" & co', 'centre');
    svg.haloText({ ...font, weight: 700 }, 3, 5, 6, 'Korsun', [1, 1, 1], 'right');
    const out = finish(svg);
    expect(out).toContain('<text font-family="Helvetica, sans-serif" font-weight="400" font-size="4" text-anchor="middle" fill="#000000" x="10" y="20">Lake &quot;Tikich&quot; &amp; co</text>');
    expect(out).toContain('font-weight="700" font-size="3" text-anchor="end" fill="#000000" stroke="#ffffff" stroke-width="0.66" stroke-linejoin="round" paint-order="stroke" x="5" y="6">Korsun</text>');
  });

  it('texts styled alike in a row share one group of attributes', () => {
    const svg = new SvgSurface();
    svg.fillStyle([0, 0, 0]);
    for (const [k, label] of ['0101', '0102', '0103'].entries()) svg.text(font, 2, k * 10, 1, label, 'centre');
    svg.text(font, 3, 0, 9, 'Orel', 'centre');
    const out = finish(svg);
    expect(out).toContain('<g font-family="Helvetica, sans-serif" font-weight="400" font-size="2" text-anchor="middle" fill="#000000">\n<text x="0" y="1">0101</text>\n<text x="10" y="1">0102</text>\n<text x="20" y="1">0103</text>\n</g>');
    expect(out).toContain('font-size="3" text-anchor="middle" fill="#000000" x="0" y="9">Orel</text>');
  });

  it('groups each named layer, closing the previous one; a layer asked for inside a save is not a group', () => {
    const svg = new SvgSurface();
    svg.layer('terrain').rect(box).fill();
    svg.save().layer('ignored').restore();
    svg.layer('grid').segment({ x: 0, y: 0 }, { x: 1, y: 1 }).stroke();
    const out = finish(svg);
    expect(out).toMatch(/<g id="terrain">\n<path[^\n]*\/>\n<\/g>\n<g id="grid">\n<path[^\n]*\/>\n<\/g>\n<\/svg>$/);
    expect(out).not.toContain('ignored');
  });

  it('draws the bundled example map as the print does: every part in its group, coordinates, names and VP labels', () => {
    const scenario = example as unknown as Scenario;
    const layout = layoutPrint(scenario, { singleSheet: true });
    const grid = gridFor(scenario, layout.options);
    const model = buildPrintModel(scenario, grid, layout.cellSizeMm);
    const cells = Array.from({ length: grid.spec.cols * grid.spec.rows }, (_, i) => grid.cellAt(i));
    const svg = new SvgSurface();
    drawMap(svg, model, cells, layout.mapBounds, mapStyleFor(scenario, layout, 1), { regular: font, bold: { ...font, weight: 700 } });
    const out = svg.toSvg(layout.mapBounds, { width: layout.mapBounds.width, height: layout.mapBounds.height, unit: 'mm' }, scenario.title);
    for (const id of ['terrain', 'control', 'rivers', 'roads', 'bridges', 'grid', 'markers', 'names', 'coordinates']) expect(out, id).toContain(`<g id="${id}">`);
    for (const word of ['>0101<', '>0707<', '>Korsun<', '>Lake Tikich<', '>2+5 VP<']) expect(out, word).toContain(word);
    // Every terrain type on the map is filled in its own colour, or in it lightly tinted by the side holding it.
    for (const t of scenario.map.terrainTypes) {
      if (!scenario.map.terrain!.some((row) => row.includes(t.code))) continue;
      const fills = [t.colour.toLowerCase(), ...scenario.sides.map((side) => rgbToHex(mix(hexToRgb(t.colour), hexToRgb(side.colour), CONTROL_TINT)))];
      expect(fills.some((f) => out.includes(`fill="${f}"`)), t.name).toBe(true);
    }
    expect(count(out, '<g ')).toBe(count(out, '</g>'));
  });
});
