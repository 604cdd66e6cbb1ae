// The ending every command-line tool shares: run `main`, exit with its code; a usage mistake
// (UsageError, or node:util parseArgs refusing a flag) prints the message and the usage and exits
// 2, bad print options list each field and exit 2, anything else prints its message and exits 1.
import { PrintOptionsError } from '../shared/print/options.js';

/** A mistake in how the tool was called: the message, then the usage. */
export class UsageError extends Error {}

function isParseArgsError(e: unknown): e is Error {
  return e instanceof Error && e.name === 'TypeError' && 'code' in e && String((e as { code: unknown }).code).startsWith('ERR_PARSE_ARGS');
}

export function runCli(name: string, usage: string, main: (argv: string[]) => Promise<number>): void {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (e: unknown) => {
      if (e instanceof UsageError || isParseArgsError(e)) {
        console.error(`${name}: ${e.message}\n\n${usage}`);
        process.exit(2);
      }
      if (e instanceof PrintOptionsError) {
        console.error(`${name}: bad options:`);
        for (const p of e.problems) console.error(`  ${p.field}: ${p.message}`);
        process.exit(2);
      }
      console.error(`${name}: ${e instanceof Error ? e.message : String(e)}`);
      process.exit(1);
    },
  );
}
