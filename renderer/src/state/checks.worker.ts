// Runs the scenario checks off the page's thread. On a 1000×1000 map they take about half a
// second (the victory-cell reach search, schema validation, every side's checks), which on
// the page would freeze the map shortly after every brush stroke.
// Messages: in {seq, scenario}; out {seq, issues} or {seq, error}.
import { checkScenario } from '../../../shared/scenario/index.js';
import type { ChecksReply, ChecksRequest } from './checks.js';

const post = (m: ChecksReply) => (self as unknown as Worker).postMessage(m);

self.onmessage = (e: MessageEvent<ChecksRequest>) => {
  const { seq, scenario } = e.data;
  try {
    post({ seq, issues: checkScenario(scenario) });
  } catch (err) {
    post({ seq, error: err instanceof Error ? err.message : String(err) });
  }
};
