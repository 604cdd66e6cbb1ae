// Runs a command-line script's exported `main(argv)` inside the test process, as its spawned
// process would run it, and collects what it prints. Each spawn of a TypeScript script pays
// tsx's start-up (a second or more on a loaded 2-core machine), so a CLI's tests run most of
// their cases this way and keep one real spawn that proves the script's entry point and exit
// code. Calls are queued: the console is borrowed by one run at a time.
import { format } from 'node:util';

export interface CliRun {
  code: number;
  /** What the script printed with console.log / console.info / process.stdout.write. */
  out: string;
  /** What it printed with console.error / console.warn / process.stderr.write. */
  err: string;
}

type Main = (argv: string[]) => Promise<number> | number;

let queue: Promise<unknown> = Promise.resolve();

export function runInProcess(main: Main, argv: string[]): Promise<CliRun> {
  const run = queue.then(() => capture(main, argv));
  queue = run.catch(() => undefined);
  return run;
}

async function capture(main: Main, argv: string[]): Promise<CliRun> {
  let out = '';
  let err = '';
  const saved = {
    log: console.log,
    info: console.info,
    error: console.error,
    warn: console.warn,
    stdout: process.stdout.write,
    stderr: process.stderr.write,
  };
  const line = (...args: unknown[]): string => `${format(...args)}\n`;
  console.log = (...args: unknown[]) => void (out += line(...args));
  console.info = console.log;
  console.error = (...args: unknown[]) => void (err += line(...args));
  console.warn = console.error;
  const chunk = (data: unknown): string => (typeof data === 'string' ? data : Buffer.from(data as Uint8Array).toString());
  process.stdout.write = ((data: unknown) => ((out += chunk(data)), true)) as typeof process.stdout.write;
  process.stderr.write = ((data: unknown) => ((err += chunk(data)), true)) as typeof process.stderr.write;
  try {
    const code = await main(argv);
    return { code, out, err };
  } finally {
    console.log = saved.log;
    console.info = saved.info;
    console.error = saved.error;
    console.warn = saved.warn;
    process.stdout.write = saved.stdout;
    process.stderr.write = saved.stderr;
  }
}
