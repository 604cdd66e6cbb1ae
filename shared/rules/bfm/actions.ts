// Battle for Moscow decisions: who must act, what they may do, and applying one to a draft
// state. Each handler checks everything before it changes anything, so a refused action leaves
// even the draft untouched.
import type { BfmAction } from '../../format/ruleset-bfm.types.js';
import type { RuleError } from '../types.js';
import type { BfmBoard } from './board.js';
import { attackerStep, combatChoices, continueExchange, declareBattle, doAdvance, doRetreat, finishBattle, openTargets, resolveBattle, subsets } from './combat.js';
import { mayMove, phaseMode, reachable } from './movement.js';
import { nextPhase } from './phases.js';
import { communication, entryHexes, replaceableUnits, restorableUnits } from './replacements.js';
import { cellIx, emit, findUnit, label, occupancy, onMap, place, roleOf, sideName, unitName, zoneOfControl, type BfmGame, type Ctx } from './state.js';

/** The side that must act now: the phasing player for everything (the attacker even moves the defender back); null when over. */
export function actorOf(s: BfmGame): string | null {
  return s.gameOver ? null : s.player;
}

export function legalActionsOf(s: BfmGame, b: BfmBoard): BfmAction[] {
  const side = actorOf(s);
  if (side === null) return [];
  const c = combatChoices(s, b);
  if (c) {
    switch (c.stage) {
      case 'attackerLoss':
      case 'exchange':
        return c.units!.map((unit): BfmAction => ({ type: 'takeLoss', side, unit }));
      case 'retreat':
        return c.hexes!.map((i): BfmAction => ({ type: 'retreat', side, to: b.ids[i]! }));
      case 'advance':
        return [...c.units!.map((unit): BfmAction => ({ type: 'advance', side, unit })), { type: 'hold', side }];
    }
  }
  switch (s.phase) {
    case 'replacements': {
      const occ = occupancy(s, b);
      const comm = communication(s, b, roleOf(b, side), occ);
      const out: BfmAction[] = [];
      if (s.replacementsLeft > 0) {
        const hexes = entryHexes(s, b, occ, comm);
        for (const u of replaceableUnits(s, b)) for (const i of hexes) out.push({ type: 'replace', side, unit: u.id, cell: b.ids[i]! });
        for (const u of restorableUnits(s, b, occ, comm)) out.push({ type: 'restore', side, unit: u.id });
      }
      out.push({ type: 'endReplacements', side });
      return out;
    }
    case 'panzerMovement':
    case 'railMovement':
    case 'movement': {
      const occ = occupancy(s, b);
      const zoc = zoneOfControl(s, b, roleOf(b, side) === 0 ? 1 : 0);
      const out: BfmAction[] = [];
      for (const u of s.units) {
        if (!mayMove(s, b, u)) continue;
        for (const j of reachable(s, b, u, occ, zoc)) out.push({ type: 'move', side, unit: u.id, to: b.ids[j]! });
      }
      out.push({ type: 'endMovement', side });
      return out;
    }
    case 'combat': {
      if (s.declaring) {
        const out: BfmAction[] = [];
        for (const t of openTargets(s, b)) for (const attackers of subsets(t.attackers)) out.push({ type: 'declare', side, defender: t.defender, attackers });
        out.push({ type: 'endDeclarations', side });
        return out;
      }
      return s.battles.filter((x) => !x.done).map((x): BfmAction => ({ type: 'resolve', side, defender: x.defender }));
    }
    default:
      return [];
  }
}

const err = (code: RuleError['code'], message: string): RuleError => ({ code, message });

const FIELDS: Record<BfmAction['type'], Record<string, 'string' | 'strings'>> = {
  replace: { unit: 'string', cell: 'string' },
  restore: { unit: 'string' },
  endReplacements: {},
  move: { unit: 'string', to: 'string' },
  endMovement: {},
  declare: { defender: 'string', attackers: 'strings' },
  endDeclarations: {},
  resolve: { defender: 'string' },
  takeLoss: { unit: 'string' },
  retreat: { to: 'string' },
  advance: { unit: 'string' },
  hold: {},
};

/** Actions may come from JSON (a save, another thread): their shape is checked before the rules read them. */
export function shapeProblem(a: unknown): string | null {
  if (typeof a !== 'object' || a === null) return 'An action must be an object.';
  const o = a as Record<string, unknown>;
  if (typeof o.type !== 'string' || !(o.type in FIELDS)) return `Unknown action type ${JSON.stringify(o.type)}.`;
  if (typeof o.side !== 'string') return `A "${o.type}" action needs the side taking it.`;
  for (const [field, kind] of Object.entries(FIELDS[o.type as BfmAction['type']])) {
    const v = o[field];
    const ok = kind === 'string' ? typeof v === 'string' : Array.isArray(v) && v.length > 0 && v.every((x) => typeof x === 'string');
    if (!ok) return `A "${o.type}" action needs ${field} as ${kind === 'strings' ? 'a non-empty list of unit ids' : 'a string'}.`;
  }
  return null;
}

/** Applies one action to the draft; returns an error instead when it is not legal now. */
export function applyAction(ctx: Ctx, a: BfmAction): RuleError | null {
  const { s, b } = ctx;
  const side = actorOf(s);
  if (side === null) return err('gameOver', 'The game is over.');
  if (a.side !== side) {
    const who = b.sideIndex.has(a.side) ? sideName(b, roleOf(b, a.side)) : a.side;
    return err('notYourDecision', `It is for ${sideName(b, roleOf(b, side))} to act now, not ${who}.`);
  }
  const wrong = (what: string): RuleError => err('wrongStep', `${what} is not possible now.`);
  const c = s.combat;

  // ---- decisions inside a battle
  if (a.type === 'takeLoss' || a.type === 'retreat' || a.type === 'advance' || a.type === 'hold') {
    const choices = combatChoices(s, b);
    if (!choices || !c) return wrong(a.type === 'takeLoss' ? 'Taking a loss' : a.type === 'retreat' ? 'A retreat' : 'An advance');
    const battle = s.battles[c.battle]!;
    switch (a.type) {
      case 'takeLoss': {
        if (c.stage !== 'attackerLoss' && c.stage !== 'exchange') return wrong('Taking a loss');
        if (!choices.units!.includes(a.unit)) return err('illegal', `The loss goes to one of the attackers: ${choices.units!.map((x) => unitName(b, x)).join(', ')}.`);
        const u = findUnit(s, a.unit)!;
        const lost = attackerStep(ctx, u);
        if (c.stage === 'attackerLoss') finishBattle(ctx);
        else {
          c.owed = (c.owed ?? 0) - lost;
          const d = findUnit(s, battle.defender)!;
          continueExchange(ctx, onMap(d) ? d : null);
        }
        return null;
      }
      case 'retreat': {
        if (c.stage !== 'retreat') return wrong('A retreat');
        const i = b.index.get(a.to);
        if (i === undefined) return err('unknownCell', `There is no hex ${a.to} on this map.`);
        if (!choices.hexes!.includes(i)) {
          return err('illegal', `${unitName(b, battle.defender)} may retreat to ${choices.hexes!.map((x) => label(b, x)).join(', ')}, not ${label(b, i)}.`);
        }
        doRetreat(ctx, findUnit(s, battle.defender)!, i);
        return null;
      }
      case 'advance': {
        if (c.stage !== 'advance') return wrong('An advance');
        if (!choices.units!.includes(a.unit)) return err('illegal', `Only an attacker of this battle may advance: ${choices.units!.map((x) => unitName(b, x)).join(', ')}.`);
        doAdvance(ctx, findUnit(s, a.unit)!);
        return null;
      }
      case 'hold': {
        if (c.stage !== 'advance') return wrong('Holding back');
        emit(ctx, 'advance', `${sideName(b, roleOf(b, side))} do not advance into ${label(b, b.index.get(c.hex)!)}.`, { side, cell: c.hex });
        finishBattle(ctx);
        return null;
      }
    }
  }
  if (c) return wrong(`"${a.type}" during a battle`);

  switch (a.type) {
    case 'replace': {
      if (s.phase !== 'replacements') return wrong('A replacement');
      if (s.replacementsLeft <= 0) return err('illegal', 'No replacement is left this turn.');
      const u = findUnit(s, a.unit);
      if (!u || u.side !== side) return err('unknownUnit', `${a.unit} is not a ${sideName(b, roleOf(b, side))} unit.`);
      if (!replaceableUnits(s, b).includes(u)) return err('illegal', `${unitName(b, u.id)} cannot be brought in now (it is on the map, or not available before a later turn).`);
      const i = b.index.get(a.cell);
      if (i === undefined) return err('unknownCell', `There is no hex ${a.cell} on this map.`);
      if (!entryHexes(s, b).includes(i)) {
        return err('illegal', `A new unit comes in on an empty hex of the ${b.edgeNames[roleOf(b, side)]} edge or in an empty friendly city in communication (one per city); ${label(b, i)} is not one.`);
      }
      u.reduced = true;
      u.fresh = true;
      place(ctx, u, i);
      if (b.city[i] && !b.edge[roleOf(b, side)][i]) s.placed.push(b.ids[i]!);
      s.replacementsLeft -= 1;
      emit(ctx, 'replacement', `${unitName(b, u.id)} comes back at half strength in ${label(b, i)}.`, { side, cell: b.ids[i], units: [u.id] });
      return null;
    }
    case 'restore': {
      if (s.phase !== 'replacements') return wrong('A replacement');
      if (s.replacementsLeft <= 0) return err('illegal', 'No replacement is left this turn.');
      const u = findUnit(s, a.unit);
      if (!u || u.side !== side) return err('unknownUnit', `${a.unit} is not a ${sideName(b, roleOf(b, side))} unit.`);
      if (!restorableUnits(s, b).includes(u)) {
        const why = u.fresh ? 'it came back this phase (a new unit takes two turns to reach full strength)' : !u.reduced ? 'it is at full strength' : 'it is not on the map in communication with its map edge';
        return err('illegal', `${unitName(b, u.id)} cannot be restored: ${why}.`);
      }
      u.reduced = false;
      s.replacementsLeft -= 1;
      emit(ctx, 'replacement', `${unitName(b, u.id)} is restored to full strength in ${label(b, cellIx(b, u))}.`, { side, cell: u.cell!, units: [u.id] });
      return null;
    }
    case 'endReplacements': {
      if (s.phase !== 'replacements') return wrong('Ending replacements');
      nextPhase(ctx);
      return null;
    }
    case 'move': {
      const mode = phaseMode(s);
      if (mode === null) return wrong('Movement');
      const u = findUnit(s, a.unit);
      if (!u || u.side !== side) return err('unknownUnit', `${a.unit} is not a ${sideName(b, roleOf(b, side))} unit.`);
      if (!mayMove(s, b, u)) {
        const why = u.moved ? 'it has moved this phase' : mode === 'panzer' ? 'only panzers move in the panzer movement phase' : mode === 'rail' ? 'only units on a railroad move in the rail movement phase' : 'it is not on the map';
        return err('illegal', `${unitName(b, u.id)} cannot move: ${why}.`);
      }
      const to = b.index.get(a.to);
      if (to === undefined) return err('unknownCell', `There is no hex ${a.to} on this map.`);
      const occ = occupancy(s, b);
      const zoc = zoneOfControl(s, b, roleOf(b, side) === 0 ? 1 : 0);
      if (!reachable(s, b, u, occ, zoc).includes(to)) {
        return err('illegal', `${unitName(b, u.id)} cannot reach ${label(b, to)} this phase (movement allowance, forest, enemy units and zones of control${mode === 'rail' ? ', along the railroad only' : ''}).`);
      }
      const from = label(b, cellIx(b, u));
      place(ctx, u, to);
      u.moved = true;
      const how = mode === 'rail' ? ' by rail' : '';
      emit(ctx, 'move', `${unitName(b, u.id)} moves${how} from ${from} to ${label(b, to)}${zoc[to] ? ' (enemy zone of control: it stops)' : ''}.`, { side, cell: b.ids[to], units: [u.id] });
      return null;
    }
    case 'endMovement': {
      if (phaseMode(s) === null) return wrong('Ending movement');
      nextPhase(ctx);
      return null;
    }
    case 'declare': {
      if (s.phase !== 'combat' || !s.declaring) return wrong('Announcing a battle');
      const target = openTargets(s, b).find((t) => t.defender === a.defender);
      if (!target) return err('illegal', `${unitName(b, a.defender)} cannot be attacked now (not next to a unit that has not attacked, or already attacked this phase).`);
      const set = new Set(a.attackers);
      if (set.size !== a.attackers.length || !a.attackers.every((x) => target.attackers.includes(x))) {
        return err('illegal', `The attackers must be different units next to ${unitName(b, a.defender)} that have not attacked this phase: ${target.attackers.map((x) => unitName(b, x)).join(', ')}.`);
      }
      const order = new Map(s.units.map((u, k) => [u.id, k]));
      declareBattle(ctx, a.defender, [...a.attackers].sort((x, y) => order.get(x)! - order.get(y)!));
      return null;
    }
    case 'endDeclarations': {
      if (s.phase !== 'combat' || !s.declaring) return wrong('Ending the announcements');
      s.declaring = false;
      if (s.battles.length === 0) emit(ctx, 'declare', `${sideName(b, roleOf(b, side))} make no attack.`, { side });
      return null;
    }
    case 'resolve': {
      if (s.phase !== 'combat' || s.declaring) return wrong('Resolving a battle');
      const k = s.battles.findIndex((x) => x.defender === a.defender && !x.done);
      if (k < 0) return err('illegal', `No announced battle against ${unitName(b, a.defender)} is waiting.`);
      resolveBattle(ctx, k);
      return null;
    }
  }
}

