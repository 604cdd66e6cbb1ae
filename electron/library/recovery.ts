// Crash recovery slots: the renderer writes each open document here every few seconds
// while it has unsaved edits, and clears the slot on save or close. After a crash the
// slots still present are offered back. Mid-edit documents may not pass the validator, so
// they are stored as any JSON value; they only become scenarios through a normal save.
import type Database from 'better-sqlite3';
import { LibraryError } from './errors.js';
import type { RecoveryEntry } from './types.js';

/** A scenario id, or "new" / "new:<n>" for documents never saved. */
const DOC_KEY = /^(new(:[A-Za-z0-9_-]{1,32})?|[A-Za-z0-9_-]{1,64})$/;
const MAX_RECOVERY_CHARS = 64 * 1024 * 1024;

function checkKey(docKey: string): void {
  if (typeof docKey !== 'string' || !DOC_KEY.test(docKey))
    throw new LibraryError('bad-request', `Recovery slot "${String(docKey)}" is not a scenario id or "new"`);
}

export function createRecovery(db: Database.Database, now: () => number) {
  const upsert = db.prepare(
    `INSERT INTO recovery (doc_key, json, updated) VALUES (?, ?, ?)
     ON CONFLICT (doc_key) DO UPDATE SET json = excluded.json, updated = excluded.updated`,
  );
  const all = db.prepare(
    `SELECT r.doc_key, r.json, r.updated, s.updated AS saved_updated
     FROM recovery r LEFT JOIN scenarios s ON s.id = r.doc_key ORDER BY r.updated DESC`,
  );
  const remove = db.prepare('DELETE FROM recovery WHERE doc_key = ?');

  return {
    write(docKey: string, document: unknown): void {
      checkKey(docKey);
      const json = JSON.stringify(document);
      if (json === undefined) throw new LibraryError('bad-request', 'A recovery copy must be a JSON value');
      if (json.length > MAX_RECOVERY_CHARS) throw new LibraryError('bad-request', 'The recovery copy is too large');
      upsert.run(docKey, json, now());
    },

    read(): RecoveryEntry[] {
      const rows = all.all() as { doc_key: string; json: string; updated: number; saved_updated: number | null }[];
      return rows.map((r) => ({ docKey: r.doc_key, document: JSON.parse(r.json) as unknown, updated: r.updated, savedUpdated: r.saved_updated }));
    },

    clear(docKey: string): void {
      checkKey(docKey);
      remove.run(docKey);
    },
  };
}
