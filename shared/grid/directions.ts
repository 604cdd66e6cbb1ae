import type { Direction } from './types.js';

export const ALL_DIRECTIONS: readonly Direction[] = ['N', 'NE', 'E', 'SE', 'S', 'SW', 'W', 'NW'];

export const OPPOSITE: Readonly<Record<Direction, Direction>> = {
  N: 'S',
  NE: 'SW',
  E: 'W',
  SE: 'NW',
  S: 'N',
  SW: 'NE',
  W: 'E',
  NW: 'SE',
};

export function isDirection(text: string): text is Direction {
  return Object.prototype.hasOwnProperty.call(OPPOSITE, text);
}
