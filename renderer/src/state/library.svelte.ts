// The library view's state: which scenarios are listed (search, tag, sort, trash), which one
// is selected and its revisions, and the library actions (create, duplicate, rename, trash,
// restore, import, export). Every call goes through the HostApi; failures become messages.

import type { Scenario } from '../../../shared/format/scenario.types.js';
import { issuePlace } from '../../../shared/scenario/places.js';
import { storeThumbnail } from './thumbnails.js';
import { downloadBlob } from '../ui/download.js';
import { fileNameFor } from '../../../shared/format/file-name.js';
import {
  host,
  HostError,
  type ImportFile,
  type ImportResult,
  type LibraryIssue,
  type LibrarySort,
  type LibrarySummary,
  type RevisionInfo,
  type WriteResult,
} from '../host/index.js';

export type LibraryLayout = 'grid' | 'list';
export type LibraryMode = 'library' | 'trash';

const LAYOUT_KEY = 'gridfront.library.layout';
const SEARCH_DELAY_MS = 180;

export function errorText(err: unknown): string {
  if (err instanceof HostError) return err.message;
  return err instanceof Error ? err.message : String(err);
}

type IssueLike = { pointer: string; message: string; cell?: string; line?: number; column?: number };

/**
 * "Order of battle › 4th Guards Army › start cell: …" — where first, in the editor's words
 * (the scenario, when known, names units and cells), then what.
 */
export function issueText(issue: IssueLike, scenario?: unknown): string {
  const where = issue.line ? `line ${issue.line}${issue.column ? `, column ${issue.column}` : ''}` : issuePlace(scenario ?? null, issue);
  return `${where}: ${issue.message}`;
}

/** The technical place of an issue (its JSON pointer), for a details disclosure only. */
export function issuePointer(issue: IssueLike): string {
  return issue.line ? `line ${issue.line}${issue.column ? `, column ${issue.column}` : ''}` : `${issue.pointer || '/'}`;
}

/** Thrown when a write was refused; carries the validator's issues. */
export class WriteRefused extends Error {
  constructor(
    message: string,
    readonly issues: LibraryIssue[],
  ) {
    super(message);
  }
}

export function written(result: WriteResult, what: string): LibrarySummary {
  if (result.ok) return result.summary;
  const errors = result.issues.filter((i) => i.severity !== 'warning');
  throw new WriteRefused(`${what}: ${errors.length || result.issues.length} problem(s)`, result.issues);
}

export class LibraryState {
  mode = $state<LibraryMode>('library');
  layout = $state<LibraryLayout>(readLayout());
  sort = $state<LibrarySort>('updated');
  tag = $state('');
  query = $state('');
  items = $state.raw<LibrarySummary[]>([]);
  /** Every tag used by a scenario in the library, for the filter. */
  tags = $state.raw<string[]>([]);
  trashCount = $state(0);
  status = $state<'loading' | 'ready' | 'error'>('loading');
  error = $state('');
  selectedId = $state<string | null>(null);
  revisions = $state.raw<RevisionInfo[]>([]);
  revisionsFor = $state<string | null>(null);
  /** Thumbnails (data: URLs) and documents for mini-maps, by scenario id and update time. */
  thumbnails = $state.raw<Record<string, string>>({});
  documents = $state.raw<Record<string, Scenario>>({});
  importResults = $state.raw<ImportResult[] | null>(null);
  importing = $state(false);

  selected = $derived(this.items.find((s) => s.id === this.selectedId) ?? null);

  private searchTimer: ReturnType<typeof setTimeout> | undefined;
  private loadSeq = 0;
  private fetched = new Map<string, number>();

  setLayout(layout: LibraryLayout): void {
    this.layout = layout;
    try {
      localStorage.setItem(LAYOUT_KEY, layout);
    } catch {
      /* storage may be off; the choice then lasts for this session */
    }
  }

  /** As-you-type search: waits for a pause in typing before asking the host. */
  setQuery(text: string): void {
    this.query = text;
    clearTimeout(this.searchTimer);
    this.searchTimer = setTimeout(() => void this.refresh(), SEARCH_DELAY_MS);
  }

  setSort(sort: LibrarySort): void {
    this.sort = sort;
    void this.refresh();
  }

  setTag(tag: string): void {
    this.tag = tag;
    void this.refresh();
  }

  setMode(mode: LibraryMode): void {
    this.mode = mode;
    this.selectedId = null;
    void this.refresh();
  }

  async refresh(): Promise<void> {
    const seq = ++this.loadSeq;
    try {
      const sortDir = this.sort === 'title' ? 'asc' : 'desc';
      const [items, all, trash] = await Promise.all([this.fetchItems(sortDir), host.library.list({ limit: 500 }), host.library.listTrash({ limit: 1 })]);
      if (seq !== this.loadSeq) return; // a newer refresh is under way
      this.items = items;
      this.tags = [...new Set(all.items.flatMap((s) => s.tags))].sort((a, b) => a.localeCompare(b));
      this.trashCount = trash.total;
      this.status = 'ready';
      if (this.selectedId && !items.some((s) => s.id === this.selectedId)) this.selectedId = null;
      this.loadPictures(items);
      if (this.selectedId) void this.loadRevisions(this.selectedId);
    } catch (err) {
      if (seq !== this.loadSeq) return;
      this.error = errorText(err);
      this.status = 'error';
    }
  }

  private async fetchItems(dir: 'asc' | 'desc'): Promise<LibrarySummary[]> {
    if (this.mode === 'trash') return (await host.library.listTrash({ sort: this.sort, dir, limit: 500 })).items;
    const text = this.query.trim();
    if (!text) return (await host.library.list({ sort: this.sort, dir, limit: 500, ...(this.tag ? { tag: this.tag } : {}) })).items;
    // Search results stay in relevance order; the tag filter still applies.
    const hits = await host.library.search({ text, limit: 200 });
    return hits.filter((h) => !this.tag || h.tags.includes(this.tag));
  }

  /** Stored thumbnails where there are some; otherwise the documents, to draw mini-maps. */
  private loadPictures(items: LibrarySummary[]): void {
    for (const s of items) {
      if (this.fetched.get(s.id) === s.updated) continue;
      this.fetched.set(s.id, s.updated);
      const load = s.hasThumbnail
        ? host.library.getThumbnail({ id: s.id }).then((url) => {
            if (url) this.thumbnails = { ...this.thumbnails, [s.id]: url };
            else return this.loadDocument(s.id);
          })
        : this.loadDocument(s.id);
      load.catch(() => {
        this.fetched.delete(s.id); // no picture this time; the next refresh tries again
      });
    }
  }

  private async loadDocument(id: string): Promise<void> {
    const entry = await host.library.get({ id });
    if (!entry) return;
    const { [id]: _old, ...rest } = this.thumbnails;
    this.thumbnails = rest;
    this.documents = { ...this.documents, [id]: entry.document };
  }

  select(id: string | null): void {
    if (id === this.selectedId) return;
    this.selectedId = id;
    this.revisions = [];
    this.revisionsFor = null;
    if (id && this.mode === 'library') void this.loadRevisions(id);
  }

  async loadRevisions(id: string): Promise<void> {
    try {
      const revisions = await host.library.listRevisions({ id });
      if (this.selectedId === id) {
        this.revisions = revisions;
        this.revisionsFor = id;
      }
    } catch {
      if (this.selectedId === id) this.revisions = [];
    }
  }

  /** Moves the selection by `delta` items in display order. */
  moveSelection(delta: number): void {
    if (!this.items.length) return;
    const at = this.items.findIndex((s) => s.id === this.selectedId);
    const next = at < 0 ? (delta > 0 ? 0 : this.items.length - 1) : Math.min(this.items.length - 1, Math.max(0, at + delta));
    this.select(this.items[next]!.id);
  }

  async create(scenario: Scenario): Promise<LibrarySummary> {
    const summary = written(await host.library.create({ scenario: scenario as unknown as Record<string, unknown> }), 'Could not create the scenario');
    await this.refresh();
    return summary;
  }

  async duplicate(id: string): Promise<LibrarySummary> {
    const summary = written(await host.library.duplicate({ id }), 'Could not duplicate the scenario');
    this.selectedId = summary.id;
    await this.refresh();
    return summary;
  }

  async rename(id: string, title: string): Promise<LibrarySummary> {
    const summary = written(await host.library.rename({ id, title }), 'Could not rename the scenario');
    await this.refresh();
    return summary;
  }

  async trash(id: string): Promise<LibrarySummary> {
    const at = this.items.findIndex((s) => s.id === id);
    const summary = await host.library.trash({ id });
    await this.refresh();
    // Keep the keyboard user where they were: select the neighbour of what went away.
    const next = this.items[Math.min(at, this.items.length - 1)];
    this.select(next?.id ?? null);
    return summary;
  }

  async restore(id: string): Promise<LibrarySummary> {
    const summary = await host.library.restore({ id });
    await this.refresh();
    return summary;
  }

  async emptyTrash(): Promise<number> {
    const { removed } = await host.library.emptyTrash();
    this.selectedId = null;
    await this.refresh();
    return removed;
  }

  async restoreRevision(id: string, rev: number): Promise<LibrarySummary> {
    const summary = written(await host.library.restoreRevision({ id, rev }), 'Could not restore that revision');
    // The card and the preview show the restored map: drawn now and stored for next time.
    const entry = await host.library.get({ id });
    if (entry) {
      try {
        const url = await storeThumbnail(id, entry.document);
        this.thumbnails = { ...this.thumbnails, [id]: url };
      } catch {
        // Not stored: the card draws the restored document's mini-map instead.
        this.documents = { ...this.documents, [id]: entry.document };
        const { [id]: _stale, ...rest } = this.thumbnails;
        this.thumbnails = rest;
      }
    }
    this.fetched.delete(id);
    await this.refresh();
    await this.loadRevisions(id);
    return summary;
  }

  async importFiles(files: ImportFile[]): Promise<ImportResult[]> {
    this.importing = true;
    try {
      const results = await host.library.importFiles({ files });
      this.importResults = results;
      const firstGood = results.find((r) => r.ok);
      if (this.mode !== 'library') this.mode = 'library';
      await this.refresh();
      if (firstGood?.ok) this.select(firstGood.id);
      return results;
    } finally {
      this.importing = false;
    }
  }

  /** Imports the .json files among `files` (picked or dropped); a sentence when none could be read, else null. */
  async importFileList(files: readonly File[]): Promise<string | null> {
    const json = files.filter((f) => /\.json$/i.test(f.name));
    if (!json.length) return 'Only .json scenario files can be imported.';
    const read: ImportFile[] = await Promise.all(json.map(async (f) => ({ name: f.name, text: await f.text() })));
    await this.importFiles(read);
    return null;
  }

  /** Saves the scenario's JSON as a file through the browser's download, named from its title. */
  async exportJson(summary: LibrarySummary): Promise<void> {
    const text = await host.library.exportJson({ id: summary.id });
    downloadBlob(new Blob([text], { type: 'application/json' }), fileNameFor(summary.title, 'json', [], summary.id));
  }
}

function readLayout(): LibraryLayout {
  try {
    return localStorage.getItem(LAYOUT_KEY) === 'list' ? 'list' : 'grid';
  } catch {
    return 'grid';
  }
}
