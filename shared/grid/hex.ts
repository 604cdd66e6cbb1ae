// Cube/axial helpers shared by hex grids and the brick grid (a pointy hex grid drawn with
// square cells). Axial (q,r) with s = -q-r implied.

export interface Axial {
  q: number;
  r: number;
}

export function hexDistance(dq: number, dr: number): number {
  return (Math.abs(dq) + Math.abs(dr) + Math.abs(dq + dr)) / 2;
}

/** Round fractional cube coordinates to the containing hex; writes into `out`. */
export function cubeRound(qf: number, rf: number, out: Axial): Axial {
  const sf = -qf - rf;
  let q = Math.round(qf);
  let r = Math.round(rf);
  const s = Math.round(sf);
  const dq = Math.abs(q - qf);
  const dr = Math.abs(r - rf);
  const ds = Math.abs(s - sf);
  // Reset the component with the largest rounding error so that q + r + s stays 0.
  if (dq > dr && dq > ds) q = -r - s;
  else if (dr > ds) r = -q - s;
  out.q = q + 0; // `+ 0` turns -0 into 0
  out.r = r + 0;
  return out;
}

/**
 * Axial cells on the straight line from a to b, inclusive. The end points are nudged by a
 * tiny amount so that a line running exactly along a side picks one side consistently.
 */
export function hexLine(a: Axial, b: Axial): Axial[] {
  const n = hexDistance(b.q - a.q, b.r - a.r);
  if (n === 0) return [{ q: a.q, r: a.r }];
  const aq = a.q + 1e-6;
  const ar = a.r + 2e-6;
  const bq = b.q + 1e-6;
  const br = b.r + 2e-6;
  const out: Axial[] = [];
  for (let i = 0; i <= n; i++) {
    const t = i / n;
    out.push(cubeRound(aq + (bq - aq) * t, ar + (br - ar) * t, { q: 0, r: 0 }));
  }
  return out;
}
