// The example scenarios shipped in scenarios/ must load cleanly and show what their
// descriptions promise; a designer opening one should never meet an error.
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { validateScenario } from '../shared/format/validate.js';
import type { Scenario } from '../shared/format/scenario.types.js';
import { createGrid } from '../shared/grid/index.js';
import { checkScenario } from '../shared/scenario/checks.js';
import { BUILDERS } from './author/builders.js';
import { stackingLimitOf, usesFeature } from '../shared/rules/catalogue.js';
import { getRuleset } from '../shared/rules/engine.js';
import { formatScenarioJson } from './author/json.js';
import { gridSpecOf } from '../shared/format/defaults.js';

const dir = fileURLToPath(new URL('../scenarios/', import.meta.url));
const files = readdirSync(dir).filter((f) => f.endsWith('.json')).sort();
const load = (file: string): Scenario => JSON.parse(readFileSync(dir + file, 'utf8')) as Scenario;
const parseRef = (ref: string) => {
  const [col, row] = ref.split(',').map(Number);
  return { col: col!, row: row! };
};
const positionOf = (s: Scenario, ref: string) => (s.map.grid.kind === 'network' ? s.map.grid.positions.find((p) => p.id === ref) : undefined);
const sideOfCode = (s: Scenario, ref: string) => {
  const p = positionOf(s, ref);
  if (p) return p.control;
  const { col, row } = parseRef(ref);
  const code = s.map.control![row]?.[col];
  return s.sides.find((d) => d.code === code)?.id;
};
const categoryAt = (s: Scenario, ref: string) => {
  const p = positionOf(s, ref);
  if (p) return s.map.terrainTypes.find((t) => t.id === p.terrain)?.category;
  const { col, row } = parseRef(ref);
  return s.map.terrainTypes.find((t) => t.code === s.map.terrain![row]?.[col])?.category;
};
const strengthOf = (s: Scenario, side: string) =>
  s.orderOfBattle.filter((u) => u.side === side).reduce((sum, u) => sum + u.strength, 0);
const onEdge = (s: Scenario, ref: string) => {
  const { col, row } = parseRef(ref);
  return col === 0 || row === 0 || col === gridSpecOf(s).cols - 1 || row === gridSpecOf(s).rows - 1;
};
const supplyBases = (s: Scenario, side: string) =>
  Object.entries(s.map.cells ?? {}).filter(([, f]) => f.supplyBase === side).map(([ref]) => ref);

describe('bundled scenarios', () => {
  it('ships the example scenarios', () => {
    expect(files).toEqual(
      expect.arrayContaining(['seed-000-example.json', 'dnieper-bend-1943.json', 'square-grid-demo.json', 'brick-grid-demo.json', 'battle-for-moscow.json']),
    );
  });

  describe.each(files)('%s', (file) => {
    const s = load(file);

    it('validates with no errors', () => {
      const result = validateScenario(s);
      expect(result.issues.filter((i) => i.severity === 'error')).toEqual([]);
      expect(result.ok).toBe(true);
    });

    it('opens in the editor with no errors and no warnings in the checks panel', () => {
      expect(checkScenario(s)).toEqual([]);
    });

    it('is exactly what its description in scripts/author builds', () => {
      const build = BUILDERS[file];
      expect(build, `no description builds ${file}`).toBeDefined();
      expect(readFileSync(dir + file, 'utf8')).toBe(formatScenarioJson(build!()));
    });

    it('has map rows that match the grid and use only declared codes', () => {
      if (s.map.grid.kind === 'network') {
        // A network keeps terrain and control on its positions: declared ids only.
        const terrains = new Set(s.map.terrainTypes.map((t) => t.id));
        const sides = new Set(s.sides.map((d) => d.id));
        expect(s.map.grid.positions.filter((p) => !terrains.has(p.terrain) || !sides.has(p.control)).map((p) => p.id)).toEqual([]);
        return;
      }
      const { cols, rows } = gridSpecOf(s);
      const terrainCodes = new Set(s.map.terrainTypes.map((t) => t.code));
      const sideCodes = new Set(s.sides.map((d) => d.code));
      expect(s.map.terrain).toHaveLength(rows);
      expect(s.map.control).toHaveLength(rows);
      for (const row of s.map.terrain!) expect([...row].filter((ch) => !terrainCodes.has(ch)), row).toEqual([]);
      for (const row of s.map.control!) expect([...row].filter((ch) => !sideCodes.has(ch)), row).toEqual([]);
      for (const row of [...s.map.terrain!, ...s.map.control!]) expect(row).toHaveLength(cols);
    });

    it('uses canonical edge ids that are sides of this grid', () => {
      const grid = createGrid(gridSpecOf(s));
      for (const list of [s.map.rivers, s.map.lakeShores, s.map.roads, s.map.rails]) {
        for (const edge of list ?? []) expect(grid.parseEdge(edge), edge).toBe(edge);
      }
    });

    it('gives every game turn to exactly one side for initiative (rulesets that read an initiative schedule)', () => {
      if (!usesFeature(s, 'initiative')) {
        expect(s.initiative ?? []).toEqual([]);
        return;
      }
      const owners = Array.from({ length: s.calendar.turns }, (_, i) =>
        (s.initiative ?? []).filter((r) => r.fromTurn <= i + 1 && i + 1 <= r.toTurn).length,
      );
      expect(owners.every((n) => n === 1)).toBe(true);
    });

    it('starts no more units of a side in one cell than its ruleset stacks (three when it sets no limit on a grid)', () => {
      const limit = stackingLimitOf(s) ?? (s.map.grid.kind === 'network' ? Infinity : 3);
      const counts = new Map<string, number>();
      for (const u of s.orderOfBattle) counts.set(`${u.side}@${u.cell}`, (counts.get(`${u.side}@${u.cell}`) ?? 0) + 1);
      expect([...counts].filter(([, n]) => n > limit)).toEqual([]);
    });

    it('starts every unit in a passable cell its side controls', () => {
      const misplaced = s.orderOfBattle.filter((u) => sideOfCode(s, u.cell) !== u.side || categoryAt(s, u.cell) === 'impassable');
      expect(misplaced.map((u) => `${u.id}@${u.cell}`)).toEqual([]);
    });

    it('brings reinforcements in at cells marked as entry cells for their side', () => {
      const bad = (s.reinforcements ?? []).filter((r) => !s.map.cells?.[r.entryCell]?.entry?.includes(r.unit.side));
      expect(bad.map((r) => `${r.unit.id}@${r.entryCell}`)).toEqual([]);
    });

    it('starts every unit able to trace supply to a friendly base within the supply line limit', () => {
      const grid = createGrid(gridSpecOf(s));
      const limit = s.ruleset.options?.supplyLineLimit ?? Infinity;
      const frozen = s.groundConditions.initial === 'frozen' || s.groundConditions.initial === 'snow';
      const blocked = (ref: string) => {
        const p = positionOf(s, ref);
        const t = p ? s.map.terrainTypes.find((tt) => tt.id === p.terrain) : s.map.terrainTypes.find((tt) => tt.code === s.map.terrain![parseRef(ref).row]?.[parseRef(ref).col]);
        return t?.category === 'impassable' && !(t.freezes && frozen);
      };
      const stepsToBase = (side: string, start: string): number => {
        const bases = new Set(supplyBases(s, side));
        const seen = new Map([[start, 0]]);
        const queue = [start];
        for (let head = 0; head < queue.length; head++) {
          const here = queue[head]!;
          const d = seen.get(here)!;
          if (bases.has(here)) return d;
          for (const n of grid.neighbours(grid.parseRef(here)!)) {
            const key = grid.ref(n);
            if (seen.has(key) || blocked(key) || sideOfCode(s, key) !== side) continue;
            seen.set(key, d + 1);
            queue.push(key);
          }
        }
        return Infinity;
      };
      const cut = s.orderOfBattle.filter((u) => stepsToBase(u.side, u.cell) > limit).map((u) => `${u.id}@${u.cell}`);
      expect(cut).toEqual([]);
    });

    it('uses each unit id once', () => {
      const ids = [...s.orderOfBattle, ...(s.reinforcements ?? []).map((r) => r.unit)].map((u) => u.id);
      expect(ids.length).toBe(new Set(ids).size);
    });
  });

  describe('seed 000 example', () => {
    const s = load('seed-000-example.json');

    it('runs 22 turns from 24 January 1944', () => {
      expect(s.calendar).toEqual({ startDate: '1944-01-24', turns: 22 });
    });

    it('gives each side 50–60 strength points', () => {
      for (const side of s.sides) {
        expect(strengthOf(s, side.id)).toBeGreaterThanOrEqual(50);
        expect(strengthOf(s, side.id)).toBeLessThanOrEqual(60);
      }
    });

    it('gives each side 4–5 supply bases, all on the table edge and in its own territory', () => {
      for (const side of s.sides) {
        const bases = supplyBases(s, side.id);
        expect(bases.length).toBeGreaterThanOrEqual(4);
        expect(bases.length).toBeLessThanOrEqual(5);
        expect(bases.filter((b) => !onEdge(s, b) || sideOfCode(s, b) !== side.id)).toEqual([]);
      }
    });

    it('gives the Germans 3, 2 and 1 prepared offensives on turns 1, 2 and 3', () => {
      expect(s.preparedOffensives).toEqual([
        { side: 'germans', turn: 1, count: 3 },
        { side: 'germans', turn: 2, count: 2 },
        { side: 'germans', turn: 3, count: 1 },
      ]);
    });

    it('starts in snow and may turn to mud on 1–2 from turn 3', () => {
      expect(s.groundConditions.initial).toBe('snow');
      expect(s.groundConditions.changes).toEqual([{ fromTurn: 3, outcomes: [{ min: 1, max: 2, condition: 'mud' }] }]);
    });

    it('gives the Germans the initiative on turns 1–18 and the Soviets on 19–22', () => {
      expect(s.initiative).toEqual([
        { side: 'germans', fromTurn: 1, toTurn: 18 },
        { side: 'soviets', fromTurn: 19, toTurn: 22 },
      ]);
    });
  });

  describe('Dnieper bend 1943 (the large scenario)', () => {
    const s = load('dnieper-bend-1943.json');

    it('is at least 24 × 18 cells', () => {
      expect(gridSpecOf(s).cols).toBeGreaterThanOrEqual(24);
      expect(gridSpecOf(s).rows).toBeGreaterThanOrEqual(18);
    });

    it('schedules ten or more reinforcements over several turns, for both sides', () => {
      const r = s.reinforcements ?? [];
      expect(r.length).toBeGreaterThanOrEqual(10);
      expect(new Set(r.map((x) => x.turn)).size).toBeGreaterThan(3);
      expect(new Set(r.map((x) => x.unit.side))).toEqual(new Set(['germans', 'soviets']));
    });

    it('gives replacements, some of them only for tanks', () => {
      const r = s.replacements ?? [];
      expect(r.length).toBeGreaterThan(0);
      expect(r.some((x) => x.branches?.includes('tank'))).toBe(true);
    });

    it('has 8–12 supply bases and at least 10 victory cells', () => {
      const bases = supplyBases(s, 'germans').length + supplyBases(s, 'soviets').length;
      expect(bases).toBeGreaterThanOrEqual(8);
      expect(bases).toBeLessThanOrEqual(12);
      expect(Object.values(s.map.cells ?? {}).filter((f) => f.victory).length).toBeGreaterThanOrEqual(10);
    });

    it('bridges rivers with roads and railways', () => {
      const rivers = new Set(s.map.rivers);
      expect((s.map.roads ?? []).filter((e) => rivers.has(e)).length).toBeGreaterThan(0);
      expect((s.map.rails ?? []).filter((e) => rivers.has(e)).length).toBeGreaterThan(0);
    });
  });

  describe('Battle for Moscow (seed 002)', () => {
    const s = load('battle-for-moscow.json');
    const rules = getRuleset('bfm');
    const cells = s.map.cells ?? {};
    const named = (name: string) => Object.entries(cells).find(([, f]) => f.name === name)?.[0];

    it('is a Battle for Moscow hex map of seven turns from 2 October 1941, turns 3 and 4 in mud', () => {
      expect(s.ruleset.id).toBe('bfm');
      expect(s.map.grid.kind).toBe('hex');
      expect(s.calendar).toEqual({ startDate: '1941-10-02', turns: 7 });
      const track = rules.tables(s).find((t) => t.id === 'turns')!;
      expect(track.rows.map((r) => r.cells[1])).toEqual(['Clear', 'Clear', 'Mud (two weeks)', 'Mud (two weeks)', 'Clear', 'Clear', 'Clear']);
    });

    it('has what the text names: forests, cities with Moscow the one victory hex, fortifications, rivers, railroads and setup markers', () => {
      const forest = s.map.terrainTypes.find((t) => t.category === 'difficult')!.code;
      const city = s.map.terrainTypes.find((t) => t.category === 'urban')!.code;
      const count = (code: string) => s.map.terrain!.join('').split(code).length - 1;
      expect(count(forest)).toBeGreaterThan(30);
      expect(count(city)).toBeGreaterThanOrEqual(15);
      const moscow = named('Moscow')!;
      expect(Object.entries(cells).filter(([, f]) => f.victory).map(([ref]) => ref)).toEqual([moscow]);
      expect(Object.values(cells).filter((f) => f.fortification).length).toBeGreaterThanOrEqual(5);
      expect(s.map.rivers!.length).toBeGreaterThan(40);
      expect(s.map.rails!.length).toBeGreaterThan(40);
      // Moscow is a railroad hub.
      const rails = new Set(s.map.rails);
      const cellGrid = s.map.grid;
      if (!('cols' in cellGrid)) throw new Error('Battle for Moscow is a hex map');
      const grid = createGrid(cellGrid);
      const [mc, mr] = moscow.split(',').map(Number) as [number, number];
      expect(grid.sideDirections.filter((d) => rails.has(grid.edgeOf({ col: mc, row: mr }, d)!)).length).toBeGreaterThanOrEqual(5);
    });

    it('sets 13 German corps at full strength and 22 Soviet armies at half strength on their setup markers, and keeps four Soviet armies in the pool with 1st Shock from turn 4', () => {
      const germans = s.orderOfBattle.filter((u) => u.side === 'germans');
      const soviets = s.orderOfBattle.filter((u) => u.side === 'soviets');
      expect(germans).toHaveLength(13);
      expect(soviets).toHaveLength(22);
      expect(germans.every((u) => !u.fields?.startsReduced)).toBe(true);
      expect(soviets.every((u) => u.fields?.startsReduced === true)).toBe(true);
      for (const u of s.orderOfBattle) expect(cells[u.cell]?.setup, u.id).toBe(u.side);
      expect(Object.values(cells).filter((f) => f.setup).length).toBe(35);
      expect(germans.filter((u) => u.branch === 'tank').map((u) => [u.strength, u.fields?.reducedStrength, u.fields?.movement])).toEqual(Array(5).fill([9, 4, 6]));
      const pool = s.pool ?? [];
      expect(pool.map((p) => p.unit.side)).toEqual(['soviets', 'soviets', 'soviets', 'soviets']);
      const shock = pool.find((p) => p.unit.name === '1st Shock Army')!;
      expect([shock.unit.strength, shock.unit.fields?.movement, shock.fromTurn]).toEqual([10, 4, 4]);
      expect(pool.filter((p) => p !== shock).every((p) => (p.fromTurn ?? 1) === 1)).toBe(true);
      expect(s.orderOfBattle.length + pool.length).toBe(39);
    });

    it('gives the Germans one replacement a turn from turn 2 and the Soviets five every turn', () => {
      const per = (side: string) => Array.from({ length: 7 }, (_, t) => (s.replacements ?? []).filter((r) => r.side === side && r.turn === t + 1).reduce((n, r) => n + r.points, 0));
      expect(per('germans')).toEqual([0, 1, 1, 1, 1, 1, 1]);
      expect(per('soviets')).toEqual([5, 5, 5, 5, 5, 5, 5]);
    });

    it('starts every city Soviet-owned except those with a German unit, and Moscow Soviet', () => {
      const germanStart = new Set(s.orderOfBattle.filter((u) => u.side === 'germans').map((u) => u.cell));
      const city = s.map.terrainTypes.find((t) => t.category === 'urban')!.code;
      const g = s.map.grid;
      if (!('cols' in g)) throw new Error('Battle for Moscow is a hex map');
      for (let r = 0; r < g.rows; r++)
        for (let c = 0; c < g.cols; c++) {
          if (s.map.terrain![r]![c] !== city) continue;
          expect(s.map.control![r]![c], `${c},${r}`).toBe(germanStart.has(`${c},${r}`) ? 'G' : 'S');
        }
    });
  });

  describe.each([
    ['square-grid-demo.json', 'square'],
    ['brick-grid-demo.json', 'offsetSquare'],
  ] as const)('%s', (file, kind) => {
    const s = load(file);

    it(`uses the ${kind} grid`, () => {
      expect(s.map.grid.kind).toBe(kind);
    });

    it('shows rivers, roads and railways, with at least one bridge', () => {
      expect(s.map.rivers?.length).toBeGreaterThan(0);
      expect(s.map.roads?.length).toBeGreaterThan(0);
      expect(s.map.rails?.length).toBeGreaterThan(0);
      const rivers = new Set(s.map.rivers);
      expect([...(s.map.roads ?? []), ...(s.map.rails ?? [])].some((e) => rivers.has(e))).toBe(true);
    });
  });
});
