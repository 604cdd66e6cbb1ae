// Test helpers: scenarios of every grid kind built from the shared fixture, and an ImageData
// stand-in for Node (the bitmap code only reads width, height and data).
import { makeTinyScenario } from '../../../shared/format/fixtures.js';
import type { Scenario } from '../../../shared/format/scenario.types.js';

export const GRID_KINDS = [
  { kind: 'hex', orientation: 'flat', offset: 'odd' },
  { kind: 'hex', orientation: 'flat', offset: 'even' },
  { kind: 'hex', orientation: 'pointy', offset: 'odd' },
  { kind: 'hex', orientation: 'pointy', offset: 'even' },
  { kind: 'square', adjacency: 4 },
  { kind: 'square', adjacency: 8 },
  { kind: 'offsetSquare', offset: 'odd' },
  { kind: 'offsetSquare', offset: 'even' },
] as const;

/** A scenario with a `cols`×`rows` map of the given grid kind, terrain cycling through the palette. */
export function scenarioWithGrid(grid: (typeof GRID_KINDS)[number], cols: number, rows: number): Scenario {
  const s = makeTinyScenario();
  const codes = s.map.terrainTypes.map((t) => t.code);
  s.map.grid = { ...grid, cols, rows } as Scenario['map']['grid'];
  s.map.terrain = Array.from({ length: rows }, (_, r) =>
    Array.from({ length: cols }, (_, c) => codes[(c * 7 + r * 3) % codes.length]).join(''),
  );
  s.map.control = Array.from({ length: rows }, () =>
    Array.from({ length: cols }, (_, c) => (c < cols / 2 ? 'G' : 'S')).join(''),
  );
  s.map.cells = {};
  s.map.rivers = [];
  s.map.lakeShores = [];
  s.map.roads = [];
  s.map.rails = [];
  return s;
}

export function installImageData(): void {
  if (typeof globalThis.ImageData !== 'undefined') return;
  class NodeImageData {
    readonly data: Uint8ClampedArray;
    constructor(
      readonly width: number,
      readonly height: number,
    ) {
      this.data = new Uint8ClampedArray(width * height * 4);
    }
  }
  (globalThis as { ImageData?: unknown }).ImageData = NodeImageData;
}
