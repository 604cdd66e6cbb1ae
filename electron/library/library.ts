// The scenario library service: a SQLite file holding every scenario as validated JSON
// plus the columns lists and searches need. Plain Node (no Electron): both hosts and the
// tests use it directly. Every write is validated first and runs in one transaction, so a
// refused or failed write leaves the file exactly as it was.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { nanoid } from 'nanoid';
import type { Scenario } from '../../shared/format/scenario.types.js';
import { newScenario, type NewScenarioFields } from '../../shared/format/new-scenario.js';
import { LIBRARY_FILE_NAME, openDatabase } from './db.js';
import { LibraryError, notFound } from './errors.js';
import { toFtsQuery } from './fts-query.js';
import { tagKey } from './fields.js';
import { checkImportFile, type CheckedFile } from './importer.js';
import { createBatchImporter } from './batch-import.js';
import { migrate, recheckRows } from './migrations.js';
import { createStore, SUMMARY_COLUMNS, toSummary, type ScenarioRow } from './store.js';
import { createRecovery } from './recovery.js';
import { refMatches } from './images.js';
import { checkDocument, checkRecord, defaultValidator, type ScenarioValidator } from './validation.js';
import type {
  CreateInput,
  ImportFile,
  ImportResult,
  Library,
  LibraryIssue,
  ListOptions,
  ListPage,
  Revision,
  RevisionInfo,
  LibraryEntry,
  SearchHit,
  SeedResult,
  WriteResult,
} from './types.js';

export interface OpenLibraryOptions {
  /** Folder for the database file (`library.sqlite`); or give `dbPath`. */
  dir?: string;
  dbPath?: string;
  /** The scenario validator; the shared schema + rules validator by default. */
  validate?: ScenarioValidator;
  /** Clock in ms since the epoch (tests pin it). */
  now?: () => number;
  /** Id maker for new scenarios and id collisions. */
  newId?: () => string;
}

const SORT_SQL = {
  updated: 's.updated',
  created: 's.created',
  title: 's.title COLLATE NOCASE',
} as const;

/** bm25 weights per column (title, description, tags, sides, cells): a title hit counts most. */
const RANK = 'bm25(scenario_search, 10.0, 1.0, 4.0, 2.0, 3.0)';
const MAX_PAGE = 500;
const MAX_THUMBNAIL_BYTES = 2 * 1024 * 1024;
const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const SEEDED_KEY = 'seeded_bundled';
const TITLE_MAX = 200;

/** A page size or offset from a caller: whole, within bounds, the default when unusable. */
function wholeNumber(value: number | undefined, fallback: number, min: number, max: number): number {
  if (value === undefined || !Number.isFinite(value)) return fallback;
  return Math.min(Math.max(Math.trunc(value), min), max);
}

export function openLibrary(options: OpenLibraryOptions): Library {
  const file = options.dbPath ?? (options.dir ? path.join(options.dir, LIBRARY_FILE_NAME) : undefined);
  if (!file) throw new LibraryError('bad-request', 'openLibrary needs a dir or a dbPath');
  const validate = options.validate ?? defaultValidator;
  const now = options.now ?? Date.now;
  const newId = options.newId ?? (() => nanoid(16));

  const db = openDatabase(file);
  try {
    migrate(db, { validate });
  } catch (err) {
    db.close();
    throw err;
  }
  const store = createStore(db);
  const recovery = createRecovery(db, now);

  const clearThumbnail = db.prepare('UPDATE scenarios SET thumbnail = NULL WHERE id = ?');
  const tx = <A extends unknown[], R>(fn: (...args: A) => R) => db.transaction(fn) as unknown as (...args: A) => R;

  function requireRow(id: string) {
    const row = store.current(id);
    if (!row) throw notFound(id);
    return row;
  }

  function freshId(taken: Set<string>): string {
    for (;;) {
      const id = newId();
      if (!taken.has(id) && !store.exists(id)) return id;
    }
  }

  function written(id: string, warnings: LibraryIssue[] = []): WriteResult {
    return { ok: true, summary: store.summary(id)!, warnings };
  }

  function refuse(issues: LibraryIssue[]): WriteResult {
    return { ok: false, issues };
  }

  /** Validates `json` as the new content of row `id` and writes it, archiving the old content. */
  const replaceContent = tx((id: string, json: unknown, summary: string): WriteResult => {
    const row = requireRow(id);
    const check = checkDocument(validate, json);
    if (!check.ok) return refuse(check.issues);
    if (check.document.id !== id) {
      return refuse([
        {
          pointer: '/id',
          severity: 'error',
          value: check.document.id,
          message: `The document's id "${check.document.id}" is not the id of the scenario being saved ("${id}")`,
        },
      ]);
    }
    // Saving what is already stored is not a new version.
    if (JSON.stringify(check.document) === row.json) return written(id, check.issues);
    const at = now();
    store.addRevision(id, row.json, at, summary);
    store.replace(row.num, check.document, at, checkRecord(check.issues));
    // A thumbnail of another map would show the wrong picture: the app draws the new one.
    if (JSON.stringify((JSON.parse(row.json) as Scenario).map) !== JSON.stringify(check.document.map)) clearThumbnail.run(id);
    return written(id, check.issues);
  });

  function listWhere(mode: 'live' | 'all' | 'trash', options: ListOptions): ListPage {
    const sort = options.sort ?? 'updated';
    // Own keys only: the sort name becomes SQL, so "toString" must not find a method.
    if (!Object.hasOwn(SORT_SQL, sort)) throw new LibraryError('bad-request', `Unknown sort "${String(sort)}" (use updated, title or created)`);
    const sortSql = SORT_SQL[sort];
    const dir = options.dir ?? (sort === 'title' ? 'asc' : 'desc');
    if (dir !== 'asc' && dir !== 'desc') throw new LibraryError('bad-request', `Unknown sort direction "${String(dir)}"`);
    const limit = wholeNumber(options.limit, 50, 1, MAX_PAGE);
    const offset = wholeNumber(options.offset, 0, 0, Number.MAX_SAFE_INTEGER);

    const where: string[] = [];
    const params: Record<string, string | number> = {};
    if (mode === 'live') where.push('s.deleted_at IS NULL');
    if (mode === 'trash') where.push('s.deleted_at IS NOT NULL');
    if (options.ruleset) {
      where.push('s.ruleset = @ruleset');
      params.ruleset = options.ruleset;
    }
    if (options.gridKind) {
      where.push('s.grid_kind = @gridKind');
      params.gridKind = options.gridKind;
    }
    // With a tag, the total starts from the tag's rows (a primary-key range), while the page
    // walks the sort index and tests the tag per entry: each is the fast plan for its job.
    let countFrom = 'scenarios s';
    const pageWhere = [...where];
    if (options.tag) {
      countFrom = 'scenario_tags t JOIN scenarios s ON s.id = t.scenario_id AND t.tag = @tag';
      pageWhere.push('s.id IN (SELECT t.scenario_id FROM scenario_tags t WHERE t.tag = @tag)');
      params.tag = tagKey(options.tag);
    }
    const sqlWhere = (w: string[]) => (w.length ? `WHERE ${w.join(' AND ')}` : '');
    const total = db.prepare(`SELECT count(*) FROM ${countFrom} ${sqlWhere(where)}`).pluck().get(params) as number;
    const rows = db
      .prepare(
        `SELECT ${SUMMARY_COLUMNS} FROM scenarios s ${sqlWhere(pageWhere)} ORDER BY ${sortSql} ${dir}, s.id ${dir} LIMIT @limit OFFSET @offset`,
      )
      .all({ ...params, limit, offset }) as ScenarioRow[];
    return { items: rows.map(toSummary), total };
  }

  const searchStmt = db.prepare(
    `SELECT ${SUMMARY_COLUMNS}, ${RANK} AS rank FROM scenario_search
     JOIN scenarios s ON s.num = scenario_search.rowid
     WHERE scenario_search MATCH ? AND s.deleted_at IS NULL
     ORDER BY rank, s.updated DESC LIMIT ?`,
  );

  /** Writes checked files as new scenarios; ids already in use get fresh ones, and such a copy a title with "(2)". */
  function writeImports(checked: CheckedFile[]): ImportResult[] {
    const taken = new Set<string>();
    const titles = new Set<string>();
    const at = now();
    return checked.map((file): ImportResult => {
      if (!file.ok) return file;
      let document = file.document;
      const original = document.id;
      if (taken.has(original) || store.exists(original)) document = { ...document, id: freshId(taken), title: store.freeTitle(document.title, titles) };
      taken.add(document.id);
      titles.add(document.title);
      store.insert(document, at, checkRecord(file.warnings));
      const result: ImportResult = { name: file.name, ok: true, id: document.id, title: document.title, warnings: file.warnings };
      if (document.id !== original) result.idChangedFrom = original;
      return result;
    });
  }

  const importBatch = tx(writeImports);
  const importAllOrNothing = createBatchImporter({ db, store, validate, now, freshId });

  function importChecked(checked: CheckedFile[]): ImportResult[] {
    try {
      return importBatch(checked);
    } catch (err) {
      // The batch rolled back as a whole: report every would-be import as not done.
      const message = `Nothing was imported because the library could not be written: ${err instanceof Error ? err.message : String(err)}`;
      return checked.map((file) => (file.ok ? { name: file.name, ok: false, issues: [{ pointer: '', severity: 'error', message }] } : file));
    }
  }

  function copyTitle(title: string): string {
    const suffix = ' (copy)';
    return title.length + suffix.length <= TITLE_MAX ? title + suffix : title.slice(0, TITLE_MAX - suffix.length) + suffix;
  }

  const library: Library = {
    path: file,

    list(options = {}) {
      return listWhere(options.includeTrashed ? 'all' : 'live', options);
    },

    listTrash(options = {}) {
      return listWhere('trash', options);
    },

    search(text, options = {}) {
      const query = toFtsQuery(String(text ?? ''));
      if (!query) return [];
      const limit = wholeNumber(options.limit, 20, 1, MAX_PAGE);
      const rows = searchStmt.all(query, limit) as (ScenarioRow & { rank: number })[];
      return rows.map((row): SearchHit => ({ ...toSummary(row), rank: row.rank }));
    },

    get(id) {
      const row = store.current(id);
      if (!row) return null;
      return { summary: store.summary(id)!, document: JSON.parse(row.json) as Scenario } satisfies LibraryEntry;
    },

    create: tx((input: CreateInput): WriteResult => {
      // Dialog fields name a grid kind at the top level; anything else is taken as a
      // document, so a malformed one gets the validator's issues, not a blank map.
      const fields = input as Partial<Omit<NewScenarioFields, 'id'>> & { map?: unknown };
      const isFields = typeof fields.gridKind === 'string' && fields.map === undefined;
      const json: unknown = isFields ? newScenario({ ...(input as Omit<NewScenarioFields, 'id'>), id: freshId(new Set()) }) : input;
      const check = checkDocument(validate, json);
      if (!check.ok) return refuse(check.issues);
      let document = check.document;
      if (store.exists(document.id)) document = { ...document, id: freshId(new Set()) };
      store.insert(document, now(), checkRecord(check.issues));
      return written(document.id, check.issues);
    }),

    save(id, document, options = {}) {
      return replaceContent(id, document, options.summary ?? '');
    },

    duplicate: tx((id: string, newTitle?: string): WriteResult => {
      const row = requireRow(id);
      const original = JSON.parse(row.json) as Scenario;
      const copy: Scenario = { ...original, id: freshId(new Set()), title: newTitle ?? copyTitle(original.title) };
      const check = checkDocument(validate, copy);
      if (!check.ok) return refuse(check.issues);
      const thumbnail = db.prepare('SELECT thumbnail FROM scenarios WHERE id = ?').pluck().get(id) as Buffer | null;
      store.insert(check.document, now(), checkRecord(check.issues), thumbnail);
      return written(copy.id, check.issues);
    }),

    rename(id, title) {
      const row = requireRow(id);
      const document = { ...(JSON.parse(row.json) as Scenario), title };
      return replaceContent(id, document, `Renamed to "${title}"`);
    },

    trash(id) {
      requireRow(id);
      db.prepare('UPDATE scenarios SET deleted_at = coalesce(deleted_at, ?) WHERE id = ?').run(now(), id);
      return store.summary(id)!;
    },

    restore(id) {
      requireRow(id);
      db.prepare('UPDATE scenarios SET deleted_at = NULL WHERE id = ?').run(id);
      return store.summary(id)!;
    },

    emptyTrash: tx(() => {
      db.prepare('DELETE FROM scenario_search WHERE rowid IN (SELECT num FROM scenarios WHERE deleted_at IS NOT NULL)').run();
      const info = db.prepare('DELETE FROM scenarios WHERE deleted_at IS NOT NULL').run();
      return { removed: info.changes };
    }),

    listRevisions(id) {
      requireRow(id);
      const rows = db
        .prepare(
          `SELECT rev, created, summary, json_extract(json, '$.title') AS title
           FROM revisions WHERE scenario_id = ? ORDER BY rev DESC`,
        )
        .all(id) as RevisionInfo[];
      return rows;
    },

    getRevision(id, rev) {
      const row = db.prepare('SELECT rev, created, summary, json FROM revisions WHERE scenario_id = ? AND rev = ?').get(id, rev) as
        | { rev: number; created: number; summary: string; json: string }
        | undefined;
      if (!row) return null;
      const document = JSON.parse(row.json) as Scenario;
      return { rev: row.rev, created: row.created, summary: row.summary, title: document.title, document } satisfies Revision;
    },

    restoreRevision(id, rev) {
      requireRow(id);
      const revision = library.getRevision(id, rev);
      if (!revision) throw new LibraryError('not-found', `Scenario "${id}" has no revision ${rev}`);
      return replaceContent(id, { ...revision.document, id }, `Before restoring revision ${rev}`);
    },

    importFiles(files: ImportFile[]) {
      return importChecked(files.map((f) => checkImportFile(f, validate)));
    },

    importBatch: importAllOrNothing,

    exportJson(id) {
      const row = requireRow(id);
      return `${JSON.stringify(JSON.parse(row.json), null, 2)}\n`;
    },

    seedBundled(dir) {
      if (db.prepare('SELECT 1 FROM meta WHERE key = ?').get(SEEDED_KEY)) return { seeded: false, results: [] };
      // An unreadable folder throws before anything is recorded, so seeding is tried again.
      const names = readdirSync(dir)
        .filter((n) => n.toLowerCase().endsWith('.json'))
        .sort();
      const checked = names.map((name) => checkImportFile({ name, text: readFileSync(path.join(dir, name), 'utf8') }, validate));
      const seed = tx((): SeedResult => {
        const results = writeImports(checked);
        const record = { at: now(), ids: results.flatMap((r) => (r.ok ? [r.id] : [])) };
        db.prepare('INSERT INTO meta (key, value) VALUES (?, ?)').run(SEEDED_KEY, JSON.stringify(record));
        return { seeded: true, results };
      });
      return seed();
    },

    writeRecovery: recovery.write,
    readRecovery: recovery.read,
    clearRecovery: recovery.clear,

    setThumbnail(id, png) {
      requireRow(id);
      if (png !== null) {
        if (png.byteLength > MAX_THUMBNAIL_BYTES) throw new LibraryError('bad-request', `A thumbnail may be at most ${MAX_THUMBNAIL_BYTES} bytes`);
        if (!PNG_SIGNATURE.every((b, i) => png[i] === b)) throw new LibraryError('bad-request', 'A thumbnail must be a PNG image');
      }
      // Thumbnails are derived pictures: changing one is not an edit, so `updated` stays.
      db.prepare('UPDATE scenarios SET thumbnail = ? WHERE id = ?').run(png === null ? null : Buffer.from(png), id);
    },

    getThumbnail(id) {
      requireRow(id);
      const png = db.prepare('SELECT thumbnail FROM scenarios WHERE id = ?').pluck().get(id) as Buffer | null;
      return png ? `data:image/png;base64,${png.toString('base64')}` : null;
    },

    putImage(ref, bytes) {
      if (!refMatches(ref, bytes)) throw new LibraryError('bad-request', `The image bytes are not what "${ref}" names (a PNG or JPEG with that SHA-256)`);
      db.prepare('INSERT OR IGNORE INTO images (ref, bytes, created) VALUES (?, ?, ?)').run(ref, Buffer.from(bytes), now());
      return ref;
    },

    getImage(ref) {
      return (db.prepare('SELECT bytes FROM images WHERE ref = ?').pluck().get(ref) as Buffer | undefined) ?? null;
    },

    recheckAll: tx(() => recheckRows(db, validate)),

    close() {
      if (db.open) db.close();
    },
  };
  return library;
}
