// Dice whose source lives in the game state: the sfc32 generator's four words, or a scripted
// list of scores for tests. Rolling advances that state in the (cloned) draft, so a roll is a
// pure function of the state it came from.
import type { DiceState } from '../../format/savegame.types.js';

export class DiceExhausted extends Error {
  constructor(used: number) {
    super(`The scripted dice ran out after ${used} rolls; the test needs more scores.`);
  }
}

/** splitmix32 expands one seed into the generator's four words. */
export function seedDice(seed: number): DiceState {
  let x = seed >>> 0;
  const next = (): number => {
    x = (x + 0x9e3779b9) >>> 0;
    let z = x;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0;
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0;
    return (z ^ (z >>> 16)) >>> 0;
  };
  const s: [number, number, number, number] = [next(), next(), next(), next()];
  const state: DiceState = { kind: 'sfc32', s };
  for (let i = 0; i < 12; i++) sfc32(s);
  return state;
}

export function scriptedDice(script: number[]): DiceState {
  for (const d of script) {
    if (!Number.isInteger(d) || d < 1 || d > 6) throw new RangeError(`Scripted die ${JSON.stringify(d)} is not a d6 score (1-6).`);
  }
  return { kind: 'script', script: [...script], next: 0 };
}

function sfc32(s: number[]): number {
  const a = s[0]!;
  const b = s[1]!;
  const c = s[2]!;
  const d = s[3]!;
  const t = (((a + b) >>> 0) + d) >>> 0;
  s[3] = (d + 1) >>> 0;
  s[0] = (b ^ (b >>> 9)) >>> 0;
  s[1] = (c + (c << 3)) >>> 0;
  const r = ((c << 21) | (c >>> 11)) >>> 0;
  s[2] = (r + t) >>> 0;
  return t;
}

/** Rolls one d6, advancing `dice` in place (the caller owns a cloned copy). */
export function rollD6(dice: DiceState): number {
  if (dice.kind === 'script') {
    const v = dice.script[dice.next];
    if (v === undefined) throw new DiceExhausted(dice.next);
    dice.next += 1;
    return v;
  }
  return Math.floor((sfc32(dice.s) / 4294967296) * 6) + 1;
}
