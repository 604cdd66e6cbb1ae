import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Board, NO_CODE, controlAt, decodePositions, decodeRows, encodePositions, encodeRows, terrainAt } from './board.js';
import { makeNetworkScenario, makeTinyScenario } from './fixtures.js';
import type { NetworkGrid } from './scenario.types.js';

describe('row strings', () => {
  it('terrainAt and controlAt read one character of the row strings', () => {
    const s = makeTinyScenario();
    expect(terrainAt(s.map, { col: 2, row: 0 })?.id).toBe('woods');
    expect(terrainAt(s.map, { col: 4, row: 3 })?.id).toBe('mountain');
    expect(controlAt(s, { col: 2, row: 4 })?.id).toBe('ger');
    expect(controlAt(s, { col: 3, row: 0 })?.id).toBe('sov');
  });

  it('reading off the map gives nothing rather than a neighbouring row', () => {
    const s = makeTinyScenario();
    expect(terrainAt(s.map, { col: 6, row: 0 })).toBeUndefined();
    expect(terrainAt(s.map, { col: -1, row: 1 })).toBeUndefined();
    expect(controlAt(s, { col: 0, row: 5 })).toBeUndefined();
  });

  it('decoding refuses rows that would lose data, naming where', () => {
    expect(() => decodeRows(['ab', 'a'], ['a', 'b'], 2, 2)).toThrow(/row 1 has 1 cells, expected 2/);
    expect(() => decodeRows(['ab', 'ax'], ['a', 'b'], 2, 2)).toThrow(/unknown code "x" at 1,1/);
    expect(() => decodeRows(['ab'], ['a', 'b'], 2, 2)).toThrow(/expected 2 rows/);
  });

  it('encodeRows is the inverse of decodeRows for any rows over a palette', () => {
    const palette = ['.', 'f', '~', 'u', '^', 'G'];
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 12 }), fc.array(fc.constantFrom(...palette), { minLength: 144, maxLength: 144 }), (cols, rows, codes) => {
        const text = Array.from({ length: rows }, (_, r) => codes.slice(r * cols, (r + 1) * cols).join(''));
        const decoded = decodeRows(text, palette, cols, rows);
        expect(decoded.length).toBe(cols * rows);
        expect(encodeRows(decoded, palette, cols)).toEqual(text);
      }),
    );
  });

  it('encoding refuses an index outside the palette', () => {
    expect(() => encodeRows(Uint8Array.of(0, NO_CODE), ['a'], 2)).toThrow(/cell 1,0 has index 255/);
  });
});

describe('Board', () => {
  it('holds one byte per cell in row-major order', () => {
    const board = Board.fromScenario(makeTinyScenario());
    expect(board.terrain).toBeInstanceOf(Uint8Array);
    expect(board.terrain.length).toBe(30);
    expect(board.terrain[0 * 6 + 2]).toBe(1); // woods at 2,0
    expect(board.control[4 * 6 + 5]).toBe(1); // Soviets at 5,4
  });

  it('answers per-cell questions like the row strings do', () => {
    const s = makeTinyScenario();
    const board = Board.fromScenario(s);
    for (let row = 0; row < 5; row++) {
      for (let col = 0; col < 6; col++) {
        const cell = { col, row };
        expect(board.terrainAt(cell)).toBe(terrainAt(s.map, cell));
        expect(board.controlAt(cell)).toBe(controlAt(s, cell));
      }
    }
    expect(board.terrainIndexAt({ col: 9, row: 9 })).toBe(NO_CODE);
    expect(board.controlAt({ col: -1, row: 0 })).toBeUndefined();
  });

  it('writes back exactly the rows it was built from, and edits show up in them', () => {
    const s = makeTinyScenario();
    const board = Board.fromScenario(s);
    expect(board.terrainRows()).toEqual(s.map.terrain);
    expect(board.controlRows()).toEqual(s.map.control);
    board.control[board.grid.index({ col: 0, row: 0 })] = 1;
    expect(board.controlRows()[0]).toBe('SGGSSS');
  });

  it('keeps edge features as sets of canonical side ids', () => {
    const board = Board.fromScenario(makeTinyScenario());
    expect(board.edges.rivers.has('2,1,SE')).toBe(true);
    expect(board.edges.rails.has('2,1,SE')).toBe(true); // a rail bridge
    expect(board.edges.roads.size).toBe(3);
    expect(board.edges.lakeShores.has(board.grid.edgeBetween({ col: 2, row: 2 }, { col: 2, row: 1 })!)).toBe(true);
  });

  it('refuses a scenario whose rows do not fit, rather than guess', () => {
    const s = makeTinyScenario();
    s.map.terrain![1] = '.ff.u';
    expect(() => Board.fromScenario(s)).toThrow(/map\.terrain: row 1/);
  });

  describe('on a network map', () => {
    it('decodes each position\'s terrain and control into the same per-cell arrays', () => {
      const s = makeNetworkScenario();
      const board = Board.fromScenario(s);
      const moscow = board.grid.parseRef('moscow')!;
      expect(board.terrain.length).toBe(14);
      expect(board.terrainAt(moscow)?.id).toBe('city');
      expect(board.controlAt(board.grid.parseRef('brest')!)?.id).toBe('ger');
      expect(terrainAt(s.map, board.grid.parseRef('rzhev')!)?.name).toBe('Forest');
      expect(controlAt(s, moscow)?.name).toBe('Soviets');
      expect(terrainAt(s.map, { col: 14, row: 0 })).toBeUndefined();
      expect(board.edges.roads.size).toBe(0);
    });

    it('writes edits back into the positions, not into rows', () => {
      const s = makeNetworkScenario();
      if (s.map.grid.kind !== 'network') throw new Error('not a network');
      const board = Board.fromScenario(s);
      board.control[board.grid.index(board.grid.parseRef('smolensk')!)] = 0;
      const positions = encodePositions(s.map.grid, board.terrain, board.control, s.map.terrainTypes, s.sides);
      expect(positions.find((p) => p.id === 'smolensk')?.control).toBe('ger');
      expect(positions.filter((p, i) => JSON.stringify(p) !== JSON.stringify(s.map.grid.kind === 'network' && s.map.grid.positions[i]))).toHaveLength(1);
      expect(() => board.controlRows()).toThrow(/network map has no control rows/);
    });

    it('refuses a position with an unknown terrain type, naming it', () => {
      const s = makeNetworkScenario();
      if (s.map.grid.kind !== 'network') throw new Error('not a network');
      s.map.grid.positions[2]!.terrain = 'marsh';
      expect(() => Board.fromScenario(s)).toThrow('map.grid.positions[2] ("vilnius"): unknown terrain type "marsh"');
      expect(() => decodePositions(s.map.grid as NetworkGrid, s.map.terrainTypes, s.sides)).toThrow(RangeError);
    });
  });
});
