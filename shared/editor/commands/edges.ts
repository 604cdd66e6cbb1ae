// Edits of the edge features: rivers and lake shores lie along cell sides; roads and rails
// cross sides, connecting the two cells, so a path of cells becomes the sides it crosses.
import type { Cell, EdgeId } from '../../grid/index.js';
import type { MapDocument } from '../document.js';
import { ChangeBuilder, EditError, labelOf, type Amount, type Command, type DocChange, type EdgeFeature } from '../types.js';

const NOUN: Record<EdgeFeature, string> = { rivers: 'river', lakeShores: 'lake shore', roads: 'road', rails: 'rail' };

export type EdgeMode = 'add' | 'remove' | 'toggle';

export class EdgesCommand implements Command {

  constructor(
    readonly feature: EdgeFeature,
    readonly title: string,
    /** Sides added by this command. */
    private readonly added: EdgeId[],
    /** Sides removed, with their position in the file's list so undo puts them back in place. */
    private readonly removed: [EdgeId, number][],
  ) {}

  get size(): number {
    return this.added.length + this.removed.length;
  }

  get amount(): Amount {
    return { count: this.size, unit: 'side' };
  }

  get label(): string {
    return labelOf(this.title, this.amount);
  }

  apply(doc: MapDocument): DocChange {
    const set = doc.edges[this.feature];
    const change = new ChangeBuilder();
    for (const [e] of this.removed) {
      set.delete(e);
      change.edges.add(e);
    }
    for (const e of this.added) {
      set.add(e);
      change.edges.add(e);
    }
    return change.done();
  }

  revert(doc: MapDocument): DocChange {
    const set = doc.edges[this.feature];
    const change = new ChangeBuilder();
    for (const e of this.added) {
      set.delete(e);
      change.edges.add(e);
    }
    for (const [e, seq] of this.removed) {
      set.addAt(e, seq);
      change.edges.add(e);
    }
    return change.done();
  }

  isNoop(): boolean {
    return this.size === 0;
  }

  /**
   * A later edit of the same feature: sides added then removed cancel out. A side removed
   * then added back stays in both lists, because it now sits last in the file's order and
   * the merged command must reproduce that exactly.
   */
  mergeWith(next: Command): Command | null {
    if (!(next instanceof EdgesCommand) || next.feature !== this.feature) return null;
    const added = new Set(this.added);
    const removed = new Map(this.removed);
    for (const [e, seq] of next.removed) {
      if (added.has(e)) added.delete(e);
      else removed.set(e, seq);
    }
    for (const e of next.added) added.add(e);
    return new EdgesCommand(this.feature, this.title, [...added], [...removed]);
  }
}

/**
 * Add, remove or toggle a feature on sides (e.g. the sides a river drag passed). Ids may be
 * written from either cell; each must be a side touching the map. Null when nothing changes.
 */
export function editEdges(doc: MapDocument, feature: EdgeFeature, edges: Iterable<EdgeId>, mode: EdgeMode): EdgesCommand | null {
  const grid = doc.grid;
  const set = doc.edges[feature];
  const added: EdgeId[] = [];
  const removed: [EdgeId, number][] = [];
  const seen = new Set<EdgeId>();
  for (const raw of edges) {
    const e = grid.parseEdge(raw);
    if (!e) throw new EditError(`${feature}: "${raw}" is not a side of this grid`);
    const [a, b] = grid.edgeCells(e);
    if (!grid.inMap(a) && !grid.inMap(b)) throw new EditError(`${feature}: side "${raw}" lies outside the map`);
    if (seen.has(e)) continue;
    seen.add(e);
    const present = set.has(e);
    const add = mode === 'add' || (mode === 'toggle' && !present);
    if (add && !present) added.push(e);
    else if (!add && present) removed.push([e, set.seqOf(e)!]);
  }
  if (added.length + removed.length === 0) return null;
  const verb = mode === 'toggle' ? 'Toggle' : mode === 'add' ? 'Add' : 'Remove';
  return new EdgesCommand(feature, `${verb} ${NOUN[feature]}`, added, removed);
}

/**
 * Roads and rails: connect (or disconnect) each pair of consecutive cells of a path through
 * the side between them. Steps between cells that share no side (an 8-way square's
 * diagonal) carry no road: the format keys crossings by side.
 */
export function connectPath(doc: MapDocument, feature: 'roads' | 'rails', path: readonly Cell[], mode: Exclude<EdgeMode, 'toggle'>): EdgesCommand | null {
  return editEdges(doc, feature, doc.grid.edgesAlongPath(path), mode);
}
