// Whole-map edits that swap parts of the document wholesale: map settings, the terrain
// palette, resizing. The command holds the parts as they were and as they become, so undo
// is exact however much moved (a resize shifts every cell, edge and unit).
import type { MapDocument, DocPart, DocState } from '../document.js';
import { ChangeBuilder, type CellShift, type Command, type DocChange } from '../types.js';

export class StateCommand implements Command {
  constructor(
    readonly label: string,
    private readonly before: Partial<DocState>,
    private readonly after: Partial<DocState>,
    readonly mergeKey?: string,
    /** How far applying moves every cell's content (a resize on the left or top). */
    private readonly shift: CellShift = { cols: 0, rows: 0 },
  ) {}

  /** Typed layers dominate; stores and lists are counted roughly per entry. */
  get bytes(): number {
    let n = 0;
    for (const part of [this.before, this.after]) {
      n += (part.terrain?.byteLength ?? 0) + (part.control?.byteLength ?? 0);
      n += (part.cells?.size ?? 0) * 100;
      if (part.edges) for (const set of Object.values(part.edges)) n += set.size * 40;
      n += ((part.orderOfBattle?.length ?? 0) + (part.reinforcements?.length ?? 0)) * 200;
    }
    return n;
  }

  apply(doc: MapDocument): DocChange {
    doc.write(this.after);
    return changeOf(this.before, this.after, this.shift);
  }

  revert(doc: MapDocument): DocChange {
    doc.write(this.before);
    return changeOf(this.after, this.before, { cols: -this.shift.cols, rows: -this.shift.rows });
  }

  /** Later edits of the same setting (e.g. typing a ground scale) fold into one step. */
  mergeWith(next: Command): Command | null {
    if (!(next instanceof StateCommand) || next.mergeKey === undefined || next.mergeKey !== this.mergeKey) return null;
    const shift = { cols: this.shift.cols + next.shift.cols, rows: this.shift.rows + next.shift.rows };
    return new StateCommand(next.label, { ...next.before, ...this.before }, { ...this.after, ...next.after }, this.mergeKey, shift);
  }

  isNoop(): boolean {
    return (Object.keys(this.after) as DocPart[]).every((k) => sameValue(k, this.before[k], this.after[k]));
  }
}

/** What a view must redraw when these parts are replaced. */
function changeOf(from: Partial<DocState>, to: Partial<DocState>, moved: CellShift): DocChange {
  const c = new ChangeBuilder();
  c.moved = moved;
  const has = (k: DocPart) => k in to;
  if (has('grid')) {
    const a = from.grid!;
    const b = to.grid!;
    c.meta = true;
    // Any change of shape or layout moves cells on screen: indices and chunks are stale. A
    // network's grid holds its positions and links, so any new one may move any of them.
    if (a.kind === 'network' || b.kind === 'network') {
      if (a !== b) {
        c.resized = true;
        c.allCells();
      }
    } else if (a.kind !== b.kind || a.cols !== b.cols || a.rows !== b.rows || a.orientation !== b.orientation || a.offset !== b.offset || a.adjacency !== b.adjacency) {
      c.resized = true;
      c.allCells();
    } else if (a.labels !== b.labels) {
      // Every cell prints its coordinates under the new scheme.
      c.allCells();
    }
  }
  if (has('cellSize') || has('groundScaleKm')) c.meta = true;
  if (has('terrainTypes')) {
    c.palette = true;
    c.allCells();
  }
  if (has('terrain')) c.touch('terrain');
  if (has('control')) c.touch('control');
  if (has('terrain') || has('control')) c.allCells();
  if (has('cells')) for (const id of new Set([...keysOf(from.cells), ...keysOf(to.cells)])) c.features.add(id);
  if (has('edges')) {
    for (const set of [from.edges, to.edges]) if (set) for (const list of Object.values(set)) for (const e of list) c.edges.add(e);
  }
  if (has('orderOfBattle') || has('reinforcements')) c.units = true;
  // The underlay is drawn over the map, not in it: no cell changes, but views look again.
  if (has('underlay')) {
    c.meta = true;
    c.touch('underlay');
  }
  return c.done();
}

function keysOf(m: DocState['cells'] | undefined): Iterable<string> {
  return m ? m.keys() : [];
}

const PLAIN_PARTS: ReadonlySet<DocPart> = new Set<DocPart>(['grid', 'cellSize', 'groundScaleKm', 'terrainTypes', 'underlay']);

/** Settings parts compare as plain data; bulk parts (arrays, stores) only by identity. */
function sameValue(part: DocPart, a: unknown, b: unknown): boolean {
  if (a === b) return true;
  return PLAIN_PARTS.has(part) && JSON.stringify(a) === JSON.stringify(b);
}
