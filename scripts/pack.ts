// Scenario packs from the command line.
//
//   npm run pack -- export <scenario.json>... --out file.gfpack [--name N] [--version V] [--author A] [--description D]
//   npm run pack -- export --library <dir> <scenario id>... --out file.gfpack [...]   (with thumbnails)
//   npm run pack -- inspect file.gfpack [--library <dir>]   (also lists ids the library already has)
//   npm run pack -- import file.gfpack --library <dir> [--on-conflict keep-both|replace|skip]
//
// Exit codes: 0 done; 1 the pack or a scenario has a problem (every problem is printed, and
// nothing is written: no half pack file, no library change); 2 the command line is wrong.
import { existsSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { openGameStore } from '../electron/library/games.js';
import { LIBRARY_FILE_NAME, openLibrary } from '../electron/library/index.js';
import { storeSavedGames } from '../electron/packs/saved-games.js';
import {
  exportPack,
  findConflicts,
  importPack,
  inspectPack,
  PackError,
  scenariosFromLibrary,
  type ConflictChoice,
  type ExportScenario,
  type PackConflict,
  type PackInspection,
  type PackProblem,
} from '../electron/packs/index.js';

const USAGE = `usage:
  npm run pack -- export <scenario.json>... --out file.gfpack [--name N] [--version V] [--author A] [--description D]
  npm run pack -- export --library <dir> <scenario id>... --out file.gfpack [same options]
  npm run pack -- inspect file.gfpack [--library <dir>]
  npm run pack -- import file.gfpack --library <dir> [--on-conflict keep-both|replace|skip]`;

const CHOICES: Record<string, ConflictChoice> = { 'keep-both': 'keepBoth', replace: 'replace', skip: 'skip' };

class UsageError extends Error {}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

function printProblems(problems: readonly PackProblem[]): void {
  for (const p of problems) console.error(`problem: ${p.message}`);
}

function parse(args: string[], options: NonNullable<ParseArgsConfig['options']>) {
  try {
    return parseArgs({ args, options, allowPositionals: true, strict: true });
  } catch (err) {
    throw new UsageError(err instanceof Error ? err.message : String(err));
  }
}

function fromFiles(files: readonly string[]): ExportScenario[] {
  const problems: PackProblem[] = [];
  const scenarios = files.flatMap((file) => {
    try {
      return [{ json: readFileSync(file, 'utf8') }];
    } catch (err) {
      problems.push({ file, message: `${file}: cannot read the file (${(err as NodeJS.ErrnoException).code ?? String(err)})` });
      return [];
    }
  });
  if (problems.length) throw new PackError(problems);
  return scenarios;
}

function fromLibrary(dir: string, ids: readonly string[]): ExportScenario[] {
  // Opening a library creates it; an export must not, so a missing one is an error.
  if (!existsSync(path.join(dir, LIBRARY_FILE_NAME))) throw new PackError([{ message: `${dir} holds no Gridfront library (${LIBRARY_FILE_NAME})` }]);
  const library = openLibrary({ dir });
  try {
    return scenariosFromLibrary(library, ids);
  } finally {
    library.close();
  }
}

async function exportCommand(args: string[]): Promise<number> {
  const { values, positionals } = parse(args, {
    out: { type: 'string' },
    library: { type: 'string' },
    name: { type: 'string' },
    version: { type: 'string' },
    author: { type: 'string' },
    description: { type: 'string' },
  });
  const out = values.out as string | undefined;
  if (!out) throw new UsageError('export needs --out <file.gfpack>');
  const libraryDir = values.library as string | undefined;
  if (positionals.length === 0) throw new UsageError(`export needs at least one ${libraryDir ? 'scenario id' : 'scenario file'}`);

  let scenarios: ExportScenario[];
  try {
    scenarios = libraryDir ? fromLibrary(libraryDir, positionals) : fromFiles(positionals);
  } catch (err) {
    if (!(err instanceof PackError)) throw err;
    printProblems(err.problems);
    console.error('Nothing was written.');
    return 1;
  }
  let bytes: Buffer;
  try {
    bytes = await exportPack(
      {
        name: (values.name as string | undefined) ?? path.basename(out).replace(/\.gfpack$/i, ''),
        version: (values.version as string | undefined) ?? '1.0.0',
        author: (values.author as string | undefined) ?? '',
        description: (values.description as string | undefined) ?? '',
      },
      scenarios,
    );
  } catch (err) {
    if (!(err instanceof PackError)) throw err;
    // Problems name "scenario N"; say which file that was.
    printProblems(err.problems.map((p) => ({ ...p, message: p.message.replace(/^scenario (\d+)/, (m, n: string) => positionals[Number(n) - 1] ?? m) })));
    console.error('Nothing was written.');
    return 1;
  }
  // Write beside the target, then rename: a failure never leaves half a pack behind.
  const temp = `${out}.${process.pid}.part`;
  try {
    writeFileSync(temp, bytes);
    renameSync(temp, out);
  } catch (err) {
    rmSync(temp, { force: true });
    console.error(`problem: cannot write ${out} (${err instanceof Error ? err.message : String(err)})`);
    return 1;
  }
  console.log(`Wrote ${out}: ${plural(scenarios.length, 'scenario')}, ${bytes.length} bytes.`);
  return 0;
}

function printSummary(inspection: PackInspection): void {
  const m = inspection.manifest;
  if (!m) {
    console.log(`No readable manifest; ${plural(inspection.entries.length, 'entry')} in the archive.`);
    return;
  }
  console.log(`${m.name} ${m.version}${m.author ? ` by ${m.author}` : ''}`);
  if (m.description) console.log(m.description);
  console.log(`created ${m.created} with Gridfront ${m.appVersion}; scenario format ${m.scenarioFormatVersion}; ${plural(inspection.entries.length, 'file')}`);
  for (const s of m.scenarios) {
    const extras = [s.thumbnail ? 'thumbnail' : '', ...(s.extras ?? []).map((x) => x.kind)].filter(Boolean);
    console.log(`  ${s.id}  "${s.title}"  ${s.file}${extras.length ? `  (+ ${extras.join(', ')})` : ''}`);
  }
}

function printConflicts(conflicts: readonly PackConflict[], print: (line: string) => void): void {
  for (const c of conflicts) {
    const where = c.trashed ? ' in the trash' : '';
    print(`conflict: the library already has "${c.id}"${where} ("${c.libraryTitle}"); the pack's is "${c.packTitle}"`);
  }
}

async function inspectCommand(args: string[]): Promise<number> {
  const { values, positionals } = parse(args, { library: { type: 'string' } });
  if (positionals.length !== 1) throw new UsageError('inspect needs exactly one pack file');
  const inspection = await inspectPack(positionals[0]!);
  printSummary(inspection);
  const dir = values.library as string | undefined;
  if (dir) {
    if (!existsSync(path.join(dir, LIBRARY_FILE_NAME))) throw new UsageError(`${dir} holds no Gridfront library (${LIBRARY_FILE_NAME})`);
    const library = openLibrary({ dir });
    try {
      printConflicts(findConflicts(inspection.scenarios, library), console.log);
    } finally {
      library.close();
    }
  }
  for (const w of inspection.warnings) console.log(`warning: ${w.message}`);
  printProblems(inspection.problems);
  if (inspection.problems.length) {
    console.error(`${plural(inspection.problems.length, 'problem')}: this pack cannot be imported.`);
    return 1;
  }
  console.log('No problems: the pack can be imported.');
  return 0;
}

async function importCommand(args: string[]): Promise<number> {
  const { values, positionals } = parse(args, { library: { type: 'string' }, 'on-conflict': { type: 'string' } });
  if (positionals.length !== 1) throw new UsageError('import needs exactly one pack file');
  const dir = values.library as string | undefined;
  if (!dir) throw new UsageError('import needs --library <dir>');
  const flag = values['on-conflict'] as string | undefined;
  const choice = flag === undefined ? undefined : CHOICES[flag];
  if (flag !== undefined && !choice) throw new UsageError(`--on-conflict must be keep-both, replace or skip (not "${flag}")`);

  // Check the whole pack before the library is even opened, so a bad pack creates nothing.
  const inspection = await inspectPack(positionals[0]!);
  printSummary(inspection);
  if (inspection.problems.length) {
    printProblems(inspection.problems);
    console.error(`${plural(inspection.problems.length, 'problem')}: nothing was imported.`);
    return 1;
  }
  const library = openLibrary({ dir });
  try {
    const conflicts = findConflicts(inspection.scenarios, library);
    if (conflicts.length && !choice) {
      printConflicts(conflicts, console.error);
      console.error('Choose what to do with --on-conflict keep-both|replace|skip; nothing was imported.');
      return 1;
    }
    const result = await importPack(inspection, library, choice ? { onConflict: choice } : {});
    if (!result.ok) {
      printProblems(result.problems);
      console.error('Nothing was imported.');
      return 1;
    }
    for (const o of result.outcomes) {
      const detail = o.idChangedFrom ? ` as a copy (its id "${o.idChangedFrom}" was taken)` : '';
      console.log(`${o.action} ${o.id} "${o.title}"${detail}`);
    }
    for (const w of result.warnings) console.log(`warning: ${w.message}`);
    const games = openGameStore(library.path);
    try {
      const stored = storeSavedGames(games, inspection, result.extras);
      if (stored.count) console.log(`stored ${plural(stored.count, 'saved game')} with ${stored.count === 1 ? 'its scenario' : 'their scenarios'}`);
      for (const n of stored.notes) console.log(`not stored: ${n}`);
    } finally {
      games.close();
    }
    for (const x of result.extras) if (x.kind === 'print-pdf') console.log(`not stored: ${x.file} (a print PDF; Gridfront prints from the scenario)`);
    console.log(`Imported ${plural(result.outcomes.filter((o) => o.action !== 'skipped').length, 'scenario')} into ${library.path}.`);
    return 0;
  } finally {
    library.close();
  }
}

export async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  try {
    if (command === 'export') return await exportCommand(rest);
    if (command === 'inspect') return await inspectCommand(rest);
    if (command === 'import') return await importCommand(rest);
    throw new UsageError(command ? `unknown command "${command}"` : 'no command given');
  } catch (err) {
    if (!(err instanceof UsageError)) throw err;
    console.error(`pack: ${err.message}\n${USAGE}`);
    return 2;
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (err: unknown) => {
      console.error(`pack: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
      process.exit(1);
    },
  );
}
