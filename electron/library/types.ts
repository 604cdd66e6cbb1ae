// Public shapes of the library service: what the host contract carries.
import type { Scenario } from '../../shared/format/scenario.types.js';
import type { NewScenarioFields } from '../../shared/format/new-scenario.js';
import type { BatchImportItem, BatchImportResult } from './batch-import.js';

/** One problem with a document or a request: where (JSON pointer) and what. */
export interface LibraryIssue {
  pointer: string;
  message: string;
  severity: 'error' | 'warning';
  value?: unknown;
  cell?: string;
  /** For malformed JSON: where the parser stopped (1-based). */
  line?: number;
  column?: number;
}

export type CheckStatus = 'valid' | 'errors';

export interface ScenarioSummary {
  id: string;
  title: string;
  author: string;
  description: string;
  tags: string[];
  ruleset: string;
  gridKind: string;
  cols: number;
  rows: number;
  /** Side names, in document order. */
  sides: string[];
  /** Milliseconds since the epoch. */
  created: number;
  updated: number;
  /** Set while the scenario is in the trash. */
  trashedAt: number | null;
  checkStatus: CheckStatus;
  errorCount: number;
  hasThumbnail: boolean;
}

export interface ScenarioRecord {
  summary: ScenarioSummary;
  document: Scenario;
}

export type SortKey = 'updated' | 'title' | 'created';

export interface ListOptions {
  sort?: SortKey;
  dir?: 'asc' | 'desc';
  tag?: string;
  ruleset?: string;
  gridKind?: string;
  includeTrashed?: boolean;
  offset?: number;
  limit?: number;
}

export interface ListPage {
  items: ScenarioSummary[];
  /** How many scenarios match the filters, ignoring offset/limit. */
  total: number;
}

export interface SearchHit extends ScenarioSummary {
  /** bm25 rank: lower is better. */
  rank: number;
}

/** The outcome of a write: the row as stored, or why nothing was written. */
export type WriteResult =
  | { ok: true; summary: ScenarioSummary; warnings: LibraryIssue[] }
  | { ok: false; issues: LibraryIssue[] };

export interface RevisionInfo {
  rev: number;
  created: number;
  summary: string;
  title: string;
}

export interface Revision extends RevisionInfo {
  document: Scenario;
}

export interface ImportFile {
  name: string;
  text: string;
}

export type ImportResult =
  | {
      name: string;
      ok: true;
      id: string;
      title: string;
      /** Set when the file's id was already taken and the scenario got a new one. */
      idChangedFrom?: string;
      warnings: LibraryIssue[];
    }
  | { name: string; ok: false; issues: LibraryIssue[] };

export interface RecoveryEntry {
  /** The open document's slot: its scenario id, or 'new' / 'new:<n>' before first save. */
  docKey: string;
  /** The document as last written, possibly mid-edit (not schema-checked). */
  document: unknown;
  updated: number;
  /** When the library copy of that scenario was last saved (null if none). */
  savedUpdated: number | null;
}

export interface SeedResult {
  seeded: boolean;
  results: ImportResult[];
}

export type CreateInput = Scenario | Omit<NewScenarioFields, 'id'>;

export interface Library {
  readonly path: string;
  list(options?: ListOptions): ListPage;
  listTrash(options?: Omit<ListOptions, 'includeTrashed'>): ListPage;
  search(text: string, options?: { limit?: number }): SearchHit[];
  get(id: string): ScenarioRecord | null;
  create(input: CreateInput): WriteResult;
  save(id: string, document: unknown, options?: { summary?: string }): WriteResult;
  duplicate(id: string, newTitle?: string): WriteResult;
  rename(id: string, title: string): WriteResult;
  trash(id: string): ScenarioSummary;
  restore(id: string): ScenarioSummary;
  emptyTrash(): { removed: number };
  listRevisions(id: string): RevisionInfo[];
  getRevision(id: string, rev: number): Revision | null;
  restoreRevision(id: string, rev: number): WriteResult;
  importFiles(files: ImportFile[]): ImportResult[];
  /** Checks every item, then writes all of them in one transaction, or nothing. */
  importBatch(items: readonly BatchImportItem[], options?: { onProgress?: (done: number, total: number) => void }): BatchImportResult;
  exportJson(id: string): string;
  seedBundled(dir: string): SeedResult;
  writeRecovery(docKey: string, document: unknown): void;
  readRecovery(): RecoveryEntry[];
  clearRecovery(docKey: string): void;
  setThumbnail(id: string, png: Uint8Array | null): void;
  /** The thumbnail as a data: URL (allowed by the CSP in both hosts), or null. */
  getThumbnail(id: string): string | null;
  /** Re-runs the validator over every stored scenario and updates their check status. */
  recheckAll(): { checked: number; withErrors: number };
  close(): void;
}
