// Work done on a web worker where only the newest request matters: the checks of a scenario
// being edited, the print layout of a form being filled in. Each request gets a number; an
// answer for an older number is dropped. Where there is no Worker (unit tests in Node), one
// cannot be made or sent the request, or it fails, the work is done here on the page instead,
// so a request always gets its answer (or null when a newer request or dispose replaced it).
//
// Messages: in {seq, request}; out {seq, answer} or {seq, error}.

export interface NewestRequest<Req> {
  seq: number;
  request: Req;
}

export type NewestReply<Ans> = { seq: number; answer: Ans } | { seq: number; error: string };

export type MakeWorker = () => Worker;

export interface NewestWorkerOptions<Req, Ans> {
  /** The work itself: what the worker runs, and what runs here when it cannot. */
  compute: (request: Req) => Ans;
  /** Makes the worker; null where there is none. */
  makeWorker: MakeWorker | null;
  /**
   * Whether a new request stops the worker still busy with an older one (a long layout for an
   * outdated form) rather than letting it finish and dropping its answer (quick checks).
   */
  stopOlder: boolean;
}

interface Pending<Req, Ans> {
  seq: number;
  request: Req;
  done: (answer: Ans | null) => void;
}

export class NewestWorker<Req, Ans> {
  private worker: Worker | null = null;
  private seq = 0;
  private pending: Pending<Req, Ans> | null = null;

  constructor(private readonly options: NewestWorkerOptions<Req, Ans>) {}

  /** The request whose answer is awaited, if any. */
  get awaited(): Req | null {
    return this.pending?.request ?? null;
  }

  /**
   * Starts `request`; `done` is called once, with its answer, or with null when a newer request
   * or dispose replaces it first. Without a worker the answer comes before this returns.
   */
  run(request: Req, done: (answer: Ans | null) => void): void {
    this.replace();
    const seq = ++this.seq;
    this.pending = { seq, request, done };
    const worker = this.ensureWorker();
    if (worker) {
      try {
        worker.postMessage({ seq, request } satisfies NewestRequest<Req>);
        return;
      } catch {
        // Something the worker cannot be sent (it should always be plain data): work here.
      }
    }
    this.answer(seq, this.options.compute(request));
  }

  /** The same as `run`, as a promise. */
  ask(request: Req): Promise<Ans | null> {
    return new Promise((resolve) => this.run(request, resolve));
  }

  /** Drops any answer still due and stops the worker (it is made again when needed). */
  dispose(): void {
    this.seq++;
    const p = this.pending;
    this.pending = null;
    this.stopWorker();
    p?.done(null);
  }

  /** A new request is coming: the one still due, if any, will never be answered. */
  private replace(): void {
    const p = this.pending;
    if (!p) return;
    this.pending = null;
    if (this.options.stopOlder) this.stopWorker();
    p.done(null);
  }

  private stopWorker(): void {
    this.worker?.terminate();
    this.worker = null;
  }

  private ensureWorker(): Worker | null {
    if (this.worker || !this.options.makeWorker) return this.worker;
    try {
      const worker = this.options.makeWorker();
      worker.onmessage = (e: MessageEvent<NewestReply<Ans>>) => this.reply(e.data);
      worker.onerror = (e) => {
        e.preventDefault();
        this.fallBack();
      };
      this.worker = worker;
    } catch {
      this.worker = null;
    }
    return this.worker;
  }

  private reply(m: NewestReply<Ans>): void {
    if (m.seq !== this.seq || !this.pending) return;
    if ('error' in m) this.fallBack();
    else this.answer(m.seq, m.answer);
  }

  /** The worker failed: answer the newest request here, and make a fresh worker next time. */
  private fallBack(): void {
    this.stopWorker();
    const p = this.pending;
    if (p) this.answer(p.seq, this.options.compute(p.request));
  }

  private answer(seq: number, answer: Ans): void {
    const p = this.pending;
    if (!p || seq !== this.seq || p.seq !== seq) return;
    this.pending = null;
    p.done(answer);
  }
}

/** The worker's side: answers each request with `compute`, or with the error it threw. */
export function serveNewest<Req, Ans>(compute: (request: Req) => Ans): void {
  const scope = self as unknown as Worker;
  scope.onmessage = (e: MessageEvent<NewestRequest<Req>>) => {
    const { seq, request } = e.data;
    let reply: NewestReply<Ans>;
    try {
      reply = { seq, answer: compute(request) };
    } catch (err) {
      reply = { seq, error: err instanceof Error ? err.message : String(err) };
    }
    scope.postMessage(reply);
  };
}
