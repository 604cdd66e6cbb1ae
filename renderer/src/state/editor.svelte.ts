// The map designer's UI state: the active tool and its options, undo/redo state for menus,
// layer toggles, and the wiring between pointer input, tools, the open MapSession and the
// canvas. Map edits go through the session's History; after each step the scenario is written
// out once and handed to the open document (dirty flag, recovery copy, Ctrl+S save).
//
// The editor also owns the open document's one undo timeline (shared/editor/timeline.ts):
// the map History is one track of it, the scenario panels' field steps another, so Undo,
// Redo, the Edit menu and the desktop menu always act on the newest step of either.
import { dirtyCells, HistoryTrack, Timeline, type Command, type DocChange } from '../../../shared/editor/index.js';
import type { Scenario } from '../../../shared/format/scenario.types.js';
import { FieldTrack, type FieldStep } from '../components/Scenario/undo.js';
import type { Cell, Point } from '../../../shared/grid/types.js';
import { CELL_SIZE, type MapRenderer } from '../map/MapRenderer.js';
import { drawFeedback } from '../map/overlay.js';
import { RegionController } from '../tools/region.svelte.js';
import { createTool, networkToolBlock, REGION_TOOLS, TOOLS, type Feedback, type Tool, type ToolContext, type ToolId, type ToolOptions } from '../tools/index.js';
import type { MapSession } from '../tools/session.js';
import type { AppState } from './app.svelte.js';

/** What the editor needs of the open-document store (state/document.svelte.ts). */
export interface DocumentSink {
  readonly id: string | null;
  /** Bumps each time a document is loaded or closed (the undo timeline starts afresh). */
  readonly generation: number;
  readonly active: boolean;
  readonly scenario: Scenario | null;
  readonly dirty: boolean;
  /** `clean`: undo/redo brought the document back to its saved state. */
  replace(next: Scenario, label: string, clean?: boolean): void;
  onChange(fn: (scenario: Scenario, label: string) => void): () => void;
  onBeforeSave(fn: () => void): () => void;
}

export interface Layers {
  grid: boolean;
  coordinates: boolean;
  terrain: boolean;
  edges: boolean;
  routes: boolean;
  control: boolean;
  markers: boolean;
  units: boolean;
  minimap: boolean;
}

const TERRAIN_TOOLS: readonly ToolId[] = ['brush', 'rect', 'fill'];

export class EditorState {
  tool = $state<ToolId>('pan');
  options = $state<ToolOptions>({
    brushSize: 1,
    terrain: '',
    side: '',
    controlMode: 'brush',
    marker: 'supply',
    victoryPerTurn: 2,
    victoryEndGame: 0,
  });
  layers = $state<Layers>({ grid: true, coordinates: true, terrain: true, edges: true, routes: true, control: true, markers: true, units: true, minimap: true });
  /** Bumps when the view pans or zooms (overlays positioned on the map follow it). */
  viewTick = $state(0);
  /** Undo/redo state of the document's timeline (map and panel steps alike). */
  canUndo = $state(false);
  canRedo = $state(false);
  undoLabel = $state<string | null>(null);
  redoLabel = $state<string | null>(null);
  /** The last edit (map or panel), undo or redo, or why a step was dropped (the panels' header shows it). */
  notice = $state('');
  /** Bumps on every document change, so views reading the document re-run. */
  version = $state(0);
  /** Whether the open map is a network (positions joined by links) rather than a grid of cells. */
  networkMap = $state(false);
  /** The cell whose name is being typed in place. */
  naming = $state.raw<Cell | null>(null);
  /** The last refused edit, shown briefly. */
  message = $state('');
  settingsOpen = $state(false);

  private session = $state.raw<MapSession | null>(null);
  private renderer: MapRenderer | null = null;
  private tools = new Map<ToolId, Tool>();
  private lastTerrainTool: ToolId = 'brush';
  private feedbackList: readonly Feedback[] = [];
  private unsubscribe: (() => void)[] = [];
  private docChanges = 0;
  private controlShadow = new Uint8Array(0);
  private flushedChanges = 0;
  private flushTimer: ReturnType<typeof setTimeout> | undefined;
  private pendingLabel: string | null = null;
  private messageTimer: ReturnType<typeof setTimeout> | undefined;
  sink: DocumentSink | null = null;

  /** One undo order for the open document, across the map designer and the scenario panels. */
  readonly timeline = new Timeline();
  /** The map History as a track of the timeline (always the attached session's). */
  private readonly mapTrack: HistoryTrack;
  /** The scenario panels' field-level steps (kept here so they outlive the dock's components). */
  readonly fields: FieldTrack;
  /** Which document (and session, for viewed scenarios) the timeline's steps belong to. */
  private timelineKey: unknown = null;
  private timelineSession: MapSession | null = null;
  /** True while this editor writes into the document (other writes are not undoable steps). */
  private writing = false;
  private sinkOffs: (() => void)[] = [];
  private boundSink: DocumentSink | null = null;

  /** The selection of cells, the clipboard and the floating paste (tools/region.svelte.ts). */
  readonly region: RegionController;

  constructor(private readonly app: AppState) {
    this.region = new RegionController({
      session: () => this.session,
      size: CELL_SIZE,
      scale: () => this.renderer?.view.scale ?? 1,
      pasteCell: () => this.app.hover ?? this.viewCentreCell(),
      redraw: () => this.renderer?.redrawOverlay(),
      report: (m) => this.report(m),
      notice: (m) => (this.notice = m),
      useRegionTool: () => {
        if (!REGION_TOOLS.has(this.tool)) this.setTool('marquee');
      },
    });
    // The map's undo and redo are written into the document under their own label.
    this.mapTrack = new HistoryTrack(this.timeline, (label, side) => (this.pendingLabel = side === 'undo' ? `Undo ${label}` : label));
    this.fields = new FieldTrack({
      current: () => (this.sink?.active ? this.sink.scenario : null),
      write: (next, label) => this.writeDocument(next, label),
      refused: (message) => (this.notice = message),
    });
    this.timeline.addTrack(this.mapTrack);
    this.timeline.addTrack(this.fields);
    this.timeline.subscribe(() => this.onTimeline());
  }

  get current(): MapSession | null {
    return this.session;
  }

  get activeTool(): Tool | null {
    const id = this.tool;
    let t = this.tools.get(id);
    if (!t) {
      const made = createTool(id, this.region);
      if (!made) return null;
      this.tools.set(id, made);
      t = made;
    }
    return t;
  }

  setTool(id: ToolId): void {
    const blocked = this.networkMap ? networkToolBlock(id) : null;
    if (blocked) return this.report(blocked);
    this.app.tool = id === 'pan' ? 'pan' : 'select';
    if (this.tool === id) return;
    const ctx = this.context();
    if (ctx) this.activeTool?.cancel(ctx);
    if (TERRAIN_TOOLS.includes(id)) this.lastTerrainTool = id;
    this.tool = id;
    this.app.tool = id === 'pan' ? 'pan' : 'select';
    this.showFeedback([]);
  }

  /** Shows a session on a renderer (a newly opened map); edits then redraw only what changed. */
  attach(session: MapSession, renderer: MapRenderer): void {
    if (this.session === session && this.renderer === renderer) return;
    this.release();
    this.syncTimeline(session);
    this.session = session;
    this.renderer = renderer;
    this.networkMap = session.doc.grid.network !== null;
    if (this.networkMap && networkToolBlock(this.tool)) this.tool = 'select';
    this.tools.clear();
    this.naming = null;
    const { doc, history } = session;
    this.mapTrack.bind(history);
    this.bindSink();
    this.controlShadow = doc.control.slice();
    if (!doc.terrainTypes.some((t) => t.id === this.options.terrain)) this.options.terrain = doc.terrainTypes[1]?.id ?? doc.terrainTypes[0]!.id;
    if (!doc.sides.some((s) => s.id === this.options.side)) this.options.side = doc.sides[0].id;
    this.region.bind(doc);
    renderer.setOverlayDrawer((ctx, scale) => {
      if (!this.session) return;
      this.region.draw(ctx, scale);
      drawFeedback(ctx, this.session.doc.grid, CELL_SIZE, scale, this.feedbackList);
    });
    this.unsubscribe.push(
      doc.subscribe((change) => this.redraw(change)),
      history.subscribe((h, event) => {
        if (event === 'step') this.notice = h.undoLabel ?? '';
        this.onHistory();
      }),
      session.onSidesChanged(() => {
        // Renamed or recoloured sides: same control layer, new tint.
        this.version++;
        this.renderer?.invalidate();
      }),
    );
    this.onHistory();
  }

  /** The map view is gone (another screen); the timeline stays for when it comes back. */
  detach(): void {
    this.release();
  }

  private release(): void {
    this.flushNow();
    for (const u of this.unsubscribe) u();
    this.unsubscribe = [];
    this.renderer?.setOverlayDrawer(null);
    this.region.bind(null);
    this.session = null;
    this.renderer = null;
    this.feedbackList = [];
  }

  // ---- pointer input (MapView forwards it; points in container pixels) ----

  pointerDown(p: Point, mods: { altKey: boolean; shiftKey: boolean }): void {
    const ctx = this.context();
    const input = this.input(p, mods);
    if (ctx && input) this.activeTool?.down(ctx, input);
  }

  pointerMove(p: Point, mods: { altKey: boolean; shiftKey: boolean }): void {
    const ctx = this.context();
    const input = this.input(p, mods);
    if (ctx && input) this.activeTool?.move(ctx, input);
  }

  pointerUp(p: Point, mods: { altKey: boolean; shiftKey: boolean }): void {
    const ctx = this.context();
    const input = this.input(p, mods);
    if (ctx && input) this.activeTool?.up(ctx, input);
  }

  pointerLeave(): void {
    if (this.activeTool?.phase === 'idle') this.showFeedback([]);
  }

  cancel(): void {
    const ctx = this.context();
    if (ctx) this.activeTool?.cancel(ctx);
  }

  get busy(): boolean {
    return (this.activeTool?.phase ?? 'idle') !== 'idle';
  }

  // ---- undo / redo (the document's timeline) ----

  /** Undoes the newest step of the document, whichever editor made it. */
  undo(): void {
    if (!this.session) return; // the map's steps need it attached to be written out
    this.cancel();
    this.flushNow();
    const move = this.timeline.undo();
    if (move?.applied) this.notice = `Undo ${move.label}`;
  }

  redo(): void {
    if (!this.session) return;
    this.cancel();
    this.flushNow();
    const move = this.timeline.redo();
    if (move?.applied) this.notice = move.label;
  }

  /** Records a scenario panels' step (about to be written) as the document's newest. */
  recordFieldStep(step: FieldStep): void {
    this.syncTimeline(this.session);
    this.timeline.record(this.fields, step);
    this.notice = step.label;
  }

  /**
   * Writes a version of the scenario into the open document as an edit of the timeline; a
   * write that brings the timeline back to the saved state leaves the document clean.
   */
  writeDocument(next: Scenario, label: string): void {
    const sink = this.sink;
    this.writing = true;
    try {
      if (sink?.active) sink.replace(next, label, !this.timeline.dirty);
      else this.app.update(next);
    } finally {
      this.writing = false;
    }
  }

  /** Runs a command built from the current document as one undo step (inspector, settings). */
  edit(make: (s: MapSession) => Command | null, label?: string): boolean {
    const s = this.session;
    if (!s) return false;
    try {
      if (label === undefined) return s.history.run(make(s)) !== null;
      // Under the caller's name (a gesture of one command keeps the label as given).
      s.history.beginGesture(label);
      try {
        return s.history.run(make(s)) !== null;
      } finally {
        s.history.endGesture();
      }
    } catch (err) {
      if (err instanceof RangeError) {
        this.report(err.message);
        return false;
      }
      throw err;
    }
  }

  /** Keyboard shortcuts of the designer; true when the key was used. */
  handleKey(e: KeyboardEvent): boolean {
    if (this.region.handleKey(e)) return true;
    const mod = e.ctrlKey || e.metaKey;
    const key = e.key.toLowerCase();
    if (mod && !e.altKey) {
      if (key === 'z' && !e.shiftKey) return this.undo(), true;
      if ((key === 'z' && e.shiftKey) || (key === 'y' && !e.shiftKey)) return this.redo(), true;
      return false;
    }
    if (e.altKey) return false;
    if (e.key === 'Escape' && this.busy) return this.cancel(), true;
    if (e.key === '[' || e.key === ']') {
      const next = this.options.brushSize + (e.key === ']' ? 1 : -1);
      if (next >= 1 && next <= 3) this.options.brushSize = next as 1 | 2 | 3;
      return true;
    }
    if (e.key === 'n' || e.key === 'N') {
      this.setTool('marker');
      this.options.marker = 'name';
      return true;
    }
    const tool = TOOLS.find((t) => t.key.toLowerCase() === key);
    if (tool) {
      this.setTool(tool.id);
      return true;
    }
    return false;
  }

  /** Writes any pending edit into the open document now (before a save or on leaving). */
  flushNow(): void {
    clearTimeout(this.flushTimer);
    this.flushTimer = undefined;
    const s = this.session;
    const open = this.app.open;
    if (!s || !open || open.session !== s || this.docChanges === this.flushedChanges) return;
    this.flushedChanges = this.docChanges;
    const sink = this.sink;
    const useSink = sink !== null && sink.active && sink.scenario !== null;
    const latest = useSink ? sink.scenario! : open.scenario;
    const next = s.output(latest);
    const label = this.pendingLabel ?? s.history.undoLabel ?? 'Map edit';
    this.pendingLabel = null;
    if (useSink) this.writeDocument(next, label);
    else this.app.update(next);
  }

  /** After a save: the clean marks move here when the saved scenario is the one shown. */
  noteSaved(): void {
    const s = this.session;
    const sink = this.sink;
    if (!s || !sink?.active || sink.dirty || this.docChanges !== this.flushedChanges) return;
    if (sink.scenario === s.lastOutput) s.history.markSaved();
    if (this.timelineKey === timelineKeyOf(sink, s)) this.timeline.markSaved();
  }

  report(message: string): void {
    this.message = message;
    clearTimeout(this.messageTimer);
    this.messageTimer = setTimeout(() => (this.message = ''), 5000);
  }

  showFeedback(f: readonly Feedback[]): void {
    if (f.length === 0 && this.feedbackList.length === 0) return;
    this.feedbackList = f;
    this.renderer?.redrawOverlay();
  }

  /** The document's current features and layers at a cell, for the inspector. */
  pickTerrain(id: string): void {
    this.options.terrain = id;
    if (this.tool === 'picker') this.setTool(this.lastTerrainTool);
  }

  // ---- internals ----

  /** The cell in the middle of the map view (where a paste starts when the pointer is elsewhere). */
  private viewCentreCell(): Cell | null {
    const r = this.renderer;
    const s = this.session;
    if (!r || !s) return null;
    const v = r.visibleCells;
    const cell = s.doc.grid.pixelToCell({ x: (v.x + v.width / 2) * CELL_SIZE, y: (v.y + v.height / 2) * CELL_SIZE }, CELL_SIZE);
    return s.doc.grid.inMap(cell) ? cell : null;
  }

  private context(): ToolContext | null {
    const s = this.session;
    const r = this.renderer;
    if (!s || !r) return null;
    return {
      doc: s.doc,
      history: s.history,
      options: this.options,
      size: CELL_SIZE,
      scale: r.view.scale,
      select: (cell) => (this.app.selected = cell),
      pickTerrain: (id) => this.pickTerrain(id),
      editName: (cell) => (this.naming = cell),
      feedback: (f) => this.showFeedback(f),
      report: (m) => this.report(m),
    };
  }

  private input(p: Point, mods: { altKey: boolean; shiftKey: boolean }) {
    const r = this.renderer;
    const s = this.session;
    if (!r || !s) return null;
    const v = r.view;
    const point = { x: (p.x - v.x) / v.scale, y: (p.y - v.y) / v.scale };
    return { point, cell: s.doc.grid.pixelToCell(point, CELL_SIZE), alt: mods.altKey, shift: mods.shiftKey };
  }

  private redraw(change: DocChange): void {
    this.docChanges++;
    this.version++;
    const r = this.renderer;
    const s = this.session;
    if (!r || !s) return;
    if (change.resized) {
      this.controlShadow = s.doc.control.slice();
      // The selected cell's content moved with the resize (or fell off the map with it).
      const was = this.app.selected;
      const now = was && { col: was.col + change.moved.cols, row: was.row + change.moved.rows };
      this.app.selected = now && s.doc.grid.inMap(now) ? now : null;
      r.reshape(s.model, change.moved);
      r.setSelected(this.app.selected);
      return;
    }
    const cells = dirtyCells(change, s.doc.grid);
    if (cells) r.invalidate(cells, change.edges, this.controlChanged(change));
    else {
      this.controlShadow = s.doc.control.slice();
      r.invalidate();
    }
  }

  /**
   * Whether a change touched control (whose borders reach into neighbouring chunks), by
   * comparing the changed cells with a copy of the control layer kept here.
   */
  private controlChanged(change: DocChange): boolean {
    const control = this.session?.doc.control;
    if (!control) return true;
    if (change.cells === 'all' || this.controlShadow.length !== control.length) {
      this.controlShadow = control.slice();
      return true;
    }
    let changed = false;
    for (const i of change.cells) {
      if (this.controlShadow[i] !== control[i]) {
        this.controlShadow[i] = control[i]!;
        changed = true;
      }
    }
    return changed;
  }

  private onHistory(): void {
    const h = this.session?.history;
    // Labels can change without the timeline moving (a typed name merging into its step).
    this.onTimeline();
    if (h && !h.inGesture && this.docChanges !== this.flushedChanges && this.flushTimer === undefined) {
      this.flushTimer = setTimeout(() => this.flushNow(), 0);
    }
  }

  private onTimeline(): void {
    const t = this.timeline;
    this.canUndo = t.canUndo;
    this.canRedo = t.canRedo;
    this.undoLabel = t.undoLabel;
    this.redoLabel = t.redoLabel;
  }

  /**
   * Keeps the timeline to one document: another document (or one loaded again) starts it
   * afresh; the same document's map loaded again drops only the map's steps, whose commands
   * belonged to the old map session.
   */
  private syncTimeline(session: MapSession | null): void {
    const key = session ? timelineKeyOf(this.sink, session) : this.timelineKey;
    if (key !== this.timelineKey) {
      this.timelineKey = key;
      // The last action said belongs to the document it was done in, not to this one.
      this.notice = '';
      this.timeline.clear(!(this.sink?.active && this.sink.dirty));
    } else if (session && this.timelineSession && session !== this.timelineSession) {
      this.timeline.forgetTrack(this.mapTrack);
    }
    if (session) this.timelineSession = session;
  }

  /** Listens to the document store: saves flush first, writes by others are not undoable. */
  private bindSink(): void {
    const sink = this.sink;
    if (sink === this.boundSink) return;
    for (const off of this.sinkOffs) off();
    this.sinkOffs = [];
    this.boundSink = sink;
    if (!sink) return;
    this.sinkOffs.push(
      sink.onBeforeSave(() => this.flushNow()),
      sink.onChange(() => {
        if (!this.writing) this.timeline.markUnreachable();
      }),
    );
  }
}

/** The document the timeline's steps belong to: a library document as loaded, else the viewed map. */
function timelineKeyOf(sink: DocumentSink | null, session: MapSession): unknown {
  return sink?.active ? `${sink.id}#${sink.generation}` : session;
}

const editors = new WeakMap<AppState, EditorState>();

/** The one editor of an app (made on first use). */
export function editorFor(app: AppState): EditorState {
  let e = editors.get(app);
  if (!e) {
    e = new EditorState(app);
    editors.set(app, e);
  }
  return e;
}
