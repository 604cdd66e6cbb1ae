// Field-level undo for the scenario panels: a step keeps only the top-level scenario fields
// an edit changed, so undoing it can leave edits made since by other editors (the map
// designer writes `map`) in place, and can tell when one of its own fields changed since.
// `FieldTrack` drives these steps for the document's undo timeline (shared/editor/timeline.ts).
import type { UndoTrack } from '../../../../shared/editor/timeline.js';
import type { Scenario } from '../../../../shared/format/scenario.types.js';

export type Fields = Partial<Record<keyof Scenario, unknown>>;

export interface FieldStep {
  label: string;
  /** The top-level fields the edit changed, before and after (undefined = absent). */
  before: Fields;
  after: Fields;
}

/**
 * Whether two values of a field hold the same thing: the same object, or equal content (the
 * designer writes fresh copies of the units after a resize, equal to the panels' ones).
 */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  return JSON.stringify(a) === JSON.stringify(b);
}

/** The top-level fields whose values differ between two versions of the scenario. */
export function changedFields(a: Scenario, b: Scenario): { before: Fields; after: Fields } {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)] as (keyof Scenario)[]);
  const before: Fields = {};
  const after: Fields = {};
  for (const k of keys) {
    if (sameValue(a[k], b[k])) continue;
    before[k] = a[k];
    after[k] = b[k];
  }
  return { before, after };
}

/** `current` with `from`'s fields swapped for `to`'s, or null if one of them changed since. */
export function swapFields(current: Scenario, from: Fields, to: Fields): Scenario | null {
  const next = { ...current } as Record<string, unknown>;
  for (const k of Object.keys(from) as (keyof Scenario)[]) {
    if (!sameValue(current[k], from[k])) return null;
    if (to[k] === undefined) delete next[k];
    else next[k] = to[k];
  }
  return next as unknown as Scenario;
}

/** Where a field track reads the scenario and writes its undos and redos. */
export interface FieldStore {
  /** The document as it stands (null when nothing is open). */
  current(): Scenario | null;
  /** Writes a version of the document under a label ("Undo 12 turns"). */
  write(next: Scenario, label: string): void;
  /** Tells the user a step was dropped because another editor changed its fields since. */
  refused(message: string): void;
}

/** The panels' steps as one track of the document's timeline. */
export class FieldTrack implements UndoTrack<FieldStep> {
  constructor(private readonly store: FieldStore) {}

  /** The step an edit from `before` to `after` makes, or null when it changes nothing. */
  step(before: Scenario, after: Scenario, label: string): FieldStep | null {
    const fields = changedFields(before, after);
    return Object.keys(fields.after).length === 0 && Object.keys(fields.before).length === 0 ? null : { label, ...fields };
  }

  undo(step: FieldStep): boolean {
    return this.swap(step, step.after, step.before, `Undo ${step.label}`, 'undo');
  }

  redo(step: FieldStep): boolean {
    return this.swap(step, step.before, step.after, step.label, 'redo');
  }

  label(step: FieldStep): string {
    return step.label;
  }

  private swap(step: FieldStep, from: Fields, to: Fields, label: string, verb: string): boolean {
    const current = this.store.current();
    const next = current && swapFields(current, from, to);
    if (!next) {
      this.store.refused(`Cannot ${verb} “${step.label}”: changed since in another editor`);
      return false;
    }
    this.store.write(next, label);
    return true;
  }
}
