// The one small seeded random source (mulberry32) for bots, test maps and benchmarks: the same
// seed gives the same stream on every platform. Rules dice have their own (shared/rules).

/** mulberry32: a small, fast 32-bit generator; `next()` is uniform in [0, 1). */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
