// The balance figures of a batch of simulated games: win and draw rates with 95% Wilson
// intervals, the VP margin's distribution, the turn the game was decided, and how often
// each side held each victory cell, at the end and turn by turn. Pure, so the CLI and the
// balance report agree on every number.
import type { Scenario } from '../format/scenario.types.js';
import { cellLabels } from '../rules/public.js';
import type { GameRecord } from './game.js';
import { victoryCells } from './game.js';
import { histogram, niceBucketWidth, rate, summarize, type Bucket, type RateWithInterval, type Summary } from './stats.js';

export const DECISION_TURN_DEFINITION =
  'the first game turn from whose end on the projected result (who would win if the game ended then, under the ruleset victory conditions) never changed again; 0 if it never changed';

export interface VictoryCellSummary {
  cell: string;
  label: string;
  name: string | null;
  /** Share of games each side (scenario order) held the cell at the end. */
  endControl: [number, number];
  /** Per game turn (index 0 = turn 1): share of games each side held the cell at that turn's end. */
  byTurn: [number, number][];
}

export interface SimSummary {
  scenario: { id: string; title: string };
  sides: { id: string; name: string }[];
  games: number;
  wins: [RateWithInterval, RateWithInterval];
  draws: RateWithInterval;
  /** VP of sides[0] minus VP of sides[1]. */
  margin: { summary: Summary; bucketWidth: number; histogram: Bucket[] };
  vp: [Summary, Summary];
  decisionTurn: { definition: string; summary: Summary; histogram: Bucket[] };
  victoryCells: VictoryCellSummary[];
}

export function summarizeGames(scenario: Scenario, records: readonly Pick<GameRecord, 'winner' | 'margin' | 'turns' | 'endControl' | 'decisionTurn' | 'vp'>[]): SimSummary {
  const label = cellLabels(scenario);
  const n = records.length;
  const count = (w: 0 | 1 | null): number => records.filter((r) => r.winner === w).length;
  const margins = records.map((r) => r.margin);
  const width = niceBucketWidth(margins, 12);
  const turnsPlayed = Math.max(0, ...records.map((r) => r.turns.length));
  const cells: VictoryCellSummary[] = victoryCells(scenario).map((id, k) => {
    const held0 = records.filter((r) => r.endControl[k] === 0).length;
    const byTurn: [number, number][] = [];
    for (let t = 0; t < turnsPlayed; t++) {
      const reached = records.filter((r) => r.turns[t] !== undefined);
      const h0 = reached.filter((r) => r.turns[t]!.control[k] === 0).length;
      const share = reached.length > 0 ? h0 / reached.length : 0;
      byTurn.push(reached.length > 0 ? [share, 1 - share] : [0, 0]);
    }
    return {
      cell: id,
      label: label(id),
      name: scenario.map.cells?.[id]?.name ?? null,
      endControl: n > 0 ? [held0 / n, 1 - held0 / n] : [0, 0],
      byTurn,
    };
  });
  const decision = records.map((r) => r.decisionTurn);
  return {
    scenario: { id: scenario.id, title: scenario.title },
    sides: scenario.sides.map((s) => ({ id: s.id, name: s.name })),
    games: n,
    wins: [rate(count(0), n), rate(count(1), n)],
    draws: rate(count(null), n),
    margin: { summary: summarize(margins), bucketWidth: width, histogram: histogram(margins, width) },
    vp: [summarize(records.map((r) => r.vp[0])), summarize(records.map((r) => r.vp[1]))],
    decisionTurn: { definition: DECISION_TURN_DEFINITION, summary: summarize(decision), histogram: histogram(decision, 1) },
    victoryCells: cells,
  };
}
