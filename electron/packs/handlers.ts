// Binds the packs service to its host channels (see shared/host/channels/packs.ts). Plain
// Node: Electron's native dialogs come in as `chooseSavePath` / `chooseOpenPath`; without
// them (the web host) export returns bytes and `packs.pick` answers "no-dialog".
//
// Staged packs and import jobs live in memory, a few at a time: a staged pack is what the
// user is looking at in the import dialog, a job is one import being watched.
import { randomBytes } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { HostError, type ChannelName, type Handlers, type Issue } from '../../shared/host/contract.js';
import type { PackJobStatus, PackPreview, PackProblemInfo } from '../../shared/host/channels/packs.js';
import type { Library } from '../library/index.js';
import type { GameStore } from '../library/games.js';
import { renderPdf } from '../print/pdf.js';
import { renderKitPdf } from '../print/kit-pdf.js';
import { declarationOf } from '../../shared/rules/index.js';
import type { Scenario } from '../../shared/format/scenario.types.js';
import { writeAtomically } from '../files.js';
import { PackError } from './errors.js';
import { exportPack, type ExportExtra } from './export.js';
import { scenariosFromLibrary } from './from-library.js';
import { importPack } from './import.js';
import { findConflicts, inspectPack } from './inspect.js';
import { storeSavedGames } from './saved-games.js';
import { DEFAULT_LIMITS, type PackLimits } from './limits.js';
import type { PackInspection, PackProblem } from './types.js';
import { fileNameFor } from '../../shared/format/file-name.js';

type PackChannel = Extract<ChannelName, `packs.${string}`>;
export type PackHandlers = Pick<Handlers, PackChannel>;

export interface PackServiceOptions {
  /** Native save dialog (Electron); null when the user cancels. */
  chooseSavePath?: (request: { defaultName: string; kind: 'gfpack' }) => Promise<string | null>;
  /** Native open dialog for a .gfpack (Electron); null when the user cancels. */
  chooseOpenPath?: () => Promise<string | null>;
  appVersion?: string;
  /** Saved games: put in a pack with their scenario on request, and stored when a pack brings them. */
  games?: GameStore;
  limits?: PackLimits;
  /** How many packs may be staged at once; the oldest is dropped beyond it. */
  maxStaged?: number;
}

/** A pack's bytes as they arrived, or only how big they were when that was over the limit. */
export type PackUpload = { bytes: Buffer } | { tooLarge: number };

export interface PackService {
  handlers: PackHandlers;
  /** Stages a pack file the main process was handed (double-click, second launch, drop on the dock icon). */
  stagePath(file: string): Promise<PackPreview>;
  /** Stages a pack sent whole (the web host's raw upload), as packs.stage does. */
  stageUpload(fileName: string, upload: PackUpload): Promise<PackPreview>;
  /** The largest pack accepted; a bigger upload need not be kept, only its size. */
  readonly maxPackBytes: number;
}

interface Staged {
  fileName: string;
  bytes: Buffer | null;
  /** Why the file could not be read, when it could not. */
  readProblem?: string;
  /** Its size, when the bytes were not kept (too large). */
  size?: number;
}

/** Phases take these shares of the bar: reading the zip, checking files, writing rows. */
const PHASE_SPAN = { reading: [0, 0.4], checking: [0.4, 0.7], writing: [0.7, 1] } as const;
const MAX_JOBS = 20;

const newId = (prefix: 'up' | 'job'): string => `${prefix}-${randomBytes(12).toString('base64url')}`;

/** "Eastern Front, 1944" → "Eastern Front 1944.gfpack" (the app's one file-name helper). */
export function packFileName(name: string): string {
  return fileNameFor(name, 'gfpack', [], 'scenario-pack');
}

function problemInfo(p: PackProblem): PackProblemInfo {
  const out: PackProblemInfo = { message: p.message };
  if (p.file !== undefined) out.file = p.file;
  if (p.pointer !== undefined) out.pointer = p.pointer;
  if (p.notAPack) out.notAPack = true;
  return out;
}

function packIssues(problems: readonly PackProblem[]): Issue[] {
  return problems.map((p) => ({ pointer: p.pointer ?? '', message: p.message }));
}

export function createPackService(library: Library, options: PackServiceOptions = {}): PackService {
  const limits = options.limits ?? DEFAULT_LIMITS;
  const maxStaged = options.maxStaged ?? 4;
  const staged = new Map<string, Staged>();
  const jobs = new Map<string, PackJobStatus>();

  function stage(entry: Staged): string {
    const id = newId('up');
    staged.set(id, entry);
    // Maps keep insertion order, so the first key is the oldest.
    while (staged.size > maxStaged) staged.delete(staged.keys().next().value!);
    return id;
  }

  function take(uploadId: string): Staged {
    const entry = staged.get(uploadId);
    if (!entry) throw new HostError({ code: 'not-found', message: 'That pack is no longer open for import; choose the file again.' });
    return entry;
  }

  async function preview(uploadId: string): Promise<PackPreview> {
    const entry = take(uploadId);
    const base = { uploadId, fileName: entry.fileName, bytes: entry.bytes?.length ?? entry.size ?? 0 };
    if (!entry.bytes) return { ...base, items: [], problems: [{ message: entry.readProblem ?? 'The pack could not be read' }], warnings: [] };
    const inspection = await inspectPack(entry.bytes, { limits, library });
    return describe(base, inspection);
  }

  function describe(base: Pick<PackPreview, 'uploadId' | 'fileName' | 'bytes'>, inspection: PackInspection): PackPreview {
    const out: PackPreview = { ...base, items: [], problems: inspection.problems.map(problemInfo), warnings: inspection.warnings.map(problemInfo) };
    const manifest = inspection.manifest;
    if (!manifest) return out;
    out.manifest = {
      name: manifest.name,
      version: manifest.version,
      author: manifest.author,
      description: manifest.description,
      created: manifest.created,
      appVersion: manifest.appVersion,
    };
    const conflicts = new Map((inspection.conflicts ?? findConflicts(manifest.scenarios, library)).map((c) => [c.id, c]));
    out.items = manifest.scenarios.map((s) => {
      const item: PackPreview['items'][number] = { id: s.id, title: s.title, file: s.file, hasThumbnail: !!s.thumbnail, extras: s.extras?.length ?? 0 };
      const c = conflicts.get(s.id);
      if (c) item.conflict = { libraryTitle: c.libraryTitle, trashed: c.trashed, updated: c.updated };
      return item;
    });
    return out;
  }

  function remember(status: PackJobStatus): void {
    jobs.set(status.jobId, status);
    while (jobs.size > MAX_JOBS) jobs.delete(jobs.keys().next().value!);
  }

  async function runImport(jobId: string, uploadId: string, bytes: Buffer, choices: Record<string, 'keepBoth' | 'replace' | 'skip'>): Promise<void> {
    const update = (patch: Partial<PackJobStatus>) => remember({ ...jobs.get(jobId)!, ...patch });
    try {
      // Inspected again from the bytes: the import rests on its own checks, not on the preview's.
      const inspection = await inspectPack(bytes, {
        limits,
        onProgress: ({ phase, done, total }) => {
          const [from, to] = PHASE_SPAN[phase];
          update({ phase, done, total, fraction: from + (to - from) * (total ? done / total : 1) });
        },
      });
      const result = await importPack(inspection, library, {
        onConflict: choices,
        onProgress: ({ phase, done, total }) => {
          const [from, to] = PHASE_SPAN[phase];
          update({ phase, done, total, fraction: from + (to - from) * (total ? done / total : 1) });
        },
      });
      if (!result.ok) {
        update({ phase: 'failed', problems: result.problems.map(problemInfo) });
        return;
      }
      staged.delete(uploadId);
      const stored = storeSavedGames(options.games ?? null, inspection, result.extras);
      update({
        phase: 'done',
        fraction: 1,
        ...(stored.count ? { gamesStored: stored.count } : {}),
        ...(stored.notes.length ? { notes: stored.notes } : {}),
        outcomes: result.outcomes.map((o) => {
          const out: NonNullable<PackJobStatus['outcomes']>[number] = { action: o.action, id: o.id, title: o.title };
          if (o.idChangedFrom) out.idChangedFrom = o.idChangedFrom;
          return out;
        }),
      });
    } catch (err) {
      update({ phase: 'failed', problems: [{ message: `The import stopped: ${err instanceof Error ? err.message : String(err)}; nothing was written.` }] });
    }
  }

  /** The extras asked for with one scenario of an export. */
  async function extrasFor(scenario: Scenario, want: { games: boolean; pdf: boolean; kit: boolean }): Promise<ExportExtra[]> {
    const extras: ExportExtra[] = [];
    if (want.games && options.games) {
      for (const g of options.games.list(scenario.id, 'save')) extras.push({ kind: 'savegame', name: `${g.name}.json`, data: Buffer.from(JSON.stringify(options.games.load(g.id).data)) });
    }
    // The scenario's own cell size on A4, in colour: what the print dialog starts with.
    // Printed on A4 at the scenario's own cell size, and named so.
    const cell = `${scenario.map.cellSize.value} ${scenario.map.cellSize.unit} cells`;
    if (want.pdf) extras.push({ kind: 'print-pdf', name: fileNameFor(scenario.title, 'pdf', ['A4', cell], 'map'), data: await renderPdf(scenario) });
    // The tabletop kit with its defaults (every part, 5/8 in counters, A4); a scenario whose ruleset is unknown has none.
    if (want.kit && declarationOf(scenario)) extras.push({ kind: 'print-pdf', name: fileNameFor(scenario.title, 'pdf', ['tabletop kit', 'A4'], 'kit'), data: await renderKitPdf(scenario) });
    return extras;
  }

  async function readPackFile(file: string): Promise<Staged> {
    const fileName = path.basename(file);
    try {
      const info = await stat(file);
      if (!info.isFile()) return { fileName, bytes: null, readProblem: `${fileName} is not a file` };
      if (info.size > limits.maxPackBytes) return { fileName, bytes: null, readProblem: `${fileName} is ${info.size} bytes; a pack may be at most ${limits.maxPackBytes}` };
      return { fileName, bytes: await readFile(file) };
    } catch (err) {
      return { fileName, bytes: null, readProblem: `${fileName} cannot be read: ${err instanceof Error ? err.message : String(err)}` };
    }
  }

  function stageUpload(fileName: string, upload: PackUpload): Promise<PackPreview> {
    const size = 'bytes' in upload ? upload.bytes.length : upload.tooLarge;
    const entry: Staged =
      'bytes' in upload && size <= limits.maxPackBytes
        ? { fileName, bytes: upload.bytes }
        : { fileName, bytes: null, size, readProblem: `The pack is ${size} bytes; a pack may be at most ${limits.maxPackBytes}` };
    return preview(stage(entry));
  }

  const handlers: PackHandlers = {
    async 'packs.export'({ ids, name, version, author, description, includeThumbnails, includeSavedGames, includePrintPdfs, includeKitPdfs }) {
      if (ids.length === 0) throw new HostError({ code: 'bad-request', message: 'Choose at least one scenario for the pack.' });
      const missing = [...new Set(ids)].filter((id) => library.get(id) === null);
      if (missing.length) throw new HostError({ code: 'not-found', message: `The library has no scenario ${missing.map((id) => `"${id}"`).join(', ')}` });
      let data: Buffer;
      try {
        const want = { games: includeSavedGames === true, pdf: includePrintPdfs === true, kit: includeKitPdfs === true };
        const scenarios = await Promise.all(
          scenariosFromLibrary(library, [...new Set(ids)]).map(async (s) => {
            const extras = await extrasFor(s.json as Scenario, want);
            return { ...s, ...(includeThumbnails ? {} : { thumbnail: null }), ...(extras.length ? { extras } : {}) };
          }),
        );
        const info = { name, version, ...(author ? { author } : {}), ...(description ? { description } : {}) };
        data = await exportPack(info, scenarios, options.appVersion ? { appVersion: options.appVersion } : {});
      } catch (err) {
        if (err instanceof PackError) {
          throw new HostError({ code: 'invalid-document', message: `The pack cannot be made: ${err.problems[0]?.message ?? err.message}`, issues: packIssues(err.problems) });
        }
        throw err;
      }
      const fileName = packFileName(name);
      const scenarios = new Set(ids).size;
      if (!options.chooseSavePath) return { kind: 'data', fileName, mime: 'application/zip', base64: data.toString('base64'), bytes: data.length, scenarios };
      const target = await options.chooseSavePath({ defaultName: fileName, kind: 'gfpack' });
      if (!target) return { kind: 'cancelled' };
      await writeAtomically(target, data);
      return { kind: 'saved', path: target, bytes: data.length, scenarios };
    },

    'packs.stage': ({ fileName, base64 }) => stageUpload(fileName, { bytes: Buffer.from(base64, 'base64') }),

    async 'packs.pick'() {
      if (!options.chooseOpenPath) return { kind: 'no-dialog' };
      const file = await options.chooseOpenPath();
      if (!file) return { kind: 'cancelled' };
      return { kind: 'picked', preview: await preview(stage(await readPackFile(file))) };
    },

    'packs.preview': ({ uploadId }) => preview(uploadId),

    'packs.import'({ uploadId, choices }) {
      const entry = take(uploadId);
      if (!entry.bytes) throw new HostError({ code: 'bad-request', message: entry.readProblem ?? 'The pack could not be read' });
      const jobId = newId('job');
      remember({ jobId, phase: 'queued', done: 0, total: 0, fraction: 0 });
      // Started, not awaited: the page polls packs.progress while it runs.
      void runImport(jobId, uploadId, entry.bytes, choices);
      return { jobId };
    },

    'packs.progress'({ jobId }) {
      const status = jobs.get(jobId);
      if (!status) throw new HostError({ code: 'not-found', message: 'No import with that job id is known (it may be from an earlier session).' });
      return status;
    },

    'packs.discard'({ uploadId }) {
      staged.delete(uploadId);
    },
  };

  return {
    handlers,
    async stagePath(file) {
      return preview(stage(await readPackFile(file)));
    },
    stageUpload,
    maxPackBytes: limits.maxPackBytes,
  };
}
