// The designer's one notion of the active tool: which tool is chosen, its options, the tool
// objects, and pointer input turned into tool calls. A tool changes the scenario only
// through the open store's history (tools/types.ts); what it shows while working (brush
// footprint, hovered side) is kept here for the overlay painter.
import type { Cell, Point } from '../../../shared/grid/types.js';
import { CELL_SIZE, type MapRenderer } from '../map/MapRenderer.js';
import type { RegionController } from '../tools/region.svelte.js';
import { SHAPE_TOOLS, createTool, gridToolBlock, networkRouteNote, networkToolBlock, type StampSource, type Feedback, type PointerInput, type Tool, type ToolContext, type ToolId, type ToolOptions } from '../tools/index.js';
import type { ScenarioStore } from './store.js';

const TERRAIN_TOOLS: readonly ToolId[] = ['brush', 'rect', 'ellipse', 'line', 'polygon', 'fill'];

export interface Modifiers {
  altKey: boolean;
  shiftKey: boolean;
}

/** What the tools reach outside themselves: the open store and canvas, selection, naming, messages. */
export interface ToolHost {
  store(): ScenarioStore | null;
  renderer(): MapRenderer | null;
  select(cell: Cell | null): void;
  editName(cell: Cell): void;
  report(message: string): void;
  /** Takes `message` down if it is still shown (it no longer applies). */
  withdraw?(message: string): void;
  /** The overlay should be drawn again (feedback changed). */
  redrawOverlay(): void;
  /** The selection, clipboard and floating paste the region tools work on. */
  readonly region: RegionController;
  /** True (having said so) when layer `id` is locked in the Layers panel. */
  refuseLocked?(id: string): boolean;
  /** The stamps the Stamp tool paints with. */
  readonly stamps: StampSource;
}

/** The layers (shared/paint/layers.ts) a tool's stroke changes; a locked one stops the stroke before it starts. */
export function layersOfTool(id: ToolId, options: ToolOptions): readonly string[] {
  switch (id) {
    case 'brush':
    case 'rect':
    case 'ellipse':
    case 'line':
    case 'polygon':
    case 'fill':
      return ['terrain'];
    case 'eraser':
      return ['terrain', 'markers', 'names'];
    case 'river':
      return ['rivers'];
    case 'lake':
      return ['lakeShores'];
    case 'road':
      return ['roads'];
    case 'rail':
      return ['rails'];
    case 'control':
      return ['control'];
    case 'marker':
      return [options.marker === 'name' ? 'names' : 'markers'];
    case 'side':
      return [`side:${options.sideFeature}`];
    default:
      return [];
  }
}

export class ToolState {
  /** The active tool ('pan' moves the view; every other tool edits or selects). */
  tool = $state<ToolId>('pan');
  options = $state<ToolOptions>({
    brushSize: 1,
    terrain: '',
    side: '',
    controlMode: 'brush',
    marker: 'supply',
    victoryPerTurn: 2,
    victoryEndGame: 0,
    linkType: 'ordinary',
    sideFeature: '',
    shapeFilled: true,
  });
  /** The network link last clicked with the Positions and links tool (the inspector edits it), or null. */
  selectedLink = $state<string | null>(null);
  /** The shape tool the rail's shape button shows: the last one chosen. */
  lastShape = $state<ToolId>('rect');
  /** Whether the open map is a network (positions joined by links) rather than a grid of cells. */
  networkMap = $state(false);
  /**
   * A word about the tool in hand that is not an error (the Road tool on a network map handed
   * over to Positions and links, drawing roads); '' when none. Goes with the next tool change.
   */
  note = $state('');
  /** The last message the tools reported: taken down when the designer picks a tool that works. */
  private reported: string | null = null;

  private tools = new Map<ToolId, Tool>();
  private lastTerrainTool: ToolId = 'brush';
  private feedbackList: readonly Feedback[] = [];

  constructor(private readonly host: ToolHost) {}

  /** The active tool's object (made on first use). */
  get active(): Tool | null {
    const id = this.tool;
    let t = this.tools.get(id);
    if (!t) {
      const made = createTool(id, this.host.region, this.host.stamps);
      if (!made) return null;
      this.tools.set(id, made);
      t = made;
    }
    return t;
  }

  /** What the active tool asks the overlay to show. */
  get feedback(): readonly Feedback[] {
    return this.feedbackList;
  }

  setTool(id: ToolId): void {
    let note = '';
    if (this.networkMap && (id === 'road' || id === 'rail')) {
      // A network's roads and railways are the types of its links: the Positions and links tool
      // draws them, so the Road and Rail tools hand over to it, drawing their kind of link.
      this.options.linkType = id;
      note = networkRouteNote(id);
      id = 'network';
    }
    const blocked = this.networkMap ? networkToolBlock(id) : gridToolBlock(id);
    if (blocked) return this.tell(blocked);
    // A tool that works: what was said about another one no longer applies.
    if (this.reported !== null) this.host.withdraw?.(this.reported);
    this.reported = null;
    this.note = note;
    if (this.tool === id) return;
    this.cancel();
    if (TERRAIN_TOOLS.includes(id)) this.lastTerrainTool = id;
    if (SHAPE_TOOLS.includes(id)) this.lastShape = id;
    this.tool = id;
    this.showFeedback([]);
  }

  /** A newly opened map: fresh tool objects, and options that fit its palette and sides. */
  reset(store: ScenarioStore): void {
    const doc = store.doc;
    this.networkMap = doc.grid.network !== null;
    this.note = '';
    if (this.networkMap && (this.tool === 'road' || this.tool === 'rail')) this.tool = 'network';
    if (this.networkMap ? networkToolBlock(this.tool) : gridToolBlock(this.tool)) this.tool = 'select';
    this.tools.clear();
    this.feedbackList = [];
    this.selectedLink = null;
    // A grid's brush starts on the palette's second terrain (the first is the ground a new map is
    // made of); a network's new positions start on its first, plain ground (the tool options change it).
    if (this.networkMap) this.options.terrain = doc.terrainTypes[0]!.id;
    else if (!doc.terrainTypes.some((t) => t.id === this.options.terrain)) this.options.terrain = doc.terrainTypes[1]?.id ?? doc.terrainTypes[0]!.id;
    if (!doc.sides.some((s) => s.id === this.options.side)) this.options.side = doc.sides[0].id;
  }

  /** The terrain tools paint `id` from now on; the picker hands back to the last terrain tool. */
  pickTerrain(id: string): void {
    this.options.terrain = id;
    if (this.tool === 'picker') this.setTool(this.lastTerrainTool);
  }

  // ---- pointer input (points in container pixels) ----

  pointerDown(p: Point, mods: Modifiers): void {
    // Alt+click with a terrain tool picks the terrain under it: no change to refuse.
    const picking = mods.altKey && TERRAIN_TOOLS.includes(this.tool);
    if (!picking && this.host.refuseLocked && layersOfTool(this.tool, this.options).some((l) => this.host.refuseLocked!(l))) return;
    this.send(p, mods, (t, ctx, input) => t.down(ctx, input));
  }

  pointerMove(p: Point, mods: Modifiers): void {
    this.send(p, mods, (t, ctx, input) => t.move(ctx, input));
  }

  pointerUp(p: Point, mods: Modifiers): void {
    this.send(p, mods, (t, ctx, input) => t.up(ctx, input));
  }

  pointerLeave(): void {
    if (this.active?.phase !== 'idle') return;
    this.showFeedback([]);
    const ctx = this.context();
    if (ctx) this.active.leave?.(ctx);
  }

  /** Escape or a lost pointer: a gesture in progress is undone. */
  cancel(): void {
    const ctx = this.context();
    if (ctx) this.active?.cancel(ctx);
  }

  /** The Delete key on the map: the active tool's, when it has a use for it. */
  deleteKey(): boolean {
    const ctx = this.context();
    const tool = this.active;
    return ctx && tool?.deleteKey ? tool.deleteKey(ctx) : false;
  }

  /** The Enter key on the map: the active tool's (the polygon closes), when it has a use for it. */
  enterKey(): boolean {
    const ctx = this.context();
    const tool = this.active;
    return ctx && tool?.enterKey ? tool.enterKey(ctx) : false;
  }

  get busy(): boolean {
    return (this.active?.phase ?? 'idle') !== 'idle';
  }

  showFeedback(f: readonly Feedback[]): void {
    if (f.length === 0 && this.feedbackList.length === 0) return;
    this.feedbackList = f;
    this.host.redrawOverlay();
  }

  private send(p: Point, mods: Modifiers, call: (tool: Tool, ctx: ToolContext, input: PointerInput) => void): void {
    const ctx = this.context();
    const input = this.input(p, mods);
    const tool = this.active;
    if (ctx && input && tool) call(tool, ctx, input);
  }

  private context(): ToolContext | null {
    const s = this.host.store();
    const r = this.host.renderer();
    if (!s || !r) return null;
    return {
      doc: s.doc,
      history: s.history,
      options: this.options,
      size: CELL_SIZE,
      scale: r.view.scale,
      select: (cell) => {
        if (cell) this.selectedLink = null;
        this.host.select(cell);
      },
      selectLink: (id) => (this.selectedLink = id),
      pickTerrain: (id) => this.pickTerrain(id),
      editName: (cell) => this.host.editName(cell),
      feedback: (f) => this.showFeedback(f),
      report: (m) => this.tell(m),
    };
  }

  /** Reports a message from the tools (refused tool, refused stroke), remembered so it can be taken down. */
  private tell(message: string): void {
    this.reported = message;
    this.host.report(message);
  }

  private input(p: Point, mods: Modifiers): PointerInput | null {
    const r = this.host.renderer();
    const s = this.host.store();
    if (!r || !s) return null;
    const v = r.view;
    const point = { x: (p.x - v.x) / v.scale, y: (p.y - v.y) / v.scale };
    return { point, cell: s.doc.grid.pixelToCell(point, CELL_SIZE), alt: mods.altKey, shift: mods.shiftKey };
  }
}
