// Replacements (seed 002, "Replacements", "1st Shock Army"): a replacement brings an eliminated
// (or pooled) unit back at half strength, or flips a half-strength unit to full. New units come
// in on an empty hex of the side's friendly map edge, or in an empty friendly-owned city in
// communication with that edge (one per city); a unit is restored only in communication. The
// Soviets may always use Moscow. Communication: a path of any length to the friendly edge that
// enters no enemy unit and no enemy zone of control.
import type { BfmUnitState } from '../../format/ruleset-bfm.types.js';
import { SOVIET, type BfmBoard, type Role } from './board.js';
import { cellIx, controlRole, info, occupancy, onMap, roleOf, zoneOfControl, type BfmGame } from './state.js';

/**
 * 1 on every hex in communication with `role`'s friendly edge: the hex is on that edge, or a path
 * leaves it through hexes free of enemy units and enemy zones of control to an edge hex that is
 * free of them too (the hex itself is not entered, so it may lie in an enemy zone of control).
 */
export function communication(s: BfmGame, b: BfmBoard, role: Role, occ: Int16Array = occupancy(s, b)): Uint8Array {
  const enemyZoc = zoneOfControl(s, b, role === 0 ? 1 : 0);
  const clear = (j: number): boolean => {
    if (b.impassable[j] || enemyZoc[j]) return false;
    const k = occ[j]!;
    return k < 0 || roleOf(b, s.units[k]!.side) === role;
  };
  const reach = new Uint8Array(b.n);
  const queue: number[] = [];
  for (let i = 0; i < b.n; i++) {
    if (b.edge[role][i] && clear(i)) {
      reach[i] = 1;
      queue.push(i);
    }
  }
  for (let q = 0; q < queue.length; q++) {
    const i = queue[q]!;
    for (let k = 0; k < 6; k++) {
      const j = b.nb[i * 6 + k]!;
      if (j >= 0 && !reach[j] && clear(j)) {
        reach[j] = 1;
        queue.push(j);
      }
    }
  }
  const out = new Uint8Array(b.n);
  for (let i = 0; i < b.n; i++) {
    if (reach[i] || b.edge[role][i]) {
      out[i] = 1;
      continue;
    }
    for (let k = 0; k < 6; k++) {
      const j = b.nb[i * 6 + k]!;
      if (j >= 0 && reach[j]) {
        out[i] = 1;
        break;
      }
    }
  }
  return out;
}

/** Units the phasing side may bring back now: eliminated ones, and pooled ones whose turn has come. */
export function replaceableUnits(s: BfmGame, b: BfmBoard): BfmUnitState[] {
  return s.units.filter((u) => u.side === s.player && (u.status === 'eliminated' || (u.status === 'pool' && info(b, u.id).fromTurn <= s.turn)));
}

/** Hexes where a new unit may come in now (ascending). */
export function entryHexes(s: BfmGame, b: BfmBoard, occ: Int16Array = occupancy(s, b), comm?: Uint8Array): number[] {
  const role = roleOf(b, s.player);
  const linked = comm ?? communication(s, b, role, occ);
  const used = new Set(s.placed.map((c) => b.index.get(c)));
  const out: number[] = [];
  for (let i = 0; i < b.n; i++) {
    if (occ[i] !== -1 || b.impassable[i]) continue;
    if (b.edge[role][i]) {
      out.push(i);
      continue;
    }
    if (!b.city[i] || used.has(i) || controlRole(s, b, i) !== role) continue;
    if (linked[i] || (role === SOVIET && b.moscow[i])) out.push(i);
  }
  return out;
}

/** Half-strength units of the phasing side that may be restored now. */
export function restorableUnits(s: BfmGame, b: BfmBoard, occ: Int16Array = occupancy(s, b), comm?: Uint8Array): BfmUnitState[] {
  const role = roleOf(b, s.player);
  const linked = comm ?? communication(s, b, role, occ);
  return s.units.filter((u) => {
    if (u.side !== s.player || !onMap(u) || !u.reduced || u.fresh) return false;
    const i = cellIx(b, u);
    return linked[i] === 1 || (role === SOVIET && b.moscow[i] === 1);
  });
}
