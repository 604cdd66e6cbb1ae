// Edits of the scenario outside the map: title, calendar, order of battle, reinforcements,
// sides, victory conditions, ruleset options... The scenario panels make a new scenario
// object per edit (shared/scenario/edit.ts); `editFields` turns the difference into a
// command that swaps just the top-level fields that differ, so it sits in the same undo
// history as map strokes and undoes exactly (values and key order), whatever was done to the
// map before or after it.
import type { Scenario } from '../../format/scenario.types.js';
import type { MapDocument } from '../document.js';
import { ChangeBuilder, EditError, type Command, type DocChange } from '../types.js';

/** Top-level fields (never `map`) with their values, and every key the scenario has, in order. */
export interface FieldsState {
  readonly values: Readonly<Record<string, unknown>>;
  readonly order: readonly string[];
}

/**
 * Whether two values of a field hold the same thing: the same object, or equal content (a
 * panel may rebuild a list equal to the one it had).
 */
export function sameFieldValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  return JSON.stringify(a) === JSON.stringify(b);
}

export class FieldsCommand implements Command {
  constructor(
    readonly label: string,
    private readonly before: FieldsState,
    private readonly after: FieldsState,
    /** Edits with the same key merge when made back to back (Tiled-style: typing in one field). */
    readonly mergeKey?: string,
  ) {}

  /** The fields this command changes. */
  get keys(): string[] {
    return [...new Set([...Object.keys(this.before.values), ...Object.keys(this.after.values)])];
  }

  get bytes(): number {
    return JSON.stringify(this.before.values).length + JSON.stringify(this.after.values).length;
  }

  apply(doc: MapDocument): DocChange {
    return this.write(doc, this.after);
  }

  revert(doc: MapDocument): DocChange {
    return this.write(doc, this.before);
  }

  private write(doc: MapDocument, state: FieldsState): DocChange {
    doc.writeFields(state.values, state.order);
    const change = new ChangeBuilder();
    for (const k of this.keys) change.fields.add(k);
    return change.done();
  }

  isNoop(): boolean {
    if (this.before.order.join('\n') !== this.after.order.join('\n')) return false;
    return this.keys.every((k) => sameFieldValue(this.before.values[k], this.after.values[k]));
  }

  mergeWith(next: Command): Command | null {
    if (!(next instanceof FieldsCommand) || next.mergeKey === undefined || next.mergeKey !== this.mergeKey) return null;
    return new FieldsCommand(
      next.label,
      { values: { ...pick(next.before.values, this.before.order), ...this.before.values }, order: this.before.order },
      { values: { ...this.after.values, ...next.after.values }, order: next.after.order },
      this.mergeKey,
    );
  }
}

function pick(values: Readonly<Record<string, unknown>>, order: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(values)) if (order.includes(k)) out[k] = v;
  return out;
}

/**
 * The command that makes the document's fields outside the map those of `next` (a scenario
 * a panel made from the current one), or null when no field differs. `next.map` is not
 * read: the map changes through map commands only.
 */
export function editFields(doc: MapDocument, next: Scenario, label: string, mergeKey?: string): FieldsCommand | null {
  const nextRecord = next as unknown as Record<string, unknown>;
  if (!('map' in nextRecord)) throw new EditError('a scenario without its map cannot replace the open one');
  const order = doc.fieldOrder();
  const nextOrder = Object.keys(nextRecord);
  const before: Record<string, unknown> = {};
  const after: Record<string, unknown> = {};
  for (const key of new Set([...order, ...nextOrder])) {
    if (key === 'map') continue;
    const was = order.includes(key) ? doc.field(key) : undefined;
    const now = nextRecord[key];
    if (sameFieldValue(was, now)) continue;
    if (order.includes(key)) before[key] = was;
    if (key in nextRecord && now !== undefined) after[key] = now;
  }
  const afterOrder = nextOrder.filter((k) => nextRecord[k] !== undefined);
  if (Object.keys(before).length === 0 && Object.keys(after).length === 0 && afterOrder.join('\n') === order.join('\n')) return null;
  return new FieldsCommand(label, { values: before, order }, { values: after, order: afterOrder }, mergeKey);
}
