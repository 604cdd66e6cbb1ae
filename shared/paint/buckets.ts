// A uniform grid of buckets one cell wide over boxes in cell units: the name placers' index for
// "which boxes meet this one" (place-names.ts on cell grids, network-names.ts on networks).

/** A box in cell units. */
export interface Box {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** Things in a grid of buckets one cell wide, found by the boxes they touch. */
export class Buckets<T extends Box> {
  private readonly map = new Map<number, T[]>();
  private key(i: number, j: number): number {
    return (i + 32768) * 65536 + (j + 32768);
  }
  add(b: T): void {
    for (let i = Math.floor(b.x0); i <= Math.floor(b.x1); i++)
      for (let j = Math.floor(b.y0); j <= Math.floor(b.y1); j++) {
        const k = this.key(i, j);
        const list = this.map.get(k);
        if (list) list.push(b);
        else this.map.set(k, [b]);
      }
  }
  /** Each stored thing whose box meets `b`, once. */
  near(b: Box, each: (t: T) => void): void {
    const seen = new Set<T>();
    for (let i = Math.floor(b.x0); i <= Math.floor(b.x1); i++)
      for (let j = Math.floor(b.y0); j <= Math.floor(b.y1); j++)
        for (const t of this.map.get(this.key(i, j)) ?? []) {
          if (seen.has(t) || t.x1 < b.x0 || t.x0 > b.x1 || t.y1 < b.y0 || t.y0 > b.y1) continue;
          seen.add(t);
          each(t);
        }
  }
  /** Area of `b` covered by the stored boxes (overlaps counted per box). */
  overlap(b: Box): number {
    let area = 0;
    this.near(b, (o) => {
      const w = Math.min(b.x1, o.x1) - Math.max(b.x0, o.x0);
      const h = Math.min(b.y1, o.y1) - Math.max(b.y0, o.y0);
      if (w > 0 && h > 0) area += w * h;
    });
    return area;
  }
}
