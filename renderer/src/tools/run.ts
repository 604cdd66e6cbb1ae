// Runs a command through the history, turning a refused edit (EditError naming the field)
// into a message for the user instead of an exception in a pointer handler.
import type { Command } from '../../../shared/editor/index.js';
import type { ToolContext } from './types.js';

export function run(ctx: Pick<ToolContext, 'history' | 'report'>, make: () => Command | null): boolean {
  try {
    return ctx.history.run(make()) !== null;
  } catch (err) {
    if (err instanceof RangeError) {
      ctx.report(err.message);
      return false;
    }
    throw err;
  }
}

/** One undo step named `label` around `body` (a single click's edits). */
export function step(ctx: Pick<ToolContext, 'history' | 'report'>, label: string, body: () => void): void {
  ctx.history.beginGesture(label);
  try {
    body();
  } finally {
    ctx.history.endGesture();
  }
}
