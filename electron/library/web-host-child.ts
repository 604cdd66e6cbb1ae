// Starts the real web host (router, handlers, library) on a free port for the crash
// recovery test, which kills this process with SIGKILL. Prints {"url": ...} when ready.
// Usage: node --import tsx web-host-child.ts <dataDir> <staticDir> <scenariosDir>
import { startWebHost } from '../web/main.js';

const [dataDir, staticDir, scenariosDir] = process.argv.slice(2);
if (!dataDir || !staticDir || !scenariosDir) {
  console.error('usage: web-host-child.ts <dataDir> <staticDir> <scenariosDir>');
  process.exit(2);
}
const { server } = await startWebHost({ port: 0, dataDir, staticDir, scenariosDir });
console.log(JSON.stringify({ url: server.url }));
