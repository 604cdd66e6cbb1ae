// Editing a network map's layout: placing, moving and deleting positions, drawing links
// between two positions, bending a link (adding and moving its waypoints), and a position's
// own fields. Each is one whole-map command (StateCommand) that swaps the grid settings and,
// when positions come or go, the per-position layers (terrain, control) and the features
// keyed by position id, so undo restores everything exactly.
import type { Link, MapPoint, NetworkGrid, Position, Properties } from '../../format/scenario.types.js';
import type { FieldDecl } from '../../rules/types.js';
import { readFieldValue } from '../../scenario/unit-fields.js';
import type { MapDocument } from '../document.js';
import { EditError } from '../types.js';
import { StateCommand } from './state.js';

function networkOf(doc: MapDocument): NetworkGrid {
  const g = doc.gridSettings;
  if (g.kind !== 'network') throw new EditError('this is not a network map: positions and links belong to network maps');
  return g;
}

/** Rounds millimetres to a hundredth (what the file keeps; no float noise). */
const mm = (v: number): number => Math.round(v * 100) / 100;

/** Snaps a point to a grid of `step` mm (no snapping when step is 0), kept on the map. */
export function snapPoint(net: Pick<NetworkGrid, 'width' | 'height'>, p: MapPoint, step: number): MapPoint {
  const s = (v: number) => (step > 0 ? Math.round(v / step) * step : v);
  return { x: mm(Math.min(net.width, Math.max(0, s(p.x)))), y: mm(Math.min(net.height, Math.max(0, s(p.y)))) };
}

/** The first unused id "<stem>-<n>" (n from 1). */
function freshId(taken: ReadonlySet<string>, stem: string): string {
  for (let n = 1; ; n++) if (!taken.has(`${stem}-${n}`)) return `${stem}-${n}`;
}

function nameOf(net: NetworkGrid, id: string): string {
  const p = net.positions.find((q) => q.id === id);
  return p?.label ?? id;
}

/** Places a new position at `at` (mm): the palette's first terrain, uncontrolled by default (the first side). Returns the command and the new id. */
export function addPosition(doc: MapDocument, at: MapPoint, options: { terrain?: string; side?: string } = {}): { command: StateCommand; id: string } {
  const net = networkOf(doc);
  if (at.x < 0 || at.y < 0 || at.x > net.width || at.y > net.height) throw new EditError(`a position must lie on the map (0–${net.width} × 0–${net.height} mm); (${mm(at.x)}, ${mm(at.y)}) is off it`);
  const ids = new Set(net.positions.map((p) => p.id));
  const id = freshId(ids, 'p');
  const labels = new Set(net.positions.map((p) => p.label ?? p.id));
  let n = net.positions.length + 1;
  while (labels.has(`P${n}`)) n++;
  const terrainIndex = Math.max(0, options.terrain ? doc.terrainTypes.findIndex((t) => t.id === options.terrain) : 0);
  const sideIndex = Math.max(0, options.side ? doc.sides.findIndex((s) => s.id === options.side) : 0);
  const position: Position = { id, label: `P${n}`, x: mm(at.x), y: mm(at.y), terrain: doc.terrainTypes[terrainIndex]!.id, control: doc.sides[sideIndex]!.id };
  const grid: NetworkGrid = { ...net, positions: [...net.positions, position] };
  const terrain = new Uint8Array(doc.terrain.length + 1);
  terrain.set(doc.terrain);
  terrain[doc.terrain.length] = terrainIndex;
  const control = new Uint8Array(doc.control.length + 1);
  control.set(doc.control);
  control[doc.control.length] = sideIndex;
  const before = doc.read(['grid', 'terrain', 'control']);
  return { command: new StateCommand(`Place position ${position.label}`, before, { grid, terrain, control }), id };
}

/** Moves a position's centre to `to` (mm); null when it does not move. */
export function movePosition(doc: MapDocument, id: string, to: MapPoint): StateCommand | null {
  const net = networkOf(doc);
  const i = net.positions.findIndex((p) => p.id === id);
  if (i < 0) throw new EditError(`there is no position "${id}"`);
  const p = net.positions[i]!;
  const x = mm(Math.min(net.width, Math.max(0, to.x)));
  const y = mm(Math.min(net.height, Math.max(0, to.y)));
  if (p.x === x && p.y === y) return null;
  const positions = net.positions.slice();
  positions[i] = { ...p, x, y };
  return new StateCommand(`Move ${nameOf(net, id)}`, doc.read(['grid']), { grid: { ...net, positions } });
}

/**
 * Deletes positions with their links and features. Refused, naming the place, when units
 * start on one or reinforcements enter there (move them first: nothing is silently lost).
 */
export function deletePositions(doc: MapDocument, ids: readonly string[]): StateCommand | null {
  const net = networkOf(doc);
  const gone = new Set(ids.filter((id) => net.positions.some((p) => p.id === id)));
  if (gone.size === 0) return null;
  for (const u of doc.orderOfBattle) if (gone.has(u.cell)) throw new EditError(`${nameOf(net, u.cell)} holds ${u.name} at the start; move it before deleting the position`);
  for (const r of doc.reinforcements ?? []) if (gone.has(r.entryCell)) throw new EditError(`reinforcements enter at ${nameOf(net, r.entryCell)}; move their entry before deleting the position`);
  const keep = net.positions.map((p) => !gone.has(p.id));
  const positions = net.positions.filter((_, i) => keep[i]);
  const links = net.links.filter((l) => !gone.has(l.from) && !gone.has(l.to));
  const terrain = doc.terrain.filter((_, i) => keep[i]!);
  const control = doc.control.filter((_, i) => keep[i]!);
  const cells = doc.cells.clone();
  for (const id of gone) cells.delete(id);
  const label = gone.size === 1 ? `Delete ${nameOf(net, [...gone][0]!)}` : `Delete ${gone.size} positions`;
  return new StateCommand(label, doc.read(['grid', 'terrain', 'control', 'cells']), { grid: { ...net, positions, links }, terrain, control, cells });
}

/** Draws a link between two positions; refused when they are the same or already joined. Returns the command and the new link id. */
export function addLink(doc: MapDocument, from: string, to: string, type: Link['type'] = 'ordinary'): { command: StateCommand; id: string } {
  const net = networkOf(doc);
  for (const end of [from, to]) if (!net.positions.some((p) => p.id === end)) throw new EditError(`there is no position "${end}"`);
  if (from === to) throw new EditError(`a link joins two different positions; both ends are ${nameOf(net, from)}`);
  if (net.links.some((l) => (l.from === from && l.to === to) || (l.from === to && l.to === from))) throw new EditError(`${nameOf(net, from)} and ${nameOf(net, to)} are already linked`);
  const id = freshId(new Set(net.links.map((l) => l.id)), 'link');
  const link: Link = { id, from, to, ...(type && type !== 'ordinary' ? { type } : {}) };
  return { command: new StateCommand(`Link ${nameOf(net, from)}–${nameOf(net, to)}`, doc.read(['grid']), { grid: { ...net, links: [...net.links, link] } }), id };
}

/** Replaces a link's waypoints (a bend added, moved or removed); null when unchanged. */
export function setWaypoints(doc: MapDocument, linkId: string, waypoints: readonly MapPoint[], label = 'Bend link'): StateCommand | null {
  const net = networkOf(doc);
  const l = net.links.findIndex((k) => k.id === linkId);
  if (l < 0) throw new EditError(`there is no link "${linkId}"`);
  const old = net.links[l]!;
  const next = waypoints.map((p) => ({ x: mm(p.x), y: mm(p.y) }));
  if (JSON.stringify(old.waypoints ?? []) === JSON.stringify(next)) return null;
  const links = net.links.slice();
  const { waypoints: _drop, ...rest } = old;
  links[l] = next.length ? { ...rest, waypoints: next } : rest;
  return new StateCommand(`${label} ${nameOf(net, old.from)}–${nameOf(net, old.to)}`, doc.read(['grid']), { grid: { ...net, links } });
}

/** Deletes links by id. */
export function deleteLinks(doc: MapDocument, ids: readonly string[]): StateCommand | null {
  const net = networkOf(doc);
  const gone = new Set(ids);
  const links = net.links.filter((l) => !gone.has(l.id));
  if (links.length === net.links.length) return null;
  return new StateCommand(gone.size === 1 ? 'Delete link' : `Delete ${gone.size} links`, doc.read(['grid']), { grid: { ...net, links } });
}

/** Where a new waypoint goes in a link's list: after the bend that precedes the point along the line. */
export function waypointSlot(line: readonly MapPoint[], p: MapPoint): number {
  // line = centre, ...waypoints, centre: the nearest segment k lies between line[k] and line[k+1]; the new bend is waypoint k.
  let best = 0;
  let bestD = Infinity;
  for (let k = 0; k + 1 < line.length; k++) {
    const a = line[k]!;
    const b = line[k + 1]!;
    const dx = b.x - a.x;
    const dy = b.y - a.y;
    const t = dx === 0 && dy === 0 ? 0 : Math.max(0, Math.min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / (dx * dx + dy * dy)));
    const d = Math.hypot(p.x - (a.x + t * dx), p.y - (a.y + t * dy));
    if (d < bestD) {
      bestD = d;
      best = k;
    }
  }
  return best;
}

/** Which properties a position's inspector may set: what the ruleset reads (its declaration's position fields). */
type PositionFieldDecl = Pick<FieldDecl, 'key' | 'label' | 'type' | 'required' | 'default' | 'min' | 'max' | 'values'>;

/**
 * Sets one of a position's properties the ruleset reads from what was typed or ticked; an empty
 * entry (or an unticked box) clears it. Refused, naming the field and the position, when the
 * value is not one the field takes. Null when nothing changes.
 */
export function setPositionField(doc: MapDocument, id: string, decl: PositionFieldDecl, input: string | boolean): StateCommand | null {
  const net = networkOf(doc);
  const i = net.positions.findIndex((p) => p.id === id);
  if (i < 0) throw new EditError(`there is no position "${id}"`);
  const p = net.positions[i]!;
  const read = readFieldValue(decl as FieldDecl, input);
  if ('message' in read) throw new EditError(`${nameOf(net, id)}: ${read.message}`);
  const value = decl.type === 'boolean' && read.value === false ? undefined : read.value;
  const props: Properties = { ...(p.properties ?? {}) };
  if (value === undefined) delete props[decl.key];
  else props[decl.key] = value;
  if (JSON.stringify(props) === JSON.stringify(p.properties ?? {})) return null;
  const positions = net.positions.slice();
  const { properties: _drop, ...rest } = p;
  positions[i] = Object.keys(props).length ? { ...rest, properties: props } : rest;
  const what = value === undefined ? `Clear ${decl.label.toLowerCase()}` : `${decl.label}${decl.type === 'boolean' ? '' : `: ${decl.values?.find((v) => v.value === value)?.label ?? String(value)}`}`;
  return new StateCommand(`${what} at ${nameOf(net, id)}`, doc.read(['grid']), { grid: { ...net, positions } });
}

/** Gives a position a new label (what the map prints and people read); refused when empty, too long, or another position's. Null when unchanged. */
export function setPositionLabel(doc: MapDocument, id: string, label: string): StateCommand | null {
  const net = networkOf(doc);
  const i = net.positions.findIndex((p) => p.id === id);
  if (i < 0) throw new EditError(`there is no position "${id}"`);
  const p = net.positions[i]!;
  const text = label.trim();
  if (!text) throw new EditError(`Label of ${nameOf(net, id)}: a position needs a label (it is printed on the map and names it in lists)`);
  if (text.length > 40) throw new EditError(`Label of ${nameOf(net, id)}: at most 40 characters ("${text.slice(0, 40)}…" has ${text.length}); a longer name goes in Name`);
  const other = net.positions.find((q) => q.id !== id && (q.label ?? q.id) === text);
  if (other) throw new EditError(`Label of ${nameOf(net, id)}: "${text}" is already another position's label`);
  if ((p.label ?? p.id) === text) return null;
  const positions = net.positions.slice();
  positions[i] = { ...p, label: text };
  return new StateCommand(`Relabel ${nameOf(net, id)} as ${text}`, doc.read(['grid']), { grid: { ...net, positions } });
}

const LINK_TYPE_NAMES: Record<NonNullable<Link['type']>, string> = { ordinary: 'ordinary', road: 'road', rail: 'rail' };

/** Makes a link a road, a rail or an ordinary link; null when it already is. */
export function setLinkType(doc: MapDocument, linkId: string, type: NonNullable<Link['type']>): StateCommand | null {
  const net = networkOf(doc);
  const l = net.links.findIndex((k) => k.id === linkId);
  if (l < 0) throw new EditError(`there is no link "${linkId}"`);
  if (!(type in LINK_TYPE_NAMES)) throw new EditError(`Link type: "${String(type)}" is not road, rail or ordinary`);
  const old = net.links[l]!;
  if ((old.type ?? 'ordinary') === type) return null;
  const links = net.links.slice();
  const { type: _drop, ...rest } = old;
  links[l] = type === 'ordinary' ? rest : { ...rest, type };
  return new StateCommand(`Make ${nameOf(net, old.from)}–${nameOf(net, old.to)} ${type === 'ordinary' ? 'an ordinary link' : `a ${LINK_TYPE_NAMES[type]}`}`, doc.read(['grid']), { grid: { ...net, links } });
}
