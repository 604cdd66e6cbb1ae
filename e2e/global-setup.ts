// Before any worker starts its web host: build the end-to-end renderer once if it is missing
// or older than its sources (workers must not race to build it).
import { ensureRenderer } from '../scripts/browser-mode.js';

export default function globalSetup(): void {
  ensureRenderer('e2e');
}
