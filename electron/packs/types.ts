// Shapes shared by the pack reader, inspector, importer and command line.
import type { BatchImportOutcome, ConflictChoice } from '../library/index.js';
import type { PackExtra, PackManifest } from '../../shared/format/pack-manifest.types.js';
import type { Scenario } from '../../shared/format/scenario.types.js';

export type { ConflictChoice };

/** One reason a pack cannot be imported: which file, where in it, and what. */
export interface PackProblem {
  /** The file inside the pack ("manifest.json", "scenarios/kursk.json"); absent for the pack as a whole. */
  file?: string;
  /** JSON pointer inside that file. */
  pointer?: string;
  message: string;
  /** The file is not a pack at all (a PDF, an image, a scenario file), rather than a damaged or hostile one. */
  notAPack?: true;
}

/** An entry of the zip's central directory, as the archive declares it. */
export interface PackEntry {
  name: string;
  /** Declared uncompressed size in bytes. */
  size: number;
  compressedSize: number;
}

export interface InspectedExtra {
  kind: PackExtra['kind'];
  file: string;
  data: Buffer;
}

/** A scenario of the pack whose file, checksum and content all checked out. */
export interface InspectedScenario {
  id: string;
  title: string;
  file: string;
  sha256: string;
  document: Scenario;
  thumbnail?: Buffer;
  extras: InspectedExtra[];
}

/** An id of the pack that the library already holds. */
export interface PackConflict {
  id: string;
  packTitle: string;
  libraryTitle: string;
  /** The library's copy is in the trash. */
  trashed: boolean;
  /** When the library's copy was last changed (ms since the epoch). */
  updated: number;
}

export interface PackInspection {
  manifest?: PackManifest;
  entries: PackEntry[];
  /** Every reason not to import; an importable pack has none. */
  problems: PackProblem[];
  /** Design advice from the scenario checks; never blocks an import. */
  warnings: PackProblem[];
  scenarios: InspectedScenario[];
  /** Only when a library was given. */
  conflicts?: PackConflict[];
}

export type PackProgress = (event: { phase: 'reading' | 'checking' | 'writing'; done: number; total: number }) => void;

export type ImportPackResult =
  | {
      ok: true;
      outcomes: BatchImportOutcome[];
      /** Print PDFs and saved games that came with the scenarios; the library does not store them. */
      extras: (InspectedExtra & { scenarioId: string })[];
      warnings: PackProblem[];
    }
  | { ok: false; problems: PackProblem[] };
