import { describe, expect, it } from 'vitest';
import { makeTinyScenario } from '../format/fixtures.js';
import { cellId } from '../grid/index.js';
import { dirtyCells } from './change.js';
import { MapDocument } from './document.js';
import { paintTerrain } from './commands/cells.js';
import { editEdges } from './commands/edges.js';
import { setCellName } from './commands/features.js';
import { updateTerrainType } from './commands/palette.js';
import { resizeMap } from './commands/resize.js';

const tiny = () => MapDocument.fromScenario(makeTinyScenario());

describe('dirtyCells', () => {
  it('names painted cells, both cells of a changed side, and cells with changed features', () => {
    const doc = tiny();
    const ids = (c: ReturnType<typeof dirtyCells>) => c!.map(cellId).sort();
    expect(ids(dirtyCells(doc.execute(paintTerrain(doc, [doc.grid.index({ col: 1, row: 2 })], 'city')!), doc.grid))).toEqual(['1,2']);
    expect(ids(dirtyCells(doc.execute(editEdges(doc, 'rivers', ['4,1,N'], 'add')!), doc.grid))).toEqual(['4,0', '4,1']);
    expect(ids(dirtyCells(doc.execute(setCellName(doc, { col: 5, row: 0 }, 'Rzhev')!), doc.grid))).toEqual(['5,0']);
  });

  it('a border side dirties only its in-map cell', () => {
    const doc = tiny();
    expect(dirtyCells(doc.execute(editEdges(doc, 'rivers', ['0,0,N'], 'add')!), doc.grid)!.map(cellId)).toEqual(['0,0']);
  });

  it('palette changes and resizes ask for a full redraw', () => {
    const doc = tiny();
    expect(dirtyCells(doc.execute(updateTerrainType(doc, 'woods', { colour: '#000000' })!), doc.grid)).toBeUndefined();
    expect(dirtyCells(doc.execute(resizeMap(doc, { right: 1 })!), doc.grid)).toBeUndefined();
  });
});
