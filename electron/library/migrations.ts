// Schema versions of the library database, applied in order. The version lives in
// `PRAGMA user_version`; each step runs in its own transaction together with the version
// bump, so a crash mid-upgrade leaves the file at the previous, consistent version.
import type Database from 'better-sqlite3';
import type { Scenario } from '../../shared/format/scenario.types.js';
import { searchText } from './fields.js';
import { checkDocument, checkRecord, type ScenarioValidator } from './validation.js';
import { LibraryError } from './errors.js';

export interface MigrationContext {
  validate: ScenarioValidator;
}

export interface Migration {
  version: number;
  description: string;
  up(db: Database.Database, ctx: MigrationContext): void;
}

const v1: Migration = {
  version: 1,
  description: 'scenarios with indexed columns, tags, revisions, meta, recovery',
  up(db) {
    db.exec(`
      -- num is a stable integer key (VACUUM keeps INTEGER PRIMARY KEY values), used as the
      -- full-text index rowid; id is the scenario's own id from its document. The large
      -- values (json, thumbnail) come last: SQLite reads a row's columns in order, so the
      -- listed columns before them are read without walking the document's overflow pages.
      CREATE TABLE scenarios (
        num INTEGER PRIMARY KEY,
        id TEXT NOT NULL UNIQUE,
        title TEXT NOT NULL,
        author TEXT NOT NULL DEFAULT '',
        description TEXT NOT NULL DEFAULT '',
        tags TEXT NOT NULL DEFAULT '[]',
        ruleset TEXT NOT NULL,
        grid_kind TEXT NOT NULL,
        cols INTEGER NOT NULL,
        rows INTEGER NOT NULL,
        sides TEXT NOT NULL DEFAULT '[]',
        created INTEGER NOT NULL,
        updated INTEGER NOT NULL,
        deleted_at INTEGER,
        json TEXT NOT NULL,
        thumbnail BLOB
      ) STRICT;
      -- Each list order ends with id (the tie-break), so a page, even deep into the
      -- list, is read straight off the index without sorting or touching skipped rows.
      CREATE INDEX scenarios_by_updated ON scenarios(deleted_at, updated, id);
      CREATE INDEX scenarios_by_created ON scenarios(deleted_at, created, id);
      CREATE INDEX scenarios_by_title ON scenarios(deleted_at, title COLLATE NOCASE, id);
      -- The same three orders within a ruleset or a grid kind (the library view's filters).
      CREATE INDEX scenarios_by_ruleset_updated ON scenarios(ruleset, deleted_at, updated, id);
      CREATE INDEX scenarios_by_ruleset_created ON scenarios(ruleset, deleted_at, created, id);
      CREATE INDEX scenarios_by_ruleset_title ON scenarios(ruleset, deleted_at, title COLLATE NOCASE, id);
      CREATE INDEX scenarios_by_grid_kind_updated ON scenarios(grid_kind, deleted_at, updated, id);
      CREATE INDEX scenarios_by_grid_kind_created ON scenarios(grid_kind, deleted_at, created, id);
      CREATE INDEX scenarios_by_grid_kind_title ON scenarios(grid_kind, deleted_at, title COLLATE NOCASE, id);

      CREATE TABLE scenario_tags (
        tag TEXT NOT NULL,
        scenario_id TEXT NOT NULL REFERENCES scenarios(id) ON DELETE CASCADE,
        PRIMARY KEY (tag, scenario_id)
      ) STRICT, WITHOUT ROWID;
      CREATE INDEX scenario_tags_by_scenario ON scenario_tags(scenario_id);

      CREATE TABLE revisions (
        scenario_id TEXT NOT NULL REFERENCES scenarios(id) ON DELETE CASCADE,
        rev INTEGER NOT NULL,
        json TEXT NOT NULL,
        created INTEGER NOT NULL,
        summary TEXT NOT NULL DEFAULT '',
        PRIMARY KEY (scenario_id, rev)
      ) STRICT;

      CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL) STRICT;

      CREATE TABLE recovery (
        doc_key TEXT PRIMARY KEY,
        json TEXT NOT NULL,
        updated INTEGER NOT NULL
      ) STRICT;
    `);
  },
};

const v2: Migration = {
  version: 2,
  description: 'full-text search over titles, descriptions, tags, side and cell names',
  up(db) {
    db.exec(`
      CREATE VIRTUAL TABLE scenario_search USING fts5(
        title, description, tags, sides, cells,
        tokenize = 'unicode61 remove_diacritics 2',
        prefix = '2 3'
      );
    `);
    const insert = db.prepare(
      'INSERT INTO scenario_search (rowid, title, description, tags, sides, cells) VALUES (?, ?, ?, ?, ?, ?)',
    );
    const rows = db.prepare('SELECT num, json FROM scenarios').all() as { num: number; json: string }[];
    for (const row of rows) {
      const text = searchText(JSON.parse(row.json) as Scenario);
      insert.run(row.num, text.title, text.description, text.tags, text.sides, text.cells);
    }
  },
};

const v3: Migration = {
  version: 3,
  description: 'check status per scenario, so rows that a stricter validator rejects are flagged, not lost',
  up(db, ctx) {
    db.exec(`
      ALTER TABLE scenarios ADD COLUMN check_status TEXT NOT NULL DEFAULT 'valid'
        CHECK (check_status IN ('valid', 'errors'));
      ALTER TABLE scenarios ADD COLUMN error_count INTEGER NOT NULL DEFAULT 0;
    `);
    recheckStatus(db, ctx.validate);
  },
};

const v4: Migration = {
  version: 4,
  description: 'saved test-play games and balance reports, next to their scenario',
  up(db, ctx) {
    db.exec(`
      -- One row per saved game or balance report. data is the savegame document (or the
      -- report); revision is the scenario's library revision it was made on. Rows go with
      -- their scenario when it is deleted for good (not when it is only in the trash).
      CREATE TABLE games (
        id TEXT PRIMARY KEY,
        scenario_id TEXT NOT NULL REFERENCES scenarios(id) ON DELETE CASCADE,
        kind TEXT NOT NULL CHECK (kind IN ('save', 'balance')),
        name TEXT NOT NULL,
        revision INTEGER,
        created INTEGER NOT NULL,
        data TEXT NOT NULL
      ) STRICT;
      CREATE INDEX games_by_scenario ON games(scenario_id, kind, created);
    `);
    // A newer app may validate more strictly: flag rows again, as version 3 did.
    recheckStatus(db, ctx.validate);
  },
};

const v5: Migration = {
  version: 5,
  description: 'warning count and the first check messages per scenario, for the library badge',
  up(db, ctx) {
    // check_status keeps its two values (a stored row passes or not); warnings are counted
    // beside it, so a row that passes with design advice shows as such without a rebuild.
    db.exec(`
      ALTER TABLE scenarios ADD COLUMN warning_count INTEGER NOT NULL DEFAULT 0;
      ALTER TABLE scenarios ADD COLUMN check_notes TEXT NOT NULL DEFAULT '[]';
    `);
    recheckRows(db, ctx.validate);
  },
};

const v6: Migration = {
  version: 6,
  description: "a test-play game in progress kept as an autosave beside its scenario (games.kind 'autosave')",
  up(db, ctx) {
    // SQLite cannot widen a CHECK constraint in place: copy the table into one that allows
    // the new kind, keeping every row as it was.
    db.exec(`
      CREATE TABLE games_v6 (
        id TEXT PRIMARY KEY,
        scenario_id TEXT NOT NULL REFERENCES scenarios(id) ON DELETE CASCADE,
        kind TEXT NOT NULL CHECK (kind IN ('save', 'balance', 'autosave')),
        name TEXT NOT NULL,
        revision INTEGER,
        created INTEGER NOT NULL,
        data TEXT NOT NULL
      ) STRICT;
      INSERT INTO games_v6 (id, scenario_id, kind, name, revision, created, data)
        SELECT id, scenario_id, kind, name, revision, created, data FROM games;
      DROP TABLE games;
      ALTER TABLE games_v6 RENAME TO games;
      CREATE INDEX games_by_scenario ON games(scenario_id, kind, created);
    `);
    // A newer app may check differently: record every row's status again, as version 5 did.
    recheckRows(db, ctx.validate);
  },
};

const v7: Migration = {
  version: 7,
  description: 'underlay images (scans to trace under the grid), named by their content',
  up(db, ctx) {
    // ref is "<sha256>.<png|jpg>", what a scenario's map.underlay.image holds; one copy
    // serves every scenario, revision and copy that uses the picture.
    db.exec(`
      CREATE TABLE images (
        ref TEXT PRIMARY KEY,
        bytes BLOB NOT NULL,
        created INTEGER NOT NULL
      ) STRICT;
    `);
    // The format gained map.underlay with this version: check every row again.
    recheckRows(db, ctx.validate);
  },
};

const v8: Migration = {
  version: 8,
  description: 'stamps (regions of a map kept to paint with), with a thumbnail each',
  up(db, ctx) {
    // clip is the region clip as JSON (shared/editor/region.ts); lattice and cells are copied
    // out of it so the list is read without parsing every clip.
    db.exec(`
      CREATE TABLE stamps (
        id TEXT PRIMARY KEY,
        name TEXT NOT NULL,
        lattice TEXT NOT NULL CHECK (lattice IN ('hex-flat', 'hex-pointy', 'square', 'brick')),
        cells INTEGER NOT NULL,
        created INTEGER NOT NULL,
        updated INTEGER NOT NULL,
        clip TEXT NOT NULL,
        thumbnail BLOB
      ) STRICT;
      CREATE INDEX stamps_by_name ON stamps(name COLLATE NOCASE, created);
    `);
    // As at every upgrade: the app that upgrades checks the rows with its own (newer) checks.
    recheckRows(db, ctx.validate);
  },
};

/** Every schema version, oldest first. Append only: never edit a released step. */
export const MIGRATIONS: readonly Migration[] = [v1, v2, v3, v4, v5, v6, v7, v8];
export const LATEST_VERSION = MIGRATIONS[MIGRATIONS.length - 1]!.version;

/** Re-validates every row and records the outcome (status, counts, first messages); returns how many have errors. */
export function recheckRows(db: Database.Database, validate: ScenarioValidator): { checked: number; withErrors: number } {
  const update = db.prepare('UPDATE scenarios SET check_status = ?, error_count = ?, warning_count = ?, check_notes = ? WHERE id = ?');
  const rows = db.prepare('SELECT id, json FROM scenarios').all() as { id: string; json: string }[];
  let withErrors = 0;
  for (const row of rows) {
    const check = checkDocument(validate, JSON.parse(row.json));
    // A draft (problems the checks found) and a row the schema now rejects are both flagged.
    const flagged = !check.ok || check.errorCount > 0;
    if (flagged) withErrors++;
    const record = checkRecord(check.issues);
    update.run(flagged ? 'errors' : 'valid', flagged ? Math.max(1, check.errorCount) : 0, record.warningCount, JSON.stringify(record.notes), row.id);
  }
  return { checked: rows.length, withErrors };
}

/** The status-only recheck of versions 3 and 4, whose tables have no warning columns yet. */
function recheckStatus(db: Database.Database, validate: ScenarioValidator): void {
  const update = db.prepare('UPDATE scenarios SET check_status = ?, error_count = ? WHERE id = ?');
  const rows = db.prepare('SELECT id, json FROM scenarios').all() as { id: string; json: string }[];
  for (const row of rows) {
    const check = checkDocument(validate, JSON.parse(row.json));
    const flagged = !check.ok || check.errorCount > 0;
    update.run(flagged ? 'errors' : 'valid', flagged ? Math.max(1, check.errorCount) : 0, row.id);
  }
}

export function schemaVersion(db: Database.Database): number {
  return db.pragma('user_version', { simple: true }) as number;
}

/**
 * Brings the database up to `target` (the latest by default). A file written by a newer
 * app is refused rather than guessed at.
 */
export function migrate(
  db: Database.Database,
  ctx: MigrationContext,
  target: number = LATEST_VERSION,
  steps: readonly Migration[] = MIGRATIONS,
): { from: number; to: number } {
  const from = schemaVersion(db);
  const newest = steps[steps.length - 1]?.version ?? 0;
  if (from > newest) {
    throw new LibraryError(
      'newer-database',
      `The library database is at version ${from}, newer than this app understands (${newest}). Update Gridfront to open it.`,
    );
  }
  for (const step of steps) {
    if (step.version <= from || step.version > target) continue;
    db.transaction(() => {
      step.up(db, ctx);
      db.pragma(`user_version = ${step.version}`);
    })();
  }
  return { from, to: schemaVersion(db) };
}
