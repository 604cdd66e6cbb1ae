// The store → painter link: each change repaints what its layers say, with no copy of a layer
// kept to find out (control borders reach into neighbouring tiles, terrain does not).
import { describe, expect, it } from 'vitest';
import { paintTerrain, setControl } from '../../../shared/editor/index.js';
import { makeTinyScenario } from '../../../shared/format/fixtures.js';
import type { Cell } from '../../../shared/grid/types.js';
import type { MapRenderer } from '../map/MapRenderer.js';
import { bindMapToStore } from './map-binding.js';
import { ScenarioStore } from './store.js';

type Call = { cells: number | 'all'; neighbours: boolean | undefined };

function setup() {
  const store = new ScenarioStore(makeTinyScenario());
  const calls: Call[] = [];
  const renderer = {
    invalidate: (cells?: readonly Cell[], _edges?: unknown, neighbours?: boolean) => calls.push({ cells: cells ? cells.length : 'all', neighbours }),
    reshape: () => calls.push({ cells: 'all', neighbours: undefined }),
    setSelected: () => undefined,
  } as unknown as MapRenderer;
  let selected: Cell | null = null;
  let changes = 0;
  const off = bindMapToStore(store, renderer, { changed: () => changes++, selected: () => selected, select: (c) => (selected = c) });
  return { store, calls, off, changes: () => changes };
}

describe('map binding', () => {
  it('repaints painted cells alone for terrain, with their neighbours for control, and nothing for a title', () => {
    const { store, calls, changes, off } = setup();
    store.run(paintTerrain(store.doc, [0, 1], 'city'));
    expect(calls.at(-1)).toEqual({ cells: 2, neighbours: false });
    const other = store.doc.sides[1 - store.doc.control[5]!]!.id;
    store.run(setControl(store.doc, [5], other));
    expect(calls.at(-1)).toEqual({ cells: 1, neighbours: true });
    const n = calls.length;
    store.setFields({ ...store.scenario, title: 'Renamed' }, 'Title changed');
    expect(calls.length).toBe(n);
    expect(changes()).toBe(3);
    // Undoing the control step repaints with neighbours again, from the change alone.
    store.undo();
    store.undo();
    expect(calls.at(-1)).toEqual({ cells: 1, neighbours: true });
    off();
    store.undo();
    expect(calls.length).toBe(n + 1);
  });

  it('recoloured sides repaint the whole map', () => {
    const { store, calls } = setup();
    const s = store.scenario;
    store.setFields({ ...s, sides: [{ ...s.sides[0], colour: '#102030' }, s.sides[1]] }, 'Colour changed');
    expect(calls.at(-1)).toEqual({ cells: 'all', neighbours: undefined });
  });
});
