import { describe, expect, it } from 'vitest';
import { makeTinyScenario } from '../format/fixtures.js';
import { paintTerrain } from './commands/cells.js';
import { setCellName } from './commands/features.js';
import { MapDocument } from './document.js';
import { History } from './history.js';
import { snapshot } from './testing.js';
import { HistoryTrack, Timeline, type UndoTrack } from './timeline.js';

interface NoteStep {
  label: string;
  before: string;
  after: string;
}

/**
 * A map History and a second editor (a note, standing in for the scenario panels) on one
 * timeline. The note's steps refuse when the note no longer holds what they left there.
 */
function setup() {
  const doc = MapDocument.fromScenario(makeTinyScenario());
  const history = new History(doc);
  const timeline = new Timeline();
  const map = new HistoryTrack(timeline);
  timeline.addTrack(map);
  map.bind(history);
  const note = { value: '' };
  const notes: UndoTrack<NoteStep> = {
    undo: (s) => note.value === s.after && ((note.value = s.before), true),
    redo: (s) => note.value === s.before && ((note.value = s.after), true),
    label: (s) => s.label,
  };
  timeline.addTrack(notes);
  const write = (value: string, label = `Note ${value}`) => {
    if (value === note.value) return; // nothing changed, no step
    const step = { label, before: note.value, after: value };
    note.value = value;
    timeline.record(notes, step);
  };
  const paint = (col: number, terrain = 'woods') => {
    history.beginGesture(`Paint ${terrain}`);
    history.run(paintTerrain(doc, [doc.grid.index({ col, row: 0 })], terrain));
    history.endGesture();
  };
  const state = () => `${snapshot(doc)}|${note.value}`;
  return { doc, history, timeline, map, note, write, paint, state };
}

describe('document undo timeline', () => {
  it('undo takes the newest step whichever editor made it, and redo replays them in order', () => {
    const { timeline, write, paint, state } = setup();
    const states = [state()];
    paint(0);
    states.push(state());
    write('12 turns');
    states.push(state());
    paint(1, 'city');
    states.push(state());
    write('Added 4 units');
    states.push(state());

    const undone: string[] = [];
    for (let i = states.length - 1; i > 0; i--) {
      const move = timeline.undo()!;
      expect(move.applied).toBe(true);
      undone.push(move.label);
      expect(state()).toBe(states[i - 1]);
    }
    expect(undone).toEqual(['Note Added 4 units', 'Paint city (1 cell)', 'Note 12 turns', 'Paint woods (1 cell)']);
    expect(timeline.canUndo).toBe(false);

    const redone: string[] = [];
    for (let i = 1; i < states.length; i++) {
      redone.push(timeline.redoLabel!);
      expect(timeline.redo()!.applied).toBe(true);
      expect(state()).toBe(states[i]);
    }
    expect(redone).toEqual(['Paint woods (1 cell)', 'Note 12 turns', 'Paint city (1 cell)', 'Note Added 4 units']);
    expect(timeline.canRedo).toBe(false);
  });

  it('edits that change nothing make no step in either editor', () => {
    const { history, timeline, doc, write, paint } = setup();
    paint(0);
    paint(0); // woods on woods
    history.run(null);
    history.run(paintTerrain(doc, [doc.grid.index({ col: 0, row: 0 })], 'woods'));
    write('');
    expect(timeline.undoLabel).toBe('Paint woods (1 cell)');
    timeline.undo();
    expect(timeline.canUndo).toBe(false);
  });

  it('a typed name merges into its step only while no other editor’s step came after it', () => {
    const { history, timeline, doc, write } = setup();
    const cell = { col: 1, row: 0 };
    history.run(setCellName(doc, cell, 'K'));
    history.run(setCellName(doc, cell, 'Ka'));
    write('Title');
    history.run(setCellName(doc, cell, 'Kal'));
    const labels: string[] = [];
    while (timeline.canUndo) labels.push(timeline.undo()!.label);
    expect(labels).toHaveLength(3);
    expect(labels[1]).toBe('Note Title');
    expect(doc.featuresAt(cell)?.name).toBe(makeTinyScenario().map.cells?.['1,0']?.name);
  });

  it('a typed name deleted again leaves the timeline as it leaves the map history', () => {
    const { history, timeline, doc, write } = setup();
    write('Title');
    history.run(setCellName(doc, { col: 1, row: 0 }, 'R'));
    expect(timeline.undoLabel).not.toBe('Note Title');
    history.run(setCellName(doc, { col: 1, row: 0 }, null));
    expect(timeline.undoLabel).toBe('Note Title');
  });

  it('a new edit in one editor drops the redo steps of both', () => {
    const { history, timeline, write, paint } = setup();
    paint(0);
    write('A');
    timeline.undo();
    timeline.undo();
    expect(history.canRedo).toBe(true);
    write('B');
    expect(timeline.canRedo).toBe(false);
    expect(history.canRedo).toBe(false);
    timeline.undo();
    paint(3);
    expect(timeline.canRedo).toBe(false);
  });

  it('a step whose editor refuses it (changed since elsewhere) is dropped and changes nothing', () => {
    const { timeline, note, write, paint, doc } = setup();
    paint(0);
    const painted = snapshot(doc);
    write('Mine');
    note.value = 'Changed in the library';
    const move = timeline.undo()!;
    expect(move).toEqual({ label: 'Note Mine', applied: false });
    expect(note.value).toBe('Changed in the library');
    expect(snapshot(doc)).toBe(painted);
    expect(timeline.canRedo).toBe(false);
    // The next Ctrl+Z goes on with the step before.
    expect(timeline.undo()!.label).toBe('Paint woods (1 cell)');
    expect(timeline.dirty).toBe(true);
  });

  it('undoing back to the saved state makes the document clean; a change no step made keeps it dirty', () => {
    const { timeline, write, paint } = setup();
    expect(timeline.dirty).toBe(false);
    paint(0);
    write('A');
    timeline.markSaved();
    write('B');
    expect(timeline.dirty).toBe(true);
    timeline.undo();
    expect(timeline.dirty).toBe(false);
    timeline.undo();
    expect(timeline.dirty).toBe(true);
    timeline.redo();
    expect(timeline.dirty).toBe(false);
    timeline.markUnreachable();
    timeline.redo();
    timeline.undo();
    expect(timeline.dirty).toBe(true);
  });

  it('forgetting the map’s steps (its map loaded again) keeps the other editor’s in order', () => {
    const { timeline, map, write, paint } = setup();
    write('A');
    paint(0);
    write('B');
    timeline.forgetTrack(map);
    expect(timeline.undo()!.label).toBe('Note B');
    expect(timeline.undo()!.label).toBe('Note A');
    expect(timeline.canUndo).toBe(false);
    expect(timeline.dirty).toBe(true);
  });
});
