// The designer's line on what a ruleset does with a side feature's "Blocks", and the blocking
// sides a ruleset reads from a scenario.
import { describe, expect, it } from 'vitest';
import { createGrid } from '../grid/index.js';
import { declarationById } from './catalogue.js';
import { makeScenario } from './testkit.js';
import { blockingSides, blocksNote } from './side-blocks.js';

describe('blocksNote', () => {
  it('says, from each declaration, which of movement, supply and sight the rules read', () => {
    expect(blocksNote(declarationById('operational'))).toBe(
      'Operational (Drive on Moscow style) reads Movement: no move, attack, retreat or breakthrough crosses it; Supply: no supply line is traced across it. It does not read Line of sight.',
    );
    expect(blocksNote(declarationById('bfm'))).toMatch(/^Battle for Moscow reads Movement: .* It does not read Supply or Line of sight\.$/);
    expect(blocksNote(declarationById('pw'))).toMatch(/reads Movement: .*; Line of sight: .* It does not read Supply\.$/);
    expect(blocksNote({ name: 'Barbarossa Fast' })).toBe('Barbarossa Fast reads none of these; they are kept in the file for other rulesets.');
    expect(blocksNote(undefined)).toMatch(/kept in the file/);
  });
});

describe('blockingSides', () => {
  it('names each side by the first feature that blocks that kind, whichever cell it is written from', () => {
    const sc = makeScenario({
      terrain: ['...', '...'],
      sideFeatures: [
        { id: 'hedge', name: 'Hedge', colour: '#2f5a2f', blocks: { sight: true }, sides: ['0,0,E'] },
        { id: 'wall', name: 'Wall', colour: '#4a4a4a', blocks: { movement: true, sight: true }, sides: ['1,0,W', '1,0,S'] },
      ],
    });
    const g = createGrid({ kind: 'square', cols: 3, rows: 2 });
    expect(blockingSides(sc, g, 'movement')).toEqual(new Map([[g.parseEdge('0,0,E'), 'Wall'], [g.parseEdge('1,0,S'), 'Wall']]));
    expect(blockingSides(sc, g, 'sight').get(g.parseEdge('1,0,W')!)).toBe('Hedge');
    expect(blockingSides(sc, g, 'supply').size).toBe(0);
  });
});
