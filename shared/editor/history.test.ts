import { describe, expect, it } from 'vitest';
import { makeTinyScenario } from '../format/fixtures.js';
import { MapDocument } from './document.js';
import { History } from './history.js';
import { cellsInBrush } from './hit.js';
import { paintTerrain, setControl } from './commands/cells.js';
import { editEdges } from './commands/edges.js';
import { setCellName } from './commands/features.js';
import { setGroundScale } from './commands/settings.js';
import { editFields } from './commands/fields.js';
import type { Scenario } from '../format/scenario.types.js';
import { snapshot } from './testing.js';
import type { DocChange } from './types.js';

function setup() {
  const doc = MapDocument.fromScenario(makeTinyScenario());
  return { doc, history: new History(doc), original: snapshot(doc) };
}

describe('history', () => {
  it('a brush stroke over many cells is one undo step labelled with the cells it changed', () => {
    const { doc, history, original } = setup();
    history.beginGesture('Paint Woods');
    for (let col = 0; col < 6; col++) history.run(paintTerrain(doc, cellsInBrush(doc.grid, { col, row: 3 }, 1), 'woods'));
    history.endGesture();
    const woods = doc.terrainTypes.findIndex((t) => t.id === 'woods');
    const changed = makeTinyScenario().map.terrain!.join('').split('').filter((ch, i) => ch !== 'f' && doc.terrain[i] === woods).length;
    expect(changed).toBeGreaterThan(10);
    expect(history.undoLabel).toBe(`Paint Woods (${changed} cells)`);
    const painted = snapshot(doc);
    history.undo();
    expect(snapshot(doc)).toBe(original);
    expect(history.canUndo).toBe(false);
    expect(history.redoLabel).toBe(`Paint Woods (${changed} cells)`);
    history.redo();
    expect(snapshot(doc)).toBe(painted);
  });

  it('a river drag over 5 sides is one step "Add river (5 sides)"', () => {
    const { doc, history } = setup();
    history.beginGesture('Add river');
    for (const e of ['4,0,SE', '4,1,N', '4,1,NE', '4,1,SE', '4,2,NE']) history.run(editEdges(doc, 'rivers', [e], 'add'));
    history.run(editEdges(doc, 'rivers', ['4,1,N'], 'add')); // dragging back over a side adds nothing
    history.endGesture();
    expect(history.undoLabel).toBe('Add river (5 sides)');
  });

  it('a gesture mixing kinds of edit undoes in one step under the gesture’s label', () => {
    const { doc, history, original } = setup();
    history.beginGesture('Place town');
    history.run(paintTerrain(doc, [0], 'city'));
    history.run(setCellName(doc, { col: 0, row: 0 }, 'Ruza'));
    history.run(setControl(doc, [0], 'sov'));
    history.endGesture();
    expect(history.undoLabel).toBe('Place town');
    history.undo();
    expect(snapshot(doc)).toBe(original);
  });

  it('edits that change nothing make no step, and a gesture that changed nothing makes none either', () => {
    const { doc, history } = setup();
    expect(history.run(paintTerrain(doc, [doc.grid.index({ col: 2, row: 0 })], 'woods'))).toBeNull();
    history.beginGesture('Paint Clear');
    history.run(paintTerrain(doc, [doc.grid.index({ col: 0, row: 0 })], 'clear'));
    history.endGesture();
    // A stroke that paints a cell and then paints it back leaves no trace.
    history.beginGesture('Paint');
    history.run(paintTerrain(doc, [0], 'city'));
    history.run(paintTerrain(doc, [0], 'clear'));
    history.endGesture();
    expect(history.canUndo).toBe(false);
    expect(history.dirty).toBe(false);
  });

  it('cancelling a gesture reverts its edits and records nothing', () => {
    const { doc, history, original } = setup();
    history.beginGesture('Paint Woods');
    history.run(paintTerrain(doc, [0, 1, 2], 'woods'));
    history.run(paintTerrain(doc, [3, 4], 'woods'));
    history.cancelGesture();
    expect(snapshot(doc)).toBe(original);
    expect(history.canUndo).toBe(false);
  });

  it('typing a cell name letter by letter merges into one step; another cell starts a new one', () => {
    const { doc, history } = setup();
    for (const name of ['R', 'Ru', 'Ruz', 'Ruza']) history.run(setCellName(doc, { col: 1, row: 0 }, name));
    expect(history.undoLabel).toBe('Name 1,0 "Ruza"');
    history.run(setCellName(doc, { col: 2, row: 0 }, 'Mozhaisk'));
    history.undo();
    expect(doc.featuresAt({ col: 1, row: 0 })?.name).toBe('Ruza');
    history.undo();
    expect(doc.featuresAt({ col: 1, row: 0 })).toBeUndefined();
    expect(history.canUndo).toBe(false);
  });

  it('typing a name and deleting it again leaves no step', () => {
    const { doc, history } = setup();
    history.run(setCellName(doc, { col: 1, row: 0 }, 'R'));
    history.run(setCellName(doc, { col: 1, row: 0 }, null));
    expect(history.canUndo).toBe(false);
    expect(history.dirty).toBe(false);
  });

  it('clearing a name and typing it again leaves no step and the file exactly as opened', () => {
    const { doc, history, original } = setup();
    history.run(setCellName(doc, { col: 4, row: 1 }, null));
    history.run(setCellName(doc, { col: 4, row: 1 }, 'Vyazma'));
    expect(history.canUndo).toBe(false);
    expect(snapshot(doc)).toBe(original);
  });

  it('a drag that removes a river side and puts it back leaves the river list as it was', () => {
    const { doc, history, original } = setup();
    history.beginGesture('Remove river');
    history.run(editEdges(doc, 'rivers', ['2,1,NE'], 'remove'));
    history.run(editEdges(doc, 'rivers', ['2,1,NE'], 'add'));
    history.endGesture();
    expect(snapshot(doc)).toBe(original);
    while (history.canUndo) history.undo();
    expect(snapshot(doc)).toBe(original);
  });

  it('repeated ground-scale edits merge; painting in between separates them', () => {
    const { doc, history } = setup();
    history.run(setGroundScale(doc, 30));
    history.run(setGroundScale(doc, 35));
    history.run(paintTerrain(doc, [0], 'city'));
    history.run(setGroundScale(doc, 20));
    history.undo();
    expect(doc.groundScaleKm).toBe(35);
    history.undo();
    history.undo();
    expect(doc.groundScaleKm).toBe(40);
    expect(history.canUndo).toBe(false);
  });

  it('dirty follows the saved mark through undo and redo, and a new edit after undoing past it never returns to clean', () => {
    const { doc, history } = setup();
    expect(history.dirty).toBe(false);
    history.run(paintTerrain(doc, [0], 'city'));
    expect(history.dirty).toBe(true);
    history.markSaved();
    expect(history.dirty).toBe(false);
    history.undo();
    expect(history.dirty).toBe(true);
    history.redo();
    expect(history.dirty).toBe(false);
    history.undo();
    history.run(paintTerrain(doc, [1], 'lake'));
    expect(history.dirty).toBe(true);
    history.undo();
    expect(history.dirty).toBe(true);
  });

  it('an edit after saving does not merge into the saved step', () => {
    const { doc, history } = setup();
    history.run(setCellName(doc, { col: 1, row: 0 }, 'R'));
    history.markSaved();
    history.run(setCellName(doc, { col: 1, row: 0 }, 'Ru'));
    expect(history.dirty).toBe(true);
    history.undo();
    expect(history.dirty).toBe(false);
    expect(doc.featuresAt({ col: 1, row: 0 })?.name).toBe('R');
  });

  it('a new edit clears the redo stack', () => {
    const { doc, history } = setup();
    history.run(paintTerrain(doc, [0], 'city'));
    history.undo();
    expect(history.canRedo).toBe(true);
    history.run(paintTerrain(doc, [1], 'city'));
    expect(history.canRedo).toBe(false);
    expect(history.redoLabel).toBeNull();
  });

  it('subscribers hear each change with only the touched cells', () => {
    const { doc, history } = setup();
    const seen: DocChange[] = [];
    doc.subscribe((c) => seen.push(c));
    history.run(paintTerrain(doc, [7, 8], 'lake'));
    history.undo();
    expect(seen.map((c) => c.cells)).toEqual([new Set([7, 8]), new Set([7, 8])]);
  });

  it('history listeners hear when undo state changes', () => {
    const { doc, history } = setup();
    const labels: (string | null)[] = [];
    history.subscribe((h) => labels.push(h.undoLabel));
    history.run(paintTerrain(doc, [0], 'city'));
    history.undo();
    expect(labels).toEqual(['Paint City (1 cell)', null]);
  });
});

describe('history limits', () => {
  it('forgets the oldest steps beyond the step limit, and the saved state with them', () => {
    const { doc, history } = setup();
    history.limit = 3;
    for (let i = 0; i < 5; i++) history.run(setControl(doc, [i], doc.control[i] === 0 ? 'sov' : 'ger'));
    let undone = 0;
    while (history.canUndo) {
      history.undo();
      undone++;
    }
    expect(undone).toBe(3);
    expect(history.dirty).toBe(true);
  });

  it('forgets the oldest steps when the memory budget is exceeded, keeping the newest', () => {
    const { doc, history } = setup();
    history.byteBudget = 40;
    history.run(paintTerrain(doc, [0, 1, 2, 3], 'city')); // 24 bytes
    history.run(paintTerrain(doc, [6, 7, 8, 9], 'city')); // 24 bytes: over budget together
    expect(history.undoLabel).toBe('Paint City (4 cells)');
    history.undo();
    expect(history.canUndo).toBe(false);
  });
});

describe('history beside another editor', () => {
  it('says whether a notification recorded a step, merged one away, or did something else', () => {
    const { doc, history } = setup();
    const events: string[] = [];
    history.subscribe((_h, event) => events.push(event));
    history.run(setCellName(doc, { col: 1, row: 0 }, 'R'));
    history.run(setCellName(doc, { col: 1, row: 0 }, 'Ro'));
    history.run(setCellName(doc, { col: 1, row: 0 }, null));
    history.run(paintTerrain(doc, [0], 'city'));
    history.undo();
    expect(events).toEqual(['step', 'change', 'unstep', 'step', 'change']);
  });

  it('holds map strokes and edits of the scenario outside the map in one order, undone newest first and redone to the same file', () => {
    const { doc, history } = setup();
    const snapshots = [JSON.stringify(doc.toScenario())];
    const fields = (patch: Record<string, unknown>, label: string) => editFields(doc, { ...doc.toScenario(), ...patch } as Scenario, label);
    history.run(paintTerrain(doc, [0, 1], 'city'));
    snapshots.push(JSON.stringify(doc.toScenario()));
    history.run(fields({ title: 'Kursk' }, 'Title changed'));
    snapshots.push(JSON.stringify(doc.toScenario()));
    history.run(setCellName(doc, { col: 1, row: 0 }, 'Orel'));
    snapshots.push(JSON.stringify(doc.toScenario()));
    history.run(fields({ description: 'July 1943' }, 'Description changed'));
    snapshots.push(JSON.stringify(doc.toScenario()));
    expect(history.undoLabel).toBe('Description changed');
    for (let i = snapshots.length - 2; i >= 0; i--) {
      history.undo();
      expect(JSON.stringify(doc.toScenario())).toBe(snapshots[i]);
    }
    for (let i = 1; i < snapshots.length; i++) {
      history.redo();
      expect(JSON.stringify(doc.toScenario())).toBe(snapshots[i]);
    }
  });

  it('merges back-to-back field edits that share a merge key into one step (typing in one field)', () => {
    const { doc, history } = setup();
    const start = JSON.stringify(doc.toScenario());
    for (const title of ['K', 'Ku', 'Kursk']) history.run(editFields(doc, { ...doc.toScenario(), title } as Scenario, 'Title changed', 'title'));
    expect(doc.toScenario().title).toBe('Kursk');
    history.undo();
    expect(history.canUndo).toBe(false);
    expect(JSON.stringify(doc.toScenario())).toBe(start);
  });
});
