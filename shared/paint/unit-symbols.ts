// The marks inside a counter's NATO frame for the unit types rulesets add beyond the format's
// branches (shared/rules CounterLayout.symbols), as data in the frame's own coordinates (0..1
// across and down), so the map painter's counters, the tabletop kit and the test-play board draw
// the same picture from one definition.

export type SymbolMark =
  /** A filled dot. */
  | { kind: 'dot'; x: number; y: number; r: number }
  /** An open or closed line through the points, in the frame's stroke. */
  | { kind: 'line'; points: readonly (readonly [number, number])[]; closed?: boolean }
  /** A filled polygon. */
  | { kind: 'fill'; points: readonly (readonly [number, number])[] };

const CROSS: SymbolMark[] = [
  { kind: 'line', points: [[0, 0], [1, 1]] },
  { kind: 'line', points: [[1, 0], [0, 1]] },
];

export const SYMBOL_MARKS: Readonly<Record<string, readonly SymbolMark[]>> = {
  // Field artillery: a dot in the middle of the frame.
  artillery: [{ kind: 'dot', x: 0.5, y: 0.5, r: 0.21 }],
  // Machine guns: the infantry cross with the weapon's upright through it.
  machineGun: [...CROSS, { kind: 'line', points: [[0.5, 0.12], [0.5, 0.88]] }, { kind: 'fill', points: [[0.5, 0.06], [0.42, 0.26], [0.58, 0.26]] }],
  // Engineers: the bridge sign.
  engineers: [{ kind: 'line', points: [[0.25, 0.68], [0.25, 0.36], [0.75, 0.36], [0.75, 0.68]] }, { kind: 'line', points: [[0.5, 0.36], [0.5, 0.68]] }],
  // A headquarters or command: a pennant on its staff.
  headquarters: [{ kind: 'line', points: [[0.36, 0.86], [0.36, 0.14]] }, { kind: 'fill', points: [[0.36, 0.14], [0.72, 0.28], [0.36, 0.42]] }],
  // Supply and trains: the bar across the lower part of the frame.
  supply: [{ kind: 'line', points: [[0, 0.72], [1, 0.72]] }],
  // Medical: a cross.
  medical: [
    { kind: 'line', points: [[0.5, 0.2], [0.5, 0.8]] },
    { kind: 'line', points: [[0.3, 0.5], [0.7, 0.5]] },
  ],
};
