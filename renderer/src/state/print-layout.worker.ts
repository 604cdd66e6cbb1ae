// Lays print pages out off the page's thread (see print-layout.ts).
import { serveNewest } from '../lib/newest-worker.js';
import { layoutAnswer, type LayoutRequest } from './print-layout.js';

serveNewest(({ scenario, input }: LayoutRequest) => layoutAnswer(scenario, input));
