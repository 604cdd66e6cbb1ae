// Engineers (seed 003, "Engineers, function"): always with their train, whose SP are their
// capacity; 1 SP a turn lays a minefield or builds field works in their area, prepares a bridge
// or a building for demolition, or builds one of the two pontoon sections of a river crossing
// from a bridge approach. Demolition of what was prepared is this file's too.
import type { ShambattleBuildAction } from '../../format/ruleset-shambattle.types.js';
import { loseSp } from './combat.js';
import { PONTOON_SECTIONS, type Task } from './data.js';
import { companionWith } from './movement.js';
import { emit, engagedIds, isRouted, label, nameOf, standsIn, type Ctx, type ShamState, type UnitState } from './state.js';
import type { ShamBoard } from './board.js';

export type BuildAction = ShambattleBuildAction;

/** Engineers able to work now: loyal, on the map with their train (1 SP or more), not moved, not in close combat. */
export function canWork(b: ShamBoard, s: ShamState, u: UnitState, side: string): UnitState | null {
  const info = b.stands.get(u.id)!;
  if (info.stand !== 'engineers' || u.side !== side || u.loyalty !== 'loyal' || u.status !== 'map' || u.moved || isRouted(s, side)) return null;
  const train = companionWith(b, s, u);
  if (!train || train.sp < 1) return null;
  const { attackers, pinned } = engagedIds(s);
  if (attackers.has(u.id) || pinned.has(u.id)) return null;
  return train;
}

/** Every task the engineers could do now, as actions. */
export function buildOptions(b: ShamBoard, s: ShamState, u: UnitState, side: string): BuildAction[] {
  if (!canWork(b, s, u, side)) return [];
  const cell = u.cell!;
  const i = b.index.get(cell)!;
  const out: BuildAction[] = [];
  const add = (task: Task, at: string): void => void out.push({ type: 'build', side, unit: u.id, task, at });
  if (!s.works.mines.some((m) => m.cell === cell)) add('mines', cell);
  if (!s.works.fieldWorks.includes(cell)) add('fieldWorks', cell);
  for (const link of b.links[i]!) {
    if (!link.river) continue;
    if (link.bridge && !s.works.blown.includes(link.edge)) {
      if (!s.works.prepared.some((p) => p.at === link.edge && p.side === side)) add('prepareBridge', link.edge);
    } else if (!link.bridge) {
      const p = s.works.pontoons.find((x) => x.edge === link.edge);
      if (!p || p.sections < PONTOON_SECTIONS) add('pontoon', link.edge);
    }
  }
  if (b.cls[i] === 'town' && !s.works.prepared.some((p) => p.at === cell && p.side === side)) add('prepareBuilding', cell);
  return out;
}

/** Does the work: 1 SP off the train (wastage that counts towards exhaustion and rout), the effect on the map. */
export function build(c: Ctx, a: BuildAction): void {
  const u = c.s.units.find((x) => x.id === a.unit)!;
  const train = companionWith(c.b, c.s, u)!;
  const w = c.s.works;
  let what: string;
  switch (a.task) {
    case 'mines':
      w.mines.push({ cell: a.at, side: a.side });
      what = `lay a minefield in ${label(c.b, a.at)}`;
      break;
    case 'fieldWorks':
      w.fieldWorks.push(a.at);
      what = `dig field works in ${label(c.b, a.at)}`;
      break;
    case 'prepareBridge':
      w.prepared.push({ at: a.at, side: a.side });
      what = `prepare the bridge at ${edgeText(c.b, a.at)} for demolition`;
      break;
    case 'prepareBuilding':
      w.prepared.push({ at: a.at, side: a.side });
      what = `prepare the buildings of ${label(c.b, a.at)} for demolition`;
      break;
    case 'pontoon': {
      const p = w.pontoons.find((x) => x.edge === a.at);
      if (p) p.sections += 1;
      else w.pontoons.push({ edge: a.at, sections: 1 });
      const n = p ? p.sections : 1;
      what = n >= PONTOON_SECTIONS ? `complete a pontoon bridge at ${edgeText(c.b, a.at)}` : `build a pontoon section at ${edgeText(c.b, a.at)} (${n} of ${PONTOON_SECTIONS})`;
      break;
    }
  }
  u.moved = true;
  emit(c, 'engineering', `${nameOf(c.b, u.id)} ${what}: 1 SP of their train.`, { side: a.side, cell: u.cell!, units: [u.id, train.id] });
  loseSp(c, train, 1);
}

/** "0605/0606": the two areas a river side lies between. */
export function edgeText(b: ShamBoard, edge: string): string {
  const cells = b.edgeCells.get(edge);
  return cells ? `${b.labels[cells[0]]}/${b.labels[cells[1]]}` : edge;
}

/** What the side prepared and may blow now. */
export function blowOptions(s: ShamState, side: string): string[] {
  return s.works.prepared.filter((p) => p.side === side).map((p) => p.at);
}

/** Blows a prepared bridge (no longer crossable) or building (every stand in the area loses 1 SP). */
export function blow(c: Ctx, side: string, at: string): void {
  const w = c.s.works;
  w.prepared = w.prepared.filter((p) => p.at !== at);
  if (c.b.edgeCells.has(at)) {
    w.blown.push(at);
    emit(c, 'engineering', `The bridge at ${edgeText(c.b, at)} is blown.`, { side });
    return;
  }
  const hit = standsIn(c.s, at).filter((u) => c.b.stands.get(u.id)!.stand !== 'commander');
  emit(c, 'engineering', `The buildings of ${label(c.b, at)} are blown${hit.length ? `: ${hit.map((u) => nameOf(c.b, u.id)).join(', ')} −1 SP` : ''}.`, { side, cell: at, units: hit.map((u) => u.id) });
  for (const u of hit) loseSp(c, u, 1);
}

