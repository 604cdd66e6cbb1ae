// Field-level undo for the scenario panels: a step keeps only the top-level scenario fields
// an edit changed, so undoing it can leave edits made since by other editors (the map
// designer writes `map`) in place, and can tell when one of its own fields changed since.
import type { Scenario } from '../../../../shared/format/scenario.types.js';

export type Fields = Partial<Record<keyof Scenario, unknown>>;

/** The top-level fields whose values differ between two versions of the scenario. */
export function changedFields(a: Scenario, b: Scenario): { before: Fields; after: Fields } {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)] as (keyof Scenario)[]);
  const before: Fields = {};
  const after: Fields = {};
  for (const k of keys) {
    if (a[k] === b[k]) continue;
    before[k] = a[k];
    after[k] = b[k];
  }
  return { before, after };
}

/** `current` with `from`'s fields swapped for `to`'s, or null if one of them changed since. */
export function swapFields(current: Scenario, from: Fields, to: Fields): Scenario | null {
  const next = { ...current } as Record<string, unknown>;
  for (const k of Object.keys(from) as (keyof Scenario)[]) {
    if (current[k] !== from[k]) return null;
    if (to[k] === undefined) delete next[k];
    else next[k] = to[k];
  }
  return next as unknown as Scenario;
}

