// Edits of the scenario's own cell-side features (map.sideFeatures: escarpments, borders, walls,
// streams): their definitions (name, look, what they block) and the sides each runs along.
// A side is kept as written from the cell a one-sided symbol faces ("3,4,S": ticks toward 3,4);
// drawing over a side a feature already has removes it, whichever cell it was written from.
import type { SideFeature } from '../../format/scenario.types.js';
import type { Cell, Direction, EdgeId } from '../../grid/index.js';
import type { MapDocument } from '../document.js';
import { ChangeBuilder, EditError, labelOf, type Command, type DocChange } from '../types.js';

/** Replaces the side features wholesale; the change names every side whose drawing differs. */
export class SideFeaturesCommand implements Command {
  constructor(
    readonly title: string,
    private readonly before: readonly SideFeature[],
    private readonly after: readonly SideFeature[],
    private readonly count?: number,
  ) {}

  get label(): string {
    return this.count === undefined ? this.title : labelOf(this.title, { count: this.count, unit: 'side' });
  }

  get amount() {
    return this.count === undefined ? undefined : { count: this.count, unit: 'side' as const };
  }

  apply(doc: MapDocument): DocChange {
    doc.write({ sideFeatures: this.after });
    return changeBetween(doc, this.before, this.after);
  }

  revert(doc: MapDocument): DocChange {
    doc.write({ sideFeatures: this.before });
    return changeBetween(doc, this.after, this.before);
  }

  isNoop(): boolean {
    return JSON.stringify(this.before) === JSON.stringify(this.after);
  }
}

function changeBetween(doc: MapDocument, from: readonly SideFeature[], to: readonly SideFeature[]): DocChange {
  const c = new ChangeBuilder();
  const grid = doc.grid;
  const a = new Map(from.map((f) => [f.id, f]));
  const b = new Map(to.map((f) => [f.id, f]));
  const add = (e: string) => {
    const id = grid.parseEdge(e);
    if (id) c.edges.add(id);
  };
  for (const id of new Set([...a.keys(), ...b.keys()])) {
    const x = a.get(id);
    const y = b.get(id);
    if (x === y) continue;
    const sameLook = x && y && JSON.stringify({ ...x, sides: [] }) === JSON.stringify({ ...y, sides: [] });
    const xs = new Set(x?.sides ?? []);
    const ys = new Set(y?.sides ?? []);
    for (const e of xs) if (!sameLook || !ys.has(e)) add(e);
    for (const e of ys) if (!sameLook || !xs.has(e)) add(e);
  }
  // Definitions are settings the panels show even when no side is drawn yet.
  c.meta = true;
  return c.done();
}

/** The sides of feature `id`, canonical id → the side as written (from the cell its symbol faces). */
export function featureSides(doc: MapDocument, id: string): Map<EdgeId, string> {
  const f = doc.sideFeatures.find((x) => x.id === id);
  const out = new Map<EdgeId, string>();
  for (const e of f?.sides ?? []) {
    const c = doc.grid.parseEdge(e);
    if (c) out.set(c, e);
  }
  return out;
}

/** A side written from `cell` (the one its symbol faces): "col,row,DIR". */
export function sideFrom(doc: MapDocument, cell: Cell, edge: EdgeId): string {
  const [a, b] = doc.grid.edgeCells(edge);
  const from = a.col === cell.col && a.row === cell.row ? a : b;
  const other = from === a ? b : a;
  const dir = doc.grid.directionTo(from, other) as Direction;
  return `${from.col},${from.row},${dir}`;
}

/**
 * Adds or removes sides of feature `id`: `sides` as written (see sideFrom). Null when nothing
 * changes; throws EditError when there is no such feature.
 */
export function editSideFeature(doc: MapDocument, id: string, sides: readonly string[], mode: 'add' | 'remove'): SideFeaturesCommand | null {
  const k = doc.sideFeatures.findIndex((f) => f.id === id);
  if (k < 0) throw new EditError(`there is no side feature "${id}"`);
  const f = doc.sideFeatures[k]!;
  const have = featureSides(doc, id);
  let list = [...f.sides];
  let n = 0;
  for (const s of sides) {
    const canonical = doc.grid.parseEdge(s);
    if (!canonical) continue;
    if (mode === 'add' && !have.has(canonical)) {
      list.push(s);
      have.set(canonical, s);
      n++;
    } else if (mode === 'remove' && have.has(canonical)) {
      const written = have.get(canonical)!;
      list = list.filter((x) => x !== written);
      have.delete(canonical);
      n++;
    }
  }
  if (n === 0) return null;
  const next = doc.sideFeatures.map((x, i) => (i === k ? { ...x, sides: list } : x));
  return new SideFeaturesCommand(`${mode === 'add' ? 'Draw' : 'Remove'} ${f.name.toLowerCase()}`, doc.sideFeatures, next, n);
}

/** A new definition, a changed one (same id), or one removed (null), as one undo step. */
export function defineSideFeature(doc: MapDocument, id: string, def: SideFeature | null, label: string): SideFeaturesCommand | null {
  const k = doc.sideFeatures.findIndex((f) => f.id === id);
  let next: SideFeature[];
  if (def === null) {
    if (k < 0) return null;
    next = doc.sideFeatures.filter((f) => f.id !== id);
  } else if (k < 0) {
    if (doc.sideFeatures.length >= 32) throw new EditError('a map has at most 32 side features');
    next = [...doc.sideFeatures, def];
  } else {
    next = doc.sideFeatures.map((f, i) => (i === k ? def : f));
  }
  const cmd = new SideFeaturesCommand(label, doc.sideFeatures, next);
  return cmd.isNoop() ? null : cmd;
}

/** A fresh feature id from a name ("Anti-tank ditch" → "anti-tank-ditch", "-2" when taken). */
export function sideFeatureId(doc: Pick<MapDocument, 'sideFeatures'>, name: string): string {
  const stem = name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 32) || 'feature';
  const taken = new Set(doc.sideFeatures.map((f) => f.id));
  if (!taken.has(stem)) return stem;
  let n = 2;
  while (taken.has(`${stem}-${n}`)) n++;
  return `${stem}-${n}`;
}
