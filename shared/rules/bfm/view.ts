// Battle for Moscow seen from outside the engine: described decisions, the observation, the
// public queries (odds of an attack, movement range, zones of control) and the play aids as
// tables (CRT, terrain effects, turn record track). Computed on demand, never stored.
import type { BfmAction, BfmUnitState, CrtResult } from '../../format/ruleset-bfm.types.js';
import type { GroundChangeRule, Scenario } from '../../format/scenario.types.js';
import type { AttackPreview, DescribedAction, Decision, MoveOption, Observation, ObservedUnit, RulesTable } from '../types.js';
import { actorOf, legalActionsOf } from './actions.js';
import { bfmBoardOf, crtResult, GERMAN, SOVIET, STANDARD_CRT, turnInfos, type BfmBoard } from './board.js';
import { columnText, oddsOf, openTargets, ratioText, survivingAttackers } from './combat.js';
import { isMud, mayMove, reachable } from './movement.js';
import { phaseName } from './phases.js';
import { cellIx, controlRole, findUnit, info, label, labelOfId, occupancy, onMap, roleOf, sideName, stepLoss, strengthNow, unitName, zoneOfControl, type BfmGame } from './state.js';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
function dateRange(from: string, to: string): string {
  const [fy, fm, fd] = from.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = to.split('-').map(Number) as [number, number, number];
  if (!fy || !ty) return from;
  if (fm === tm) return `${fd}–${td} ${MONTHS[tm - 1]} ${ty}`;
  return `${fd} ${MONTHS[fm - 1]}–${td} ${MONTHS[tm - 1]} ${ty}`;
}

export function turnLabel(b: BfmBoard, turn: number): string {
  const t = b.turns[turn - 1];
  if (!t) return `Turn ${turn}`;
  return `Turn ${turn} of ${b.turns.length} — ${dateRange(t.date, t.end)}${t.mud ? ' (two weeks, mud)' : ''}`;
}

const playerPhase = (s: BfmGame, b: BfmBoard): string =>
  s.phase === 'over' ? 'Game over' : `${sideName(b, roleOf(b, s.player))} ${phaseName(s.phase)}`;

function oddsSummary(s: BfmGame, b: BfmBoard, attackers: BfmUnitState[], defender: BfmUnitState): string {
  const o = oddsOf(s, b, attackers, defender);
  const shifts = o.shifts.map((x) => `${x.columns} ${x.reason}`).join(', ');
  const base = `${o.attack}${isMud(s, b) ? ' (halved in mud)' : ''} to ${o.defence}: ${ratioText(o.attack, o.defence)}`;
  return shifts ? `${base}, ${shifts} → ${columnText(o.column)}` : `${base} → ${columnText(o.column)}`;
}

export function describe(s: BfmGame, b: BfmBoard, a: BfmAction): DescribedAction<BfmAction> {
  const name = (id: string): string => unitName(b, id);
  const hex = (id: string | null): string => labelOfId(b, id);
  const unitCell = (id: string): string | undefined => findUnit(s, id)?.cell ?? undefined;
  switch (a.type) {
    case 'replace':
      return { action: a, kind: 'move', label: `${name(a.unit)} comes back at half strength in ${hex(a.cell)}`, unit: a.unit, cell: a.cell, group: a.unit };
    case 'restore': {
      const cell = unitCell(a.unit);
      return { action: a, kind: 'unit', label: `Restore ${name(a.unit)} to full strength`, unit: a.unit, ...(cell ? { cell } : {}) };
    }
    case 'endReplacements':
      return { action: a, kind: 'confirm', label: s.replacementsLeft > 0 ? `Done (${s.replacementsLeft} unused ${s.replacementsLeft === 1 ? 'is' : 'are'} lost)` : 'Done with replacements', ends: true };
    case 'move': {
      const from = unitCell(a.unit);
      return { action: a, kind: 'move', label: `${name(a.unit)} to ${hex(a.to)}`, unit: a.unit, ...(from ? { from } : {}), cell: a.to, group: a.unit };
    }
    case 'endMovement':
      return { action: a, kind: 'confirm', label: 'End movement', ends: true };
    case 'declare': {
      const d = findUnit(s, a.defender)!;
      const odds = oddsSummary(s, b, a.attackers.map((x) => findUnit(s, x)!), d);
      return {
        action: a,
        kind: 'units',
        label: `Attack ${name(a.defender)} in ${hex(d.cell)} with ${a.attackers.map(name).join(', ')}`,
        detail: odds,
        unit: a.defender,
        units: a.attackers,
        cell: d.cell!,
        group: a.defender,
      };
    }
    case 'endDeclarations':
      return { action: a, kind: 'confirm', label: s.battles.length === 0 ? 'Make no attack' : 'No more attacks: resolve them', ends: true };
    case 'resolve': {
      const battle = s.battles.find((x) => x.defender === a.defender && !x.done)!;
      const d = findUnit(s, a.defender)!;
      return {
        action: a,
        kind: 'cell',
        label: `Resolve the attack on ${name(a.defender)} in ${hex(d.cell)}`,
        detail: oddsSummary(s, b, survivingAttackers(s, battle.attackers), d),
        unit: a.defender,
        units: battle.attackers,
        cell: d.cell!,
      };
    }
    case 'takeLoss': {
      const u = findUnit(s, a.unit)!;
      const cell = u.cell ?? undefined;
      return { action: a, kind: 'unit', label: `${name(a.unit)} takes the loss (${u.reduced ? 'eliminated' : `to half strength, −${stepLoss(b, u)}`})`, unit: a.unit, ...(cell ? { cell } : {}) };
    }
    case 'retreat': {
      const battle = s.battles[s.combat!.battle]!;
      return { action: a, kind: 'cell', label: `Retreat ${name(battle.defender)} to ${hex(a.to)}`, unit: battle.defender, cell: a.to };
    }
    case 'advance': {
      const from = unitCell(a.unit);
      return { action: a, kind: 'move', label: `${name(a.unit)} advances into ${hex(s.combat!.hex)}`, unit: a.unit, ...(from ? { from } : {}), cell: s.combat!.hex };
    }
    case 'hold':
      return { action: a, kind: 'confirm', label: 'Do not advance', ends: true };
  }
}

const TITLES: Record<string, string> = {
  replacements: 'replacements',
  panzerMovement: 'panzer movement',
  railMovement: 'rail movement',
  movement: 'movement',
  declare: 'announce the battles',
  resolve: 'resolve the battles',
  attackerLoss: 'attacker loss',
  exchange: 'exchange',
  retreat: 'retreat the defender',
  advance: 'advance after combat',
};

function promptOf(s: BfmGame, b: BfmBoard): { kind: string; prompt: string } {
  const c = s.combat;
  if (c) {
    const battle = s.battles[c.battle]!;
    const d = name(b, battle.defender);
    switch (c.stage) {
      case 'attackerLoss':
        return { kind: 'attackerLoss', prompt: `Attacker loss: choose which attacking unit takes a step loss.` };
      case 'exchange':
        return { kind: 'exchange', prompt: `Exchange: choose attacking units to lose at least ${c.owed} more strength (printed strength).` };
      case 'retreat':
        return { kind: 'retreat', prompt: `${d} must retreat two hexes: choose where it goes (not into an enemy zone of control).` };
      case 'advance':
        return { kind: 'advance', prompt: `${labelOfId(b, c.hex)} is empty: one attacking unit may advance into it.` };
    }
  }
  switch (s.phase) {
    case 'replacements':
      return { kind: 'replacements', prompt: `${s.replacementsLeft} replacement${s.replacementsLeft === 1 ? '' : 's'} to use: bring back an eliminated unit at half strength, or restore a half-strength unit.` };
    case 'panzerMovement':
      return { kind: 'panzerMovement', prompt: 'Move panzers (entering an enemy zone of control ends a move), then end movement.' };
    case 'railMovement':
      return { kind: 'railMovement', prompt: 'Move units along the railroad (they must start on it), then end movement.' };
    case 'movement':
      return { kind: 'movement', prompt: isMud(s, b) ? 'Mud: each unit may move one hex. Then end movement.' : 'Move units (forest costs two; entering an enemy zone of control ends a move), then end movement.' };
    case 'combat':
      return s.declaring
        ? { kind: 'declare', prompt: 'Announce every battle first: each enemy unit and each of your units in at most one.' }
        : { kind: 'resolve', prompt: 'Choose the next battle to resolve.' };
    default:
      return { kind: 'over', prompt: '' };
  }
}
const name = (b: BfmBoard, id: string): string => unitName(b, id);

export function decision(s: BfmGame, b: BfmBoard): Decision<BfmAction> | null {
  const side = actorOf(s);
  if (side === null) return null;
  const p = promptOf(s, b);
  return {
    side,
    kind: `bfm.${p.kind}`,
    title: `${sideName(b, roleOf(b, side))}: ${TITLES[p.kind] ?? p.kind}`,
    prompt: p.prompt,
    options: legalActionsOf(s, b).map((a) => describe(s, b, a)),
  };
}

const factorsOf = (b: BfmBoard, u: BfmUnitState): string => `${strengthNow(b, u)}-${info(b, u.id).movement}`;

export function observe(s: BfmGame, b: BfmBoard, observer: string | null): Observation {
  const inBattle = new Set<string>();
  for (const x of s.battles) {
    inBattle.add(x.defender);
    for (const a of x.attackers) inBattle.add(a);
  }
  const units: ObservedUnit[] = s.units.map((u) => {
    const i = info(b, u.id);
    return {
      id: u.id,
      side: u.side,
      cell: u.cell,
      where: u.status === 'map' ? 'onMap' : u.status === 'pool' ? 'pool' : 'eliminated',
      hidden: false,
      name: i.name,
      branch: i.panzer ? 'tank' : 'infantry',
      face: u.reduced ? 'back' : 'front',
      factors: factorsOf(b, u),
      values: { strength: strengthNow(b, u), fullStrength: i.full, halfStrength: i.half, movement: i.movement, reduced: u.reduced, panzer: i.panzer },
      markers: inBattle.has(u.id) && s.phase === 'combat' ? ['attacked'] : [],
    };
  });
  const control: Record<string, string> = {};
  const cellMarkers: Record<string, string[]> = {};
  for (let i = 0; i < b.n; i++) {
    const r = controlRole(s, b, i);
    control[b.ids[i]!] = b.sides[r].id;
    if (b.moscow[i]) cellMarkers[b.ids[i]!] = ['moscowHeld'];
    else if (b.city[i] && r === GERMAN) cellMarkers[b.ids[i]!] = ['germanCity'];
    else if (b.city[i] && b.initialControl.charAt(i) === b.sides[GERMAN].code) cellMarkers[b.ids[i]!] = ['sovietCity'];
  }
  const t = b.turns[s.turn - 1];
  const status = [
    { label: 'Weather', value: t?.mud ? 'Mud' : 'Clear' },
    { label: 'Moscow', value: b.moscowCells.length ? sideName(b, controlRole(s, b, b.moscowCells[0]!)) : '—' },
  ];
  if (s.phase === 'replacements') status.push({ label: 'Replacements left', value: String(s.replacementsLeft) });
  if (s.phase === 'combat') status.push({ label: 'Battles', value: `${s.battles.filter((x) => x.done).length} of ${s.battles.length} resolved` });
  return {
    ruleset: 'bfm',
    observer,
    turn: s.turn,
    turns: b.turns.length,
    turnLabel: turnLabel(b, s.turn),
    phase: { id: s.combat ? `combat/${s.combat.stage}` : s.phase, label: playerPhase(s, b) },
    player: s.phase === 'over' ? null : s.player,
    actor: actorOf(s),
    status,
    units,
    control,
    cellMarkers,
    score: citiesHeld(s, b),
    gameOver: s.gameOver ? { ...s.gameOver } : null,
  };
}

/** Cities each side holds now (the balance report's score). */
export function citiesHeld(s: BfmGame, b: BfmBoard): Record<string, number> {
  const out = { [b.sides[0].id]: 0, [b.sides[1].id]: 0 };
  for (let i = 0; i < b.n; i++) if (b.city[i] || b.moscow[i]) out[b.sides[controlRole(s, b, i)].id]! += 1;
  return out;
}

/** The CRT column's results with their chances. */
function outcomes(b: BfmBoard, column: number): { result: string; probability: number }[] {
  if (column === 0) return [{ result: 'NE', probability: 1 }];
  const count = new Map<string, number>();
  for (let die = 1; die <= 6; die++) {
    const r = crtResult(b, die, column);
    count.set(r, (count.get(r) ?? 0) + 1);
  }
  return [...count].map(([result, n]) => ({ result, probability: n / 6 }));
}

/**
 * An attack as it would be: by defender and attackers, or by the defender's hex (then every
 * unit of the phasing side next to it that has not attacked yet).
 */
export function attackPreview(s: BfmGame, b: BfmBoard, spec: { cell?: string; attackers?: string[]; defender?: string }): AttackPreview | null {
  let defender = spec.defender ? findUnit(s, spec.defender) : spec.cell ? s.units.find((u) => onMap(u) && u.cell === spec.cell) : undefined;
  if (!defender || !onMap(defender)) return null;
  const attackerSide = b.sides[roleOf(b, defender.side) === GERMAN ? SOVIET : GERMAN].id;
  let ids = spec.attackers;
  if (!ids) ids = openTargets(s, b).find((t) => t.defender === defender!.id)?.attackers ?? [];
  const attackers = ids.map((id) => findUnit(s, id)).filter((u): u is BfmUnitState => u !== undefined && onMap(u) && u.side === attackerSide);
  const d = cellIx(b, defender);
  const adjacent = (u: BfmUnitState): boolean => {
    const a = cellIx(b, u);
    for (let k = 0; k < 6; k++) if (b.nb[d * 6 + k] === a) return true;
    return false;
  };
  if (attackers.length === 0 || !attackers.every(adjacent)) return null;
  const o = oddsOf(s, b, attackers, defender);
  const line = (u: BfmUnitState) => ({ id: u.id, name: unitName(b, u.id), branch: info(b, u.id).panzer ? 'tank' : 'infantry', strength: strengthNow(b, u), elite: false });
  return {
    cell: defender.cell!,
    label: label(b, d),
    attackerSide,
    defenderSide: defender.side,
    attackers: attackers.map(line),
    defenders: [line(defender)],
    summary: oddsSummary(s, b, attackers, defender),
    method: {
      kind: 'odds',
      attack: o.attack,
      defence: o.defence,
      ratio: ratioText(o.attack, o.defence),
      shifts: o.shifts,
      column: o.column === 0 ? null : `${o.column}:1`,
      results: o.column === 0 ? ['NE', 'NE', 'NE', 'NE', 'NE', 'NE'] : [1, 2, 3, 4, 5, 6].map((die) => crtResult(b, die, o.column)),
    },
    outcomes: outcomes(b, o.column),
  };
}

export function moves(s: BfmGame, b: BfmBoard, unit: string): MoveOption[] {
  const u = findUnit(s, unit);
  if (!u || !mayMove(s, b, u)) return [];
  const occ = occupancy(s, b);
  const zoc = zoneOfControl(s, b, roleOf(b, u.side) === GERMAN ? SOVIET : GERMAN);
  const mode = s.phase === 'railMovement' ? 'rail' : s.phase === 'panzerMovement' ? 'panzer' : 'move';
  return reachable(s, b, u, occ, zoc).map((j) => ({ cell: b.ids[j]!, mode }));
}

// ---- play aids -------------------------------------------------------------------------------

const RESULT_LABELS: { value: CrtResult; label: string }[] = [
  { value: 'AL', label: 'AL — attacker loss' },
  { value: 'NE', label: 'NE — no effect' },
  { value: 'DR', label: 'DR — defender retreats' },
  { value: 'DRL', label: 'DRL — defender loss and retreat' },
  { value: 'DE', label: 'DE — defender eliminated' },
  { value: 'EX', label: 'EX — exchange' },
];

export function tables(scenario: Scenario): RulesTable[] {
  const b = bfmBoardOf(scenario);
  const sides = scenario.sides;
  const pool = scenario.pool ?? [];
  const changed = b.crt !== STANDARD_CRT;
  return [
    {
      id: 'crt',
      title: 'Combat results table',
      caption: 'Roll one die in the column of the odds after terrain shifts; above 6:1 is 6:1, below 1:1 has no effect.',
      corner: 'Die',
      columns: [1, 2, 3, 4, 5, 6].map((c) => ({ key: `c${c}`, label: `${c}:1` })),
      rows: [1, 2, 3, 4, 5, 6].map((die) => ({ key: `d${die}`, label: String(die), cells: [1, 2, 3, 4, 5, 6].map((c) => crtResult(b, die, c)) })),
      notes: [
        'AL: one attacking unit (attacker\u2019s choice) takes a loss. DR: the attacker moves the defender two hexes, not into an enemy zone of control (eliminated if it cannot). DRL: the defender takes a loss, then retreats. DE: the defender is eliminated. EX: the defender takes a loss, the attacker loses at least as much printed strength, then the defender retreats.',
        'A loss flips a full-strength unit to half strength and eliminates a half-strength one. A vacated hex may take one attacking unit.',
        ...(changed ? ['This scenario changes the printed table.'] : []),
      ],
      editable: { values: RESULT_LABELS, hint: 'Click a result to change it; the scenario keeps its own table.' },
    },
    {
      id: 'terrain',
      title: 'Terrain effects',
      corner: 'Terrain',
      columns: [
        { key: 'move', label: 'Movement' },
        { key: 'combat', label: 'Combat' },
      ],
      rows: [
        { key: 'clear', label: 'Clear', cells: ['1 hex', 'no effect'] },
        { key: 'forest', label: 'Forest', cells: ['2 hexes (1 by rail)', 'defender: odds one column left'] },
        { key: 'city', label: 'City', cells: ['1 hex', 'no effect; replacements, held by the last side in it'] },
        { key: 'moscow', label: 'Moscow', cells: ['1 hex', 'defender: one column left; holding it wins'] },
        { key: 'fortification', label: 'Fortification', cells: ['as the hex', `${sides[1].name} defender: one column left`] },
        { key: 'river', label: 'River hexside', cells: ['no effect', 'all attackers across it: one column left'] },
        { key: 'rail', label: 'Railroad', cells: [`${sides[1].name} rail movement phase: along it only`, 'no effect'] },
        { key: 'zoc', label: 'Enemy zone of control', cells: ['entering it ends the move', 'no retreat into it'] },
      ],
      notes: ['Column shifts add up. In mud every move except rail movement is one hex and attack strengths are halved (exchange losses use printed strength).'],
    },
    {
      id: 'turns',
      title: 'Turn record track',
      corner: 'Turn',
      columns: [
        { key: 'dates', label: 'Dates' },
        { key: 'weather', label: 'Weather' },
        { key: 'repl0', label: `${sides[0].name} replacements` },
        { key: 'repl1', label: `${sides[1].name} replacements` },
        { key: 'arrive', label: 'Available from the pool' },
      ],
      editable: { values: WEATHER_LABELS, hint: 'Click a turn\u2019s weather to make it a mud turn (two weeks) or a clear one; the ground schedule follows.', columns: ['weather'] },
      rows: turnInfos(scenario).map((t) => ({
        key: `t${t.turn}`,
        label: String(t.turn),
        cells: [
          dateRange(t.date, t.end),
          t.mud ? 'Mud (two weeks)' : 'Clear',
          String(t.replacements[0]),
          String(t.replacements[1]),
          pool
            .filter((p) => (p.fromTurn ?? 1) === t.turn)
            .map((p) => p.unit.name)
            .join(', '),
        ],
        ...(t.mud ? { note: 'mud' } : {}),
      })),
      notes: [`${sides[0].name} player turn first: replacements, panzer movement, combat, movement; then ${sides[1].name}: replacements, rail movement, combat, movement. Unused replacements are lost.`],
    },
  ];
}

const WEATHER_LABELS = [
  { value: 'Clear', label: 'Clear' },
  { value: 'Mud (two weeks)', label: 'Mud (two weeks)' },
];

/**
 * Makes one turn of the turn record track a mud turn or a clear one. Mud turns are fixed in the
 * rules, so the ground schedule is written anew as fixed changes (die 1–6), one per run of turns
 * with the same weather: what the Calendar panel's ground rules then show.
 */
export function editTurnWeather(scenario: Scenario, rowKey: string, columnKey: string, value: string): Scenario | string {
  const turns = turnInfos(scenario);
  const t = /^t(\d+)$/.exec(rowKey)?.[1];
  const row = t === undefined ? undefined : turns[Number(t) - 1];
  if (!row) return `The turn record track has turns 1 to ${turns.length}, not "${rowKey}".`;
  if (columnKey !== 'weather') return `Turn ${row.turn}: only the weather can be changed on the turn record track; dates, replacements and arrivals follow from the scenario.`;
  const mud = value === WEATHER_LABELS[1]!.value ? true : value === WEATHER_LABELS[0]!.value ? false : null;
  if (mud === null) return `Turn ${row.turn} weather: Clear or Mud (two weeks), not "${value}".`;
  if (row.mud === mud) return scenario;
  const weather = turns.map((x) => (x.turn === row.turn ? mud : x.mud));
  const condition = (m: boolean): 'mud' | 'easy' => (m ? 'mud' : 'easy');
  const changes: GroundChangeRule[] = [];
  for (let i = 1; i < weather.length; i++) {
    if (weather[i] === weather[i - 1]) continue;
    let end = i;
    while (end + 1 < weather.length && weather[end + 1] === weather[i]) end++;
    changes.push({ fromTurn: i + 1, ...(end + 1 < weather.length ? { toTurn: end + 1 } : {}), outcomes: [{ min: 1, max: 6, condition: condition(weather[i]!) }] });
  }
  const groundConditions: Scenario['groundConditions'] = { initial: condition(weather[0]!) };
  if (changes.length) groundConditions.changes = changes;
  return { ...scenario, groundConditions };
}

export function editCrt(scenario: Scenario, rowKey: string, columnKey: string, value: string): Scenario | string {
  const die = /^d([1-6])$/.exec(rowKey)?.[1];
  const col = /^c([1-6])$/.exec(columnKey)?.[1];
  if (!die || !col) return `The combat results table has die rolls 1–6 down and odds 1:1–6:1 across; there is no cell "${rowKey}/${columnKey}".`;
  if (!RESULT_LABELS.some((r) => r.value === value)) return `Combat results table, die ${die}, ${col}:1: a result is one of ${RESULT_LABELS.map((r) => r.value).join(', ')}, not "${value}".`;
  const b = bfmBoardOf(scenario);
  const crt = b.crt.map((row) => [...row]) as CrtResult[][];
  crt[Number(die) - 1]![Number(col) - 1] = value as CrtResult;
  const options = { ...(scenario.ruleset.options ?? {}) };
  if (JSON.stringify(crt) === JSON.stringify(STANDARD_CRT)) delete options.crt;
  else options.crt = crt as typeof STANDARD_CRT;
  const ruleset = { ...scenario.ruleset };
  if (Object.keys(options).length) ruleset.options = options;
  else delete ruleset.options;
  return { ...scenario, ruleset };
}

