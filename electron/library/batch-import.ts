// All-or-nothing import of several scenarios (a scenario pack): every document and thumbnail
// is checked before anything is written, then all writes run in ONE transaction, so a refused
// item or a failing disk leaves the library exactly as it was. Each id already in the library
// (trash included) is resolved by the caller's choice: keep both, replace or skip.
import type Database from 'better-sqlite3';
import type { Scenario } from '../../shared/format/scenario.types.js';
import type { Store } from './store.js';
import { checkDocument, checkRecord, type ScenarioValidator } from './validation.js';
import type { LibraryIssue } from './types.js';

/** What to do with an imported scenario whose id the library already holds (trash included). */
export type ConflictChoice = 'keepBoth' | 'replace' | 'skip';

export interface BatchImportItem {
  /** Where the document came from, for messages (e.g. its file name in a pack). */
  name: string;
  document: unknown;
  /** PNG bytes to store as the scenario's thumbnail. */
  thumbnail?: Uint8Array | null;
  /** Only used when the id is taken; keepBoth (a new id for the import) by default. */
  onConflict?: ConflictChoice;
}

export interface BatchImportOutcome {
  name: string;
  /** added: a new row; replaced: the existing row got the imported content; skipped: untouched. */
  action: 'added' | 'replaced' | 'skipped';
  /** The id the scenario has in the library now. */
  id: string;
  /** Set when the import was kept beside an existing scenario under a new id. */
  idChangedFrom?: string;
  title: string;
  warnings: LibraryIssue[];
}

/** All written (in one transaction) or, with the reasons, nothing written. */
export type BatchImportResult =
  | { ok: true; outcomes: BatchImportOutcome[] }
  | { ok: false; problems: { name: string; issues: LibraryIssue[] }[] };

export const MAX_THUMBNAIL_BYTES = 2 * 1024 * 1024;
const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** Why a thumbnail cannot be stored, or null when it can. */
export function thumbnailProblem(png: Uint8Array): string | null {
  if (png.byteLength > MAX_THUMBNAIL_BYTES) return `A thumbnail may be at most ${MAX_THUMBNAIL_BYTES} bytes`;
  if (!PNG_SIGNATURE.every((b, i) => png[i] === b)) return 'A thumbnail must be a PNG image';
  return null;
}

interface BatchDeps {
  db: Database.Database;
  store: Store;
  validate: ScenarioValidator;
  now: () => number;
  freshId: (taken: Set<string>) => string;
}

type Checked = { item: BatchImportItem; document: Scenario; warnings: LibraryIssue[] };

const issue = (message: string, pointer = ''): LibraryIssue => ({ pointer, severity: 'error', message });

export function createBatchImporter({ db, store, validate, now, freshId }: BatchDeps) {
  const setThumbnail = db.prepare('UPDATE scenarios SET thumbnail = ? WHERE id = ?');
  const untrash = db.prepare('UPDATE scenarios SET deleted_at = NULL WHERE id = ?');

  function check(items: readonly BatchImportItem[]): { checked: Checked[]; problems: { name: string; issues: LibraryIssue[] }[] } {
    const checked: Checked[] = [];
    const problems: { name: string; issues: LibraryIssue[] }[] = [];
    const seen = new Map<string, string>();
    for (const item of items) {
      const issues: LibraryIssue[] = [];
      const result = checkDocument(validate, item.document);
      if (!result.ok) issues.push(...result.issues);
      if (item.thumbnail) {
        const why = thumbnailProblem(item.thumbnail);
        if (why) issues.push(issue(`${why} (the thumbnail of ${item.name})`));
      }
      if (item.onConflict !== undefined && !['keepBoth', 'replace', 'skip'].includes(item.onConflict)) {
        issues.push(issue(`Unknown conflict choice "${String(item.onConflict)}" (use keepBoth, replace or skip)`));
      }
      if (result.ok) {
        const earlier = seen.get(result.document.id);
        if (earlier !== undefined) issues.push(issue(`The id "${result.document.id}" is also used by ${earlier} in the same import`, '/id'));
        seen.set(result.document.id, item.name);
      }
      if (issues.length || !result.ok) problems.push({ name: item.name, issues });
      else checked.push({ item, document: result.document, warnings: result.issues });
    }
    return { checked, problems };
  }

  const writeAll = db.transaction((checked: Checked[], onProgress?: (done: number, total: number) => void): BatchImportOutcome[] => {
    const at = now();
    const taken = new Set(checked.map((c) => c.document.id));
    return checked.map(({ item, document, warnings }, index): BatchImportOutcome => {
      const thumbnail = item.thumbnail ? Buffer.from(item.thumbnail) : null;
      const existing = store.current(document.id);
      let outcome: BatchImportOutcome;
      if (!existing) {
        store.insert(document, at, checkRecord(warnings), thumbnail);
        outcome = { name: item.name, action: 'added', id: document.id, title: document.title, warnings };
      } else {
        const choice = item.onConflict ?? 'keepBoth';
        if (choice === 'skip') {
          outcome = { name: item.name, action: 'skipped', id: document.id, title: document.title, warnings };
        } else if (choice === 'replace') {
          // The replaced content stays reachable as a revision, so replacing never loses work.
          if (JSON.stringify(document) !== existing.json) {
            store.addRevision(document.id, existing.json, at, 'Before a pack import replaced it');
            store.replace(existing.num, document, at, checkRecord(warnings));
          }
          untrash.run(document.id);
          // An old picture would show the old map: the pack's thumbnail or none.
          setThumbnail.run(thumbnail, document.id);
          outcome = { name: item.name, action: 'replaced', id: document.id, title: document.title, warnings };
        } else {
          // Kept beside the library's own: a new id, and "(2)" so the two can be told apart.
          const id = freshId(taken);
          taken.add(id);
          const title = store.freeTitle(document.title);
          store.insert({ ...document, id, title }, at, checkRecord(warnings), thumbnail);
          outcome = { name: item.name, action: 'added', id, idChangedFrom: document.id, title, warnings };
        }
      }
      onProgress?.(index + 1, checked.length);
      return outcome;
    });
  });

  return function importBatch(items: readonly BatchImportItem[], options: { onProgress?: (done: number, total: number) => void } = {}): BatchImportResult {
    const { checked, problems } = check(items);
    if (problems.length) return { ok: false, problems };
    try {
      return { ok: true, outcomes: writeAll(checked, options.onProgress) };
    } catch (err) {
      const message = `Nothing was imported because the library could not be written: ${err instanceof Error ? err.message : String(err)}`;
      return { ok: false, problems: [{ name: '', issues: [issue(message)] }] };
    }
  };
}
