// The scenario's own side features: defined, drawn along sides (kept as written from the cell a
// one-sided symbol faces), removed whichever cell a side was written from, undone exactly.
import { describe, expect, it } from 'vitest';
import { MapDocument } from './document.js';
import { defineSideFeature, editSideFeature, featureSides, sideFeatureId, sideFrom } from './commands/side-features.js';
import { blankScenario, checkInverse } from './testing.js';

const escarpment = { id: 'escarpment', name: 'Escarpment', colour: '#7a4a1e', symbol: 'ticks' as const, sides: [] };

describe('side features', () => {
  it('a definition and its sides are one undo step each, written to map.sideFeatures', () => {
    const doc = MapDocument.fromScenario(blankScenario({ kind: 'hex', orientation: 'flat', offset: 'odd' }, 8, 6));
    const define = defineSideFeature(doc, 'escarpment', escarpment, 'Add side feature')!;
    doc.execute(define);
    const a = { col: 3, row: 2 };
    const e1 = doc.grid.edgeBetween(a, { col: 4, row: 2 })!;
    const e2 = doc.grid.edgeBetween(a, { col: 3, row: 3 })!;
    const draw = editSideFeature(doc, 'escarpment', [sideFrom(doc, a, e1), sideFrom(doc, a, e2)], 'add')!;
    expect(draw.label).toBe('Draw escarpment (2 sides)');
    const check = checkInverse(doc, draw);
    expect(check.afterRevert).toBe(check.before);
    doc.execute(draw);
    const sides = doc.toScenario().map.sideFeatures![0]!.sides;
    expect(sides).toEqual(['3,2,NE', '3,2,S']);
    expect([...featureSides(doc, 'escarpment').keys()].sort()).toEqual([e1, e2].sort());
    // Written from the other cell, the same side is removed; a side it does not have changes nothing.
    doc.execute(editSideFeature(doc, 'escarpment', [sideFrom(doc, { col: 3, row: 3 }, e2)], 'remove')!);
    expect(doc.toScenario().map.sideFeatures![0]!.sides).toEqual(['3,2,NE']);
    expect(editSideFeature(doc, 'escarpment', [sideFrom(doc, a, e2)], 'remove')).toBeNull();
    // Ids come from names and stay unique.
    expect(sideFeatureId(doc, 'Escarpment')).toBe('escarpment-2');
    expect(sideFeatureId(doc, 'Anti-tank ditch!')).toBe('anti-tank-ditch');
  });

  it('a file with side features loads, and a side that is not of the grid is refused naming it', () => {
    const s = blankScenario({ kind: 'square' }, 6, 6);
    s.map.sideFeatures = [{ ...escarpment, sides: ['2,2,E', '2,2,W'] }];
    expect(MapDocument.fromScenario(s).toScenario().map.sideFeatures).toEqual(s.map.sideFeatures);
    s.map.sideFeatures = [{ ...escarpment, sides: ['2,2,NE'] }];
    expect(() => MapDocument.fromScenario(s)).toThrow('map.sideFeatures[0].sides[0]: "2,2,NE" is not a side of this grid');
  });
});
