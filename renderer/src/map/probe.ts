// The map's frame probe for benchmarks: per animation frame, the interval since the last one
// and the main-thread time spent in the methods named (nested calls count once). Methods are
// wrapped on the instances only while probing.

export interface FrameProbe {
  stop(): { work: number[]; intervals: number[] };
}

export function frameProbe(targets: readonly (readonly [object, string])[]): FrameProbe {
  let work = 0;
  let depth = 0;
  const works: number[] = [];
  const intervals: number[] = [];
  const restores: (() => void)[] = [];
  for (const [obj, key] of targets) {
    const target = obj as Record<string, (...a: unknown[]) => unknown>;
    const orig = target[key]!;
    target[key] = function (this: unknown, ...a: unknown[]) {
      const t = performance.now();
      depth++;
      try {
        return orig.apply(this, a);
      } finally {
        if (--depth === 0) work += performance.now() - t;
      }
    };
    restores.push(() => {
      delete target[key];
      if (target[key] !== orig) target[key] = orig;
    });
  }
  let running = true;
  let last = performance.now();
  const tick = (t: number) => {
    if (!running) return;
    intervals.push(t - last);
    works.push(work);
    last = t;
    work = 0;
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
  return {
    stop() {
      running = false;
      for (const f of restores) f();
      return { work: works.slice(1), intervals: intervals.slice(1) };
    },
  };
}
