// For tests of code that uses lib/newest-worker.ts: a stand-in worker that keeps what it is
// sent, so the test answers when and how it likes.
import type { NewestReply, NewestRequest } from './newest-worker.js';

export class FakeWorker<Req, Ans> {
  sent: NewestRequest<Req>[] = [];
  terminated = false;
  onmessage: ((e: MessageEvent<NewestReply<Ans>>) => void) | null = null;
  onerror: ((e: ErrorEvent) => void) | null = null;
  postMessage(m: NewestRequest<Req>) {
    this.sent.push(m);
  }
  terminate() {
    this.terminated = true;
  }
  reply(m: NewestReply<Ans>) {
    this.onmessage!({ data: m } as MessageEvent<NewestReply<Ans>>);
  }
  fail() {
    this.onerror!({ preventDefault() {} } as ErrorEvent);
  }
}

/** A worker factory for the code under test, and the workers it made. */
export function fakeWorkers<Req, Ans>() {
  const workers: FakeWorker<Req, Ans>[] = [];
  const make = () => {
    const w = new FakeWorker<Req, Ans>();
    workers.push(w);
    return w as unknown as Worker;
  };
  return { workers, make };
}
