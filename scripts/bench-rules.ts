// Speed of the rules engines and their bots on each bundled ruleset's scenario, side by side;
// prints one JSON object with a section per ruleset.
//   npm run bench:rules [-- --games N] [-- --only pw]
// - engine: random legal players, timing only legalActions + apply (the engine's own cost);
//   the operational target is under 20 ms per full game on one core.
// - botVsBot: whole games between two bots, split into bot and engine time.
// - throughput: bot-vs-bot games per second on this thread and on two worker threads.
// - botVsRandom: the bot against random legal play, 200 games from each side (the test in
//   electron/sim/bot-vs-random.test.ts asserts the same 90% bar on the same games).
// Wall-clock figures on a shared machine vary with its load; cpuMs counts this process's CPU
// (all its threads); engine.estimateMsPerGame is the smaller of the two.
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type { Scenario } from '../shared/format/scenario.types.js';
import { heuristicBot, playGame, randomPlayer, rate, type Player } from '../shared/bot/index.js';
import { getRuleset } from '../shared/rules/engine.js';
import type { RulesAction, RulesState } from '../shared/rules/types.js';
import { runSimulation } from '../electron/sim/pool.js';
import { readScenario } from '../electron/sim/load.js';

/** The scenario each ruleset is measured on, and its engine target (ms per game), if it has one. */
const BENCHES: { file: string; target?: number }[] = [
  { file: 'seed-000-example.json', target: 20 },
  { file: 'portable-wargame.json' },
];

const { values } = parseArgs({ options: { games: { type: 'string', default: '100' }, only: { type: 'string' } } });
const GAMES = Math.max(5, Number(values.games) || 100);

const round = (x: number, d = 2): number => +x.toFixed(d);
const cpuNow = (): number => {
  const c = process.cpuUsage();
  return (c.user + c.system) / 1000;
};

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
    let s: RulesState = rules.newGame(scenario, { seed: seed0 + g });
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

function timed(p: Player<RulesState, RulesAction>, acc: { ms: number }): Player<RulesState, RulesAction> {
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
  const c0 = cpuNow();
  const w0 = performance.now();
  for (let g = 0; g < games; g++) {
    const r = playGame<RulesState, RulesAction>(scenario, [timed(heuristicBot({ seed: seed0 + g }), bot), timed(heuristicBot({ seed: seed0 + g }), bot)], { seed: seed0 + g });
    actions += r.actions;
  }
  const wall = performance.now() - w0;
  return {
    games,
    msPerGame: round(wall / games),
    botMsPerGame: round(bot.ms / games),
    engineAndLoopMsPerGame: round((wall - bot.ms) / games),
    actionsPerGame: Math.round(actions / games),
    cpuMsPerGame: round((cpuNow() - c0) / games),
    gamesPerSecondOneCore: round((1000 * games) / wall, 1),
  };
}

async function bench(scenario: Scenario, target: number | undefined): Promise<Record<string, unknown>> {
  // Warm up the JIT on both paths first.
  engineOnly(scenario, 5, 9000);
  botVsBot(scenario, 3, 9000);
  const engine = engineOnly(scenario, GAMES, 1);
  const bots = botVsBot(scenario, Math.max(10, Math.round(GAMES / 2)), 1);
  const twoGames = Math.max(40, GAMES * 2);
  const two = await runSimulation(scenario, { games: twoGames, seed: 1, workers: 2, players: ['bot', 'bot'] });
  const vsRandom: Record<string, unknown> = {};
  for (const botSide of [0, 1] as const) {
    const run = await runSimulation(scenario, { games: 200, seed: 1, workers: 2, players: botSide === 0 ? ['bot', 'random'] : ['random', 'bot'] });
    const wins = run.records.filter((r) => r.winner === botSide).length;
    const r = rate(wins, run.records.length);
    vsRandom[scenario.sides[botSide].name] = {
      games: run.records.length,
      wins,
      winRate: round(r.rate, 3),
      ci95: [round(r.ci95.low, 3), round(r.ci95.high, 3)],
      draws: run.records.filter((x) => x.winner === null).length,
      errors: run.errors.length,
    };
  }
  // Timers around the engine's calls overstate its cost when other processes compete for the
  // cores; process CPU time overstates it by the collector's helper threads. The smaller of the
  // two is the better estimate of engine time per game on one free core.
  const estimate = Math.min(engine.msPerGame ?? Infinity, engine.cpuMsPerGame ?? Infinity);
  return {
    scenario: scenario.id,
    engine: { ...engine, estimateMsPerGame: estimate, ...(target === undefined ? {} : { targetMsPerGame: target, meetsTarget: estimate < target }) },
    botVsBot: bots,
    throughput: {
      gamesPerSecondOneCore: bots.gamesPerSecondOneCore,
      gamesPerSecondTwoWorkers: round((1000 * two.records.length) / two.wallMs, 1),
      twoWorkerGames: two.records.length,
    },
    botVsRandom: vsRandom,
  };
}

async function main(): Promise<void> {
  const rulesets: Record<string, unknown> = {};
  for (const { file, target } of BENCHES) {
    const loaded = readScenario(fileURLToPath(new URL(`../scenarios/${file}`, import.meta.url)));
    if (!loaded.ok) throw new Error(loaded.message);
    const id = loaded.scenario.ruleset.id;
    if (values.only && values.only !== id) continue;
    rulesets[id] = await bench(loaded.scenario, target);
  }
  console.log(JSON.stringify({ node: process.version, games: GAMES, rulesets }, null, 1));
}

await main();
