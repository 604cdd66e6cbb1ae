// Unit ids: readable, stable and unique. A new unit's id is derived from its side and name
// ("g-xiii-army-corps"), so files stay readable in a diff, and numbered when already taken.
import type { Scenario } from '../format/scenario.types.js';

const ID_MAX = 64;

/** Lower-case letters, digits and dashes only (the schema's id alphabet), at most `max` long. */
export function slugOf(text: string, max = ID_MAX): string {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '') // accents split off by NFKD: é → e
    .replace(/[^a-z0-9_-]+/g, '-')
    .replace(/-{2,}/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, max)
    .replace(/-+$/, '');
}

/** Every unit id the scenario uses: order of battle and reinforcements. */
export function unitIds(scenario: Pick<Scenario, 'orderOfBattle' | 'reinforcements'>): Set<string> {
  return new Set([...scenario.orderOfBattle.map((u) => u.id), ...(scenario.reinforcements ?? []).map((r) => r.unit.id)]);
}

/**
 * An id for a new unit of `sidePrefix` called `name` that is not in `taken`; adds it to
 * `taken` so a batch (a paste) gets distinct ids too. "XIII Army Corps" of "g" → "g-xiii-army-corps",
 * then "g-xiii-army-corps-2", "-3"...
 */
export function uniqueUnitId(sidePrefix: string, name: string, taken: Set<string>): string {
  const prefix = slugOf(sidePrefix, 16) || 'u';
  const base = `${prefix}-${slugOf(name, ID_MAX - prefix.length - 1) || 'unit'}`;
  let id = base;
  for (let n = 2; taken.has(id); n++) {
    const suffix = `-${n}`;
    id = base.slice(0, ID_MAX - suffix.length) + suffix; // never longer than the schema allows
  }
  taken.add(id);
  return id;
}
