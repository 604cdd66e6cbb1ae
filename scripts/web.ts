// `npm run web [-- --port N --data-dir DIR]`: serves the built renderer and the host API
// on http://127.0.0.1 (browser mode). Port 0 picks a free port; the URL is printed.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { parseWebArgs, startWebHost } from '../electron/web/main.js';
import { appPaths } from '../electron/paths.js';

async function main(): Promise<void> {
  let args;
  try {
    args = parseWebArgs(process.argv.slice(2));
  } catch (err) {
    console.error((err as Error).message);
    process.exit(2);
  }
  const paths = appPaths();
  if (!existsSync(path.join(paths.renderer, 'index.html'))) {
    console.error(`The renderer is not built yet (no ${path.relative(process.cwd(), paths.renderer) || paths.renderer}/index.html). Run "npm run build:renderer" first.`);
    process.exit(1);
  }
  const { server, host, dataDir } = await startWebHost({ port: args.port, dataDir: args.dataDir });
  console.log(`Gridfront is running at ${server.url} (data in ${dataDir})`);

  let closing = false;
  const stop = (): void => {
    if (closing) return;
    closing = true;
    void Promise.all([server.close(), host.close()]).finally(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((err: unknown) => {
  const code = (err as NodeJS.ErrnoException).code;
  if (code === 'EADDRINUSE') console.error(`That port is already in use; pass another with --port N (or --port 0 for any free port).`);
  else console.error(err);
  process.exit(1);
});
