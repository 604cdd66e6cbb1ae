// A uniform bucket grid over a network map, so that "which position is under the pointer"
// and "which link is nearest" look at a few nearby shapes instead of all of them. Items are
// boxes (a position's drawn shape, one segment of a link's line) registered in every bucket
// they overlap.
import type { Point, Rect } from './types.js';

export class BucketIndex {
  private readonly cols: number;
  private readonly rows: number;
  private readonly buckets: number[][];

  /** `area` is the map's extent (items outside it are clamped to its border buckets). */
  constructor(
    private readonly area: Rect,
    private readonly cell: number,
  ) {
    this.cols = Math.max(1, Math.min(1024, Math.ceil(area.width / cell)));
    this.rows = Math.max(1, Math.min(1024, Math.ceil(area.height / cell)));
    this.buckets = Array.from({ length: this.cols * this.rows }, () => []);
  }

  private col(x: number): number {
    return Math.min(this.cols - 1, Math.max(0, Math.floor((x - this.area.x) / this.cell)));
  }

  private row(y: number): number {
    return Math.min(this.rows - 1, Math.max(0, Math.floor((y - this.area.y) / this.cell)));
  }

  add(item: number, box: Rect): void {
    const c1 = this.col(box.x + box.width);
    const r1 = this.row(box.y + box.height);
    for (let r = this.row(box.y); r <= r1; r++) for (let c = this.col(box.x); c <= c1; c++) this.buckets[r * this.cols + c]!.push(item);
  }

  /** Items registered in the bucket holding p (a point outside the area asks its nearest border bucket). */
  at(p: Point): readonly number[] {
    return this.buckets[this.row(p.y) * this.cols + this.col(p.x)]!;
  }

  /**
   * The item nearest p by `distance`, searching rings of buckets outwards until no farther
   * ring can hold anything nearer; null when the index is empty.
   */
  nearest(p: Point, distance: (item: number) => number): { item: number; distance: number } | null {
    const pc = Math.floor((p.x - this.area.x) / this.cell);
    const pr = Math.floor((p.y - this.area.y) / this.cell);
    // Rings beyond this one lie wholly outside the grid.
    const last = Math.max(Math.abs(pc), Math.abs(pc - this.cols + 1), Math.abs(pr), Math.abs(pr - this.rows + 1));
    let best: { item: number; distance: number } | null = null;
    const seen = new Set<number>();
    for (let k = 0; k <= last; k++) {
      for (let r = pr - k; r <= pr + k; r++) {
        if (r < 0 || r >= this.rows) continue;
        const ring = r === pr - k || r === pr + k;
        for (let c = pc - k; c <= pc + k; c += ring ? 1 : 2 * k) {
          if (c >= 0 && c < this.cols) {
            for (const item of this.buckets[r * this.cols + c]!) {
              if (seen.has(item)) continue;
              seen.add(item);
              const d = distance(item);
              if (!best || d < best.distance || (d === best.distance && item < best.item)) best = { item, distance: d };
            }
          }
          if (k === 0) break;
        }
      }
      // Anything not yet seen lies outside the square of buckets within ring k, so at least
      // k cells away from p (p lies inside the square's centre bucket).
      if (best && best.distance <= k * this.cell) break;
    }
    return best;
  }
}
