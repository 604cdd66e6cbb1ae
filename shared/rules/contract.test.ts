// Every registered ruleset, held to the contract (types.ts) on its bundled scenarios: described
// decisions are exactly the legal actions, observations and results say what the state says,
// determinize only reseeds what a side cannot know, declarations match the schema, tables are
// well formed. A new ruleset gets these tests by being registered and bundled.
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { isDeepStrictEqual } from 'node:util';
import { describe, expect, it } from 'vitest';
import scenarioSchema from '../../schemas/scenario.schema.json' with { type: 'json' };
import { validateScenario } from '../format/validate.js';
import type { Scenario } from '../format/scenario.types.js';
import { randomPlayer } from '../bot/player.js';
import { declarationById } from './catalogue.js';
import { RULESETS } from './engine.js';
import { cellLabels } from './public.js';
import type { AnyRuleset, RulesAction, RulesState } from './types.js';

const dir = fileURLToPath(new URL('../../scenarios/', import.meta.url));
const bundled: Scenario[] = readdirSync(dir)
  .filter((f) => f.endsWith('.json'))
  .sort()
  .map((f) => JSON.parse(readFileSync(dir + f, 'utf8')) as Scenario);

/** The first bundled scenario of each ruleset (the contract needs one to play). */
const sampleOf = (id: string): Scenario | undefined => bundled.find((s) => s.ruleset.id === id);

const SEEDS = [1, 2, 3];

/**
 * toEqual, with a fast path: node's deep strict equality first (it implies toEqual's), and
 * vitest's toEqual (its diff, its looser rules) only when that finds a difference. Vitest's
 * matcher on its own made these comparisons a fifth of the file's time.
 */
function same(actual: unknown, expected: unknown): void {
  if (!isDeepStrictEqual(actual, expected)) expect(actual).toEqual(expected);
}
const STEPS = 200;

describe.each(Object.keys(RULESETS))('the %s ruleset keeps the contract', (id) => {
  const rules: AnyRuleset = RULESETS[id]!;
  const scenario = sampleOf(id);

  it('has a bundled scenario that validates', () => {
    expect(scenario, `no bundled scenario uses ${id}`).toBeDefined();
    expect(validateScenario(scenario).ok).toBe(true);
  });

  it('declares itself in the catalogue the checks read, the same as the plug-in', () => {
    expect(declarationById(id)).toBe(rules.declaration);
    expect(rules.declaration.id).toBe(id);
    expect((scenarioSchema as { $defs: { Ruleset: { properties: { id: { enum: string[] } } } } }).$defs.Ruleset.properties.id.enum).toContain(id);
    for (const f of [...rules.declaration.options, ...rules.declaration.unitFields]) {
      expect(f.label, f.key).not.toBe('');
      expect(f.short, f.key).not.toBe('');
      if (f.type === 'enum') expect(f.values?.length, f.key).toBeGreaterThan(0);
    }
    expect(rules.declaration.unitFields.map((f) => f.key)).toEqual(expect.arrayContaining(['name', 'branch', 'strength']));
    expect(rules.declaration.markers.length).toBeGreaterThan(0);
  });

  it('gives its play aids as well-formed tables', () => {
    const tables = rules.tables(scenario!);
    expect(tables.length).toBeGreaterThan(0);
    for (const t of tables) {
      expect(t.rows.length, t.id).toBeGreaterThan(0);
      for (const r of t.rows) expect(r.cells, `${t.id}/${r.key}`).toHaveLength(t.columns.length);
    }
  });

  it.each(SEEDS)('seed %i: decisions describe exactly the legal actions, for the side that acts, and results follow the state', (seed) => {
    const player = randomPlayer<RulesState, RulesAction>(seed * 7 + 1);
    let state = rules.newGame(scenario!, { seed });
    const label = cellLabels(scenario!);
    for (let step = 0; step < STEPS && !state.gameOver; step++) {
      const legal = rules.legalActions(state);
      const d = rules.decision(state);
      expect(d).not.toBeNull();
      expect(d!.side).toBe(rules.actor(state));
      same(d!.options.map((o) => o.action), legal);
      // Each option is checked in plain code and what is wrong is collected, so one expect per
      // step says it all (an expect per option cost most of this file's time: ~30,000 options).
      const problems: string[] = [];
      for (const o of d!.options) {
        if (o.label.length === 0) problems.push(`an option with no label: ${JSON.stringify(o.action)}`);
        if (o.action.side !== d!.side) problems.push(`${o.label}: its action is for ${o.action.side}, the decision for ${d!.side}`);
        if (o.cell !== undefined && label(o.cell) === o.cell) problems.push(`${o.label}: cell ${o.cell} has no label`);
        // What an option offers a UI beyond its label holds: its preview spec gives a preview,
        // its facing is for a ruleset with facing.
        if (o.preview && rules.attackPreview(state, o.preview) === null) problems.push(`${o.label}: its preview spec gives no preview`);
        if (o.facing && rules.declaration.traits.facing !== true) problems.push(`${o.label}: a facing in a ruleset without facing`);
      }
      expect(problems, `step ${step}`).toEqual([]);
      same(rules.returns(state), Object.fromEntries(scenario!.sides.map((s) => [s.id, 0])));
      expect(rules.invariants(state)).toEqual([]);
      const seen = rules.observe(state, null);
      expect(seen.actor).toBe(d!.side);
      expect(seen.turn).toBe(state.turn);
      // Per-unit questions agree with the legal actions.
      const someUnit = d!.options.find((o) => o.unit !== undefined)?.unit;
      if (someUnit !== undefined) {
        const mine = rules.unitOptions(state, someUnit).map((o) => JSON.stringify(o.action));
        expect(mine.length).toBeGreaterThan(0);
        const legalKeys = new Set(legal.map((x) => JSON.stringify(x)));
        expect(mine.filter((a) => !legalKeys.has(a)), `unit ${someUnit}'s options that are not legal actions`).toEqual([]);
      }
      // Determinize: the same game apart from the dice.
      const other = rules.determinize(state, d!.side, seed + step);
      const { dice: _d1, ...a } = other;
      const { dice: _d2, ...b } = state;
      void _d1;
      void _d2;
      // Without hidden units or orders only the dice may differ; with them, whatever is resampled
      // the side to act cannot tell the two states apart.
      const { hiddenInformation, simultaneous } = rules.declaration.traits;
      if (!hiddenInformation && !simultaneous) expect(JSON.stringify(a)).toBe(JSON.stringify(b));
      same(rules.observe(other, d!.side), rules.observe(state, d!.side));
      same(rules.legalActions(other), legal);
      const r = rules.apply(state, player.choose(state, legal));
      expect(r.ok).toBe(true);
      if (r.ok) state = r.state;
    }
    if (state.gameOver) {
      expect(rules.decision(state)).toBeNull();
      const ret = rules.returns(state);
      const w = state.gameOver.winner;
      for (const s of scenario!.sides) expect(ret[s.id]).toBe(w === null ? 0 : s.id === w ? 1 : -1);
    }
  });

  it('refuses an action of the side not to act, and a malformed one, without changing the state', () => {
    const state = rules.newGame(scenario!, { seed: 1 });
    const before = JSON.stringify(state);
    const actor = rules.actor(state)!;
    const other = scenario!.sides.find((s) => s.id !== actor)!.id;
    const legal = rules.legalActions(state)[0]!;
    const wrongSide = rules.apply(state, { ...legal, side: other });
    expect(wrongSide.ok).toBe(false);
    if (!wrongSide.ok) expect(wrongSide.error.code).toBe('notYourDecision');
    expect(rules.apply(state, { type: 'noSuchAction', side: actor }).ok).toBe(false);
    expect(JSON.stringify(state)).toBe(before);
  });
});
