// The map designer's state, put together from its parts:
//   tools  (tool-state.svelte.ts)  the one active tool, its options, pointer input → tool
//   undo   (undo-state.svelte.ts)  what Undo/Redo show of the open store's one history
//   map    (map-binding.ts)        store changes → the canvas repaints what they touched
//   keys   (designer-keys.ts)      the designer's keyboard
// plus the view's layer toggles and short messages. The open scenario and its history live in
// the document store (state/store.ts, `app.open.store`); this file only attaches the
// designer to it while the map view is mounted.
import type { Command } from '../../../shared/editor/index.js';
import type { Cell } from '../../../shared/grid/types.js';
import type { MapLayers as SceneLayers } from '../../../shared/format/scenario.types.js';
import { isLocked, LAYER_IDS, layerState, lockedMessage, type LayerId } from '../../../shared/paint/layers.js';
import type { MapLayers } from '../map/draw.js';
import { CELL_SIZE, type MapRenderer } from '../map/MapRenderer.js';
import { drawFeedback } from '../map/overlay.js';
import { LOD } from '../map/lod.js';
import { REGION_TOOLS, type ToolId, type ToolOptions } from '../tools/index.js';
import { RegionController } from '../tools/region.svelte.js';
import { victoryVpOf } from '../tools/liveModel.js';
import type { AppState } from './app.svelte.js';
import { designerKey } from './designer-keys.js';
import { bindMapToStore } from './map-binding.js';
import type { ScenarioStore } from './store.js';
import { ToolState, type Modifiers } from './tool-state.svelte.js';
import { UndoState } from './undo-state.svelte.js';
import { StampShelf } from './stamps.svelte.js';
import { FindState } from './find.svelte.js';

/** The View panel's toggles: the designer's, not the scenario's (grid lines, coordinates, minimap). */
export interface ViewToggles {
  grid: boolean;
  coordinates: boolean;
  minimap: boolean;
}

/** What the map view shows: the open scenario's layers (Layers panel, map.layers) and the View toggles. */
export interface Layers extends MapLayers {
  units: boolean;
  minimap: boolean;
}

export class EditorState {
  view = $state<ViewToggles>({ grid: true, coordinates: true, minimap: true });
  /** Bumps when the view pans or zooms (overlays positioned on the map follow it). */
  viewTick = $state(0);
  /** Bumps on every applied command, so views reading the document re-run. */
  version = $state(0);
  /** The cell whose name is being typed in place. */
  naming = $state.raw<Cell | null>(null);
  /** The last refused edit, shown briefly. */
  message = $state('');
  settingsOpen = $state(false);
  /** The "Go to cell" box (Ctrl+G) is open. */
  goToOpen = $state(false);

  readonly tools: ToolState;
  readonly undoState = new UndoState();

  private store = $state.raw<ScenarioStore | null>(null);
  private renderer: MapRenderer | null = null;
  private unbind: (() => void) | null = null;
  private messageTimer: ReturnType<typeof setTimeout> | undefined;

  /** The selection of cells, the clipboard and the floating paste (tools/region.svelte.ts). */
  readonly region: RegionController;
  /** The library's stamps and the ones chosen to paint with (state/stamps.svelte.ts). */
  readonly stamps = new StampShelf();
  /** The Find panel (Ctrl+F): its query, the cells it finds, Next/Previous, Replace (state/find.svelte.ts). */
  readonly find: FindState;

  constructor(private readonly app: AppState) {
    this.region = new RegionController({
      session: () => this.store,
      size: CELL_SIZE,
      scale: () => this.renderer?.view.scale ?? 1,
      look: () => {
        const doc = this.store?.doc;
        return { base: { sides: doc?.sides ?? [], defaultVictoryVp: doc ? victoryVpOf(doc) : 2 }, layers: this.layers };
      },
      pasteCell: () => this.app.hover ?? this.viewCentreCell(),
      redraw: () => this.renderer?.redrawOverlay(),
      report: (m) => this.report(m),
      notice: (m) => (this.undoState.notice = m),
      useRegionTool: () => {
        if (!REGION_TOOLS.has(this.tools.tool)) this.tools.setTool('marquee');
      },
      stampEnded: () => {
        if (this.tools.tool === 'stamp') this.tools.setTool('select');
      },
    });
    this.tools = new ToolState({
      region: this.region,
      store: () => this.store,
      renderer: () => this.renderer,
      select: (cell) => (this.app.selected = cell),
      editName: (cell) => (this.naming = cell),
      report: (m) => this.report(m),
      withdraw: (m) => this.withdraw(m),
      redrawOverlay: () => this.renderer?.redrawOverlay(),
      refuseLocked: (id) => this.refuseLocked(id),
      stamps: this.stamps,
    });
    this.find = new FindState({
      doc: () => this.store?.doc ?? null,
      version: () => this.version,
      selection: () => this.region.selection,
      setSelection: (cells) => this.region.setSelection(cells),
      show: (cell) => this.showCell(cell),
      run: (make) => this.edit((s) => make(s.doc)),
      refuseLocked: (id) => this.refuseLocked(id),
      redraw: () => this.renderer?.redrawOverlay(),
    });
  }

  /**
   * What the map view shows (reactive): the View toggles, and the open scenario's layers as
   * its Layers panel settings say (hidden layers off, opacity by layer).
   */
  get layers(): Layers {
    void this.app.storeVersion;
    const lv = this.store?.doc.layerView ?? this.app.open?.scenario.map.layers;
    const shown = (id: LayerId) => !layerState(lv, id).hidden;
    const opacity: Record<string, number> = {};
    const custom = (this.store?.doc.sideFeatures ?? this.app.open?.scenario.map.sideFeatures ?? []).map((f) => `side:${f.id}`);
    for (const id of [...LAYER_IDS, ...custom]) {
      const o = layerState(lv, id).opacity;
      if (id !== 'underlay' && o < 1) opacity[id] = o;
    }
    const hidden = custom.filter((id) => layerState(lv, id).hidden);
    return {
      ...this.view,
      terrain: shown('terrain'),
      control: shown('control'),
      rivers: shown('rivers'),
      lakeShores: shown('lakeShores'),
      roads: shown('roads'),
      rails: shown('rails'),
      markers: shown('markers'),
      names: shown('names'),
      units: shown('units'),
      ...(Object.keys(opacity).length ? { opacity } : {}),
      ...(hidden.length ? { hidden } : {}),
    };
  }

  /** The open scenario's Layers panel settings (map.layers), reactive. */
  get layerView(): SceneLayers | undefined {
    void this.app.storeVersion;
    return this.store?.doc.layerView;
  }

  /** Changes the Layers panel settings: view state, kept in the file but no undo step. */
  setLayerView(next: SceneLayers | undefined): void {
    this.store?.setLayerView(next);
  }

  /**
   * True (and the status line says so) when layer `id` is locked: the edit that would change
   * it must not happen.
   */
  refuseLocked(id: LayerId | string): boolean {
    if (!isLocked(this.store?.doc.layerView, id)) return false;
    const custom = id.startsWith('side:') ? this.store?.doc.sideFeatures.find((f) => `side:${f.id}` === id)?.name : undefined;
    this.report(lockedMessage(id, custom));
    return true;
  }

  /** The store the designer is attached to (the open scenario's), while the map view is up. */
  get current(): ScenarioStore | null {
    return this.store;
  }

  /** Shows the open store on a canvas; edits then repaint only what they touched. */
  attach(store: ScenarioStore, renderer: MapRenderer): void {
    if (this.store === store && this.renderer === renderer) return;
    this.release();
    this.store = store;
    this.renderer = renderer;
    this.naming = null;
    this.tools.reset(store);
    this.undoState.bind(store);
    this.region.bind(store.doc);
    this.find.reset();
    renderer.setOverlayDrawer((ctx, scale) => {
      this.find.draw(ctx, scale, CELL_SIZE);
      this.region.draw(ctx, scale);
      drawFeedback(ctx, store.doc.grid, CELL_SIZE, scale, this.tools.feedback);
    });
    this.unbind = bindMapToStore(store, renderer, {
      changed: () => this.version++,
      selected: () => this.app.selected,
      select: (cell) => (this.app.selected = cell),
    });
  }

  /** The map view is gone (another screen); the store keeps its history for when it comes back. */
  detach(): void {
    this.release();
  }

  private release(): void {
    this.tools.cancel();
    this.unbind?.();
    this.unbind = null;
    this.renderer?.setOverlayDrawer(null);
    this.region.bind(null);
    this.store = null;
    this.renderer = null;
  }

  // ---- the active tool (tools) ----

  get tool(): ToolId {
    return this.tools.tool;
  }
  get options(): ToolOptions {
    return this.tools.options;
  }
  get networkMap(): boolean {
    return this.tools.networkMap;
  }
  setTool(id: ToolId): void {
    this.tools.setTool(id);
  }
  pointerDown(p: { x: number; y: number }, mods: Modifiers): void {
    this.tools.pointerDown(p, mods);
  }
  pointerMove(p: { x: number; y: number }, mods: Modifiers): void {
    this.tools.pointerMove(p, mods);
  }
  pointerUp(p: { x: number; y: number }, mods: Modifiers): void {
    this.tools.pointerUp(p, mods);
  }
  pointerLeave(): void {
    this.tools.pointerLeave();
  }

  // ---- undo / redo (the store's one history) ----

  get canUndo(): boolean {
    return this.undoState.canUndo;
  }
  get canRedo(): boolean {
    return this.undoState.canRedo;
  }
  get undoLabel(): string | null {
    return this.undoState.undoLabel;
  }
  get redoLabel(): string | null {
    return this.undoState.redoLabel;
  }
  /** The last edit, undo or redo (the panels' header shows it). */
  get notice(): string {
    return this.undoState.notice;
  }

  /** Undoes the newest step of the document, map stroke or panel edit. A gesture under way is dropped first. */
  undo(): void {
    this.tools.cancel();
    this.undoState.undo();
  }

  redo(): void {
    this.tools.cancel();
    this.undoState.redo();
  }

  /**
   * Runs a command built from the open store as one undo step (inspector, settings, panels'
   * map features), under `label` when given; a refused edit (RangeError) is reported and false.
   */
  edit(make: (s: ScenarioStore) => Command | null, label?: string): boolean {
    const s = this.store;
    if (!s) return false;
    try {
      return label === undefined ? s.run(make(s)) : s.step(label, () => s.run(make(s)));
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
    return this.region.handleKey(e) || designerKey(this, e);
  }

  /**
   * "Go to cell": the cell a label names (as the map labels cells, e.g. "0207" or "B7") is
   * centred in the view and selected. Answers why not when the label names no cell of this map.
   */
  goTo(text: string): string | null {
    const s = this.store;
    const r = this.renderer;
    if (!s || !r) return 'No map is open.';
    const grid = s.doc.grid;
    const label = text.trim();
    const first = grid.label(grid.cellAt(0));
    const last = grid.label(grid.cellAt(grid.cellCount - 1));
    const looks = grid.network ? `a position's label, e.g. ${first}` : `labels here run from ${first} to ${last}`;
    if (!label) return `Type a cell label (${looks}).`;
    const cell = grid.parseLabel(label);
    if (!cell || !grid.inMap(cell)) return `“${label}” is not a cell of this map (${looks}).`;
    this.showCell(cell);
    return null;
  }

  /**
   * Centres the view on a cell, close enough to read it and its label (map/lod.ts shows them
   * from 52 px), through the one viewport controller, and selects it (Go to cell, Find's Next).
   */
  showCell(cell: Cell): void {
    const r = this.renderer;
    const s = this.store;
    if (!r || !s) return;
    const legible = Math.max(64, LOD.coordinates);
    r.viewport.centreOn(s.doc.grid.center(cell, CELL_SIZE), Math.max(r.view.scale, legible / CELL_SIZE));
    this.app.selected = cell;
  }

  /** The cell in the middle of the map view (where a paste starts when the pointer is elsewhere). */
  private viewCentreCell(): Cell | null {
    const r = this.renderer;
    const s = this.store;
    if (!r || !s) return null;
    const v = r.visibleCells;
    const cell = s.doc.grid.pixelToCell({ x: (v.x + v.width / 2) * CELL_SIZE, y: (v.y + v.height / 2) * CELL_SIZE }, CELL_SIZE);
    return s.doc.grid.inMap(cell) ? cell : null;
  }

  report(message: string): void {
    this.message = message;
    clearTimeout(this.messageTimer);
    this.messageTimer = setTimeout(() => (this.message = ''), 5000);
  }

  /** Takes `message` down if it is the one shown (it no longer applies). */
  withdraw(message: string): void {
    if (this.message !== message) return;
    this.message = '';
    clearTimeout(this.messageTimer);
  }
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
