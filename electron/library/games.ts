// Saved test-play games and balance reports, stored in the library file next to their
// scenario (table `games`, migration v4), and the game in progress of each scenario as its one
// autosave (kind 'autosave', migration v6). Plain Node: it opens its own connection to the
// library's database, which the library has already brought to the latest schema.
import { nanoid } from 'nanoid';
import type Database from 'better-sqlite3';
import type { ChannelName, Handlers } from '../../shared/host/contract.js';
import type { GameEntry, GameRecordKind } from '../../shared/host/channels/games.js';
import { openDatabase } from './db.js';
import { LibraryError, hostErrors } from './errors.js';

/** Largest stored document: a long game's action log and state stay well under it. */
const MAX_DATA_BYTES = 16 * 1024 * 1024;

export interface SaveGameInput {
  scenarioId: string;
  kind: GameRecordKind;
  name: string;
  data: Record<string, unknown>;
  revision?: number;
}

export interface GameStore {
  save(input: SaveGameInput): GameEntry;
  list(scenarioId: string, kind?: GameRecordKind): GameEntry[];
  load(id: string): { entry: GameEntry; data: Record<string, unknown> };
  delete(id: string): { deleted: boolean };
  close(): void;
}

interface Row {
  id: string;
  scenario_id: string;
  kind: GameRecordKind;
  name: string;
  revision: number | null;
  created: number;
  bytes: number;
}

const ENTRY_COLUMNS = 'id, scenario_id, kind, name, revision, created, length(data) AS bytes';

const toEntry = (r: Row): GameEntry => ({
  id: r.id,
  scenarioId: r.scenario_id,
  kind: r.kind,
  name: r.name,
  revision: r.revision,
  created: r.created,
  bytes: r.bytes,
});

export function openGameStore(file: string, options: { now?: () => number; newId?: () => string } = {}): GameStore {
  const db: Database.Database = openDatabase(file);
  const now = options.now ?? Date.now;
  const newId = options.newId ?? (() => nanoid(12));
  const hasTable = db.prepare("SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = 'games'").pluck().get() === 1;
  if (!hasTable) {
    db.close();
    throw new LibraryError('bad-request', 'The library database has no table for saved games (it was not upgraded to version 4).');
  }
  const scenarioExists = db.prepare('SELECT 1 FROM scenarios WHERE id = ?').pluck();
  const latestRevision = db.prepare('SELECT max(rev) FROM revisions WHERE scenario_id = ?').pluck();
  const insert = db.prepare('INSERT INTO games (id, scenario_id, kind, name, revision, created, data) VALUES (?, ?, ?, ?, ?, ?, ?)');
  const byId = db.prepare(`SELECT ${ENTRY_COLUMNS} FROM games WHERE id = ?`);
  const dataById = db.prepare('SELECT data FROM games WHERE id = ?').pluck();
  const listAll = db.prepare(`SELECT ${ENTRY_COLUMNS} FROM games WHERE scenario_id = ? ORDER BY created DESC, id`);
  const listKind = db.prepare(`SELECT ${ENTRY_COLUMNS} FROM games WHERE scenario_id = ? AND kind = ? ORDER BY created DESC, id`);
  const remove = db.prepare('DELETE FROM games WHERE id = ?');
  const removeAutosaves = db.prepare("DELETE FROM games WHERE scenario_id = ? AND kind = 'autosave'");
  // One autosave per scenario: the newest replaces the one before, in one transaction.
  const insertEntry = db.transaction((row: [string, string, GameRecordKind, string, number | null, number, string]) => {
    if (row[2] === 'autosave') removeAutosaves.run(row[1]);
    insert.run(...row);
  });

  return {
    save(input) {
      if (!scenarioExists.get(input.scenarioId)) {
        throw new LibraryError('not-found', `Scenario "${input.scenarioId}" is not in the library; save it to the library before storing games with it.`);
      }
      const json = JSON.stringify(input.data);
      if (json.length > MAX_DATA_BYTES) {
        throw new LibraryError('bad-request', `The ${input.kind === 'save' ? 'saved game' : 'report'} is ${json.length} bytes, over the limit of ${MAX_DATA_BYTES}.`);
      }
      const revision = input.revision ?? ((latestRevision.get(input.scenarioId) as number | null) ?? null);
      const id = newId();
      insertEntry([id, input.scenarioId, input.kind, input.name.trim() || 'Untitled', revision, now(), json]);
      return toEntry(byId.get(id) as Row);
    },
    list(scenarioId, kind) {
      const rows = (kind ? listKind.all(scenarioId, kind) : listAll.all(scenarioId)) as Row[];
      return rows.map(toEntry);
    },
    load(id) {
      const row = byId.get(id) as Row | undefined;
      if (!row) throw new LibraryError('not-found', `No saved game or report with id "${id}"`);
      return { entry: toEntry(row), data: JSON.parse(dataById.get(id) as string) as Record<string, unknown> };
    },
    delete(id) {
      return { deleted: remove.run(id).changes > 0 };
    },
    close() {
      db.close();
    },
  };
}

type GameChannel = Extract<ChannelName, `games.${string}`>;
export type GameHandlers = Pick<Handlers, GameChannel>;


export function gameHandlers(store: GameStore): GameHandlers {
  return {
    'games.save': hostErrors((r) => {
      const input: SaveGameInput = { scenarioId: r.scenarioId, kind: r.kind, name: r.name, data: r.data };
      if (r.revision !== undefined) input.revision = r.revision;
      return store.save(input);
    }),
    'games.list': hostErrors(({ scenarioId, kind }) => store.list(scenarioId, kind)),
    'games.load': hostErrors(({ id }) => store.load(id)),
    'games.delete': hostErrors(({ id }) => store.delete(id)),
  };
}
