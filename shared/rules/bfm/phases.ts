// The sequence of play as data (seed 002, "How to Play"): each turn the German player turn
// (replacements, panzer movement, combat, movement), then the Soviet one (replacements, rail
// movement, combat, movement); after the last turn, whoever holds Moscow wins. `advance` does
// the automatic work (opening phases, skipping a phase nobody can use, rolling a lone battle)
// until a player has something to decide.
import type { BfmPhase } from '../../format/ruleset-bfm.types.js';
import { GERMAN, SOVIET, type BfmBoard } from './board.js';
import { openTargets, resolveBattle } from './combat.js';
import { mayMove, reachable } from './movement.js';
import { entryHexes, replaceableUnits, restorableUnits, communication } from './replacements.js';
import { controlRole, emit, occupancy, plural, roleOf, sideName, zoneOfControl, type BfmGame, type Ctx } from './state.js';

/** The phases of each role's player turn, in order. */
export const PHASES: readonly [readonly BfmPhase[], readonly BfmPhase[]] = [
  ['replacements', 'panzerMovement', 'combat', 'movement'],
  ['replacements', 'railMovement', 'combat', 'movement'],
];

const PHASE_NAMES: Record<BfmPhase, string> = {
  replacements: 'replacement phase',
  panzerMovement: 'panzer movement phase',
  railMovement: 'rail movement phase',
  combat: 'combat phase',
  movement: 'movement phase',
  over: 'game over',
};
export const phaseName = (p: BfmPhase): string => PHASE_NAMES[p];

/** Whether any unit of the phasing side can still move this phase. */
export function anyMove(s: BfmGame, b: BfmBoard): boolean {
  const movers = s.units.filter((u) => mayMove(s, b, u));
  if (movers.length === 0) return false;
  const occ = occupancy(s, b);
  const zoc = zoneOfControl(s, b, roleOf(b, s.player) === 0 ? 1 : 0);
  return movers.some((u) => reachable(s, b, u, occ, zoc).length > 0);
}

/** Whether the phasing side can still use a replacement now. */
export function anyReplacement(s: BfmGame, b: BfmBoard): boolean {
  if (s.replacementsLeft <= 0) return false;
  const occ = occupancy(s, b);
  const comm = communication(s, b, roleOf(b, s.player), occ);
  if (restorableUnits(s, b, occ, comm).length > 0) return true;
  return replaceableUnits(s, b).length > 0 && entryHexes(s, b, occ, comm).length > 0;
}

function enterPhase(ctx: Ctx, phase: BfmPhase): void {
  const { s, b } = ctx;
  s.phase = phase;
  const role = roleOf(b, s.player);
  if (phase === 'replacements') {
    s.replacementsLeft = b.turns[s.turn - 1]?.replacements[role] ?? 0;
    s.placed = [];
    for (const u of s.units) delete u.fresh;
  }
  if (phase === 'panzerMovement' || phase === 'railMovement' || phase === 'movement') for (const u of s.units) delete u.moved;
  if (phase === 'combat') {
    s.battles = [];
    s.declaring = true;
    s.combat = null;
  }
}

/** Leaves the current phase for the next one (the next player turn, the next game turn, or the end). */
export function nextPhase(ctx: Ctx): void {
  const { s, b } = ctx;
  const role = roleOf(b, s.player);
  if (s.phase === 'replacements' && s.replacementsLeft > 0) {
    emit(ctx, 'replacement', `${sideName(b, role)}: ${plural(s.replacementsLeft, 'replacement')} unused ${s.replacementsLeft === 1 ? 'is' : 'are'} lost.`, { side: s.player });
  }
  s.replacementsLeft = 0;
  if (s.phase === 'combat') {
    s.battles = [];
    s.declaring = false;
  }
  for (const u of s.units) {
    delete u.moved;
    delete u.fresh;
  }
  const list = PHASES[role];
  const at = list.indexOf(s.phase);
  if (at >= 0 && at < list.length - 1) {
    enterPhase(ctx, list[at + 1]!);
    return;
  }
  if (role === GERMAN) {
    s.player = b.sides[SOVIET].id;
    emit(ctx, 'playerTurn', `Soviet player turn ${s.turn}.`, { side: s.player });
    enterPhase(ctx, 'replacements');
    return;
  }
  if (s.turn >= b.turns.length) {
    endGame(ctx);
    return;
  }
  s.turn += 1;
  s.player = b.sides[GERMAN].id;
  announceTurn(ctx);
  enterPhase(ctx, 'replacements');
}

export function announceTurn(ctx: Ctx): void {
  const { s, b } = ctx;
  const t = b.turns[s.turn - 1]!;
  const extra = t.mud ? ' Mud: two weeks; every move but rail movement is one hex, attacks at half strength.' : '';
  emit(ctx, 'turn', `Turn ${s.turn} of ${b.turns.length} begins (${t.date}).${extra}`);
}

/** After the last turn: whoever holds Moscow wins. */
function endGame(ctx: Ctx): void {
  const { s, b } = ctx;
  s.phase = 'over';
  const holders = new Set(b.moscowCells.map((i) => controlRole(s, b, i)));
  if (holders.size === 1) {
    const w = [...holders][0]!;
    s.gameOver = { winner: b.sides[w].id, reason: `${sideName(b, w)} hold Moscow at the end of turn ${s.turn}.` };
  } else {
    s.gameOver = { winner: null, reason: holders.size === 0 ? 'The map has no Moscow to hold.' : 'Moscow is divided between the two sides.' };
  }
  emit(ctx, 'gameOver', `Game over: ${s.gameOver.reason}`, s.gameOver.winner ? { side: s.gameOver.winner } : {});
}

/** Runs the automatic work until a player must decide or the game is over. */
export function advance(ctx: Ctx): void {
  const { s, b } = ctx;
  for (let guard = 0; guard < 1000; guard++) {
    if (s.gameOver) return;
    switch (s.phase) {
      case 'replacements':
        if (anyReplacement(s, b)) return;
        break;
      case 'panzerMovement':
      case 'railMovement':
      case 'movement':
        if (anyMove(s, b)) return;
        break;
      case 'combat': {
        if (s.combat) return;
        if (s.declaring) {
          if (openTargets(s, b).length > 0) return;
          s.declaring = false;
        }
        const open = s.battles.map((x, k) => (x.done ? -1 : k)).filter((k) => k >= 0);
        if (open.length > 1) return;
        if (open.length === 1) {
          resolveBattle(ctx, open[0]!);
          continue;
        }
        break;
      }
      case 'over':
        return;
    }
    nextPhase(ctx);
  }
  throw new Error('The Battle for Moscow sequence did not settle; this is a bug.');
}
