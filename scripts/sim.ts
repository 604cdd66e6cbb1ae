// Headless bot-vs-bot simulation of a scenario:
//   npm run sim -- <scenario.json> --games N --seed S [--workers W] [--players bot,random] [--json]
// Game i plays with seed S+i (results do not depend on the worker count). Prints win rates
// with 95% Wilson intervals, the VP margin distribution, the turn the game was decided and
// victory-cell control; --json prints one JSON object instead. Ctrl+C stops the workers and
// prints what was completed. Exit code 0, 1 when games failed or the arguments/scenario are
// unusable, 130 when interrupted.
import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { summarizeGames, type SimSummary } from '../shared/bot/summary.js';
import { runSimulation, type SimRun } from '../electron/sim/pool.js';
import { isPlayerKind, PLAYER_KINDS, type PlayerKind } from '../electron/sim/players.js';
import { readScenario } from '../electron/sim/load.js';

const USAGE = 'usage: npm run sim -- <scenario.json> --games N --seed S [--workers W] [--players bot,bot] [--json]';

export interface SimArgs {
  file: string;
  games: number;
  seed: number;
  workers: number;
  players: [PlayerKind, PlayerKind];
  json: boolean;
}

/** Parses the command line; a string is the problem to report. */
export function parseSimArgs(argv: readonly string[]): SimArgs | string {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      allowPositionals: true,
      options: {
        games: { type: 'string', default: '100' },
        seed: { type: 'string', default: '1' },
        workers: { type: 'string' },
        players: { type: 'string', default: 'bot,bot' },
        json: { type: 'boolean', default: false },
      },
    });
  } catch (e) {
    return (e as Error).message;
  }
  const { values, positionals } = parsed;
  if (positionals.length !== 1) return positionals.length === 0 ? 'Name one scenario file.' : `Name one scenario file, not ${positionals.length}.`;
  const int = (name: string, text: string, min: number): number | string => {
    const v = Number(text);
    return Number.isInteger(v) && v >= min ? v : `--${name} must be a whole number of at least ${min}, not "${text}".`;
  };
  const games = int('games', values.games, 1);
  if (typeof games === 'string') return games;
  const seed = int('seed', values.seed, 0);
  if (typeof seed === 'string') return seed;
  const workers = values.workers === undefined ? Math.min(availableParallelism(), games) : int('workers', values.workers, 0);
  if (typeof workers === 'string') return workers;
  const kinds = values.players.split(',').map((s) => s.trim());
  if (kinds.length !== 2 || !kinds.every(isPlayerKind)) {
    return `--players takes two of ${PLAYER_KINDS.join('/')} separated by a comma (first side, second side), not "${values.players}".`;
  }
  return { file: positionals[0]!, games, seed, workers, players: [kinds[0], kinds[1]] as [PlayerKind, PlayerKind], json: values.json };
}

const pct = (x: number): string => `${(100 * x).toFixed(1)}%`;
const num = (x: number): string => (Number.isInteger(x) ? String(x) : x.toFixed(2));

export function report(args: SimArgs, run: SimRun, s: SimSummary): string {
  const lines: string[] = [];
  const n = run.records.length;
  const secs = run.wallMs / 1000;
  lines.push(
    `${s.scenario.title} (${s.scenario.id}): ${n} of ${run.requested} games${run.cancelled ? ' (interrupted)' : ''}, seeds ${args.seed}–${args.seed + run.requested - 1}, ` +
      `${args.players[0]} (${s.sides[0]!.name}) vs ${args.players[1]} (${s.sides[1]!.name}), ${args.workers} worker${args.workers === 1 ? '' : 's'}, ` +
      `${secs.toFixed(1)} s (${(n / Math.max(secs, 1e-9)).toFixed(1)} games/s)`,
  );
  lines.push('');
  const row = (label: string, r: SimSummary['draws']): string =>
    `  ${label.padEnd(16)} ${pct(r.rate).padStart(6)}  (95% CI ${pct(r.ci95.low)}–${pct(r.ci95.high)})  ${r.count}`;
  lines.push(row(`${s.sides[0]!.name} win`, s.wins[0]), row(`${s.sides[1]!.name} win`, s.wins[1]), row('Draw', s.draws));
  const m = s.margin.summary;
  lines.push('');
  lines.push(`VP margin (${s.sides[0]!.name} − ${s.sides[1]!.name}): mean ${num(m.mean)}, sd ${num(m.sd)}, min ${m.min}, max ${m.max}`);
  const most = Math.max(1, ...s.margin.histogram.map((b) => b.count));
  for (const b of s.margin.histogram) {
    lines.push(`  [${String(b.from).padStart(5)}, ${String(b.to).padStart(5)})  ${String(b.count).padStart(5)}  ${'#'.repeat(Math.round((40 * b.count) / most))}`);
  }
  const d = s.decisionTurn.summary;
  lines.push('');
  lines.push(`Turn of decision: mean ${num(d.mean)}, sd ${num(d.sd)}, min ${d.min}, max ${d.max}`);
  lines.push(`  (${s.decisionTurn.definition})`);
  lines.push('');
  lines.push(`Victory cells held at the end (${s.sides[0]!.name} / ${s.sides[1]!.name}):`);
  for (const v of s.victoryCells) {
    lines.push(`  ${v.label} ${(v.name ?? '').padEnd(16)} ${pct(v.endControl[0]).padStart(6)} / ${pct(v.endControl[1]).padStart(6)}`);
  }
  lines.push('  (turn-by-turn control: --json, victoryCells[].byTurn)');
  if (run.errors.length > 0) {
    lines.push('');
    lines.push(`${run.errors.length} game(s) failed:`);
    for (const e of run.errors.slice(0, 10)) lines.push(`  game ${e.index} (seed ${e.seed}): ${e.message}`);
  }
  return lines.join('\n');
}

export async function main(argv: readonly string[]): Promise<number> {
  const args = parseSimArgs(argv);
  if (typeof args === 'string') {
    console.error(`${args}\n${USAGE}`);
    return 1;
  }
  const loaded = readScenario(args.file);
  if (!loaded.ok) {
    console.error(loaded.message);
    return 1;
  }
  const controller = new AbortController();
  let firstInterrupt = 0;
  const onSigint = (): void => {
    // A launcher may pass on the same Ctrl+C a moment later (tsx does); only a second press quits.
    if (firstInterrupt > 0) {
      if (performance.now() - firstInterrupt > 500) process.exit(130);
      return;
    }
    firstInterrupt = performance.now();
    process.stderr.write('\nStopping: finishing the games in play (Ctrl+C again to quit at once)…\n');
    controller.abort();
  };
  process.on('SIGINT', onSigint);
  // A status line on stderr (stdout stays one JSON object with --json); also tells a caller the
  // interrupt handler is in place.
  process.stderr.write(
    `Playing ${args.games} game${args.games === 1 ? '' : 's'} of ${loaded.scenario.id} on ${args.workers === 0 ? 'the main thread' : `${args.workers} worker${args.workers === 1 ? '' : 's'}`} (Ctrl+C stops and reports what is done).\n`,
  );
  const tty = process.stdout.isTTY === true && !args.json;
  let lastDraw = 0;
  const t0 = performance.now();
  const run = await runSimulation(loaded.scenario, {
    games: args.games,
    seed: args.seed,
    workers: args.workers,
    players: args.players,
    signal: controller.signal,
    onProgress: tty
      ? (done, total) => {
          const now = performance.now();
          if (done < total && now - lastDraw < 100) return;
          lastDraw = now;
          const rate = done / Math.max((now - t0) / 1000, 1e-9);
          process.stdout.write(`\r${done}/${total} games (${Math.floor((100 * done) / total)}%), ${rate.toFixed(1)} games/s   `);
        }
      : undefined,
  });
  process.off('SIGINT', onSigint);
  if (tty) process.stdout.write('\r\x1b[2K');
  const summary = summarizeGames(loaded.scenario, run.records);
  if (args.json) {
    const out = {
      run: {
        file: args.file,
        requested: run.requested,
        completed: run.records.length,
        cancelled: run.cancelled,
        seed: args.seed,
        workers: args.workers,
        players: args.players,
        wallMs: Math.round(run.wallMs),
        msPerGame: run.records.length > 0 ? +(run.gameMs / run.records.length).toFixed(2) : 0,
        gamesPerSecond: +(run.records.length / Math.max(run.wallMs / 1000, 1e-9)).toFixed(2),
      },
      summary,
      errors: run.errors,
    };
    console.log(JSON.stringify(out));
  } else {
    console.log(report(args, run, summary));
  }
  if (run.cancelled) return 130;
  return run.errors.length > 0 ? 1 : 0;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = await main(process.argv.slice(2));
}
