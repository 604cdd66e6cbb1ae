// Tiled exchange: a map exported to TMX or TMJ and imported back is the same map, for every
// grid Tiled can hold (hex flat/pointy × odd/even, square, brick) and for the bundled scenarios;
// what the import cannot bring in is reported, never silently dropped.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CellGrid, Scenario } from '../../format/scenario.types.js';
import { gridSpecOf } from '../../format/defaults.js';
import { createGrid } from '../../grid/index.js';
import { tiledMapOf } from './export.js';
import { importTiled, TiledImportError } from './import.js';
import { readTmj, writeTmj } from './tmj.js';
import { readTmx, writeTmx } from './tmx.js';
import { busyScenario, mapEssentials } from './testing.js';
import { GID_MASK } from './types.js';

const root = join(__dirname, '../../..');
const bundled = readdirSync(join(root, 'scenarios'))
  .filter((f) => f.endsWith('.json'))
  .map((f) => JSON.parse(readFileSync(join(root, 'scenarios', f), 'utf8')) as Scenario)
  .filter((s) => s.map.grid.kind !== 'network');

function roundTrip(s: Scenario, format: 'tmx' | 'tmj') {
  const { map } = tiledMapOf(s, 'map');
  const text = format === 'tmx' ? writeTmx(map) : writeTmj(map);
  const back = format === 'tmx' ? readTmx(text) : readTmj(text);
  const result = importTiled(back, { id: 'imported', fallbackTitle: 'from file' });
  if (result.kind !== 'scenario') throw new Error(`needs a mapping for ${result.tiles.length} tiles`);
  return { text, scenario: result.scenario, report: result.report };
}

const GRIDS: CellGrid[] = [
  { kind: 'hex', orientation: 'flat', offset: 'odd', cols: 9, rows: 7 },
  { kind: 'hex', orientation: 'flat', offset: 'even', cols: 8, rows: 6 },
  { kind: 'hex', orientation: 'pointy', offset: 'odd', cols: 7, rows: 9 },
  { kind: 'hex', orientation: 'pointy', offset: 'even', cols: 6, rows: 8 },
  { kind: 'square', cols: 10, rows: 7 },
  { kind: 'square', adjacency: 8, labels: 'A1', cols: 5, rows: 5 },
  { kind: 'offsetSquare', offset: 'odd', cols: 8, rows: 6 },
  { kind: 'offsetSquare', offset: 'even', cols: 7, rows: 5 },
];

describe('Tiled round trip: export then import gives the same map', () => {
  for (const grid of GRIDS) {
    const name = `${grid.kind} ${grid.orientation ?? ''} ${grid.offset ?? ''} ${grid.adjacency ?? ''}`.replace(/\s+/g, ' ').trim();
    for (const format of ['tmx', 'tmj'] as const) {
      it(`${name} via ${format.toUpperCase()}`, () => {
        for (const seed of [1, 2, 3]) {
          const s = busyScenario(grid, seed * 31 + grid.cols);
          const { scenario, report } = roundTrip(s, format);
          expect(mapEssentials(scenario)).toEqual(mapEssentials(s));
          expect(scenario.title).toBe(s.title);
          expect(report).toEqual([]);
        }
      });
    }
  }

  for (const s of bundled) {
    it(`bundled scenario "${s.title}" (${s.map.grid.kind}) via TMX and TMJ`, () => {
      for (const format of ['tmx', 'tmj'] as const) {
        const { scenario, report } = roundTrip(s, format);
        expect(mapEssentials(scenario)).toEqual(mapEssentials(s));
        expect(report).toEqual([]);
      }
    });
  }
});

describe('Tiled export', () => {
  it('writes hex maps as hexagonal with the stagger axis and index of the grid, squares as orthogonal', () => {
    const shapeOf = (grid: CellGrid) => {
      const map = readTmx(writeTmx(tiledMapOf(busyScenario(grid, 5), 'm').map));
      return [map.orientation, map.staggeraxis, map.staggerindex];
    };
    expect(shapeOf(GRIDS[0]!)).toEqual(['hexagonal', 'x', 'odd']);
    expect(shapeOf(GRIDS[1]!)).toEqual(['hexagonal', 'x', 'even']);
    expect(shapeOf(GRIDS[2]!)).toEqual(['hexagonal', 'y', 'odd']);
    expect(shapeOf(GRIDS[3]!)).toEqual(['hexagonal', 'y', 'even']);
    expect(shapeOf(GRIDS[4]!)).toEqual(['orthogonal', undefined, undefined]);
  });

  it('gives each terrain tile its terrain id as a custom property, and the map the scenario id, title and cell size', () => {
    const s = bundled.find((x) => x.id)!;
    const { map, sheets } = tiledMapOf(s, 'front');
    const terrain = map.tilesets[0]!;
    expect(terrain.tiles!.map((t) => t.properties!.find((p) => p.name === 'terrain')!.value)).toEqual(s.map.terrainTypes.map((t) => t.id));
    expect(terrain.image).toBe('front-terrain.png');
    expect(sheets.map((x) => x.file)).toEqual(['front-terrain.png', 'front-control.png']);
    const props = Object.fromEntries(map.properties!.map((p) => [p.name, p.value]));
    expect(props).toMatchObject({ scenarioId: s.id, title: s.title, cellSize: `${s.map.cellSize.value} ${s.map.cellSize.unit}` });
    // The control layer names every cell's side through its tile.
    const control = map.layers.find((l) => l.name === 'Control');
    expect(control?.type).toBe('tilelayer');
    if (control?.type === 'tilelayer') expect(control.data.every((gid) => (gid & GID_MASK) >= map.tilesets[1]!.firstgid)).toBe(true);
  });

  it('refuses a network map with a sentence', () => {
    const s = busyScenario(GRIDS[0]!, 1);
    const network = { ...s, map: { ...s.map, grid: { kind: 'network' as const, width: 100, height: 100, positions: [], links: [] } } };
    expect(() => tiledMapOf(network, 'x')).toThrow(/network/);
  });
});

describe('Tiled import', () => {
  it('asks for a mapping for tiles without a terrain property, with where each tile sits in its picture, and uses the mapping given', () => {
    const s = busyScenario(GRIDS[4]!, 9);
    const { map } = tiledMapOf(s, 'm');
    for (const tile of map.tilesets[0]!.tiles!) tile.properties = tile.properties!.filter((p) => p.name !== 'terrain');
    const first = importTiled(map, { id: 'x', fallbackTitle: 'x' });
    expect(first.kind).toBe('needs-mapping');
    if (first.kind !== 'needs-mapping') return;
    expect(first.tiles.length).toBeGreaterThan(1);
    const t3 = first.tiles.find((t) => t.localId === 3);
    expect(t3?.rect).toEqual({ x: 3 * 64, y: 0, width: 64, height: 64 });
    expect(t3?.image).toBe('m-terrain.png');
    const mapping = Object.fromEntries(first.tiles.map((t) => [t.gid, t.localId === 0 ? 'woods' : 'open']));
    const second = importTiled(map, { id: 'x', fallbackTitle: 'x', tileTerrain: mapping });
    expect(second.kind).toBe('scenario');
    if (second.kind !== 'scenario') return;
    const woods = second.scenario.map.terrainTypes.find((t) => t.id === 'woods')!.code;
    // Cells that had the first terrain (open, code ".") are now woods.
    s.map.terrain!.forEach((row, r) => [...row].forEach((ch, c) => expect(second.scenario.map.terrain![r]![c] === woods).toBe(ch === '.')));
  });

  it('reports objects it cannot use and lines off the sides, and refuses infinite and isometric maps', () => {
    const s = busyScenario(GRIDS[0]!, 4);
    const { map } = tiledMapOf(s, 'm');
    const names = map.layers.find((l) => l.name === 'Names');
    if (names?.type !== 'objectgroup') throw new Error('no names layer');
    names.objects.push({ id: 900, name: 'Far away', type: 'name', x: 99999, y: 99999, width: 0, height: 0, point: true });
    const rivers = map.layers.find((l) => l.name === 'Rivers');
    if (rivers?.type !== 'objectgroup') throw new Error('no rivers layer');
    rivers.objects.push({ id: 901, name: 'Through cells', type: 'river', x: 38, y: 33, width: 0, height: 0, polyline: [{ x: 0, y: 0 }, { x: 0, y: 132 }] });
    const r = importTiled(map, { id: 'x', fallbackTitle: 'x' });
    if (r.kind !== 'scenario') throw new Error('expected a scenario');
    expect(r.report.some((l) => l.includes('"Far away"') && l.includes('outside the map'))).toBe(true);
    expect(r.report.some((l) => l.includes('"Through cells"') && l.includes('from any cell side'))).toBe(true);
    expect(() => importTiled({ ...map, infinite: true }, { id: 'x', fallbackTitle: 'x' })).toThrow(TiledImportError);
    expect(() => importTiled({ ...map, orientation: 'isometric' }, { id: 'x', fallbackTitle: 'x' })).toThrow(/isometric/);
  });
});

describe('Import of a TMX written by hand from Tiled\'s format reference (fixtures/kursk-hand.tmx)', () => {
  const text = readFileSync(join(__dirname, 'fixtures', 'kursk-hand.tmx'), 'utf8');
  const map = readTmx(text);
  const result = importTiled(map, { id: 'kursk', fallbackTitle: 'kursk-hand' });
  if (result.kind !== 'scenario') throw new Error('expected a scenario');
  const s = result.scenario;
  const g = createGrid(gridSpecOf(s));
  const code = (id: string) => s.map.terrainTypes.find((t) => t.id === id)!.code;

  it('reads a pointy-top hex grid with even rows shifted', () => {
    expect(s.map.grid).toMatchObject({ kind: 'hex', orientation: 'pointy', offset: 'even', cols: 4, rows: 3 });
    expect(s.title).toBe('Kursk, hand-made');
  });

  it('takes terrain from a CSV layer with flipped/rotated gids under a base64+zlib layer, the upper tile winning', () => {
    const [o, w, sw] = [code('open'), code('woods'), code('swamp')];
    expect(s.map.terrain).toEqual([o + o + sw + w, o + w + sw + o, sw + o + w + o]);
    expect(result.report).toContain('5 tiles were flipped or rotated in Tiled; a Gridfront cell has no orientation, so only their terrain was kept.');
    expect(result.report).toContain("3 cells have terrain tiles on more than one layer; the uppermost layer's tile was used.");
  });

  it('snaps the river to the two cell sides it follows and the road to the cells it passes through', () => {
    expect(s.map.rivers).toEqual([g.edgeBetween({ col: 1, row: 1 }, { col: 2, row: 1 }), g.edgeBetween({ col: 1, row: 1 }, { col: 1, row: 2 })].sort());
    expect(s.map.roads).toEqual([g.edgeBetween({ col: 0, row: 1 }, { col: 1, row: 1 }), g.edgeBetween({ col: 1, row: 1 }, { col: 1, row: 0 })].sort());
  });

  it('names cells from point objects, by class or by a layer of towns', () => {
    expect(s.map.cells?.['1,2']?.name).toBe('Prokhorovka');
    expect(s.map.cells?.['2,0']?.name).toBe('Oboyan');
  });

  it('reports what it could not bring in, naming the layer and object', () => {
    expect(result.report.filter((l) => l.includes('layer "Notes"'))).toEqual([
      'Object "#5" (id 5) in layer "Notes": an object Gridfront has no use for; it was left out.',
      'Object "Rail spur" (id 6) in layer "Notes": a line that is not a river, lake shore, road or railway; it was left out.',
    ]);
  });

  it('refuses zstd-compressed layers and mismatched CSV with a sentence naming the layer', () => {
    expect(() => readTmx(text.replace('compression="zlib"', 'compression="zstd"'))).toThrow(/Layer "Forest" is compressed with zstd/);
    expect(() => readTmx(text.replace('3,1,1,268435457', '3,1,1'))).toThrow(/Layer "Ground": its CSV data has 11 tiles where the map has 12/);
  });
});
