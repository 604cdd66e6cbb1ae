// A balance run: N bot-vs-bot games on two Web Workers, with progress, cancel, and the
// summary (shared/bot/summary.ts, the same figures as `npm run sim`) once every game is in.
import type { Scenario } from '../../../shared/format/scenario.types.js';
import { summarizeGames, type SimSummary } from '../../../shared/bot/summary.js';
import type { GameRecord } from '../../../shared/bot/index.js';
import type { BalanceMessage } from './balance.worker.js';

export const WORKERS = 2;

export interface BalanceReportData {
  scenarioId: string;
  /** Library revision the games were played on, when known. */
  revision?: number;
  firstSeed: number;
  ranAt: string;
  ms: number;
  summary: SimSummary;
  /** Per game: seed, winner index (or null), VP margin, turn of decision. */
  games: { seed: number; winner: 0 | 1 | null; margin: number; decisionTurn: number; vp: [number, number] }[];
}

export class BalanceRun {
  status = $state<'idle' | 'running' | 'done' | 'cancelled' | 'error'>('idle');
  total = $state(0);
  done = $state(0);
  error = $state('');
  /** Wins of each side and draws among the games in so far. */
  tally = $state<[number, number, number]>([0, 0, 0]);
  report = $state.raw<BalanceReportData | null>(null);
  private workers: Worker[] = [];

  start(scenario: Scenario, games: number, firstSeed: number, revision?: number): void {
    this.cancel();
    const records: GameRecord[] = [];
    const started = performance.now();
    this.status = 'running';
    this.total = games;
    this.done = 0;
    this.tally = [0, 0, 0];
    this.error = '';
    this.report = null;
    let finished = 0;
    const plain = JSON.parse(JSON.stringify(scenario)) as Scenario;
    for (let k = 0; k < WORKERS; k++) {
      const seeds: number[] = [];
      for (let i = k; i < games; i += WORKERS) seeds.push(firstSeed + i);
      const w = new Worker(new URL('./balance.worker.ts', import.meta.url), { type: 'module' });
      w.onmessage = (e: MessageEvent<BalanceMessage>) => {
        const m = e.data;
        if (m.type === 'game') {
          records.push(m.record);
          this.done = records.length;
          const t: [number, number, number] = [...this.tally];
          t[m.record.winner ?? 2] += 1;
          this.tally = t;
        } else if (m.type === 'error') {
          this.fail(`Game with seed ${m.seed} failed: ${m.message}`);
        } else if (++finished === WORKERS) {
          this.finish(scenario, records, firstSeed, performance.now() - started, revision);
        }
      };
      w.onerror = (e) => this.fail(e.message || 'A balance worker stopped.');
      w.postMessage({ scenario: plain, seeds });
      this.workers.push(w);
    }
  }

  private finish(scenario: Scenario, records: GameRecord[], firstSeed: number, ms: number, revision?: number): void {
    this.stopWorkers();
    const sorted = [...records].sort((a, b) => a.seed - b.seed);
    this.report = {
      scenarioId: scenario.id,
      revision,
      firstSeed,
      ranAt: new Date().toISOString(),
      ms: Math.round(ms),
      summary: summarizeGames(scenario, sorted),
      games: sorted.map((r) => ({ seed: r.seed, winner: r.winner, margin: r.margin, decisionTurn: r.decisionTurn, vp: r.vp })),
    };
    this.status = 'done';
  }

  private fail(message: string): void {
    this.stopWorkers();
    this.error = message;
    this.status = 'error';
  }

  cancel(): void {
    if (this.status === 'running') this.status = 'cancelled';
    this.stopWorkers();
  }

  private stopWorkers(): void {
    for (const w of this.workers) w.terminate();
    this.workers = [];
  }
}
