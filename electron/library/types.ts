// The library service's interface. The data shapes it returns are declared with its host
// channels in shared/host/channels/library.ts, so the renderer sees the same types.
import type { Scenario } from '../../shared/format/scenario.types.js';
import type { NewScenarioFields } from '../../shared/format/new-scenario.js';
import type { BatchImportItem, BatchImportResult } from './batch-import.js';
import type {
  ImportFile,
  ImportResult,
  LibraryEntry,
  LibrarySummary,
  ListOptions,
  ListPage,
  RecoveryEntry,
  Revision,
  RevisionInfo,
  SearchHit,
  WriteResult,
} from '../../shared/host/channels/library.js';

export type * from '../../shared/host/channels/library.js';

export interface SeedResult {
  seeded: boolean;
  results: ImportResult[];
}

/** A whole document, or the New Scenario dialog's fields (the library picks the id). */
export type CreateInput = Scenario | Omit<NewScenarioFields, 'id'>;

export interface Library {
  readonly path: string;
  list(options?: ListOptions): ListPage;
  listTrash(options?: Omit<ListOptions, 'includeTrashed'>): ListPage;
  search(text: string, options?: { limit?: number }): SearchHit[];
  get(id: string): LibraryEntry | null;
  create(input: CreateInput): WriteResult;
  save(id: string, document: unknown, options?: { summary?: string }): WriteResult;
  duplicate(id: string, newTitle?: string): WriteResult;
  rename(id: string, title: string): WriteResult;
  trash(id: string): LibrarySummary;
  restore(id: string): LibrarySummary;
  emptyTrash(): { removed: number };
  listRevisions(id: string): RevisionInfo[];
  getRevision(id: string, rev: number): Revision | null;
  restoreRevision(id: string, rev: number): WriteResult;
  importFiles(files: ImportFile[]): ImportResult[];
  /** Checks every item, then writes all of them in one transaction, or nothing. */
  importBatch(items: readonly BatchImportItem[], options?: { onProgress?: (done: number, total: number) => void }): BatchImportResult;
  exportJson(id: string): string;
  /** Imports the bundled examples on the first run only (recorded in `meta`). */
  seedBundled(dir: string): SeedResult;
  writeRecovery(docKey: string, document: unknown): void;
  readRecovery(): RecoveryEntry[];
  clearRecovery(docKey: string): void;
  setThumbnail(id: string, png: Uint8Array | null): void;
  /** The thumbnail as a data: URL (allowed by the CSP in both hosts), or null. */
  getThumbnail(id: string): string | null;
  /**
   * Keeps an underlay image under its ref ("<sha256>.<png|jpg>"; checkUnderlayImage makes
   * one) and returns the ref; the bytes must be what the ref names. Keeping one twice is a no-op.
   */
  putImage(ref: string, bytes: Uint8Array): string;
  /** An underlay image's bytes, or null when the library does not have it. */
  getImage(ref: string): Buffer | null;
  /** Re-runs the validator over every stored scenario and records each one's check status. */
  recheckAll(): { checked: number; withErrors: number };
  close(): void;
}
