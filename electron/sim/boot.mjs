// Worker entry when running from TypeScript sources (npm run sim, tests): registers tsx in
// this thread, then loads the real worker module named in workerData.entry.
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.entry);
