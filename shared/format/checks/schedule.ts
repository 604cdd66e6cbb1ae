// Checks of everything that happens on a game turn: turns inside the calendar, ranges in order,
// ground-condition dice and the initiative schedule.
import { pointer } from '../issues.js';
import { type CheckContext, type Finding, type ScenarioCheck } from './context.js';

interface TurnRef {
  pointer: string;
  turn: number;
}

/** Every turn number the scenario mentions, with its pointer. */
export function turnReferences(ctx: CheckContext): TurnRef[] {
  const s = ctx.scenario;
  const refs: TurnRef[] = [];
  const ranges = ['initiative', 'fuelShortage', 'airInterdiction', 'airliftedSupply', 'commandConfusion'] as const;
  for (const field of ranges) {
    (s[field] ?? []).forEach((r, i) => {
      refs.push({ pointer: pointer(field, i, 'fromTurn'), turn: r.fromTurn });
      refs.push({ pointer: pointer(field, i, 'toTurn'), turn: r.toTurn });
    });
  }
  (s.groundConditions.changes ?? []).forEach((r, i) => {
    refs.push({ pointer: pointer('groundConditions', 'changes', i, 'fromTurn'), turn: r.fromTurn });
    if (r.toTurn !== undefined) refs.push({ pointer: pointer('groundConditions', 'changes', i, 'toTurn'), turn: r.toTurn });
  });
  for (const field of ['preparedOffensives', 'reinforcements', 'replacements'] as const) {
    (s[field] ?? []).forEach((r, i) => refs.push({ pointer: pointer(field, i, 'turn'), turn: r.turn }));
  }
  return refs;
}

/** Every from–to range, with the pointer of its start. */
function turnRanges(ctx: CheckContext): { at: string; from: number; to: number }[] {
  const s = ctx.scenario;
  const out: { at: string; from: number; to: number }[] = [];
  for (const field of ['initiative', 'fuelShortage', 'airInterdiction', 'airliftedSupply', 'commandConfusion'] as const) {
    (s[field] ?? []).forEach((r, i) => out.push({ at: pointer(field, i), from: r.fromTurn, to: r.toTurn }));
  }
  (s.groundConditions.changes ?? []).forEach((r, i) => {
    if (r.toTurn !== undefined) out.push({ at: pointer('groundConditions', 'changes', i), from: r.fromTurn, to: r.toTurn });
  });
  return out;
}

/** "turn 3" or "turns 3–5" */
const turnsWords = (from: number, to: number) => (from === to ? `turn ${from}` : `turns ${from}–${to}`);

/** Runs of consecutive turns: [3,4,5,8] → [[3,5],[8,8]]. */
function runsOf(turns: readonly number[]): [number, number][] {
  const runs: [number, number][] = [];
  for (const t of turns) {
    const last = runs[runs.length - 1];
    if (last && last[1] === t - 1) last[1] = t;
    else runs.push([t, t]);
  }
  return runs;
}

function initiativeCoverage(ctx: CheckContext): Finding[] {
  const entries = ctx.scenario.initiative ?? [];
  if (entries.length === 0) return [];
  const turns = ctx.scenario.calendar.turns;
  const out: Finding[] = [];
  const gaps: number[] = [];
  // For each pair of entries that share turns, the turns they share.
  const overlaps = new Map<string, number[]>();
  for (let t = 1; t <= turns; t++) {
    const holders = entries.flatMap((e, i) => (e.fromTurn <= t && t <= e.toTurn ? [i] : []));
    if (holders.length === 0) gaps.push(t);
    for (let k = 1; k < holders.length; k++) {
      const key = `${holders[0]},${holders[k]}`;
      overlaps.set(key, [...(overlaps.get(key) ?? []), t]);
    }
  }
  for (const [from, to] of runsOf(gaps)) {
    out.push({
      pointer: pointer('initiative'),
      message: `No side has the initiative in ${turnsWords(from, to)}: every turn from 1 to ${turns} needs exactly one initiative entry.`,
    });
  }
  for (const [key, shared] of overlaps) {
    const [i, j] = key.split(',').map(Number) as [number, number];
    for (const [from, to] of runsOf(shared)) {
      out.push({
        pointer: pointer('initiative', j),
        message: `${turnsWords(from, to).replace(/^t/, 'T')} ${from === to ? 'has' : 'have'} two initiative entries: ${ctx.sideName(entries[i]!.side)} (entry ${i}) and ${ctx.sideName(entries[j]!.side)} (entry ${j}); give each turn to one side.`,
      });
    }
  }
  return out;
}

function groundOutcomes(ctx: CheckContext): Finding[] {
  const out: Finding[] = [];
  (ctx.scenario.groundConditions.changes ?? []).forEach((rule, r) => {
    rule.outcomes.forEach((o, k) => {
      if (o.min > o.max)
        out.push({
          pointer: pointer('groundConditions', 'changes', r, 'outcomes', k),
          value: o,
          message: `This outcome's die range runs backwards (min ${o.min}, max ${o.max}); make min at most max.`,
        });
    });
    for (let k = 1; k < rule.outcomes.length; k++) {
      const o = rule.outcomes[k]!;
      for (let p = 0; p < k; p++) {
        const q = rule.outcomes[p]!;
        const lo = Math.max(o.min, q.min);
        const hi = Math.min(o.max, q.max);
        if (lo <= hi) {
          out.push({
            pointer: pointer('groundConditions', 'changes', r, 'outcomes', k),
            value: o,
            message: `Die ${lo === hi ? `score ${lo} is` : `scores ${lo}–${hi} are`} in two outcomes of this rule (entries ${p} and ${k}); each score may set one condition only.`,
          });
          break;
        }
      }
    }
  });
  return out;
}

export const scheduleChecks: ScenarioCheck[] = [
  {
    id: 'turns-within-calendar',
    severity: 'error',
    rule: 'Every turn a schedule, rule or arrival names is within 1..calendar.turns.',
    run: (ctx) => {
      const last = ctx.scenario.calendar.turns;
      return turnReferences(ctx)
        .filter((r) => r.turn > last)
        .map((r) => ({
          pointer: r.pointer,
          value: r.turn,
          message: `Turn ${r.turn} is after the last game turn (${last}, from calendar.turns); use a turn from 1 to ${last} or lengthen the calendar.`,
        }));
    },
  },
  {
    id: 'turn-ranges-in-order',
    severity: 'error',
    rule: 'Every turn range starts no later than it ends (fromTurn ≤ toTurn).',
    run: (ctx) =>
      turnRanges(ctx)
        .filter((r) => r.from > r.to)
        .map((r) => ({
          pointer: r.at + '/toTurn',
          value: r.to,
          message: `This range ends at turn ${r.to}, before it starts at turn ${r.from}; make toTurn at least fromTurn.`,
        })),
  },
  {
    id: 'ground-outcomes-consistent',
    severity: 'error',
    rule: "A ground change rule's outcomes have min ≤ max and no die score in two outcomes.",
    run: groundOutcomes,
  },
  {
    id: 'initiative-covers-every-turn',
    feature: 'initiative',
    severity: 'error',
    rule: 'When an initiative schedule is given, every game turn has exactly one initiative side.',
    run: initiativeCoverage,
  },
];
