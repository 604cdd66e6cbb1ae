// A counter's symbol follows the ruleset's unit type where the declaration says so (Shambattle's
// stands, the Portable Wargame's unit types): an artillery stand shows the artillery dot, not the
// infantry cross its format branch would give; every symbol a declaration names is one the
// painter can draw.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Scenario } from '../format/scenario.types.js';
import { kitCounters } from '../kit/content.js';
import { buildPaintModel } from '../paint/model.js';
import { SYMBOL_MARKS } from '../paint/unit-symbols.js';
import { declarations, declarationById } from './catalogue.js';
import { counterSymbol } from './declaration.js';

const BRANCHES = ['infantry', 'tank', 'mechanised', 'cavalry', 'airborne'];

describe('counter symbols', () => {
  it('come from the unit type where the layout maps it, else from the branch', () => {
    const sham = declarationById('shambattle')!.counter;
    expect(counterSymbol(sham, 'infantry', { stand: 'artillery' })).toBe('artillery');
    expect(counterSymbol(sham, 'infantry', { stand: 'engineers' })).toBe('engineers');
    expect(counterSymbol(sham, 'cavalry', { stand: 'cavalry' })).toBe('cavalry');
    expect(counterSymbol(sham, 'infantry', {})).toBe('infantry');
    const pw = declarationById('pw')!.counter;
    expect(counterSymbol(pw, 'infantry', { unitType: 'fieldArtillery' })).toBe('artillery');
    expect(counterSymbol(pw, 'infantry', { unitType: 'command' })).toBe('headquarters');
    expect(counterSymbol(declarationById('operational')!.counter, 'tank', { stand: 'artillery' })).toBe('tank');
  });

  it('named by any declaration are drawable', () => {
    for (const d of declarations())
      for (const [type, symbol] of Object.entries(d.counter.symbols ?? {})) {
        expect(BRANCHES.includes(symbol) || SYMBOL_MARKS[symbol] !== undefined, `${d.id} ${type} → ${symbol}`).toBe(true);
      }
  });

  it('reach the painter: the bundled Shambattle battle’s artillery stands are drawn as artillery', () => {
    const scenario = JSON.parse(readFileSync(new URL('../../scenarios/shambattle.json', import.meta.url), 'utf8')) as Scenario;
    const guns = scenario.orderOfBattle.filter((u) => (u.fields as { stand?: string } | undefined)?.stand === 'artillery');
    expect(guns.length).toBeGreaterThan(0);
    const model = buildPaintModel(scenario);
    const placed = [...model.units!.values()].flat();
    for (const g of guns) expect(placed.find((u) => u.id === g.id)?.branch).toBe('artillery');
    // The tabletop kit prints the same symbol.
    const kit = kitCounters(scenario);
    for (const g of guns) expect(kit.find((c) => c.unitId === g.id)?.branch).toBe('artillery');
  });
});
