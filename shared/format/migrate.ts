// Format migrations: a scenario file from an older format version is brought up to the current
// one step by step (N → N+1) before it is validated. Steps work on plain JSON and never touch
// the caller's object. Format v1 is the first version, so the registry is empty for now.
import { pointer, type ValidationIssue } from './issues.js';
import type { Scenario } from './scenario.types.js';
import { validateScenario } from './validate.js';

export const CURRENT_FORMAT_VERSION = 1;

type JsonObject = Record<string, unknown>;

export interface MigrationStep {
  /** The version this step reads; it produces `from + 1`. */
  readonly from: number;
  /** What changed, for the changelog and the load notes. */
  readonly summary: string;
  /** Returns the document in the next version; `note` records anything the user should know. */
  migrate(doc: JsonObject, note: (text: string) => void): JsonObject;
}

export interface MigrationRegistry {
  readonly current: number;
  readonly steps: readonly MigrationStep[];
}

/** Steps for scenario files (see schemas/CHANGELOG.md). */
export const scenarioMigrations: MigrationRegistry = { current: CURRENT_FORMAT_VERSION, steps: [] };

export interface MigrationResult {
  scenario: unknown;
  from: number;
  to: number;
  notes: string[];
}

/** Why a document cannot be migrated; `pointer` names the offending field. */
export class MigrationError extends Error {
  constructor(
    message: string,
    readonly pointer: string,
  ) {
    super(message);
    this.name = 'MigrationError';
  }
}

const isObject = (v: unknown): v is JsonObject => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Brings a parsed scenario up to the current format version. Throws MigrationError when the
 * document is not an object, has no usable `formatVersion`, is newer than this app, or needs
 * a step the registry lacks. The input is never modified.
 */
export function migrateScenario(json: unknown, registry: MigrationRegistry = scenarioMigrations): MigrationResult {
  if (!isObject(json)) throw new MigrationError('A scenario file must hold a JSON object.', '');
  const version = json.formatVersion;
  const at = pointer('formatVersion');
  if (version === undefined) {
    throw new MigrationError(
      `The file has no "formatVersion", so it cannot be read safely; a scenario file states its format version (currently ${registry.current}).`,
      at,
    );
  }
  if (typeof version !== 'number' || !Number.isInteger(version) || version < 0) {
    throw new MigrationError(`"formatVersion" must be a whole number such as ${registry.current} (found ${JSON.stringify(version)}).`, at);
  }
  if (version > registry.current) {
    throw new MigrationError(
      `This scenario uses format version ${version}, newer than this app reads (${registry.current}); update Gridfront to open it.`,
      at,
    );
  }
  const notes: string[] = [];
  let doc: JsonObject = version === registry.current ? json : (JSON.parse(JSON.stringify(json)) as JsonObject);
  for (let v = version; v < registry.current; v++) {
    const step = registry.steps.find((s) => s.from === v);
    if (!step) throw new MigrationError(`Format version ${v} is not supported: there is no migration from it to ${v + 1}.`, at);
    doc = step.migrate(doc, (text) => notes.push(`v${v}→v${v + 1}: ${text}`));
    doc.formatVersion = v + 1;
  }
  return { scenario: doc, from: version, to: registry.current, notes };
}

export type LoadResult =
  | { ok: true; scenario: Scenario; warnings: ValidationIssue[]; from: number; notes: string[] }
  | { ok: false; issues: ValidationIssue[] };

/** Migrate, then validate: the way every scenario enters the app. Never throws on bad input. */
export function loadScenario(json: unknown, registry: MigrationRegistry = scenarioMigrations): LoadResult {
  let migrated: MigrationResult;
  try {
    migrated = migrateScenario(json, registry);
  } catch (err) {
    if (err instanceof MigrationError) {
      return { ok: false, issues: [{ pointer: err.pointer, message: err.message, severity: 'error' }] };
    }
    const reason = err instanceof Error ? err.message : String(err);
    return { ok: false, issues: [{ pointer: '', message: `The file could not be migrated to the current format (${reason}).`, severity: 'error' }] };
  }
  const result = validateScenario(migrated.scenario);
  if (!result.ok) return { ok: false, issues: result.issues };
  return { ok: true, scenario: result.value, warnings: result.issues, from: migrated.from, notes: migrated.notes };
}
