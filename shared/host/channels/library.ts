// The scenario library's channels (service: electron/library). The types here are what
// the library view in the renderer receives; they live in shared/ so both sides agree.
import { returns, v } from '../check.js';
import { defineChannels } from '../channel.js';
import type { Issue } from '../check.js';
import type { Scenario } from '../../format/scenario.types.js';
import { scenarioId } from './scenarios.js';

/** A problem with a document or a file: where (JSON pointer) and what. */
export interface LibraryIssue extends Issue {
  severity: 'error' | 'warning';
  /** For malformed JSON: where the parser stopped (both from 1). */
  line?: number;
  column?: number;
}

export type CheckStatus = 'valid' | 'errors';

/** One scenario as the library lists it, without its whole document. */
export interface LibrarySummary {
  id: string;
  title: string;
  author: string;
  /** The first 400 characters. */
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
  /** Outcome of the last check: 'errors' when a newer validator rejects a stored scenario. */
  checkStatus: CheckStatus;
  errorCount: number;
  /** Warnings of the last check (format advice and the editor's design checks); they never stop a save. */
  warningCount: number;
  /** The first few messages of the last check, errors first, for a tooltip. */
  checkNotes: string[];
  /** Fetch it with library.getThumbnail. */
  hasThumbnail: boolean;
}

export interface LibraryEntry {
  summary: LibrarySummary;
  document: Scenario;
}

export type LibrarySort = 'updated' | 'title' | 'created';

export interface ListOptions {
  sort?: LibrarySort;
  dir?: 'asc' | 'desc';
  tag?: string;
  ruleset?: string;
  gridKind?: string;
  includeTrashed?: boolean;
  offset?: number;
  limit?: number;
}

export interface ListPage {
  items: LibrarySummary[];
  /** How many scenarios match the filters, ignoring offset and limit. */
  total: number;
}

export interface SearchHit extends LibrarySummary {
  /** bm25 rank: lower is a better match. */
  rank: number;
}

/** A write either happened (the row as stored, plus any warnings) or changed nothing. */
export type WriteResult = { ok: true; summary: LibrarySummary; warnings: LibraryIssue[] } | { ok: false; issues: LibraryIssue[] };

export interface RevisionInfo {
  rev: number;
  /** When this content was replaced (and so archived). */
  created: number;
  /** What the change that replaced it was about, e.g. "Renamed to …". */
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
  /** The open document's slot: its scenario id, or "new" / "new:<n>" before its first save. */
  docKey: string;
  /** The document as last written, possibly mid-edit (not schema-checked). */
  document: unknown;
  updated: number;
  /** When the library copy was last saved (null if there is none); older than `updated` means unsaved edits. */
  savedUpdated: number | null;
}

const sortOptions = {
  sort: v.literal('updated', 'title', 'created'),
  dir: v.literal('asc', 'desc'),
  tag: v.string({ maxLength: 60 }),
  ruleset: v.string({ maxLength: 60 }),
  gridKind: v.literal('hex', 'square', 'offsetSquare', 'network'),
  offset: v.number({ integer: true, min: 0 }),
  limit: v.number({ integer: true, min: 1, max: 500 }),
};
const rev = v.number({ integer: true, min: 1 });
const title = v.string({ maxLength: 1000 });
export const docKey = v.string({ pattern: /^(new(:[A-Za-z0-9_-]{1,32})?|[A-Za-z0-9_-]{1,64})$/, patternHint: 'a scenario id, "new" or "new:<n>"' });

export const libraryChannels = defineChannels({
  'library.list': {
    doc: 'A page of library scenarios, sorted and filtered, with the total that match.',
    request: v.object({}, { ...sortOptions, includeTrashed: v.boolean() }),
    response: returns<ListPage>(),
  },
  'library.listTrash': {
    doc: 'A page of the scenarios in the trash.',
    request: v.object({}, sortOptions),
    response: returns<ListPage>(),
  },
  'library.search': {
    doc: 'Full-text search (titles, descriptions, tags, side and cell names), best match first; words match as prefixes.',
    request: v.object({ text: v.string({ maxLength: 500 }) }, { limit: v.number({ integer: true, min: 1, max: 500 }) }),
    response: returns<SearchHit[]>(),
  },
  'library.get': {
    doc: 'One scenario with its document, or null.',
    request: v.object({ id: scenarioId }),
    response: returns<LibraryEntry | null>(),
  },
  'library.create': {
    doc: 'Adds a whole scenario document (a taken id is replaced by a new one).',
    request: v.object({ scenario: v.jsonObject() }),
    response: returns<WriteResult>(),
  },
  'library.createBlank': {
    doc: 'Adds a new scenario built from the New Scenario dialog fields and template (a blank map unless template is two-sides).',
    request: v.object(
      {
        title,
        gridKind: v.literal('hex', 'square', 'offsetSquare', 'network'),
        cols: v.number({ integer: true, min: 1, max: 4096 }),
        rows: v.number({ integer: true, min: 1, max: 4096 }),
      },
      {
        author: v.string({ maxLength: 200 }),
        /** Network only: the map's extent in millimetres (cols and rows are then ignored). */
        extentMm: v.object({ width: v.number({ min: 1, max: 100000 }), height: v.number({ min: 1, max: 100000 }) }),
        orientation: v.literal('flat', 'pointy'),
        cellSize: v.object({ value: v.number({ min: 0, max: 1000 }), unit: v.literal('mm', 'cm', 'in') }),
        groundScaleKm: v.number({ min: 0, max: 100000 }),
        sides: v.array(v.object({ name: v.string({ maxLength: 60 }) }, { colour: v.string({ pattern: /^#[0-9a-fA-F]{6}$/ }) }), { maxItems: 2 }),
        startDate: v.string({ maxLength: 10 }),
        turns: v.number({ integer: true, min: 1, max: 999 }),
        template: v.literal('blank', 'two-sides'),
      },
    ),
    response: returns<WriteResult>(),
  },
  'library.save': {
    doc: 'Replaces a scenario’s document after validation, keeping the previous one as a revision.',
    request: v.object({ id: scenarioId, scenario: v.jsonObject() }, { summary: v.string({ maxLength: 200 }) }),
    response: returns<WriteResult>(),
  },
  'library.duplicate': {
    doc: 'Copies a scenario under a new id, titled "… (copy)" unless a title is given.',
    request: v.object({ id: scenarioId }, { title }),
    response: returns<WriteResult>(),
  },
  'library.rename': {
    doc: 'Changes a scenario’s title (a revision is kept).',
    request: v.object({ id: scenarioId, title }),
    response: returns<WriteResult>(),
  },
  'library.trash': {
    doc: 'Moves a scenario to the trash.',
    request: v.object({ id: scenarioId }),
    response: returns<LibrarySummary>(),
  },
  'library.restore': {
    doc: 'Takes a scenario back out of the trash.',
    request: v.object({ id: scenarioId }),
    response: returns<LibrarySummary>(),
  },
  'library.emptyTrash': {
    doc: 'Deletes every scenario in the trash for good, with its revisions.',
    request: v.none(),
    response: returns<{ removed: number }>(),
  },
  'library.listRevisions': {
    doc: 'Earlier versions of a scenario, newest first.',
    request: v.object({ id: scenarioId }),
    response: returns<RevisionInfo[]>(),
  },
  'library.getRevision': {
    doc: 'One earlier version with its document, or null.',
    request: v.object({ id: scenarioId, rev }),
    response: returns<Revision | null>(),
  },
  'library.restoreRevision': {
    doc: 'Makes an earlier version current; the current one becomes a revision.',
    request: v.object({ id: scenarioId, rev }),
    response: returns<WriteResult>(),
  },
  'library.importFiles': {
    doc: 'Imports scenario files (name + text); reports each file, a bad file never stops the others.',
    request: v.object({ files: v.array(v.object({ name: v.string({ maxLength: 260 }), text: v.string() }), { maxItems: 500 }) }),
    response: returns<ImportResult[]>(),
  },
  'library.exportJson': {
    doc: 'A scenario as pretty-printed JSON text, ready to save as a file.',
    request: v.object({ id: scenarioId }),
    response: returns<string>(),
  },
  'library.writeRecovery': {
    doc: 'Stores the crash-recovery copy of an open document (its id, or "new").',
    request: v.object({ docKey, document: v.jsonObject() }),
    response: returns<void>(),
  },
  'library.readRecovery': {
    doc: 'Recovery copies left by a session that did not close its documents.',
    request: v.none(),
    response: returns<RecoveryEntry[]>(),
  },
  'library.clearRecovery': {
    doc: 'Drops the recovery copy of a document (after save, close or discard).',
    request: v.object({ docKey }),
    response: returns<void>(),
  },
  'library.setThumbnail': {
    doc: 'Sets (PNG as base64) or clears (null) a scenario’s thumbnail.',
    request: v.object({ id: scenarioId }, { pngBase64: v.string({ maxLength: 3_000_000 }) }),
    response: returns<void>(),
  },
  'library.getThumbnail': {
    doc: 'A scenario’s thumbnail as a data: URL, or null.',
    request: v.object({ id: scenarioId }),
    response: returns<string | null>(),
  },
  'library.putImage': {
    doc: 'Keeps an underlay image (PNG or JPEG as base64, at most 32 MB) after checking it decodes; answers its ref (what map.underlay.image holds) and size.',
    request: v.object({ base64: v.string({ maxLength: 45_000_000 }) }),
    response: returns<StoredImage>(),
  },
  'library.getImage': {
    doc: 'An underlay image by its ref, as base64 with its type; not-found when the library does not have it.',
    request: v.object({ ref: v.string({ maxLength: 80, pattern: /^[0-9a-f]{64}\.(png|jpg)$/, patternHint: 'a SHA-256 and .png or .jpg' }) }),
    response: returns<{ mime: 'image/png' | 'image/jpeg'; base64: string }>(),
  },
});

/** An underlay image the library keeps. */
export interface StoredImage {
  /** "<sha256>.png" or "<sha256>.jpg". */
  ref: string;
  width: number;
  height: number;
}
