// The example scenarios shipped with the app: `scenarios/*.json`, each checked against the
// schema before anyone sees it. Plain Node (no Electron), so it runs in the web host and in
// tests. Files that fail to parse or validate are left out of the list and reported, never
// thrown at the caller: one broken example must not hide the others.
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { HostError, type BundledScenario, type BundledScenarioSummary, type Issue } from '../../shared/host/contract.js';
import type { Scenario } from '../../shared/format/scenario.types.js';
import { validateScenario } from '../../shared/format/validate.js';
import { summarizeScenario } from './summary.js';

export interface BundledProblem {
  fileName: string;
  message: string;
  issues: Issue[];
}

export interface BundledScenariosOptions {
  /** Folder holding the bundled `*.json` scenarios. */
  dir: string;
  /** Told about each file left out (bad JSON, schema failure, duplicate id). */
  onProblem?: (problem: BundledProblem) => void;
}

export interface BundledScenarios {
  list(): Promise<BundledScenarioSummary[]>;
  get(id: string): Promise<BundledScenario>;
  /** Files left out at the last scan, and why. */
  problems(): Promise<BundledProblem[]>;
}

interface Loaded {
  fileName: string;
  stamp: string;
  scenario?: Scenario;
  problem?: BundledProblem;
}

export function createBundledScenarios(options: BundledScenariosOptions): BundledScenarios {
  // Parsing and validating a large map is the slow part; redo it only when a file changes.
  const cache = new Map<string, Loaded>();
  const reported = new Set<string>();

  async function load(fileName: string): Promise<Loaded> {
    const full = path.join(options.dir, fileName);
    const info = await stat(full);
    const stamp = `${info.mtimeMs}:${info.size}`;
    const cached = cache.get(fileName);
    if (cached && cached.stamp === stamp) return cached;

    let loaded: Loaded;
    try {
      const text = await readFile(full, 'utf8');
      let data: unknown;
      try {
        data = JSON.parse(text);
      } catch (err) {
        throw new Error(`${fileName} is not readable JSON: ${(err as Error).message}`);
      }
      const result = validateScenario(data);
      const errors = result.issues.filter((i) => i.severity === 'error');
      if (result.ok) {
        loaded = { fileName, stamp, scenario: result.value };
      } else {
        const first = errors[0];
        loaded = {
          fileName,
          stamp,
          problem: {
            fileName,
            message: first
              ? `${fileName} does not match the scenario format: ${first.pointer || '(document)'} ${first.message}`
              : `${fileName} does not match the scenario format`,
            issues: errors,
          },
        };
      }
    } catch (err) {
      // Unreadable file, bad JSON, or a validator that threw: leave the file out, say why.
      const message = err instanceof Error && err.message.startsWith(fileName) ? err.message : `${fileName} could not be loaded: ${String(err)}`;
      loaded = { fileName, stamp, problem: { fileName, message, issues: [] } };
    }
    cache.set(fileName, loaded);
    return loaded;
  }

  async function scan(): Promise<{ valid: { fileName: string; scenario: Scenario }[]; problems: BundledProblem[] }> {
    let names: string[];
    try {
      names = (await readdir(options.dir)).filter((n) => n.toLowerCase().endsWith('.json')).sort();
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return { valid: [], problems: [] };
      throw err;
    }
    const valid: { fileName: string; scenario: Scenario }[] = [];
    const problems: BundledProblem[] = [];
    const seen = new Map<string, string>();
    for (const loaded of await Promise.all(names.map(load))) {
      if (loaded.problem) {
        problems.push(loaded.problem);
        continue;
      }
      const scenario = loaded.scenario!;
      const first = seen.get(scenario.id);
      if (first) {
        problems.push({ fileName: loaded.fileName, message: `${loaded.fileName} repeats scenario id "${scenario.id}" already used by ${first}`, issues: [{ pointer: '/id', message: 'duplicate id' }] });
        continue;
      }
      seen.set(scenario.id, loaded.fileName);
      valid.push({ fileName: loaded.fileName, scenario });
    }
    for (const problem of problems) {
      const key = `${problem.fileName}:${problem.message}`;
      if (!reported.has(key)) {
        reported.add(key);
        options.onProblem?.(problem);
      }
    }
    return { valid, problems };
  }

  return {
    async list() {
      const { valid } = await scan();
      return valid.map(({ fileName, scenario }) => ({ ...summarizeScenario(scenario), fileName }));
    },
    async get(id) {
      const { valid } = await scan();
      const found = valid.find((entry) => entry.scenario.id === id);
      if (!found) throw new HostError({ code: 'not-found', message: `No bundled scenario has the id "${id}".` });
      return { fileName: found.fileName, scenario: found.scenario };
    },
    async problems() {
      return (await scan()).problems;
    },
  };
}
