// Which shots the board animates: fire events whose shell landed elsewhere than aimed, only those
// new since the board last looked at the same game (a new game, a load or an undo animates nothing).
import { describe, expect, it } from 'vitest';
import type { GameEvent } from '../../../../shared/rules/index.js';
import { DriftAnimator, driftingShots, type DriftShot } from './drift.js';

const fire = (target: string, landed: string | null): GameEvent => ({ kind: 'fire', text: 'fires', turn: 1, shot: { from: '0,0', target, landed } });
const other: GameEvent = { kind: 'pin', text: 'pinned', turn: 1 };

/** An animator that records what it would play instead of drawing. */
class Recorder extends DriftAnimator {
  played: DriftShot[][] = [];
  constructor() {
    super({} as HTMLCanvasElement, { centre: () => null, cellPx: () => 40 }, () => false);
  }
  override play(shots: DriftShot[]): void {
    this.played.push(shots);
  }
}

describe('drifting shots', () => {
  it('are the fire events that landed off the aimed cell, off the map included', () => {
    expect(driftingShots([fire('3,3', '3,3'), other, fire('8,6', '7,6'), fire('1,1', null)])).toEqual([
      { from: '0,0', target: '8,6', landed: '7,6' },
      { from: '0,0', target: '1,1', landed: null },
    ]);
  });

  it('are animated once, when they come, for the game the board shows', () => {
    const a = new Recorder();
    const game = {};
    const start = [other, fire('8,6', '7,6')];
    a.follow(game, start);
    expect(a.played).toEqual([]); // what was there when the board first looked is not news
    a.follow(game, [...start, fire('2,2', '2,2')]);
    expect(a.played).toEqual([]); // on target: nothing drifts
    const later = [...start, fire('2,2', '2,2'), fire('9,3', '9,4')];
    a.follow(game, later);
    expect(a.played).toEqual([[{ from: '0,0', target: '9,3', landed: '9,4' }]]);
    a.follow(game, later.slice(0, 2)); // an undo
    a.follow({}, [...later, fire('5,5', '5,6')]); // another game (a load)
    expect(a.played).toHaveLength(1);
  });
});
