// Region editing in the designer: the selection of cells, the clipboard, and the floating
// paste (a clip following the pointer, turned with R / Shift+R, mirrored with M, put down
// with a click or Enter, dropped with Esc). The Stamp tool floats its stamps the same way
// (mode 'stamp'): each placement is one undo step and the stamp stays under the pointer. The selection tools (rectangle, lasso, magic
// wand) feed the controller; the region maths is shared/editor/region.ts.
//
// Every edit is one undo step, made through `commit` below — the one place this file
// touches the open map's history (a gesture around the commands), so moving it onto another
// document store means changing that function only.
//
// The selection outline and the floating paste are drawn by `draw`, called from the map's
// interactive layer with map-pixel coordinates; both are cached as Path2D and only translated
// while the pointer moves, so a 100×100 clip follows the mouse at full frame rate.
import {
  cellsInPolygon, cellsInRect, centreCell, clearRegion, combineSelection, extractClip, floodRegion, latticeOf,
  latticesFit, normaliseSelection, placeClip, rotationStep, transformClip,
  type Clip, type Command, type MapDocument, type SelectMode,
} from '../../../shared/editor/index.js';
import type { Cell, GridGeometry, Point } from '../../../shared/grid/types.js';
import type { ClipBase } from '../../../shared/paint/clip.js';
import { clipImage, outlinePath, strokeOutline, type ClipImage } from '../map/clip-image.js';
import type { MapLayers } from '../map/draw.js';

/** What the controller needs of the editor around it. */
export interface RegionHost {
  /** The open document store (state/store.ts), or null when no map is shown. */
  session(): { doc: MapDocument; run(cmd: Command | null): boolean; step<T>(label: string, edit: (doc: MapDocument) => T): T } | null;
  /** Map pixels across one cell. */
  readonly size: number;
  /** Screen pixels per map pixel now. */
  scale(): number;
  /** What a floating clip is painted with: the map's sides and victory value, and the layers shown. */
  look(): { base: ClipBase; layers: MapLayers };
  /** The cell under the pointer, or a sensible place for a paste when the pointer is off the map. */
  pasteCell(): Cell | null;
  redraw(): void;
  report(message: string): void;
  /** Says what was done (the panels' header shows the last edit). */
  notice(message: string): void;
  /** Makes the region tool active (a paste needs the pointer). */
  useRegionTool(): void;
  /** Esc put the stamp away: the Stamp tool hands over to Select. */
  stampEnded(): void;
}

/** What a floating stamp puts down at a cell: one stamp, or (painting at random) the one the cell picks. */
export type StampChooser = (cell: Cell) => { clip: Clip; name: string } | string;

export type FloatMode = 'paste' | 'move' | 'stamp';

/**
 * The clipboard outlives the open scenario: copy in one, paste in another. Raw state: a deep
 * $state would wrap the clip's cells and units in proxies, which structuredClone refuses when
 * a paste copies features and units (named cells, units standing in the region).
 */
let board = $state.raw<{ clip: Clip | null; from: string }>({ clip: null, from: '' });

export function clipboardClip(): Clip | null {
  return board.clip;
}

interface Floating {
  /** The clip as lifted (before turning). */
  source: Clip;
  /** A stamp's name (the undo step says it). */
  name: string;
  /** Stamps: which stamp lands at a cell (a random choice changes with the cell). */
  readonly choose: StampChooser | null;
  rotation: number;
  mirrored: boolean;
  /** The clip as it will be put down. */
  shown: Clip;
  anchor: Cell;
  /** Where the anchor started (a move that ends there changes nothing). */
  readonly initialAnchor: Cell;
  /** 'move': the cells it came from are emptied when it is put down; 'stamp': it stays after each placement. */
  readonly mode: FloatMode;
  readonly from: readonly number[];
  /** Cached drawing, relative to the reference cell's centre. */
  picture: Picture | null;
}

/** A floating clip as drawn: painted by the map painter, with its outline (map px from the anchor cell's centre). */
export interface Picture {
  image: ClipImage;
  outline: Path2D;
  /** What it was painted for: the device px per map px asked for and the layers shown. */
  key: string;
}

const ACCENT = '#1f6feb';

export class RegionController {
  /** Selected cells (map indices, sorted). */
  selection = $state.raw<readonly number[]>([]);
  /** True while a clip floats over the map. */
  floatingInfo = $state.raw<{ cells: number; rotation: number; mirrored: boolean; mode: FloatMode; step: number; name: string } | null>(null);
  /** A lasso being drawn (map pixels). */
  private lasso: Point[] | null = null;
  private floating: Floating | null = null;
  /** The floating clip is not drawn (the pointer is off the map); it still turns and mirrors. */
  private hidden = false;
  /** The Stamp tool's turn and mirror, kept between placements and stamps. */
  private stampTurn = { rotation: 0, mirrored: false };
  private outline: Path2D | null = null;
  private doc: MapDocument | null = null;

  constructor(private readonly host: RegionHost) {}

  get clipboard(): Clip | null {
    return board.clip;
  }

  /** A new map is shown: its selection starts empty. */
  bind(doc: MapDocument | null): void {
    if (doc === this.doc) return;
    this.doc = doc;
    this.floating = null;
    this.floatingInfo = null;
    this.lasso = null;
    this.setSelection([]);
  }

  get isFloating(): boolean {
    return this.floating !== null;
  }

  // ---- selection ----

  setSelection(cells: readonly number[]): void {
    const doc = this.doc;
    this.selection = doc ? normaliseSelection(doc.grid, cells) : [];
    this.outline = null;
    this.host.redraw();
  }

  select(cells: readonly number[], mode: SelectMode): void {
    this.setSelection(combineSelection(this.selection, cells, mode));
  }

  selectRect(a: Cell, b: Cell, mode: SelectMode): void {
    if (this.doc) this.select(cellsInRect(this.doc.grid, a, b), mode);
  }

  selectWand(cell: Cell, mode: SelectMode): void {
    const doc = this.doc;
    if (!doc || !doc.grid.inMap(cell)) return;
    this.select(floodRegion(doc.grid, doc.terrain, cell).cells, mode);
  }

  selectAll(): void {
    if (this.doc) this.setSelection(Array.from({ length: this.doc.grid.cellCount }, (_, i) => i));
  }

  has(cell: Cell): boolean {
    const doc = this.doc;
    if (!doc || !doc.grid.inMap(cell)) return false;
    const i = doc.grid.index(cell);
    // Sorted: binary search.
    let lo = 0, hi = this.selection.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const v = this.selection[mid]!;
      if (v === i) return true;
      if (v < i) lo = mid + 1;
      else hi = mid - 1;
    }
    return false;
  }

  beginLasso(p: Point): void {
    this.lasso = [p];
    this.host.redraw();
  }

  extendLasso(p: Point): void {
    const l = this.lasso;
    if (!l) return;
    const last = l[l.length - 1]!;
    if (Math.hypot(p.x - last.x, p.y - last.y) * this.host.scale() < 3) return;
    l.push(p);
    this.host.redraw();
  }

  endLasso(mode: SelectMode): void {
    const l = this.lasso;
    this.lasso = null;
    if (!l || !this.doc) return this.host.redraw();
    this.select(cellsInPolygon(this.doc.grid, l, this.host.size), mode);
  }

  cancelLasso(): void {
    this.lasso = null;
    this.host.redraw();
  }

  // ---- clipboard ----

  copy(): boolean {
    const doc = this.doc;
    if (!doc || this.selection.length === 0) return false;
    const clip = this.guard(() => extractClip(doc, this.selection));
    if (!clip) return false;
    board = { ...board, clip };
    this.host.notice(`Copied ${plural(clip.cells.length, 'cell')}`);
    return true;
  }

  cut(): boolean {
    const doc = this.doc;
    if (!doc || this.selection.length === 0 || !this.copy()) return false;
    const cells = this.selection;
    this.commit(`Cut ${plural(cells.length, 'cell')}`, () => [clearRegion(doc, cells, 'Cut')]);
    return true;
  }

  deleteSelection(): boolean {
    const doc = this.doc;
    if (!doc || this.selection.length === 0) return false;
    const cells = this.selection;
    this.commit(`Delete ${plural(cells.length, 'cell')}`, () => [clearRegion(doc, cells)]);
    return true;
  }

  /** Starts a floating paste of the clipboard under the pointer. */
  paste(): boolean {
    const doc = this.doc;
    const clip = board.clip;
    if (!doc) return false;
    if (!clip) {
      this.host.report('Nothing to paste: select cells and copy them first (Ctrl+C).');
      return true;
    }
    const lattice = this.guard(() => latticeOf(doc.grid));
    if (!lattice) return true;
    if (!latticesFit(clip.lattice, lattice)) {
      this.host.report(`The copied cells come from a ${clip.lattice.startsWith('hex') ? 'hex' : clip.lattice === 'square' ? 'square' : 'offset-square'} map; they cannot be pasted on this one.`);
      return true;
    }
    const anchor = this.host.pasteCell() ?? centreCell(doc.grid, [Math.floor(doc.grid.cellCount / 2)]);
    this.host.useRegionTool();
    this.float({ source: clip, mode: 'paste', from: [], anchor });
    return true;
  }

  /** Floats the stamp `choose` picks under the pointer (the Stamp tool); false, said to the user, when there is none. */
  floatStamp(choose: StampChooser, anchor: Cell): boolean {
    if (!this.doc) return false;
    const pick = choose(anchor);
    if (typeof pick === 'string') {
      this.host.report(pick);
      return false;
    }
    this.float({ source: pick.clip, mode: 'stamp', from: [], anchor, choose, name: pick.name });
    return true;
  }

  get floatingMode(): FloatMode | null {
    return this.floating?.mode ?? null;
  }

  /** Lifts the selection to move it; `grab` is the cell the pointer holds it by. */
  beginMove(grab: Cell): void {
    const doc = this.doc;
    if (!doc || this.selection.length === 0) return;
    const clip = this.guard(() => extractClip(doc, this.selection, grab));
    if (clip) this.float({ source: clip, mode: 'move', from: this.selection, anchor: grab });
  }

  private float(f: { source: Clip; mode: FloatMode; from: readonly number[]; anchor: Cell; choose?: StampChooser; name?: string }): void {
    // A stamp keeps the turn and mirror it was last given while it is painted with.
    const stamp = f.mode === 'stamp';
    const rotation = stamp ? this.stampTurn.rotation : 0;
    const mirrored = stamp ? this.stampTurn.mirrored : false;
    this.hidden = false;
    this.floating = {
      source: f.source, mode: f.mode, from: f.from, anchor: f.anchor, choose: f.choose ?? null, name: f.name ?? '',
      initialAnchor: f.anchor, rotation, mirrored, shown: transformClip(f.source, { rotation, mirrored }), picture: null,
    };
    this.updateInfo();
    this.host.redraw();
  }

  // ---- the floating clip ----

  moveFloating(cell: Cell): void {
    const f = this.floating;
    if (f && this.hidden) {
      this.hidden = false;
      this.host.redraw();
    }
    if (!f || (f.anchor.col === cell.col && f.anchor.row === cell.row)) return;
    f.anchor = cell;
    if (f.choose) {
      // Painting at random: the stamp shown is the one a click here puts down.
      const pick = f.choose(cell);
      if (typeof pick !== 'string' && pick.clip !== f.source) {
        f.source = pick.clip;
        f.name = pick.name;
        return this.reshape(f);
      }
    }
    this.host.redraw();
  }

  /** Turns the floating clip by one step of the grid's symmetry (clockwise, or back with -1). */
  rotate(dir: 1 | -1 = 1): void {
    const f = this.floating;
    if (!f) return;
    // Mirrored, a clockwise turn of what is shown is an anticlockwise turn of the source.
    f.rotation += f.mirrored ? -dir : dir;
    this.reshape(f);
  }

  mirror(): void {
    const f = this.floating;
    if (!f) return;
    f.mirrored = !f.mirrored;
    this.reshape(f);
  }

  /** Hides the floating clip while the pointer is off the map (or shows it again). */
  hideFloating(hidden: boolean): void {
    if (!this.floating || this.hidden === hidden) return;
    this.hidden = hidden;
    this.host.redraw();
  }

  private reshape(f: Floating): void {
    if (f.mode === 'stamp') this.stampTurn = { rotation: f.rotation, mirrored: f.mirrored };
    f.shown = transformClip(f.source, { rotation: f.rotation, mirrored: f.mirrored });
    f.picture = null;
    this.updateInfo();
    this.host.redraw();
  }

  private updateInfo(): void {
    const f = this.floating;
    if (!f) {
      this.floatingInfo = null;
      return;
    }
    const step = rotationStep(f.source.lattice);
    const n = 360 / step;
    this.floatingInfo = { cells: f.source.cells.length, rotation: ((((f.rotation % n) + n) % n) * step), mirrored: f.mirrored, mode: f.mode, step, name: f.name };
  }

  /** Puts the floating clip down where it is: one undo step. A stamp stays floating; answers the cells it covered. */
  place(): number[] {
    const f = this.floating;
    const doc = this.doc;
    if (!f || !doc) return [];
    if (f.mode === 'stamp') return this.placeStamp(f, doc);
    if (f.mode === 'move' && f.rotation === 0 && !f.mirrored && this.sameAsStart(f)) {
      this.cancelFloating();
      return [];
    }
    this.floating = null;
    this.updateInfo();
    const n = f.source.cells.length;
    let placedCells: number[] = [];
    const label = f.mode === 'move' ? `Move ${plural(n, 'cell')}` : `Paste ${plural(n, 'cell')}`;
    this.commit(label, () => {
      const clear = f.mode === 'move' ? clearRegion(doc, f.from, 'Move') : null;
      return [
        clear,
        // Built after the source is emptied, so a move onto overlapping cells sees them empty.
        () => {
          const placed = placeClip(doc, f.shown, f.anchor, f.mode === 'move' ? 'Move' : 'Paste');
          placedCells = placed.cells;
          const lost = [
            placed.dropped.cells && plural(placed.dropped.cells, 'cell'),
            placed.dropped.edges && plural(placed.dropped.edges, 'side'),
            placed.dropped.units && plural(placed.dropped.units, 'unit'),
          ].filter(Boolean);
          if (lost.length > 0) this.host.report(`${lost.join(', ')} fell off the map and ${lost.length === 1 && placed.dropped.cells === 1 ? 'was' : 'were'} not placed.`);
          if (placed.addedTypes.length > 0) this.host.notice(`${label}; added ${placed.addedTypes.map((t) => t.name).join(', ')} to this map's terrain`);
          return placed.command;
        },
      ];
    });
    this.setSelection(placedCells);
    return placedCells;
  }

  private placeStamp(f: Floating, doc: MapDocument): number[] {
    let covered: number[] = [];
    const label = `Stamp “${f.name}”`;
    this.commit(label, () => [
      () => {
        const placed = placeClip(doc, f.shown, f.anchor, label);
        covered = placed.cells;
        if (placed.addedTypes.length > 0) this.host.notice(`${label}; added ${placed.addedTypes.map((t) => t.name).join(', ')} to this map's terrain`);
        return placed.command;
      },
    ]);
    // The map under the stamp changed; the picture of the stamp did not.
    this.host.redraw();
    return covered;
  }

  private sameAsStart(f: Floating): boolean {
    return f.initialAnchor.col === f.anchor.col && f.initialAnchor.row === f.anchor.row;
  }

  cancelFloating(): void {
    if (!this.floating) return;
    this.floating = null;
    this.updateInfo();
    this.host.redraw();
  }

  // ---- keys ----

  /** The designer's region keys; true when used. */
  handleKey(e: KeyboardEvent): boolean {
    if (!this.doc) return false;
    const mod = e.ctrlKey || e.metaKey;
    const key = e.key.toLowerCase();
    if (this.floating) {
      if (mod) return key === 'c' || key === 'x' || key === 'v';
      if (key === 'r') return this.rotate(e.shiftKey ? -1 : 1), true;
      if (key === 'm') return this.mirror(), true;
      if (e.key === 'Enter') return this.place(), true;
      if (e.key === 'Escape') {
        const stamp = this.floating.mode === 'stamp';
        this.cancelFloating();
        if (stamp) this.host.stampEnded();
        return true;
      }
      return false;
    }
    if (mod && !e.altKey) {
      if (key === 'c' && !e.shiftKey) return this.copy();
      if (key === 'x' && !e.shiftKey) return this.cut();
      if (key === 'v' && !e.shiftKey) return this.paste();
      if (key === 'a' && !e.shiftKey) return this.selectAll(), true;
      if (key === 'd' || (key === 'a' && e.shiftKey)) return this.setSelection([]), true;
      return false;
    }
    if ((e.key === 'Delete' || e.key === 'Backspace') && !e.altKey) return this.deleteSelection();
    if (e.key === 'Escape' && this.selection.length > 0 && !this.lasso) return this.setSelection([]), true;
    return false;
  }

  // ---- the one adapter to the undo history ----

  /**
   * Runs the commands as one undo step named `label`. Each entry is a command, or a function
   * building one from the document as the earlier entries left it; refused edits are told.
   */
  private commit(label: string, make: () => (Command | null | (() => Command | null))[]): void {
    const s = this.host.session();
    if (!s) return;
    try {
      // The store's one step: a refused part reverts what the earlier parts applied.
      s.step(label, () => {
        for (const part of make()) s.run(typeof part === 'function' ? part() : part);
      });
    } catch (err) {
      if (err instanceof RangeError) this.host.report(err.message);
      else throw err;
    }
  }

  private guard<T>(f: () => T): T | null {
    try {
      return f();
    } catch (err) {
      if (err instanceof RangeError) {
        this.host.report(err.message);
        return null;
      }
      throw err;
    }
  }

  // ---- drawing (map pixels) ----

  /** The floating clip's picture at this zoom, painted again only when the zoom or the layers moved on. */
  private picture(f: Floating, doc: MapDocument, scale: number): Picture {
    const ratio = paintRatio(scale, globalThis.devicePixelRatio || 1);
    const look = this.host.look();
    const key = `${ratio}|${JSON.stringify(look.layers)}|${look.base.sides.map((s) => s.colour).join()}`;
    if (f.picture?.key === key) return f.picture;
    const size = this.host.size;
    const image = clipImage(doc.grid, f.shown, look.base, size, ratio, look.layers);
    return { image, outline: image.outline, key };
  }

  draw(ctx: CanvasRenderingContext2D, scale: number): void {
    const doc = this.doc;
    if (!doc) return;
    const size = this.host.size;
    ctx.save();
    ctx.lineJoin = 'round';
    ctx.lineCap = 'round';
    if (this.selection.length > 0 && !(this.floating?.mode === 'move')) {
      this.outline ??= outlinePath(doc.grid, this.selection, size);
      ctx.fillStyle = 'rgba(31,111,235,0.12)';
      ctx.strokeStyle = 'rgba(255,255,255,0.95)';
      ctx.lineWidth = 4 / scale;
      ctx.stroke(this.outline);
      ctx.strokeStyle = ACCENT;
      ctx.lineWidth = 2 / scale;
      ctx.setLineDash([6 / scale, 4 / scale]);
      ctx.stroke(this.outline);
      ctx.setLineDash([]);
    }
    if (this.lasso && this.lasso.length > 1) {
      ctx.beginPath();
      this.lasso.forEach((p, i) => (i === 0 ? ctx.moveTo(p.x, p.y) : ctx.lineTo(p.x, p.y)));
      ctx.closePath();
      ctx.fillStyle = 'rgba(31,111,235,0.08)';
      ctx.fill();
      ctx.strokeStyle = ACCENT;
      ctx.lineWidth = 1.5 / scale;
      ctx.setLineDash([5 / scale, 4 / scale]);
      ctx.stroke();
      ctx.setLineDash([]);
    }
    const f = this.floating;
    if (f && !this.hidden) {
      const pic = (f.picture = this.picture(f, doc, scale));
      const at = doc.grid.center(f.anchor, size);
      ctx.translate(at.x, at.y);
      const { canvas, box } = pic.image;
      ctx.globalAlpha = 0.85;
      ctx.drawImage(canvas, box.x, box.y, box.width, box.height);
      ctx.globalAlpha = 1;
      strokeOutline(ctx, pic.outline, scale);
    }
    ctx.restore();
  }
}

/** Device px per map px rounded up to a step of √2: a clip is painted again only when the zoom has moved that far. */
export function paintRatio(scale: number, dpr: number): number {
  return 2 ** (Math.ceil(Math.log2(scale * dpr) * 2) / 2);
}

function plural(n: number, unit: string): string {
  return `${n} ${unit}${n === 1 ? '' : 's'}`;
}
