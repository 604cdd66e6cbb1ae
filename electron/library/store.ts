// Row-level writes and reads of the scenarios table and everything derived from a row
// (tags, full-text index, revisions). Callers wrap these in transactions; nothing here
// validates, that is the library's job before it gets this far.
import type Database from 'better-sqlite3';
import type { Scenario } from '../../shared/format/scenario.types.js';
import { rowFields, searchText } from './fields.js';
import type { LibrarySummary } from './types.js';

/**
 * What a write records about the checks (see checkRecord in validation.ts): a document with
 * problems (errorCount > 0) is stored as a draft, status 'errors'.
 */
export interface CheckRecord {
  errorCount: number;
  warningCount: number;
  notes: string[];
}

const checkParams = (check: CheckRecord) => ({
  check_status: check.errorCount > 0 ? 'errors' : 'valid',
  error_count: check.errorCount,
  warning_count: check.warningCount,
  check_notes: JSON.stringify(check.notes),
});

export interface ScenarioRow {
  num: number;
  id: string;
  title: string;
  author: string;
  description: string;
  tags: string;
  ruleset: string;
  grid_kind: string;
  cols: number;
  rows: number;
  sides: string;
  created: number;
  updated: number;
  deleted_at: number | null;
  check_status: 'valid' | 'errors';
  error_count: number;
  warning_count: number;
  /** JSON array of the first few messages of the last check. */
  check_notes: string;
  has_thumbnail: 0 | 1;
}

/** Columns of a summary; the description is cut so a page of results stays small. */
export const SUMMARY_COLUMNS = `s.num, s.id, s.title, s.author, substr(s.description, 1, 400) AS description, s.tags,
  s.ruleset, s.grid_kind, s.cols, s.rows, s.sides, s.created, s.updated, s.deleted_at,
  s.check_status, s.error_count, s.warning_count, s.check_notes, (s.thumbnail IS NOT NULL) AS has_thumbnail`;

export function toSummary(row: ScenarioRow): LibrarySummary {
  return {
    id: row.id,
    title: row.title,
    author: row.author,
    description: row.description,
    tags: JSON.parse(row.tags) as string[],
    ruleset: row.ruleset,
    gridKind: row.grid_kind,
    cols: row.cols,
    rows: row.rows,
    sides: JSON.parse(row.sides) as string[],
    created: row.created,
    updated: row.updated,
    trashedAt: row.deleted_at,
    checkStatus: row.check_status,
    errorCount: row.error_count,
    warningCount: row.warning_count,
    checkNotes: JSON.parse(row.check_notes) as string[],
    hasThumbnail: row.has_thumbnail === 1,
  };
}

export type Store = ReturnType<typeof createStore>;

export function createStore(db: Database.Database) {
  const s = {
    summaryById: db.prepare(`SELECT ${SUMMARY_COLUMNS} FROM scenarios s WHERE s.id = ?`),
    jsonById: db.prepare('SELECT num, json, deleted_at FROM scenarios WHERE id = ?'),
    idExists: db.prepare('SELECT 1 FROM scenarios WHERE id = ?').pluck(),
    titleTaken: db.prepare('SELECT 1 FROM scenarios WHERE title = ?').pluck(),
    insert: db.prepare(`INSERT INTO scenarios
      (id, json, title, author, description, tags, ruleset, grid_kind, cols, rows, sides, created, updated, thumbnail, check_status, error_count, warning_count, check_notes)
      VALUES (@id, @json, @title, @author, @description, @tags, @ruleset, @grid_kind, @cols, @rows, @sides, @created, @updated, @thumbnail, @check_status, @error_count,
        @warning_count, @check_notes)`),
    update: db.prepare(`UPDATE scenarios SET json = @json, title = @title, author = @author, description = @description,
      tags = @tags, ruleset = @ruleset, grid_kind = @grid_kind, cols = @cols, rows = @rows, sides = @sides,
      updated = @updated, check_status = @check_status, error_count = @error_count, warning_count = @warning_count, check_notes = @check_notes WHERE id = @id`),
    deleteTags: db.prepare('DELETE FROM scenario_tags WHERE scenario_id = ?'),
    insertTag: db.prepare('INSERT OR IGNORE INTO scenario_tags (tag, scenario_id) VALUES (?, ?)'),
    deleteSearch: db.prepare('DELETE FROM scenario_search WHERE rowid = ?'),
    insertSearch: db.prepare('INSERT INTO scenario_search (rowid, title, description, tags, sides, cells) VALUES (?, ?, ?, ?, ?, ?)'),
    nextRev: db.prepare('SELECT coalesce(max(rev), 0) + 1 FROM revisions WHERE scenario_id = ?').pluck(),
    insertRevision: db.prepare('INSERT INTO revisions (scenario_id, rev, json, created, summary) VALUES (?, ?, ?, ?, ?)'),
  };

  function fieldParams(doc: Scenario) {
    const f = rowFields(doc);
    return {
      id: doc.id,
      json: JSON.stringify(doc),
      title: f.title,
      author: f.author,
      description: f.description,
      tags: JSON.stringify(f.tags),
      ruleset: f.ruleset,
      grid_kind: f.gridKind,
      cols: f.cols,
      rows: f.rows,
      sides: JSON.stringify(f.sides),
      tagKeys: f.tagKeys,
    };
  }

  function syncDerived(num: number, doc: Scenario, tagKeys: string[]): void {
    s.deleteTags.run(doc.id);
    for (const tag of tagKeys) s.insertTag.run(tag, doc.id);
    const text = searchText(doc);
    s.deleteSearch.run(num);
    s.insertSearch.run(num, text.title, text.description, text.tags, text.sides, text.cells);
  }

  return {
    summary(id: string): LibrarySummary | null {
      const row = s.summaryById.get(id) as ScenarioRow | undefined;
      return row ? toSummary(row) : null;
    },

    current(id: string): { num: number; json: string; trashed: boolean } | null {
      const row = s.jsonById.get(id) as { num: number; json: string; deleted_at: number | null } | undefined;
      return row ? { num: row.num, json: row.json, trashed: row.deleted_at !== null } : null;
    },

    exists(id: string): boolean {
      return s.idExists.get(id) !== undefined;
    },

    /**
     * `title` when no scenario has it yet, else the first of "title (2)", "title (3)"… that is
     * free: a copy kept beside another (Keep both) can be told apart in every list.
     */
    freeTitle(title: string, taken: ReadonlySet<string> = new Set()): string {
      const free = (t: string) => !taken.has(t) && s.titleTaken.get(t) === undefined;
      if (free(title)) return title;
      const base = title.replace(/ \(\d+\)$/, '');
      for (let n = 2; ; n++) {
        const suffix = ` (${n})`;
        const t = `${base.slice(0, 200 - suffix.length)}${suffix}`;
        if (free(t)) return t;
      }
    },

    /** Adds a row for a document that has the scenario's shape (`check` says what the checks found). */
    insert(doc: Scenario, at: number, check: CheckRecord, thumbnail: Buffer | null = null): void {
      const { tagKeys, ...params } = fieldParams(doc);
      const info = s.insert.run({ ...params, ...checkParams(check), created: at, updated: at, thumbnail });
      syncDerived(Number(info.lastInsertRowid), doc, tagKeys);
    },

    /** Replaces the stored document of an existing row (same id). */
    replace(num: number, doc: Scenario, at: number, check: CheckRecord): void {
      const { tagKeys, ...params } = fieldParams(doc);
      s.update.run({ ...params, ...checkParams(check), updated: at });
      syncDerived(num, doc, tagKeys);
    },

    addRevision(id: string, json: string, at: number, summary: string): number {
      const rev = s.nextRev.get(id) as number;
      s.insertRevision.run(id, rev, json, at, summary);
      return rev;
    },
  };
}
