// Opens the library's SQLite file with the settings every connection needs.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';

export const LIBRARY_FILE_NAME = 'library.sqlite';

export function openDatabase(file: string): Database.Database {
  mkdirSync(path.dirname(file), { recursive: true });
  const db = new Database(file);
  try {
    // WAL: readers never block the writer, and a committed transaction survives the
    // process being killed. NORMAL sync is safe in WAL mode against process crashes.
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
    db.pragma('foreign_keys = ON');
    db.pragma('busy_timeout = 5000');
  } catch (err) {
    db.close();
    throw err;
  }
  return db;
}
