// The long runs `npm test` keeps short. First the random-game property at full size: N random
// legal games of a bundled scenario on worker threads (fast-check picks the seeds), each checked
// after every action against its ruleset's invariants (stacking, strengths, control), that a
// decision is always offered while the game is not over, and that replaying its log gives the
// same final state byte for byte. Then, with --bot-games, the ruleset's bot against random legal
// play from each side (the bar being 90% wins).
//   npm run soak:rules [-- <scenario.json> | --ruleset <id> | --all] [--games 2000] [--bot-games 0]
//                      [--seed S] [--workers W] [--json]
// --all soaks every bundled scenario in turn (with --json, one object a line).
// Default: scenarios/battle-for-moscow.json, 2,000 games, no bot games. `--ruleset shambattle`
// (or bf, ...) picks that ruleset's bundled scenario. `npm test` plays a modest count of the same properties
// (electron/sim/random-games.test.ts, shared/rules/*/random-games.test.ts and the bot-vs-random
// tests). Exit code 1 when any game broke a rule or crashed, or the bot fell short.
import { availableParallelism } from 'node:os';
import { readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import fc from 'fast-check';
import { rate } from '../shared/bot/index.js';
import { readScenario } from '../electron/sim/load.js';
import { runChecks, runSimulation } from '../electron/sim/pool.js';

const root = fileURLToPath(new URL('..', import.meta.url));

/** The bundled scenario of a ruleset, or null when none uses it. */
function bundledFor(ruleset: string): string | null {
  for (const f of bundled()) {
    const loaded = readScenario(f);
    if (loaded.ok && loaded.scenario.ruleset.id === ruleset) return f;
  }
  return null;
}

/** The bundled scenarios, in file-name order. */
function bundled(): string[] {
  const dir = resolve(root, 'scenarios');
  return readdirSync(dir)
    .filter((x) => x.endsWith('.json'))
    .sort()
    .map((f) => resolve(dir, f));
}

export async function main(argv: readonly string[]): Promise<number> {
  if (argv.includes('--all')) {
    const rest = argv.filter((a) => a !== '--all');
    let code = 0;
    for (const file of bundled()) code = Math.max(code, await main([file, ...rest]));
    return code;
  }
  const { values, positionals } = parseArgs({
    args: [...argv],
    allowPositionals: true,
    options: {
      ruleset: { type: 'string' },
      games: { type: 'string', default: '2000' },
      'bot-games': { type: 'string', default: '0' },
      seed: { type: 'string', default: '20261125' },
      workers: { type: 'string' },
      json: { type: 'boolean', default: false },
    },
  });
  let file = positionals[0] ?? resolve(root, 'scenarios/battle-for-moscow.json');
  if (values.ruleset !== undefined && positionals[0] === undefined) {
    const found = bundledFor(values.ruleset);
    if (!found) {
      console.error(`No bundled scenario uses the ${values.ruleset} ruleset.`);
      return 1;
    }
    file = found;
  }
  const games = Number(values.games);
  const botGames = Number(values['bot-games']);
  const seed = Number(values.seed);
  if (!Number.isInteger(games) || games < 0) {
    console.error(`--games must be a whole number, not "${values.games}".`);
    return 1;
  }
  if (!Number.isInteger(botGames) || botGames < 0) {
    console.error(`--bot-games must be a whole number, not "${values['bot-games']}".`);
    return 1;
  }
  const loaded = readScenario(file);
  if (!loaded.ok) {
    console.error(loaded.message);
    return 1;
  }
  const scenario = loaded.scenario;
  const workers = values.workers === undefined ? Math.max(1, Math.min(availableParallelism(), Math.max(games, botGames))) : Number(values.workers);
  const seeds = games ? fc.sample(fc.integer({ min: 0, max: 2 ** 31 - 1 }), { numRuns: games, seed }) : [];
  let failedAny = false;
  const t0 = performance.now();
  let checks: Record<string, unknown> | null = null;
  const lines: string[] = [];
  if (games) {
    process.stderr.write(`Soaking ${scenario.id} (${scenario.ruleset.id}): ${games} random legal games on ${workers} worker${workers === 1 ? '' : 's'}…\n`);
    let last = 0;
    const run = await runChecks(scenario, seeds, {
      workers,
      onProgress: (done, total) => {
        const now = performance.now();
        if (now - last > 10_000 || done === total) {
          last = now;
          process.stderr.write(`  ${done}/${total} games\n`);
        }
      },
    });
    const results = run.results.filter((r) => r !== undefined);
    const failed = results.filter((r) => r.problems.length > 0);
    const actions = results.reduce((t, r) => t + r.actions, 0);
    if (failed.length > 0 || run.errors.length > 0 || results.length !== games) failedAny = true;
    const summary = {
      games: results.length,
      seeds: { fastCheckSeed: seed, first: seeds[0], last: seeds.at(-1) },
      failed: failed.length,
      crashed: run.errors.length,
      actionsPerGame: results.length ? Math.round(actions / results.length) : 0,
      wallSeconds: +((performance.now() - t0) / 1000).toFixed(1),
      failures: failed.slice(0, 10).map((r) => ({ seed: r.seed, problems: r.problems.slice(0, 5) })),
      errors: run.errors.slice(0, 10),
    };
    checks = summary;
    lines.push(`${summary.games} games of ${scenario.id}: ${summary.failed} broke a rule, ${summary.crashed} crashed; ${summary.actionsPerGame} actions a game; ${summary.wallSeconds} s.`);
    for (const f of summary.failures) lines.push(`  seed ${f.seed}: ${f.problems.join(' | ')}`);
    for (const e of summary.errors) lines.push(`  game ${e.index} (seed ${e.seed}) crashed: ${e.message}`);
  }

  const vsRandom: Record<string, unknown> = {};
  for (const botSide of [0, 1] as const) {
    if (!botGames) break;
    process.stderr.write(`Bot as ${scenario.sides[botSide].name} against random play: ${botGames} games…\n`);
    const t1 = performance.now();
    const run = await runSimulation(scenario, { games: botGames, seed: 1, workers, players: botSide === 0 ? ['bot', 'random'] : ['random', 'bot'] });
    const wins = run.records.filter((r) => r.winner === botSide).length;
    const r = rate(wins, run.records.length);
    if (r.rate < 0.9 || run.errors.length || run.records.length !== botGames) failedAny = true;
    const row = {
      games: run.records.length,
      wins,
      winRate: +r.rate.toFixed(3),
      ci95: [+r.ci95.low.toFixed(3), +r.ci95.high.toFixed(3)],
      draws: run.records.filter((x) => x.winner === null).length,
      errors: run.errors.length,
      meanActions: Math.round(run.records.reduce((t, x) => t + x.actions, 0) / Math.max(1, run.records.length)),
      wallSeconds: +((performance.now() - t1) / 1000).toFixed(1),
    };
    vsRandom[scenario.sides[botSide].name] = row;
    lines.push(`bot as ${scenario.sides[botSide].name}: won ${wins} of ${row.games} against random play (${(100 * row.winRate).toFixed(1)}%, 95% CI ${(100 * row.ci95[0]!).toFixed(1)}–${(100 * row.ci95[1]!).toFixed(1)}%), ${row.errors} errors.`);
  }

  const out = { scenario: scenario.id, ruleset: scenario.ruleset.id, randomGames: checks, botVsRandom: botGames ? vsRandom : null, ok: !failedAny };
  if (values.json) console.log(JSON.stringify(out));
  else for (const l of lines) console.log(l);
  return failedAny ? 1 : 0;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = await main(process.argv.slice(2));
}
