// Combat (seed 003, "Combat:"): one die per SP of each stand, modified per stand; each die face
// strikes one type of stand on the hit table, and counts only if that type is in the target.
// Shooting (opening fire of guns and machine guns, rifle fire of the phasing side) and close
// combat (both sides rolling) share the strike: losses, the engineers' alternating losses, the
// retreats (row 6) and the "retreat or lose" results the owner chooses, the Army Commander's hazard.
import { distance, type ShamBoard } from './board.js';
import { FATES, HAZARD_SCORE, HIT_TABLE, TERRAIN, type HitRow } from './data.js';
import { companionWith, retreatCell } from './movement.js';
import {
  addToPool,
  commanderOf,
  emit,
  isRouted,
  label,
  losses,
  nameOf,
  otherId,
  roll,
  rollMany,
  sideIdx,
  standsIn,
  unitById,
  type Ctx,
  type ShamState,
  type UnitState,
} from './state.js';

/** A rolling stand's dice: its SP, every modifier with its reason, and what it rolls. */
export interface DiceLine {
  unit: string;
  base: number;
  mods: { reason: string; dice: number }[];
  dice: number;
}

const total = (base: number, mods: DiceLine['mods']): number => Math.max(0, base + mods.reduce((t, m) => t + m.dice, 0));

function qualityMods(b: ShamBoard, s: ShamState, u: UnitState, mods: DiceLine['mods']): void {
  const info = b.stands.get(u.id)!;
  if (info.elite) mods.push({ reason: "'elite' unit", dice: 1 });
  if (info.poor) mods.push({ reason: "'poor' unit", dice: -1 });
  const cmd = commanderOf(b, s, u.side);
  if (cmd && cmd.cell === u.cell && cmd.id !== u.id) mods.push({ reason: 'Army Commander in the same area', dice: 1 });
}

const hasWorks = (s: ShamState, cell: string): boolean => s.works.fieldWorks.includes(cell);

/** Is the target area cover for shooting: town, woods, brush, or field works? */
export function isCover(b: ShamBoard, s: ShamState, cell: string): boolean {
  return TERRAIN[b.cls[b.index.get(cell)!]!].cover || hasWorks(s, cell);
}

/** Dice of a stand shooting at an area. */
export function shootingDice(b: ShamBoard, s: ShamState, u: UnitState, target: string): DiceLine {
  const info = b.stands.get(u.id)!;
  const mods: DiceLine['mods'] = [];
  if (info.rules.shootBonus) mods.push({ reason: `${info.rules.plural} shooting`, dice: info.rules.shootBonus });
  if (isCover(b, s, target)) {
    const what = hasWorks(s, target) ? 'field works' : b.terrainName[b.index.get(target)!]!.toLowerCase();
    mods.push({ reason: `shooting into cover (${what})`, dice: -1 });
  }
  if (u.crossed) mods.push({ reason: 'crossed a river this turn (on a bridge or in a ford)', dice: -1 });
  qualityMods(b, s, u, mods);
  return { unit: u.id, base: u.sp, mods, dice: total(u.sp, mods) };
}

/** The one −1 for close assaulting across a river, up hill, or in or into a town, woods or brush (not cumulative), with its reason. */
export function assaultTerrain(b: ShamBoard, s: ShamState, from: string, target: string): string | null {
  const i = b.index.get(from)!;
  const j = b.index.get(target)!;
  const link = b.links[i]!.find((l) => l.to === j);
  if (link?.river) return 'close assaulting across a river';
  if (TERRAIN[b.cls[j]!].high && !TERRAIN[b.cls[i]!].high) return 'close assaulting up hill';
  if (TERRAIN[b.cls[j]!].assaultPenalty) return `close assaulting into ${b.terrainName[j]!.toLowerCase()}`;
  if (hasWorks(s, target)) return 'close assaulting into field works';
  if (TERRAIN[b.cls[i]!].assaultPenalty) return `close assaulting from ${b.terrainName[i]!.toLowerCase()}`;
  return null;
}

/** Dice of a stand bringing on (or keeping up) a close assault on an area. */
export function assaultDice(b: ShamBoard, s: ShamState, u: UnitState, target: string): DiceLine {
  const mods: DiceLine['mods'] = [];
  const t = assaultTerrain(b, s, u.cell!, target);
  if (t) mods.push({ reason: t, dice: -1 });
  qualityMods(b, s, u, mods);
  return { unit: u.id, base: u.sp, mods, dice: total(u.sp, mods) };
}

/** Dice of a stand under a close assault. */
export function defenceDice(b: ShamBoard, s: ShamState, u: UnitState): DiceLine {
  const info = b.stands.get(u.id)!;
  const mods: DiceLine['mods'] = [];
  if (info.rules.underAssault) mods.push({ reason: `${info.rules.plural} under a close assault`, dice: info.rules.underAssault });
  qualityMods(b, s, u, mods);
  return { unit: u.id, base: u.sp, mods, dice: total(u.sp, mods) };
}

/** What each die face does against a group of stands: the hit-table row and whether its target type is there. */
export function facesAgainst(b: ShamBoard, targets: readonly UnitState[]): { row: HitRow; counts: boolean }[] {
  const present = new Set(targets.map((u) => b.stands.get(u.id)!.rules.hit));
  return HIT_TABLE.map((row) => ({ row, counts: present.has(row.target) }));
}

// ---------------------------------------------------------------------------------------------
// Losses, retreats, elimination
// ---------------------------------------------------------------------------------------------

/** Takes a stand off the map at 0 SP (it may come back overnight). */
export function eliminate(c: Ctx, u: UnitState, why: string): void {
  u.sp = 0;
  u.status = 'eliminated';
  u.cell = null;
  for (const e of c.s.engagements) e.units = e.units.filter((id) => id !== u.id);
  c.s.choices = c.s.choices.filter((x) => x.unit !== u.id);
  emit(c, 'losses', `${nameOf(c.b, u.id)} ${why}.`, { side: u.side, units: [u.id] });
}

/** The stand loses `n` SP (into its arm's pool for tonight); at 0 it is eliminated. */
export function loseSp(c: Ctx, u: UnitState, n: number): void {
  if (u.status !== 'map' || n <= 0) return;
  const info = c.b.stands.get(u.id)!;
  if (info.rules.logistics) {
    eliminate(c, u, 'is captured');
    return;
  }
  const lost = Math.min(n, u.sp);
  addToPool(c, u, lost);
  u.sp -= lost;
  if (u.sp <= 0) eliminate(c, u, 'is eliminated (0 SP)');
}

/** Moves a stand (and the engineers' train with it) to an area; enemy mines there cost 1 SP. */
export function placeStand(c: Ctx, u: UnitState, cell: string): void {
  const train = companionWith(c.b, c.s, u);
  u.cell = cell;
  if (train) train.cell = cell;
  updateHolder(c, cell, u.side);
  if (c.s.works.mines.some((m) => m.cell === cell && m.side !== u.side)) {
    emit(c, 'losses', `${nameOf(c.b, u.id)} runs into a minefield in ${label(c.b, cell)}: −1 SP.`, { side: u.side, cell, units: [u.id] });
    loseSp(c, u, 1);
  }
}

/** A victory area passes to the side whose stand stands in it. */
export function updateHolder(c: Ctx, cell: string, side: string): void {
  if (!(cell in c.s.holders) || c.s.holders[cell] === side) return;
  c.s.holders[cell] = side;
  const v = c.b.victory.find((x) => c.b.ids[x.cell] === cell);
  emit(c, 'control', `${v?.name ?? label(c.b, cell)} is taken by ${c.b.sides[sideIdx(c.b, side)].name}.`, { side, cell });
}

/** Retreats one area away from `from`; when there is nowhere to go, loses 1 SP instead. Returns whether it moved. */
export function retreatOnce(c: Ctx, u: UnitState, from: readonly number[]): boolean {
  if (u.status !== 'map') return false;
  const to = retreatCell(c.b, c.s, u, from);
  if (to === null) {
    emit(c, 'retreat', `${nameOf(c.b, u.id)} cannot retreat from ${label(c.b, u.cell)}: −1 SP instead.`, { side: u.side, cell: u.cell!, units: [u.id] });
    loseSp(c, u, 1);
    return false;
  }
  const was = u.cell!;
  const dest = c.b.ids[to]!;
  emit(c, 'retreat', `${nameOf(c.b, u.id)} retreats from ${label(c.b, was)} to ${label(c.b, dest)}.`, { side: u.side, cell: dest, units: [u.id] });
  placeStand(c, u, dest);
  return true;
}

// ---------------------------------------------------------------------------------------------
// The strike: a set of die faces against a group of stands
// ---------------------------------------------------------------------------------------------

export interface StrikeTarget {
  /** The stands struck (one side's stands in the target area, or the assaulting stands). */
  stands: UnitState[];
  /** Areas the group stands in (the Army Commander is at hazard in any of them). */
  cells: string[];
  /** Areas of the enemy the group retreats away from. */
  from: number[];
  side: string;
}

/** Picks the stand of a hit group a result falls on: the most SP left (first listed on a tie). */
function pick(b: ShamBoard, stands: readonly UnitState[], group: HitRow['target'], load: Map<string, number>): UnitState | undefined {
  let best: UnitState | undefined;
  let bestKey = -Infinity;
  for (const u of stands) {
    if (u.status !== 'map' || b.stands.get(u.id)!.rules.hit !== group) continue;
    const key = u.sp - (load.get(u.id) ?? 0);
    if (key > bestKey) {
      best = u;
      bestKey = key;
    }
  }
  return best;
}

/** A row-1 hit on the engineers or their train: "SP losses accumulated are taken in turn, beginning with the Train". */
function engineerHit(c: Ctx, chosen: UnitState, stands: readonly UnitState[]): UnitState {
  const b = c.b;
  const info = b.stands.get(chosen.id)!;
  if (info.stand !== 'engineers' && info.stand !== 'engineerTrain') return chosen;
  const other = stands.find((u) => u.id === info.companion && u.status === 'map' && u.sp > 0);
  if (!other) return chosen;
  const eng = info.stand === 'engineers' ? chosen : other;
  const train = info.stand === 'engineers' ? other : chosen;
  const takeTrain = eng.trainNext !== false;
  eng.trainNext = !takeTrain;
  return takeTrain ? train : eng;
}

/** What one die face did, for the event text. */
interface Effect {
  face: number;
  text: string;
}

/**
 * Applies die faces rolled at a group: losses first (in face order), then the Army Commander's
 * hazard for each 6, then row-6 retreats, then the owner's choices for "retreat or lose".
 */
export function strike(c: Ctx, faces: readonly number[], t: StrikeTarget): Effect[] {
  const b = c.b;
  const effects: Effect[] = [];
  const retreats = new Map<string, number>();
  const choices = new Map<string, number>();
  const load = new Map<string, number>();
  const sorted = [...faces].sort((x, y) => x - y);
  for (const face of sorted) {
    const row = HIT_TABLE[face - 1]!;
    let u = pick(b, t.stands, row.target, load);
    if (!u) continue;
    if (row.target === 'specialist') u = engineerHit(c, u, t.stands);
    if (row.retreatOrLose) {
      choices.set(u.id, (choices.get(u.id) ?? 0) + 1);
      load.set(u.id, (load.get(u.id) ?? 0) + 1);
      effects.push({ face, text: `${nameOf(b, u.id)}: retreat or lose 1 SP` });
      continue;
    }
    effects.push({ face, text: `${nameOf(b, u.id)} −1 SP${row.retreat ? ' and retreats' : ''}` });
    loseSp(c, u, row.lose);
    if (row.retreat) retreats.set(u.id, (retreats.get(u.id) ?? 0) + 1);
  }
  // The Army Commander is at hazard on each 6 rolled at the area he is in.
  const cmd = commanderOf(b, c.s, t.side);
  if (cmd && t.cells.includes(cmd.cell!)) {
    for (const face of sorted) {
      if (face !== 6 || cmd.status !== 'map') continue;
      const d = roll(c);
      if (d >= HAZARD_SCORE) {
        const fate = FATES[roll(c) - 1]!;
        emit(c, 'losses', `A 6 at ${label(b, cmd.cell)} puts ${nameOf(b, cmd.id)} at hazard: ${d} — he is ${fate}.`, {
          side: cmd.side,
          cell: cmd.cell!,
          units: [cmd.id],
          rolls: [{ purpose: 'Army Commander hazard', dice: [d], need: HAZARD_SCORE }],
        });
        addToPool(c, cmd, cmd.sp);
        eliminate(c, cmd, `is lost to the army (${fate})`);
      } else {
        emit(c, 'losses', `A 6 at ${label(b, cmd.cell)} puts ${nameOf(b, cmd.id)} at hazard: ${d}, he is unhurt.`, {
          side: cmd.side,
          cell: cmd.cell!,
          units: [cmd.id],
          rolls: [{ purpose: 'Army Commander hazard', dice: [d], need: HAZARD_SCORE }],
        });
      }
    }
  }
  for (const [id, n] of retreats) {
    const u = unitById(c.s, id)!;
    for (let k = 0; k < n && u.status === 'map'; k++) retreatOnce(c, u, t.from);
  }
  for (const [id, n] of choices) {
    const u = unitById(c.s, id)!;
    if (u.status !== 'map') continue;
    if (retreatCell(b, c.s, u, t.from) === null) {
      emit(c, 'losses', `${nameOf(b, u.id)} has nowhere to retreat: −${n} SP.`, { side: u.side, units: [u.id] });
      loseSp(c, u, n);
    } else {
      c.s.choices.push({ side: u.side, unit: u.id, results: n, from: t.from.map((i) => b.ids[i]!) });
    }
  }
  return effects;
}

/** "2 dice (3 SP, −1 cover)": a sentence piece for one dice line. */
export function diceText(b: ShamBoard, l: DiceLine): string {
  const mods = l.mods.map((m) => `${m.dice > 0 ? '+' : '−'}${Math.abs(m.dice)} ${m.reason}`).join(', ');
  return `${nameOf(b, l.unit)} ${l.dice} ${l.dice === 1 ? 'die' : 'dice'} (${l.base} SP${mods ? `, ${mods}` : ''})`;
}

function effectsText(effects: readonly Effect[]): string {
  return effects.length ? effects.map((e) => `${e.face}: ${e.text}`).join('; ') : 'no effect';
}

/** Stands of an area, the Army Commander apart (he is struck only through the hazard). */
export function targetStands(b: ShamBoard, s: ShamState, cell: string, side: string): UnitState[] {
  return standsIn(s, cell).filter((u) => u.side === side && b.stands.get(u.id)!.rules.hit !== 'none');
}

/** The side holding an area (its stands'), or null when empty. */
export function holderOf(s: ShamState, cell: string): string | null {
  const u = s.units.find((x) => x.cell === cell && x.status === 'map');
  return u ? u.side : null;
}

/** Rolls for one shooting stand and returns its faces (the strike comes later for simultaneous fire). */
export function rollShot(c: Ctx, u: UnitState, target: string): { line: DiceLine; faces: number[] } {
  const line = shootingDice(c.b, c.s, u, target);
  return { line, faces: rollMany(c, line.dice) };
}

/** Applies a shot already rolled (from `fromCell`) at the stands now in the target area. */
export function applyShot(c: Ctx, u: UnitState, fromCell: string, target: string, line: DiceLine, faces: number[], side: string): void {
  const b = c.b;
  const stands = targetStands(b, c.s, target, side);
  const effects = strike(c, faces, { stands, cells: [target], from: [b.index.get(fromCell)!], side });
  emit(c, 'fire', `${diceText(b, line)} at ${label(b, target)}: ${faces.length ? faces.join(', ') : 'no dice'} — ${effectsText(effects)}.`, {
    side: u.side,
    cell: target,
    units: [u.id, ...stands.map((x) => x.id)],
    rolls: [{ purpose: `${nameOf(b, u.id)} shooting at ${label(b, target)}`, dice: faces }],
  });
}

/** Rifle fire: rolled and applied at once. */
export function shoot(c: Ctx, u: UnitState, target: string): void {
  const side = holderOf(c.s, target)!;
  const { line, faces } = rollShot(c, u, target);
  u.fired = true;
  applyShot(c, u, u.cell!, target, line, faces, side);
}

// ---------------------------------------------------------------------------------------------
// Close combat
// ---------------------------------------------------------------------------------------------

const adjacent = (b: ShamBoard, a: string, z: string): boolean => distance(b, b.index.get(a)!, b.index.get(z)!) === 1;

/** The assaulting stands of an engagement still in it: on the map, loyal to its side, next to the target. */
export function attackersOf(b: ShamBoard, s: ShamState, e: ShamState['engagements'][number]): UnitState[] {
  return e.units
    .map((id) => unitById(s, id)!)
    .filter((u) => u && u.status === 'map' && u.side === e.side && u.loyalty === 'loyal' && u.cell !== null && adjacent(b, u.cell, e.target));
}

/** Fights one close combat: both sides roll at once, then both sets of results apply. */
export function fight(c: Ctx, target: string): void {
  const b = c.b;
  const e = c.s.engagements.find((x) => x.target === target);
  if (!e) return;
  const attackers = attackersOf(b, c.s, e);
  const defSide = otherId(b, e.side);
  const defenders = targetStands(b, c.s, target, defSide);
  if (attackers.length === 0 || defenders.length === 0) return;
  const aLines = attackers.map((u) => assaultDice(b, c.s, u, target));
  const dLines = defenders.map((u) => defenceDice(b, c.s, u));
  const aFaces = rollMany(c, aLines.reduce((t, l) => t + l.dice, 0));
  const dFaces = rollMany(c, dLines.reduce((t, l) => t + l.dice, 0));
  const attackerCells = [...new Set(attackers.map((u) => u.cell!))];
  const onDefenders = strike(c, aFaces, { stands: defenders, cells: [target], from: attackerCells.map((x) => b.index.get(x)!), side: defSide });
  const onAttackers = strike(c, dFaces, { stands: attackers, cells: attackerCells, from: [b.index.get(target)!], side: e.side });
  emit(
    c,
    'combat',
    `Close combat at ${label(b, target)}: ${aLines.map((l) => diceText(b, l)).join(' + ')}: ${aFaces.join(', ') || 'no dice'} — ${effectsText(onDefenders)}. ` +
      `Defending, ${dLines.map((l) => diceText(b, l)).join(' + ')}: ${dFaces.join(', ') || 'no dice'} — ${effectsText(onAttackers)}.`,
    {
      side: e.side,
      cell: target,
      units: [...attackers.map((u) => u.id), ...defenders.map((u) => u.id)],
      rolls: [
        { purpose: `assault on ${label(b, target)}`, dice: aFaces },
        { purpose: `defence of ${label(b, target)}`, dice: dFaces },
      ],
    },
  );
}

/**
 * Settles every close combat after results: assaulting stands that are gone or fell back leave
 * it; when no enemy stand is left in the target area, the Army Commander alone there is taken
 * and the assaulting stands enter (as stacking allows); a combat with no assaulting stand left ends.
 */
export function settleEngagements(c: Ctx): void {
  const b = c.b;
  for (const e of [...c.s.engagements]) {
    const attackers = attackersOf(b, c.s, e);
    e.units = attackers.map((u) => u.id);
    if (attackers.length === 0) {
      c.s.engagements = c.s.engagements.filter((x) => x !== e);
      continue;
    }
    const defSide = otherId(b, e.side);
    if (targetStands(b, c.s, e.target, defSide).length > 0) continue;
    const cmd = commanderOf(b, c.s, defSide);
    if (cmd && cmd.cell === e.target) {
      addToPool(c, cmd, cmd.sp);
      eliminate(c, cmd, `is taken prisoner in ${label(b, e.target)}, left without a stand`);
    }
    c.s.engagements = c.s.engagements.filter((x) => x !== e);
    if (standsIn(c.s, e.target).some((u) => u.side !== e.side)) continue;
    const entered: string[] = [];
    for (const u of attackers) {
      const train = companionWith(b, c.s, u);
      const need = (b.stands.get(u.id)!.rules.stacks ? 1 : 0) + (train ? 1 : 0);
      if (u.status !== 'map' || !roomFor(c, e.target, u.side, need)) continue;
      placeStand(c, u, e.target);
      entered.push(u.id);
    }
    emit(c, 'advance', entered.length ? `${entered.map((id) => nameOf(b, id)).join(' and ')} ${entered.length === 1 ? 'enters' : 'enter'} ${label(b, e.target)}.` : `${label(b, e.target)} is clear of the enemy.`, {
      side: e.side,
      cell: e.target,
      units: entered,
    });
  }
}

function roomFor(c: Ctx, cell: string, side: string, need: number): boolean {
  let n = 0;
  for (const u of c.s.units) {
    if (u.cell !== cell || u.status !== 'map') continue;
    if (u.side !== side) return false;
    if (c.b.stands.get(u.id)!.rules.stacks) n++;
  }
  return n + need <= 2;
}

/** The army has just reached its rout point. */
export const routedNow = (b: ShamBoard, s: ShamState, side: string): boolean => !isRouted(s, side) && losses(b, s, side) >= b.options.rout[sideIdx(b, side)];
