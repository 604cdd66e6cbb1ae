import { describe, expect, it } from 'vitest';
import { makeTinyScenario } from '../format/fixtures.js';
import type { Underlay } from '../format/scenario.types.js';
import { MapDocument } from './document.js';
import { History } from './history.js';
import { setUnderlay } from './commands/settings.js';

const underlay: Underlay = { image: `${'a'.repeat(64)}.png`, name: 'scan.png', width: 800, height: 600, x: 0, y: 0, scale: 0.01 };

describe('underlay edits', () => {
  it('placing, changing and removing the underlay are undoable steps that reach the saved scenario', () => {
    const doc = MapDocument.fromScenario(makeTinyScenario());
    const history = new History(doc);
    history.run(setUnderlay(doc, underlay, 'Import underlay'));
    expect(doc.toScenario().map.underlay).toEqual(underlay);
    history.run(setUnderlay(doc, { ...underlay, x: 1.5, scale: 0.02, rotation: -3 }, 'Calibrate underlay'));
    expect(doc.toScenario().map.underlay).toMatchObject({ x: 1.5, scale: 0.02, rotation: -3 });
    history.undo();
    expect(doc.toScenario().map.underlay).toEqual(underlay);
    history.run(setUnderlay(doc, undefined, 'Remove underlay'));
    expect('underlay' in doc.toScenario().map).toBe(false);
    history.undo();
    history.undo();
    expect(JSON.stringify(doc.toScenario())).toBe(JSON.stringify(makeTinyScenario()));
  });

  it('dragging the opacity is one step; the same values are no step; nonsense is refused', () => {
    const s = makeTinyScenario();
    s.map.underlay = underlay;
    const doc = MapDocument.fromScenario(s);
    const history = new History(doc);
    for (const opacity of [0.4, 0.3, 0.2]) history.run(setUnderlay(doc, { ...doc.underlay!, opacity }, 'Underlay opacity', 'underlay-opacity'));
    expect(doc.underlay!.opacity).toBe(0.2);
    history.undo();
    expect(doc.underlay).toEqual(underlay);
    expect(setUnderlay(doc, { ...underlay }, 'Same')).toBeNull();
    expect(() => setUnderlay(doc, { ...underlay, scale: 0 }, 'Bad')).toThrow(/scale must be more than 0/);
    expect(() => setUnderlay(doc, { ...underlay, opacity: 2 }, 'Bad')).toThrow(/opacity must be from 0 to 1/);
  });
});
