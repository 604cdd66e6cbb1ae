// What `npm test` needs from the machine besides npm packages, in one place: Debian's
// Chromium (the end-to-end tests), the DejaVu fonts (PDF text metrics) and Tiled's tmxrasterizer
// (renders exported Tiled maps for a check). PDFs are checked with pdf.js on the Skia canvas (npm
// packages), so poppler is not needed. `npm test` and `.ci/run` run this first. Missing ones are
// installed with apt-get on Debian/Ubuntu (as root, or through `sudo -n`); otherwise it stops
// before anything runs, with one sentence naming what to install.
//
//   npx tsx scripts/prerequisites.ts      exit 0 when everything is there (installed if need be)
//
// GRIDFRONT_CHROMIUM names another Chromium (playwright.config.ts uses the same variable).
import { spawnSync } from 'node:child_process';
import { accessSync, constants, existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export interface Prerequisite {
  /** What it is for, in the sentence a person reads. */
  what: string;
  /** The Debian/Ubuntu package that provides it. */
  debianPackage: string;
  /** Whether this machine has it. */
  present(env: NodeJS.ProcessEnv): boolean;
}

export const DEFAULT_CHROMIUM = '/usr/bin/chromium';
export const chromiumPath = (env: NodeJS.ProcessEnv = process.env): string => env.GRIDFRONT_CHROMIUM || DEFAULT_CHROMIUM;

const executable = (file: string): boolean => {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
};

/** The first `name` on the PATH that can be run, or null. */
export function onPath(name: string, env: NodeJS.ProcessEnv): string | null {
  for (const dir of (env.PATH ?? '').split(path.delimiter)) {
    if (dir && executable(path.join(dir, name))) return path.join(dir, name);
  }
  return null;
}

/** The list: add or drop a line here when the tests need something else from the machine. */
export const PREREQUISITES: readonly Prerequisite[] = [
  { what: 'Chromium (the end-to-end tests)', debianPackage: 'chromium', present: (env) => executable(chromiumPath(env)) },
  { what: 'the DejaVu fonts', debianPackage: 'fonts-dejavu-core', present: () => existsSync('/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf') },
  { what: "Tiled's tmxrasterizer (the Tiled export check)", debianPackage: 'tiled', present: (env) => onPath('tmxrasterizer', env) !== null },
];

export interface Machine {
  env: NodeJS.ProcessEnv;
  /** Debian, Ubuntu or a derivative (apt-get can install the packages). */
  debian: boolean;
  root: boolean;
  /** Runs a command; returns its exit code. */
  run(command: string, args: string[]): number;
  log(line: string): void;
}

export function thisMachine(): Machine {
  let release = '';
  try {
    release = readFileSync('/etc/os-release', 'utf8');
  } catch {
    // not Linux, or no os-release
  }
  const debian = existsSync('/etc/debian_version') || /^(ID|ID_LIKE)=.*\b(debian|ubuntu)\b/m.test(release);
  return {
    env: process.env,
    debian,
    root: typeof process.getuid === 'function' && process.getuid() === 0,
    run: (command, args) =>
      spawnSync(command, args, { stdio: ['ignore', 'inherit', 'inherit'], env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } }).status ?? 1,
    log: (line) => console.log(line),
  };
}

const list = (items: string[]): string => (items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`);

/**
 * Makes sure every prerequisite is present, installing the missing ones where it can.
 * Returns null when all are there, else the one sentence to show.
 */
export function ensurePrerequisites(machine: Machine = thisMachine(), wanted: readonly Prerequisite[] = PREREQUISITES): string | null {
  const missing = () => wanted.filter((p) => !p.present(machine.env));
  let need = missing();
  if (need.length === 0) return null;
  const packages = need.map((p) => p.debianPackage);
  const chromiumHint = need.some((p) => p.debianPackage === 'chromium') ? ' (or set GRIDFRONT_CHROMIUM to a Chromium binary)' : '';
  const sentence = (why: string) =>
    `npm test needs ${list(need.map((p) => p.what))}, which ${need.length === 1 ? 'is' : 'are'} missing${why}: install ${list(packages.map((p) => `"${p}"`))} (Debian/Ubuntu: apt-get install ${packages.join(' ')})${chromiumHint} and run it again.`;
  const apt = onPath('apt-get', machine.env);
  if (!machine.debian || !apt) return sentence(' and this is not a Debian or Ubuntu machine where apt-get could install them');
  const sudo = machine.root ? [] : onPath('sudo', machine.env) ? ['sudo', '-n'] : null;
  if (!sudo) return sentence(' and installing needs root (no sudo here)');
  const as = (args: string[]): number => (sudo.length ? machine.run(sudo[0]!, [...sudo.slice(1), ...args]) : machine.run(args[0]!, args.slice(1)));
  machine.log(`Installing what the tests need: ${packages.join(', ')}`);
  if (as([apt, 'update', '-qq']) !== 0 || as([apt, 'install', '-y', '-qq', '--no-install-recommends', ...packages]) !== 0) {
    return sentence(` and apt-get could not install them${sudo.length ? ' (sudo -n needs a password-free sudo)' : ''}`);
  }
  need = missing();
  return need.length === 0 ? null : sentence(' even after apt-get installed their packages');
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const problem = ensurePrerequisites();
  if (problem) {
    console.error(problem);
    process.exit(1);
  }
  console.log(`Prerequisites present: ${PREREQUISITES.map((p) => p.debianPackage).join(', ')}.`);
}
