// Turn sets ⇄ from–to ranges. The scenario stores schedules as ranges ("turns 3–7"); the turn
// track edits them one turn at a time, so edits go through a plain set of turns and back,
// which splits and merges ranges for free.

export interface TurnSpan {
  fromTurn: number;
  toTurn: number;
}

/** The turns a range covers, in order ([] when it runs backwards). */
export function turnsOf(range: TurnSpan): number[] {
  const out: number[] = [];
  for (let t = range.fromTurn; t <= range.toTurn; t++) out.push(t);
  return out;
}

/** Consecutive turns as the fewest ranges: [5,3,4,8] → 3–5, 8–8. Duplicates are ignored. */
export function spansOf(turns: Iterable<number>): TurnSpan[] {
  const sorted = [...new Set(turns)].sort((a, b) => a - b);
  const spans: TurnSpan[] = [];
  for (const t of sorted) {
    const last = spans[spans.length - 1];
    if (last && last.toTurn === t - 1) last.toTurn = t;
    else spans.push({ fromTurn: t, toTurn: t });
  }
  return spans;
}

/** True when `turn` lies in the range (ends included). */
export const covers = (range: TurnSpan, turn: number): boolean => range.fromTurn <= turn && turn <= range.toTurn;
