// The document store as the app uses it, minus Svelte: map strokes, panel edits of fields
// outside the map and steps of several commands, all in one history.
import { describe, expect, it } from 'vitest';
import { paintTerrain, resizeMap, setCellName } from '../../../shared/editor/index.js';
import { makeTinyScenario } from '../../../shared/format/fixtures.js';
import type { Scenario } from '../../../shared/format/scenario.types.js';
import { ScenarioStore } from './store.js';

function paint(store: ScenarioStore, col: number, row: number, terrain: string): void {
  const h = store.history;
  h.beginGesture(`Paint ${terrain}`);
  h.run(paintTerrain(store.doc, [store.doc.grid.index({ col, row })], terrain));
  h.endGesture();
}

const renameSide = (s: Scenario, name: string, colour: string): Scenario => {
  const sides = [...s.sides] as Scenario['sides'];
  sides[0] = { ...sides[0], name, colour };
  return { ...s, sides };
};

describe('the document store', () => {
  it('renaming a side is a step like a stroke: the map takes in the new name and colour, and undo takes both back in order', () => {
    const store = new ScenarioStore(makeTinyScenario());
    paint(store, 0, 0, 'woods');
    const control = store.scenario.map.control;
    expect(store.setFields(renameSide(store.scenario, 'Heeresgruppe Mitte', '#445566'), 'Side 1 renamed')).toBe(true);
    expect(store.doc.sides[0].name).toBe('Heeresgruppe Mitte');
    expect(store.model.sideRgb[0]).toEqual([0x44, 0x55, 0x66]);
    paint(store, 1, 0, 'city');
    expect(store.scenario.sides[0].name).toBe('Heeresgruppe Mitte');
    expect(store.scenario.map.control).toEqual(control);

    const labels: string[] = [];
    while (store.history.canUndo) {
      labels.push(store.history.undoLabel!);
      store.undo();
    }
    expect(labels).toEqual(['Paint city (1 cell)', 'Side 1 renamed', 'Paint woods (1 cell)']);
    expect(JSON.stringify(store.scenario)).toBe(JSON.stringify(makeTinyScenario()));
    expect(store.model.sideRgb[0]).not.toEqual([0x44, 0x55, 0x66]);
  });

  it('interleaved map and panel edits undo in reverse order and redo in order, byte for byte', () => {
    const store = new ScenarioStore(makeTinyScenario());
    const versions = [JSON.stringify(store.scenario)];
    paint(store, 0, 0, 'woods');
    versions.push(JSON.stringify(store.scenario));
    store.setFields({ ...store.scenario, calendar: { ...store.scenario.calendar, turns: 8 } }, '8 turns');
    versions.push(JSON.stringify(store.scenario));
    const unit = { id: 'g-inf-9', side: 'ger', name: 'IX Corps (2)', branch: 'infantry', strength: 3, cell: '3,4' } as const;
    store.setFields({ ...store.scenario, orderOfBattle: [...store.scenario.orderOfBattle, unit] }, 'Added IX Corps (2)');
    versions.push(JSON.stringify(store.scenario));
    paint(store, 5, 4, 'city');
    versions.push(JSON.stringify(store.scenario));

    for (let i = versions.length - 2; i >= 0; i--) {
      expect(store.undo()).toBe(true);
      expect(JSON.stringify(store.scenario)).toBe(versions[i]);
    }
    expect(store.undo()).toBe(false);
    for (let i = 1; i < versions.length; i++) {
      expect(store.redo()).toBe(true);
      expect(JSON.stringify(store.scenario)).toBe(versions[i]);
    }
  });

  it('a panel edit that leaves every field as it was makes no step', () => {
    const store = new ScenarioStore(makeTinyScenario());
    const s = store.scenario;
    expect(store.setFields({ ...s, calendar: { ...s.calendar }, sides: [{ ...s.sides[0] }, { ...s.sides[1] }] }, 'Nothing')).toBe(false);
    expect(store.history.canUndo).toBe(false);
  });

  it('a resize after a panel unit edit shifts that edit too, and undoing both restores the units', () => {
    const store = new ScenarioStore(makeTinyScenario());
    const original = store.scenario.orderOfBattle;
    const moved = original.map((u) => (u.id === 's-inf-1' ? { ...u, cell: '3,3' } : u));
    store.setFields({ ...store.scenario, orderOfBattle: moved }, 'Moved 16th Army to 0304');
    store.run(resizeMap(store.doc, { left: 1 }));
    expect(store.scenario.orderOfBattle.find((u) => u.id === 's-inf-1')!.cell).toBe('4,3');
    store.undo();
    store.undo();
    expect(store.scenario.orderOfBattle).toEqual(original);
  });

  it('step() makes several commands one undo step under its label, and a throw inside leaves nothing', () => {
    const store = new ScenarioStore(makeTinyScenario());
    const start = JSON.stringify(store.scenario);
    store.step('Paste 2 cells', (doc) => {
      store.run(paintTerrain(doc, [0, 1], 'city'));
      store.run(setCellName(doc, { col: 1, row: 0 }, 'Orel'));
    });
    expect(store.history.undoLabel).toBe('Paste 2 cells');
    expect(store.scenario.map.cells?.['1,0']?.name).toBe('Orel');
    expect(() =>
      store.step('Broken paste', (doc) => {
        store.run(paintTerrain(doc, [2], 'city'));
        throw new RangeError('no room');
      }),
    ).toThrow('no room');
    expect(store.history.undoLabel).toBe('Paste 2 cells');
    store.undo();
    expect(JSON.stringify(store.scenario)).toBe(start);
  });

  it('tells listeners about steps, undos and redos, not about each command inside a gesture', () => {
    const store = new ScenarioStore(makeTinyScenario());
    const events: string[] = [];
    store.subscribe((e) => events.push(e.kind));
    const h = store.history;
    h.beginGesture('Paint city');
    for (const i of [0, 1, 2]) h.run(paintTerrain(store.doc, [i], 'city'));
    expect(events).toEqual([]);
    h.endGesture();
    store.undo();
    store.redo();
    expect(events).toEqual(['step', 'change', 'change']);
    expect(h.undoLabel).toBe('Paint city (3 cells)');
  });

  it('keeps the loaded scenario object until the first edit, then makes the scenario afresh once per change', () => {
    const loaded = makeTinyScenario();
    const store = new ScenarioStore(loaded);
    expect(store.scenario).toBe(loaded);
    paint(store, 0, 0, 'woods');
    const a = store.scenario;
    expect(a).not.toBe(loaded);
    expect(store.scenario).toBe(a);
  });
});

describe('the layers view settings (map.layers)', () => {
  it('are written to the file and make it unsaved, but are no undo step; a save clears them, a paint undone to the save does not', () => {
    const store = new ScenarioStore(makeTinyScenario());
    const heard: string[] = [];
    store.subscribe((e) => heard.push(e.kind));
    store.setLayerView({ settings: { roads: { hidden: true } } });
    expect(store.scenario.map.layers).toEqual({ settings: { roads: { hidden: true } } });
    expect(store.history.canUndo).toBe(false);
    expect(store.dirty).toBe(true);
    expect(heard).toEqual(['change']);
    // The same settings again change nothing.
    store.setLayerView({ settings: { roads: { hidden: true } } });
    expect(heard).toEqual(['change']);
    store.markSaved();
    expect(store.dirty).toBe(false);
    paint(store, 0, 0, 'woods');
    store.setLayerView(undefined);
    store.undo();
    // The paint is undone, the layer change is not: still unsaved, and the file says nothing of layers.
    expect(store.dirty).toBe(true);
    expect(store.scenario.map.layers).toBeUndefined();
    expect('layers' in store.scenario.map).toBe(false);
  });

  it('survive a reload of the saved file', () => {
    const store = new ScenarioStore(makeTinyScenario());
    store.setLayerView({ settings: { terrain: { locked: true, opacity: 0.5 } }, underlayBelowTerrain: true });
    const again = new ScenarioStore(JSON.parse(JSON.stringify(store.scenario)) as Scenario);
    expect(again.doc.layerView).toEqual({ settings: { terrain: { locked: true, opacity: 0.5 } }, underlayBelowTerrain: true });
    expect(again.dirty).toBe(false);
  });
});
