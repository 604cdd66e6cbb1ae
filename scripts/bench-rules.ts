// Speed of the rules engines and their bots, side by side for every bundled ruleset; prints one
// JSON object.   npm run bench:rules [-- --games N] [--search-games M] [--only operational|bfm|bf]
// Per ruleset (operational on the seed 000 example, Battle for Moscow on its bundled scenario):
// - engine: random legal players, timing only legalActions + apply (the engine's own cost).
//   Target: operational under 20 ms per full game on one core.
// - botVsBot: whole games between two fast bots, split into bot and engine time. Target:
//   Battle for Moscow under 50 ms per full game on one core.
// - throughput: fast-bot games per second on this thread and on two worker threads.
// - botVsRandom: the fast bot against random legal play, 200 games from each side (the tests in
//   electron/sim/bot-vs-random.test.ts assert the same 90% bar on the same games).
// - search (Battle for Moscow, and operational with --search-games): the general search bot
//   (shared/bot/search.ts) over the contract: ms per game, against random play and against the
//   fast bot from each side, on a few games (it is slow by design).
// Wall-clock figures on a shared machine vary with its load; cpuMs counts this process's CPU
// (all its threads); estimateMsPerGame is the smaller of the two.
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type { Scenario } from '../shared/format/scenario.types.js';
import { heuristicBot, playGame, randomPlayer, rate, type Player } from '../shared/bot/index.js';
import { getRuleset } from '../shared/rules/engine.js';
import type { RulesAction, RulesState } from '../shared/rules/types.js';
import { runSimulation } from '../electron/sim/pool.js';
import { readScenario } from '../electron/sim/load.js';

const { values } = parseArgs({
  options: {
    games: { type: 'string', default: '100' },
    'search-games': { type: 'string', default: '6' },
    only: { type: 'string' },
  },
});
const GAMES = Math.max(5, Number(values.games) || 100);
const SEARCH_GAMES = Math.max(0, Number(values['search-games']) || 0);

type P = Player<RulesState, RulesAction>;
const round = (x: number, d = 2): number => +x.toFixed(d);
const cpuNow = (): number => {
  const c = process.cpuUsage();
  return (c.user + c.system) / 1000;
};

function load(name: string): Scenario {
  const loaded = readScenario(fileURLToPath(new URL(`../scenarios/${name}.json`, import.meta.url)));
  if (!loaded.ok) throw new Error(loaded.message);
  return loaded.scenario;
}

/** Random legal games timing only the engine's calls. */
function engineOnly(scenario: Scenario, games: number, seed0: number): Record<string, number> {
  const rules = getRuleset(scenario.ruleset.id);
  let legalMs = 0;
  let applyMs = 0;
  let actions = 0;
  const c0 = cpuNow();
  const w0 = performance.now();
  for (let g = 0; g < games; g++) {
    const pick = randomPlayer<RulesState, RulesAction>(seed0 + g);
    let s = rules.newGame(scenario, { seed: seed0 + g });
    while (!s.gameOver) {
      const t0 = performance.now();
      const legal = rules.legalActions(s);
      const t1 = performance.now();
      const r = rules.apply(s, pick.choose(s, legal));
      applyMs += performance.now() - t1;
      legalMs += t1 - t0;
      if (!r.ok) throw new Error(r.error.message);
      s = r.state;
      actions++;
    }
  }
  const wall = performance.now() - w0;
  return {
    games,
    msPerGame: round((legalMs + applyMs) / games),
    legalActionsMsPerGame: round(legalMs / games),
    applyMsPerGame: round(applyMs / games),
    actionsPerGame: Math.round(actions / games),
    usPerAction: round(((legalMs + applyMs) * 1000) / actions, 1),
    wallMsPerGame: round(wall / games),
    cpuMsPerGame: round((cpuNow() - c0) / games),
  };
}

function timed(p: P, acc: { ms: number }): P {
  return {
    name: p.name,
    choose(s, legal) {
      const t = performance.now();
      const a = p.choose(s, legal);
      acc.ms += performance.now() - t;
      return a;
    },
  };
}

function botVsBot(scenario: Scenario, games: number, seed0: number): Record<string, number> {
  const bot = { ms: 0 };
  let actions = 0;
  let firstSideWins = 0;
  const c0 = cpuNow();
  const w0 = performance.now();
  for (let g = 0; g < games; g++) {
    const r = playGame<RulesState, RulesAction>(scenario, [timed(heuristicBot({ seed: seed0 + g }), bot), timed(heuristicBot({ seed: seed0 + g }), bot)], { seed: seed0 + g });
    actions += r.actions;
    if (r.winner === 0) firstSideWins++;
  }
  const wall = performance.now() - w0;
  const cpu = (cpuNow() - c0) / games;
  return {
    games,
    msPerGame: round(wall / games),
    cpuMsPerGame: round(cpu),
    estimateMsPerGame: round(Math.min(wall / games, cpu)),
    botMsPerGame: round(bot.ms / games),
    engineAndLoopMsPerGame: round((wall - bot.ms) / games),
    actionsPerGame: Math.round(actions / games),
    gamesPerSecondOneCore: round((1000 * games) / wall, 1),
    firstSideWinRate: round(firstSideWins / games, 3),
  };
}

async function vsRandom(scenario: Scenario): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = {};
  for (const botSide of [0, 1] as const) {
    const run = await runSimulation(scenario, { games: 200, seed: 1, workers: 2, players: botSide === 0 ? ['bot', 'random'] : ['random', 'bot'] });
    const wins = run.records.filter((r) => r.winner === botSide).length;
    const r = rate(wins, run.records.length);
    out[scenario.sides[botSide].name] = {
      games: run.records.length,
      wins,
      winRate: round(r.rate, 3),
      ci95: [round(r.ci95.low, 3), round(r.ci95.high, 3)],
      draws: run.records.filter((x) => x.winner === null).length,
      errors: run.errors.length,
    };
  }
  return out;
}

/** The search bot: a few games against random play and against the fast bot, from each side. */
async function searchFigures(scenario: Scenario, games: number): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = { games };
  const matches: [string, ['search' | 'bot' | 'random', 'search' | 'bot' | 'random'], 0 | 1][] = [
    ['searchFirstSideVsRandom', ['search', 'random'], 0],
    ['searchSecondSideVsRandom', ['random', 'search'], 1],
    ['searchFirstSideVsBot', ['search', 'bot'], 0],
    ['searchSecondSideVsBot', ['bot', 'search'], 1],
  ];
  for (const [name, players, side] of matches) {
    const run = await runSimulation(scenario, { games, seed: 500, workers: 2, players });
    const wins = run.records.filter((r) => r.winner === side).length;
    out[name] = { wins, of: run.records.length, errors: run.errors.length, msPerGame: round(run.gameMs / Math.max(1, run.records.length), 0) };
  }
  // The fast bot on the same games, for comparison (same seeds, same sides).
  for (const [name, players, side] of [
    ['fastFirstSideVsBot', ['bot', 'bot'], 0],
  ] as const) {
    const run = await runSimulation(scenario, { games, seed: 500, workers: 2, players: [...players] });
    out[name] = { wins: run.records.filter((r) => r.winner === side).length, of: run.records.length };
  }
  return out;
}

async function bench(name: string, search: boolean): Promise<Record<string, unknown>> {
  const scenario = load(name);
  const id = scenario.ruleset.id;
  // Warm up the JIT on both paths first.
  engineOnly(scenario, 3, 9000);
  botVsBot(scenario, 3, 9000);
  const engine = engineOnly(scenario, GAMES, 1);
  const bots = botVsBot(scenario, Math.max(10, Math.round(GAMES / 2)), 1);
  const twoGames = Math.max(40, GAMES * 2);
  const two = await runSimulation(scenario, { games: twoGames, seed: 1, workers: 2, players: ['bot', 'bot'] });
  const estimate = Math.min(engine.msPerGame ?? Infinity, engine.cpuMsPerGame ?? Infinity);
  const out: Record<string, unknown> = {
    scenario: scenario.id,
    ruleset: id,
    engine: { ...engine, estimateMsPerGame: round(estimate), ...(id === 'operational' ? { targetMsPerGame: 20, meetsTarget: estimate < 20 } : {}) },
    botVsBot: { ...bots, ...(id === 'bfm' ? { targetMsPerGame: 50, meetsTarget: (bots.estimateMsPerGame ?? Infinity) < 50 } : {}) },
    throughput: {
      gamesPerSecondOneCore: bots.gamesPerSecondOneCore,
      gamesPerSecondTwoWorkers: round((1000 * two.records.length) / two.wallMs, 1),
      twoWorkerGames: two.records.length,
    },
    botVsRandom: await vsRandom(scenario),
  };
  if (search && SEARCH_GAMES > 0) out.search = await searchFigures(scenario, SEARCH_GAMES);
  return out;
}

async function main(): Promise<void> {
  const wanted = values.only;
  const rulesets: Record<string, unknown> = {};
  if (!wanted || wanted === 'operational') rulesets.operational = await bench('seed-000-example', false);
  if (!wanted || wanted === 'bfm') rulesets.bfm = await bench('battle-for-moscow', true);
  if (!wanted || wanted === 'bf') rulesets.bf = await bench('barbarossa-fast', true);
  console.log(JSON.stringify({ node: process.version, rulesets }, null, 1));
}

await main();
