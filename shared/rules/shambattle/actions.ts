// Applying a decision: its shape is checked (actions may come from JSON), then that it is one of
// the legal actions now, then it is carried out on a working copy and the turn runs on to the next
// decision. An illegal action changes nothing and says why.
import type { ApplyResult, RuleError, RuleErrorCode } from '../types.js';
import { applyOnCopy } from '../apply.js';
import { boardOf } from './board.js';
import { loseSp, placeStand, shoot } from './combat.js';
import { blow, build, type BuildAction } from './engineers.js';
import { advance } from './flow.js';
import { actorOf, isLegal, routesFound, routesInherited } from './legal.js';
import { companionWith, destinations, type Reach } from './movement.js';
import { resupply, type ResupplyAction } from './night.js';
import { draftOf, emit, label, nameOf, unitById, type Ctx, type ShamAction, type ShamState } from './state.js';
import { afterLosses, sideName } from './treachery.js';
import { retreatOnce } from './combat.js';

const fail = (code: RuleErrorCode, message: string): { ok: false; error: RuleError } => ({ ok: false, error: { code, message } });

const STEP_OF: Record<string, ShamState['phase'][]> = {
  aim: ['fire'],
  endFire: ['fire', 'rifle'],
  move: ['movement'],
  assault: ['movement'],
  build: ['movement'],
  blow: ['movement'],
  endMovement: ['movement'],
  fire: ['rifle'],
  resupply: ['night'],
  endNight: ['night'],
};

const STRING_FIELDS: Record<string, string[]> = {
  aim: ['unit', 'target'],
  endFire: [],
  move: ['unit', 'to'],
  assault: ['unit', 'target'],
  build: ['unit', 'task', 'at'],
  blow: ['at'],
  endMovement: [],
  fire: ['unit', 'target'],
  fallBack: ['unit'],
  standFast: ['unit'],
  resupply: ['unit', 'cell'],
  endNight: [],
};


const PHASE_TEXT: Record<ShamState['phase'], string> = {
  fire: 'the opening fire',
  movement: 'the movement step',
  rifle: 'rifle fire',
  closeCombat: 'close combat',
  night: 'the night',
  over: 'the end of the battle',
};

export function applyAction(state: ShamState, action: ShamAction): ApplyResult<ShamState> {
  const raw = action as unknown as Record<string, unknown>;
  if (typeof raw !== 'object' || raw === null || typeof raw.type !== 'string' || typeof raw.side !== 'string' || !(raw.type in STRING_FIELDS)) {
    return fail('illegal', `Not a Shambattle action: ${JSON.stringify(action)}.`);
  }
  for (const k of STRING_FIELDS[raw.type]!) if (typeof raw[k] !== 'string') return fail('illegal', `A ${raw.type} action needs "${k}" (text).`);
  if (state.gameOver) return fail('gameOver', 'The battle is over.');
  const b = boardOf(state.scenario);
  const actor = actorOf(state);
  if (action.side !== actor) return fail('notYourDecision', `This decision belongs to ${actor ? sideName(b, actor) : 'nobody'}, not ${sideName(b, action.side)}.`);
  const unitId = typeof raw.unit === 'string' ? raw.unit : null;
  if (unitId !== null && !unitById(state, unitId)) return fail('unknownUnit', `There is no stand "${unitId}".`);
  for (const k of ['to', 'target', 'cell'] as const) {
    const v = raw[k];
    if (typeof v === 'string' && !b.index.has(v)) return fail('unknownCell', `There is no area "${v}" on this map.`);
  }
  const pending = state.choices[0];
  if (pending && action.type !== 'fallBack' && action.type !== 'standFast') {
    return fail('wrongStep', `First choose whether ${nameOf(b, pending.unit)} retreats or loses SP.`);
  }
  if (!pending && (action.type === 'fallBack' || action.type === 'standFast')) return fail('wrongStep', 'No stand has a retreat-or-lose choice to make.');
  if (!pending && !STEP_OF[action.type]!.includes(state.phase)) return fail('wrongStep', `A ${action.type} action does not belong in ${PHASE_TEXT[state.phase]}.`);
  // A move checked against the routes listed for this state, when they were (the usual case).
  const listed = action.type === 'move' ? routesFound.get(state) : undefined;
  const route = listed && action.type === 'move' ? listed.get(action.unit)?.find((r) => b.ids[r.cell] === action.to) : undefined;
  if (listed ? !route : !isLegal(state, action)) return fail('illegal', refusal(state, action));
  const c = draftOf(state);
  const done = applyOnCopy(c, c.events, (w) => perform(w, action, route), advance);
  if (done.ok) inheritRoutes(state, action, c.s, c.events);
  return done;
}

/**
 * After a plain move by a loyal stand that cost nothing and changed nothing else, the next
 * listing of moves may reuse the routes of stands far from the two areas it changed.
 */
function inheritRoutes(before: ShamState, a: ShamAction, after: ShamState, events: readonly { kind: string }[]): void {
  if (a.type !== 'move' || after.phase !== 'movement' || after.player !== before.player || after.choices.length) return;
  const routes = routesFound.get(before);
  const b = boardOf(before.scenario);
  const u = unitById(before, a.unit);
  if (!routes || !u || u.loyalty !== 'loyal' || u.cell === null) return;
  if (events.some((e) => e.kind !== 'move' && e.kind !== 'control')) return;
  routesInherited.set(after, { routes, changed: [b.index.get(u.cell)!, b.index.get(a.to)!] });
}

/** Why a well-formed action of the right step is not allowed, in the game's words. */
function refusal(s: ShamState, a: ShamAction): string {
  const b = boardOf(s.scenario);
  const who = 'unit' in a ? nameOf(b, a.unit) : '';
  switch (a.type) {
    case 'aim':
    case 'fire':
      return `${who} cannot shoot at ${label(b, a.target)} now (out of range, nothing of the enemy there, already fired, in close combat, or not a stand that shoots in this step).`;
    case 'move':
      return `${who} cannot move to ${label(b, a.to)} now.`;
    case 'assault':
      return `${who} cannot close assault ${label(b, a.target)} (only infantry, cavalry and engineers next to an enemy-held area they could enter may; an exhausted army only with cavalry).`;
    case 'build':
      return `${who} cannot do that work now.`;
    case 'blow':
      return `Nothing prepared for demolition at ${a.at}.`;
    case 'resupply':
      return `${who} cannot be resupplied at ${label(b, a.cell)}.`;
    default:
      return 'That action is not allowed now.';
  }
}

function perform(c: Ctx, a: ShamAction, route?: Reach): void {
  const b = c.b;
  const s = c.s;
  switch (a.type) {
    case 'aim':
      s.orders.push({ side: a.side, unit: a.unit, target: a.target });
      c.events.push({ kind: 'fire', text: `${nameOf(b, a.unit)} is laid on ${label(b, a.target)}.`, turn: s.turn, side: a.side, cell: a.target, units: [a.unit], visibleTo: [a.side] });
      return;
    case 'endFire':
      if (s.phase === 'fire') {
        s.committed.push(a.side);
        emit(c, 'fire', `${sideName(b, a.side)}: fire orders given.`, { side: a.side });
      } else {
        s.phase = 'closeCombat';
        s.fought = [];
      }
      return;
    case 'move': {
      const u = unitById(s, a.unit)!;
      const r = route ?? destinations(b, s, u).find((x) => b.ids[x.cell] === a.to)!;
      const train = companionWith(b, s, u);
      const from = u.cell!;
      for (const e of s.engagements) e.units = e.units.filter((id) => id !== u.id);
      emit(c, 'move', `${nameOf(b, u.id)}${train ? ' and their train' : ''} ${from === a.to ? 'stay' : 'move'} from ${label(b, from)} to ${label(b, a.to)}${r.crossed ? ', crossing the river' : ''}.`, {
        side: a.side,
        cell: a.to,
        units: train ? [u.id, train.id] : [u.id],
      });
      placeStand(c, u, a.to);
      u.moved = true;
      if (r.crossed) u.crossed = true;
      if (train) train.moved = true;
      afterLosses(c);
      return;
    }
    case 'assault': {
      const u = unitById(s, a.unit)!;
      let e = s.engagements.find((x) => x.target === a.target && x.side === a.side);
      if (!e) {
        e = { side: a.side, target: a.target, units: [] };
        s.engagements.push(e);
      }
      e.units.push(u.id);
      u.moved = true;
      emit(c, 'attack', `${nameOf(b, u.id)} close assaults ${label(b, a.target)} from ${label(b, u.cell)}.`, { side: a.side, cell: a.target, units: [u.id] });
      return;
    }
    case 'build':
      build(c, a as BuildAction);
      afterLosses(c);
      return;
    case 'blow':
      blow(c, a.side, a.at);
      afterLosses(c);
      return;
    case 'endMovement':
      s.phase = 'rifle';
      return;
    case 'fire':
      shoot(c, unitById(s, a.unit)!, a.target);
      afterLosses(c);
      return;
    case 'fallBack': {
      const ch = s.choices.shift()!;
      const u = unitById(s, ch.unit)!;
      const from = ch.from.map((x) => b.index.get(x)!);
      emit(c, 'retreat', `${nameOf(b, u.id)} gives ground rather than lose SP.`, { side: a.side, units: [u.id] });
      for (let k = 0; k < ch.results && u.status === 'map'; k++) retreatOnce(c, u, from);
      afterLosses(c);
      return;
    }
    case 'standFast': {
      const ch = s.choices.shift()!;
      const u = unitById(s, ch.unit)!;
      emit(c, 'losses', `${nameOf(b, u.id)} stands fast: −${ch.results} SP.`, { side: a.side, units: [u.id] });
      loseSp(c, u, ch.results);
      afterLosses(c);
      return;
    }
    case 'resupply':
      resupply(c, a as ResupplyAction);
      return;
    case 'endNight':
      s.committed.push(a.side);
      return;
  }
}
