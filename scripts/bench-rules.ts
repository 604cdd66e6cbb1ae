// Speed of the rules engines and their bots, every bundled ruleset side by side (the first bundled
// scenario of each); prints one JSON object.
//   npm run bench:rules [-- --games N] [-- --ruleset shambattle]
// Per ruleset:
// - engine: random legal players, timing only legalActions + apply (the engine's own cost);
//   the seed 000 target is under 20 ms per full game on one core.
// - botVsBot: whole games between two bots, split into bot and engine time.
// - throughput: bot-vs-bot games per second on this thread and on two worker threads.
// - botVsRandom: the bot against random legal play, 200 games from each side (the tests and
//   npm run soak:rules assert the same 90% bar).
// Wall-clock figures on a shared machine vary with its load; cpuMs counts this process's CPU
// (all its threads); engine.estimateMsPerGame is the smaller of the two.
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type { Scenario } from '../shared/format/scenario.types.js';
import { heuristicBot, playGame, randomPlayer, rate, type Player } from '../shared/bot/index.js';
import { getRuleset } from '../shared/rules/engine.js';
import type { RulesAction, RulesState } from '../shared/rules/types.js';
import { runSimulation } from '../electron/sim/pool.js';

const { values } = parseArgs({ options: { games: { type: 'string', default: '100' }, ruleset: { type: 'string' } } });
const GAMES = Math.max(5, Number(values.games) || 100);
const dir = fileURLToPath(new URL('../scenarios/', import.meta.url));
const bundled = readdirSync(dir)
  .filter((f) => f.endsWith('.json'))
  .sort()
  .map((f) => JSON.parse(readFileSync(dir + f, 'utf8')) as Scenario);
// The operational ruleset is measured on the seed 000 example, as before; others on their first bundled scenario.
const scenarios: Scenario[] = [];
for (const s of [...bundled.filter((x) => x.id === 'seed-000-example'), ...bundled]) {
  if (!scenarios.some((x) => x.ruleset.id === s.ruleset.id) && (!values.ruleset || values.ruleset === s.ruleset.id)) scenarios.push(s);
}

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
    const make = (): Player<RulesState, RulesAction> => timed(heuristicBot<RulesState, RulesAction>({ seed: seed0 + g }), bot);
    const r = playGame<RulesState, RulesAction>(scenario, [make(), make()], { seed: seed0 + g });
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

async function measure(scenario: Scenario): Promise<Record<string, unknown>> {
  // The operational engine is quick: the full counts. Slower rulesets (many stands, many small
  // decisions) play a tenth as many engine and bot games; the bot-vs-random bar is always 200 a side.
  const quick = scenario.ruleset.id === 'operational';
  const n = quick ? GAMES : Math.max(5, Math.round(GAMES / 10));
  engineOnly(scenario, quick ? 5 : 1, 9000);
  botVsBot(scenario, quick ? 3 : 1, 9000);
  const engine = engineOnly(scenario, n, 1);
  const bots = botVsBot(scenario, Math.max(quick ? 10 : 3, Math.round(n / 2)), 1);
  const twoGames = Math.max(quick ? 40 : 10, n * 2);
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
    engine: { ...engine, estimateMsPerGame: estimate, ...(quick ? { targetMsPerGame: 20, meetsTarget: estimate < 20 } : {}) },
    botVsBot: bots,
    throughput: {
      gamesPerSecondOneCore: bots.gamesPerSecondOneCore,
      gamesPerSecondTwoWorkers: round((1000 * two.records.length) / two.wallMs, 1),
      twoWorkerGames: two.records.length,
    },
    botVsRandom: vsRandom,
  };
}

const out: Record<string, unknown> = { node: process.version, rulesets: {} as Record<string, unknown> };
for (const s of scenarios) (out.rulesets as Record<string, unknown>)[s.ruleset.id] = await measure(s);
console.log(JSON.stringify(out, null, 1));
