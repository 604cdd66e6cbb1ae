// `npm run web [-- --port N --data-dir DIR --key K]`: serves the renderer and the host API on
// http://127.0.0.1 (browser mode), building the renderer first when it is missing or stale.
// The default port gives way to the next free one; port 0 picks any free port. Each launch
// makes its own key (--key is for tests); the printed address carries it. `--e2e` serves the
// end-to-end tests' build of the renderer (dist/renderer-e2e, with the page test hook).
import { parseWebArgs } from '../electron/web/main.js';
import { runBrowserMode } from './browser-mode.js';

const argv = process.argv.slice(2);
const e2e = argv.includes('--e2e');
let args;
try {
  args = parseWebArgs(argv.filter((a) => a !== '--e2e'));
} catch (err) {
  console.error((err as Error).message);
  process.exit(2);
}
runBrowserMode(args, e2e ? 'e2e' : 'app').catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
