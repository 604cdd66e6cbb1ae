// Lays print pages out off the page's thread (see print-layout.ts).
// Messages: in {seq, scenario, input}; out {seq, layout}, {seq, problems} or {seq, error}.
import { layoutAnswer, type LayoutReply, type LayoutRequest } from './print-layout.js';

const post = (m: LayoutReply) => (self as unknown as Worker).postMessage(m);

self.onmessage = (e: MessageEvent<LayoutRequest>) => {
  const { seq, scenario, input } = e.data;
  try {
    post({ seq, ...layoutAnswer(scenario, input) });
  } catch (err) {
    post({ seq, error: err instanceof Error ? err.message : String(err) });
  }
};
