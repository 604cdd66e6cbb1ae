// The indexed columns and search text a scenario document contributes to its row. The
// JSON stays the truth; these are derived on every write so they never drift from it.
import { gridSpecOf } from '../../shared/format/defaults.js';
import type { Scenario } from '../../shared/format/scenario.types.js';

export interface RowFields {
  title: string;
  author: string;
  description: string;
  /** Display form, as in the document. */
  tags: string[];
  /** Lower-cased and trimmed, unique: what tag filters match. */
  tagKeys: string[];
  ruleset: string;
  gridKind: string;
  cols: number;
  rows: number;
  sides: string[];
}

export interface SearchText {
  title: string;
  description: string;
  tags: string;
  sides: string;
  cells: string;
}

export function tagKey(tag: string): string {
  return tag.trim().toLowerCase();
}

export function rowFields(doc: Scenario): RowFields {
  const tags = doc.tags ?? [];
  // A network counts its positions as columns of one row, as its geometry does.
  const { cols, rows } = gridSpecOf(doc);
  return {
    title: doc.title,
    author: doc.author ?? '',
    description: doc.description ?? '',
    tags,
    tagKeys: [...new Set(tags.map(tagKey).filter((t) => t.length > 0))],
    ruleset: doc.ruleset.id,
    gridKind: doc.map.grid.kind,
    cols,
    rows,
    sides: doc.sides.map((s) => s.name),
  };
}

export function searchText(doc: Scenario): SearchText {
  const cellNames = Object.values(doc.map.cells ?? {})
    .map((c) => c.name)
    .filter((n): n is string => typeof n === 'string' && n.length > 0);
  return {
    title: doc.title,
    description: doc.description ?? '',
    tags: (doc.tags ?? []).join(' '),
    sides: doc.sides.map((s) => s.name).join(' '),
    cells: cellNames.join(' '),
  };
}
