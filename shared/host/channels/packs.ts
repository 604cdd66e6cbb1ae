// Scenario pack channels (service: electron/packs, bound in electron/packs/handlers.ts).
//
// Import is three steps so a big pack crosses the bridge once and the user sees what it
// holds before anything is written:
//   1. stage   the pack's bytes (base64, from a file picker or a drop) — or `pick`, the
//              desktop's native open dialog, or a pack the main process staged itself
//              (double-clicked file, second launch) and announced by upload id;
//      → a preview: manifest, scenarios, conflicts with the library, every problem.
//   2. import  the staged pack with one conflict choice per scenario → a job id.
//   3. progress polled by job id until the job is done (or failed), with the outcome.
// Export writes the pack with a native save dialog in Electron, or returns its bytes for
// the page to download in the web host (as print does).
import { returns, v, type Check, type Issue } from '../check.js';
import { defineChannels } from '../channel.js';
import { scenarioId } from './scenarios.js';

export type PackConflictChoice = 'keepBoth' | 'replace' | 'skip';

/** One reason a pack cannot be imported: which file inside it, where, and what. */
export interface PackProblemInfo {
  file?: string;
  pointer?: string;
  message: string;
  /** The file is not a pack at all (a PDF, an image, a scenario file), rather than a damaged or hostile one. */
  notAPack?: true;
}

export interface PackPreviewItem {
  id: string;
  title: string;
  file: string;
  hasThumbnail: boolean;
  /** Print PDFs or saved games that came with it (the library does not store them). */
  extras: number;
  /** Set when the library already holds this id. */
  conflict?: { libraryTitle: string; trashed: boolean; updated: number };
}

/** What a staged pack holds and whether it can be imported. */
export interface PackPreview {
  /** Names the staged pack in `packs.import`. */
  uploadId: string;
  fileName: string;
  bytes: number;
  /** Absent when the manifest could not be read. */
  manifest?: { name: string; version: string; author: string; description: string; created: string; appVersion: string };
  items: PackPreviewItem[];
  /** Empty for an importable pack. */
  problems: PackProblemInfo[];
  warnings: PackProblemInfo[];
}

export type PackPickResult = { kind: 'picked'; preview: PackPreview } | { kind: 'cancelled' } | { kind: 'no-dialog' };

export type PackJobPhase = 'queued' | 'reading' | 'checking' | 'writing' | 'done' | 'failed';

export interface PackImportOutcome {
  action: 'added' | 'replaced' | 'skipped';
  id: string;
  title: string;
  idChangedFrom?: string;
}

export interface PackJobStatus {
  jobId: string;
  phase: PackJobPhase;
  /** Of the current phase. */
  done: number;
  total: number;
  /** 0…1 over the whole job. */
  fraction: number;
  /** When done. */
  outcomes?: PackImportOutcome[];
  /** When failed: every reason, nothing was written. */
  problems?: PackProblemInfo[];
  /** When done: saved games the pack brought, now stored with their scenarios. */
  gamesStored?: number;
  /** When done: what was left out of the pack's extras, and why. */
  notes?: string[];
}

export type PackExportResult =
  | { kind: 'saved'; path: string; bytes: number; scenarios: number }
  | { kind: 'data'; fileName: string; mime: 'application/zip'; base64: string; bytes: number; scenarios: number }
  | { kind: 'cancelled' };

/** A pack may be 200 MB; base64 makes that ~267 M characters (the web host caps JSON bodies lower). */
export const MAX_PACK_BASE64 = 280_000_000;

/**
 * The web host's way in for a pack file, instead of packs.stage's base64 in a JSON call
 * (capped well below the pack limit): POST the file's bytes as application/octet-stream
 * to this path with `?fileName=`; the answer is packs.stage's envelope (a PackPreview).
 */
export const PACK_UPLOAD_PATH = '/api/packs/upload';

const uploadId = v.string({ pattern: /^up-[A-Za-z0-9_-]{8,40}$/, patternHint: 'an upload id from packs.stage' });
const jobId = v.string({ pattern: /^job-[A-Za-z0-9_-]{8,40}$/, patternHint: 'a job id from packs.import' });
const base64 = v.string({ maxLength: MAX_PACK_BASE64, pattern: /^[A-Za-z0-9+/]*={0,2}$/, patternHint: 'base64' });

/** Conflict choices by scenario id. */
const choices: Check<Record<string, PackConflictChoice>> = {
  validate(value: unknown, at: string, issues: Issue[]) {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      issues.push({ pointer: at, message: 'expected an object of scenario id → keepBoth, replace or skip' });
      return;
    }
    const entries = Object.entries(value);
    if (entries.length > 2000) issues.push({ pointer: at, message: 'must name at most 2000 scenarios' });
    for (const [id, choice] of entries) {
      scenarioId.validate(id, `${at}/${id.replace(/~/g, '~0').replace(/\//g, '~1')}`, issues);
      if (choice !== 'keepBoth' && choice !== 'replace' && choice !== 'skip')
        issues.push({ pointer: `${at}/${id.replace(/~/g, '~0').replace(/\//g, '~1')}`, message: 'must be one of "keepBoth", "replace", "skip"' });
    }
  },
};

export const packChannels = defineChannels({
  'packs.export': {
    doc: 'Writes a .gfpack of library scenarios (native save dialog in Electron; bytes back in the web host).',
    request: v.object(
      {
        ids: v.array(scenarioId, { maxItems: 1000 }),
        name: v.string({ minLength: 1, maxLength: 200 }),
        version: v.string({ minLength: 1, maxLength: 50 }),
        includeThumbnails: v.boolean(),
      },
      { author: v.string({ maxLength: 200 }), description: v.string({ maxLength: 5000 }), includeSavedGames: v.boolean(), includePrintPdfs: v.boolean(), includeKitPdfs: v.boolean() },
    ),
    response: returns<PackExportResult>(),
  },
  'packs.stage': {
    doc: 'Holds an uploaded pack (base64) and previews it: contents, conflicts with the library, every problem.',
    request: v.object({ fileName: v.string({ maxLength: 260 }), base64 }),
    response: returns<PackPreview>(),
  },
  'packs.pick': {
    doc: 'Native open dialog for a .gfpack (Electron), then as packs.stage; the web host answers no-dialog.',
    request: v.none(),
    response: returns<PackPickResult>(),
  },
  'packs.preview': {
    doc: 'The preview of a pack already staged (e.g. by the main process for a double-clicked file), with fresh conflicts.',
    request: v.object({ uploadId }),
    response: returns<PackPreview>(),
  },
  'packs.import': {
    doc: 'Starts importing a staged pack, all or nothing, with a conflict choice per scenario (keepBoth if not named).',
    request: v.object({ uploadId, choices }),
    response: returns<{ jobId: string }>(),
  },
  'packs.progress': {
    doc: 'Where an import job is, and its outcome once done or failed.',
    request: v.object({ jobId }),
    response: returns<PackJobStatus>(),
  },
  'packs.discard': {
    doc: 'Forgets a staged pack (the dialog was closed without importing).',
    request: v.object({ uploadId }),
    response: returns<void>(),
  },
});
