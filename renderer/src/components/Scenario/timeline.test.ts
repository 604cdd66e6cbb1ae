// The document's one undo order as the app wires it, minus Svelte: the map designer's
// session (History, MapDocument) and the panels' field track on one timeline, writing into
// a document the way the editor does (map steps written out with `session.output`, every
// write taken in with `session.adopt`, a new session only when that refuses).
import { describe, expect, it } from 'vitest';
import { HistoryTrack, Timeline, paintTerrain, resizeMap, type Command } from '../../../../shared/editor/index.js';
import { makeTinyScenario } from '../../../../shared/format/fixtures.js';
import type { Scenario } from '../../../../shared/format/scenario.types.js';
import { MapSession } from '../../tools/session.js';
import { FieldTrack } from './undo.js';

function workbench() {
  let scenario = makeTinyScenario();
  let session = new MapSession(scenario);
  let rebuilt = 0;
  const refused: string[] = [];
  const timeline = new Timeline();
  let mapMoved = false;
  const map = new HistoryTrack(timeline, () => (mapMoved = true));
  timeline.addTrack(map);
  map.bind(session.history);

  const write = (next: Scenario) => {
    scenario = next;
    if (!session.adopt(next)) {
      session = new MapSession(next);
      map.bind(session.history);
      rebuilt++;
    }
  };
  const fields = new FieldTrack({ current: () => scenario, write: (next) => write(next), refused: (m) => refused.push(m) });
  timeline.addTrack(fields);
  /** What the editor does after a map step: the scenario with the map as it now stands. */
  const flush = () => {
    if (mapMoved) write(session.output(scenario));
    mapMoved = false;
  };
  const panelEdit = (next: Scenario, label: string): boolean => {
    const step = fields.step(scenario, next, label);
    if (!step) return false;
    timeline.record(fields, step);
    write(next);
    return true;
  };
  const paint = (col: number, row: number, terrain: string) => {
    const h = session.history;
    h.beginGesture(`Paint ${terrain}`);
    h.run(paintTerrain(session.doc, [session.doc.grid.index({ col, row })], terrain));
    h.endGesture();
    mapMoved = true;
    flush();
  };
  const run = (make: (s: MapSession) => Command | null) => {
    session.history.run(make(session));
    mapMoved = true;
    flush();
  };
  const undo = () => {
    const move = timeline.undo();
    flush();
    return move;
  };
  const redo = () => {
    const move = timeline.redo();
    flush();
    return move;
  };
  return {
    get scenario() {
      return scenario;
    },
    get session() {
      return session;
    },
    get rebuilt() {
      return rebuilt;
    },
    refused,
    timeline,
    write,
    flush,
    panelEdit,
    paint,
    run,
    undo,
    redo,
  };
}

const renameSide = (s: Scenario, name: string, colour: string): Scenario => {
  const sides = [...s.sides] as Scenario['sides'];
  sides[0] = { ...sides[0], name, colour };
  return { ...s, sides };
};

describe('one undo order for the map and the panels', () => {
  it('renaming a side keeps the map’s undo history: the open map takes in the new name and colour', () => {
    const w = workbench();
    w.paint(0, 0, 'woods');
    const session = w.session;
    const control = w.scenario.map.control;
    w.panelEdit(renameSide(w.scenario, 'Heeresgruppe Mitte', '#445566'), 'Side 1 renamed');
    expect(w.rebuilt).toBe(0);
    expect(w.session).toBe(session);
    expect(session.doc.sides[0].name).toBe('Heeresgruppe Mitte');
    expect(session.model.sideRgb[0]).toEqual([0x44, 0x55, 0x66]);
    // A map edit after the rename writes the new side, and control rows as they were.
    w.paint(1, 0, 'city');
    expect(w.scenario.sides[0].name).toBe('Heeresgruppe Mitte');
    expect(w.scenario.map.control).toEqual(control);

    expect(w.undo()!.label).toBe('Paint city (1 cell)');
    expect(w.undo()!.label).toBe('Side 1 renamed');
    expect(w.scenario.sides[0].name).toBe(makeTinyScenario().sides[0].name);
    expect(w.undo()!.label).toBe('Paint woods (1 cell)');
    expect(w.scenario.map.terrain).toEqual(makeTinyScenario().map.terrain);
    expect(w.timeline.canUndo).toBe(false);
  });

  it('interleaved map and panel edits undo in reverse order and redo in order', () => {
    const w = workbench();
    const versions = [JSON.stringify(w.scenario)];
    w.paint(0, 0, 'woods');
    versions.push(JSON.stringify(w.scenario));
    w.panelEdit({ ...w.scenario, calendar: { ...w.scenario.calendar, turns: 8 } }, '8 turns');
    versions.push(JSON.stringify(w.scenario));
    const unit = { id: 'g-inf-9', side: 'ger', name: 'IX Corps (2)', branch: 'infantry', strength: 3, cell: '3,4' } as const;
    w.panelEdit({ ...w.scenario, orderOfBattle: [...w.scenario.orderOfBattle, unit] }, 'Added IX Corps (2)');
    versions.push(JSON.stringify(w.scenario));
    w.paint(5, 4, 'city');
    versions.push(JSON.stringify(w.scenario));

    const labels: string[] = [];
    for (let i = versions.length - 2; i >= 0; i--) {
      labels.push(w.undo()!.label);
      expect(JSON.parse(JSON.stringify(w.scenario))).toEqual(JSON.parse(versions[i]!));
    }
    expect(labels).toEqual(['Paint city (1 cell)', 'Added IX Corps (2)', '8 turns', 'Paint woods (1 cell)']);
    for (let i = 1; i < versions.length; i++) {
      expect(w.redo()!.applied).toBe(true);
      expect(JSON.parse(JSON.stringify(w.scenario))).toEqual(JSON.parse(versions[i]!));
    }
  });

  it('a panel edit that leaves every field as it was makes no step', () => {
    const w = workbench();
    const s = w.scenario;
    expect(w.panelEdit({ ...s, calendar: { ...s.calendar }, sides: [{ ...s.sides[0] }, { ...s.sides[1] }] }, 'Nothing')).toBe(false);
    expect(w.timeline.canUndo).toBe(false);
  });

  it('a panel step whose field another editor changed since is dropped, not reverted', () => {
    const w = workbench();
    w.paint(0, 0, 'woods');
    w.panelEdit({ ...w.scenario, title: 'Typhoon' }, 'Title Typhoon');
    // The library's title field writes the document outside the timeline.
    w.write({ ...w.scenario, title: 'Typhoon, revised' });
    const move = w.undo()!;
    expect(move.applied).toBe(false);
    expect(w.scenario.title).toBe('Typhoon, revised');
    expect(w.refused[0]).toMatch(/Cannot undo “Title Typhoon”/);
    expect(w.undo()!.label).toBe('Paint woods (1 cell)');
    expect(w.scenario.title).toBe('Typhoon, revised');
  });

  it('a resize after a panel unit edit shifts that edit too, and undoing both restores the units', () => {
    const w = workbench();
    const original = w.scenario.orderOfBattle;
    const moved = original.map((u) => (u.id === 's-inf-1' ? { ...u, cell: '3,3' } : u));
    w.panelEdit({ ...w.scenario, orderOfBattle: moved }, 'Moved 16th Army to 0304');
    w.run((m) => resizeMap(m.doc, { left: 1 }));
    expect(w.scenario.orderOfBattle.find((u) => u.id === 's-inf-1')!.cell).toBe('4,3');
    expect(w.undo()!.label).toMatch(/Resize|resize/);
    // The designer wrote the units back as copies: the panel step still undoes.
    expect(w.undo()!.applied).toBe(true);
    expect(w.scenario.orderOfBattle).toEqual(original);
  });
});
