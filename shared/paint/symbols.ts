// Terrain symbols drawn as vectors: trees, marsh and swamp tufts, hills, ridges, mountains,
// town and city blocks, forts, sand and steppe. Each cell gets a scattering of symbols whose
// positions come from a hash of the cell, the type and its seed, so a layout is the same on
// every redraw and in every export. Symbols of one kind are drawn in batches (one path per ink
// for all the cells in view), which keeps a screen tile to a handful of fills and strokes.
import { fmix32 } from '../random.js';
import type { PatternKind, SymbolKind, TerrainLook } from './look.js';
import { darken, lighten, mix, type Surface } from './surface.js';

/** A well-mixed 32-bit hash of two integers (finaliser of MurmurHash3 over a combined key). */
export function hash2(a: number, b: number): number {
  return fmix32(Math.imul(a ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(b + 0x7f4a7c15, 0xc2b2ae35));
}

/** A number from 0 to 1 from a hash. */
const unit = (h: number): number => h / 4294967296;

/** How a symbol kind fills a cell: spacing between symbols (cell sizes) and the free rim. */
const SPACING: Partial<Record<SymbolKind, number>> = {
  trees: 0.15,
  marsh: 0.27,
  swamp: 0.27,
  hills: 0.27,
  mountains: 0.34,
  sand: 0.09,
  steppe: 0.24,
  svg: 0.3,
};

/** Points of a triangular lattice inside a disc of radius `r` (cell units), `spacing` apart, by rows. */
const latticeCache = new Map<string, Float64Array>();
function lattice(spacing: number, r: number): Float64Array {
  const key = `${spacing.toFixed(4)}:${r.toFixed(4)}`;
  let out = latticeCache.get(key);
  if (out) return out;
  const pts: number[] = [];
  const dy = spacing * 0.866;
  for (let j = -Math.ceil(r / dy); j <= Math.ceil(r / dy); j++) {
    const y = j * dy;
    const shift = (j & 1) * spacing * 0.5;
    for (let i = -Math.ceil(r / spacing) - 1; i <= Math.ceil(r / spacing) + 1; i++) {
      const x = i * spacing + shift;
      if (x * x + y * y <= r * r) pts.push(x, y);
    }
  }
  out = Float64Array.from(pts);
  latticeCache.set(key, out);
  return out;
}

/**
 * Where a cell's symbols go, relative to its centre in cell units (x, y, scale per symbol),
 * from back to front. `key` identifies the cell (its index), `salt` the terrain type.
 */
export function placements(kind: SymbolKind, look: TerrainLook, key: number, salt: number, radius = 0.4): number[] {
  const out: number[] = [];
  const h0 = hash2(key, salt + look.seed * 7919);
  const rnd = (k: number) => unit(hash2(h0, k));
  switch (kind) {
    case 'none':
      return out;
    case 'ridge':
    case 'fort':
      out.push((rnd(1) - 0.5) * 0.08, (rnd(2) - 0.5) * 0.06, 1);
      return out;
    case 'town':
    case 'city': {
      // Blocks round the middle: a few for a town, a dense core for a city.
      const n = Math.round((kind === 'city' ? 22 : 6) * look.density);
      const spread = kind === 'city' ? 0.3 : 0.17;
      for (let k = 0; k < n; k++) {
        const a = rnd(10 + k) * Math.PI * 2;
        const d = Math.sqrt(rnd(40 + k)) * spread * (k === 0 ? 0 : 1);
        out.push(Math.cos(a) * d, Math.sin(a) * d * 0.85, 0.75 + rnd(70 + k) * 0.5);
      }
      return out;
    }
    default: {
      const base = SPACING[kind] ?? 0.25;
      const spacing = base / Math.sqrt(look.density);
      const pts = lattice(spacing, radius);
      const jitter = spacing * 0.38;
      // Thin the lattice a little so cells do not look stamped.
      const keep = kind === 'sand' ? 0.8 : 0.86;
      for (let k = 0; k < pts.length; k += 2) {
        if (rnd(100 + k) > keep) continue;
        out.push(pts[k]! + (rnd(200 + k) - 0.5) * 2 * jitter, pts[k + 1]! + (rnd(300 + k) - 0.5) * 2 * jitter, 0.8 + rnd(400 + k) * 0.4);
      }
      return out;
    }
  }
}

/** Symbols in drawing units: x, y, scale per instance, and the cell size they are drawn for. */
export interface SymbolBatch {
  kind: SymbolKind;
  look: TerrainLook;
  /** x, y (drawing units), scale, … */
  at: number[];
  /** cell size across flats, drawing units */
  size: number;
  /** One ink per symbol where there are only a few pixels to show it (no shading). */
  light?: boolean;
}

/** Draws every instance of one kind of symbol for one terrain type, a few paths in all. */
export function drawSymbolBatch(s: Surface, b: SymbolBatch): void {
  const { at, size: S, look } = b;
  const ink = look.symbolColour;
  const n = at.length;
  if (n === 0) return;
  const each = (fn: (x: number, y: number, k: number) => void) => {
    for (let i = 0; i < n; i += 3) fn(at[i]!, at[i + 1]!, at[i + 2]!);
  };
  switch (b.kind) {
    case 'trees': {
      const r = S * 0.052;
      if (b.light) {
        s.fillStyle(mix(ink, look.fill, 0.1));
        each((x, y, k) => s.circle({ x, y }, r * k));
        s.fill();
        return;
      }
      // Shadow, canopy, then a highlight: three fills, so nearer trees overlap farther ones cleanly.
      s.fillStyle(darken(ink, 0.25));
      each((x, y, k) => s.circle({ x: x + r * 0.22 * k, y: y + r * 0.3 * k }, r * k));
      s.fill();
      s.fillStyle(mix(ink, look.fill, 0.22));
      each((x, y, k) => s.circle({ x, y }, r * 0.92 * k));
      s.fill();
      s.fillStyle(lighten(mix(ink, look.fill, 0.3), 0.28));
      each((x, y, k) => s.circle({ x: x - r * 0.28 * k, y: y - r * 0.3 * k }, r * 0.42 * k));
      s.fill();
      return;
    }
    case 'marsh':
    case 'swamp': {
      const w = S * 0.075;
      if (b.kind === 'swamp') {
        // Open water between the tufts.
        s.roundJoins().strokeStyle(lighten(ink, 0.35), S * 0.011);
        each((x, y, k) => {
          s.moveTo(x - w * 1.1 * k, y + S * 0.03 * k).lineTo(x - w * 0.2 * k, y + S * 0.03 * k);
          s.moveTo(x + w * 0.3 * k, y + S * 0.045 * k).lineTo(x + w * 1.0 * k, y + S * 0.045 * k);
        });
        s.stroke();
      }
      s.roundJoins().strokeStyle(ink, S * 0.011);
      each((x, y, k) => {
        s.moveTo(x - w * k, y).lineTo(x + w * k, y);
        for (const [dx, h] of [
          [-0.55, 0.55],
          [-0.2, 0.9],
          [0.2, 0.9],
          [0.55, 0.55],
        ] as const) {
          s.moveTo(x + dx * w * k, y).lineTo(x + dx * w * k * 1.35, y - h * w * k);
        }
      });
      s.stroke();
      return;
    }
    case 'hills': {
      const w = S * 0.1;
      const h = S * 0.075;
      const mound = (x: number, y: number, k: number) => {
        s.moveTo(x - w * k, y);
        s.bezierCurveTo(x - w * 0.55 * k, y - h * 1.3 * k, x + w * 0.55 * k, y - h * 1.3 * k, x + w * k, y);
      };
      s.fillStyle(mix(look.fill, ink, 0.22));
      each((x, y, k) => {
        mound(x, y, k);
        s.closePath();
      });
      s.fill();
      s.roundJoins().strokeStyle(ink, S * 0.014);
      each((x, y, k) => {
        mound(x, y, k);
        // Hachures down the shaded side.
        for (const t of [0.25, 0.5, 0.75]) s.moveTo(x + w * t * k * 0.8, y - h * (1 - t) * 0.9 * k).lineTo(x + w * t * k * 0.8 + w * 0.12 * k, y - h * 0.1 * k);
      });
      s.stroke();
      return;
    }
    case 'ridge': {
      s.roundJoins().strokeStyle(ink, S * 0.022);
      each((x, y) => {
        const L = S * 0.3;
        s.moveTo(x - L, y + S * 0.06);
        s.bezierCurveTo(x - L * 0.4, y - S * 0.1, x + L * 0.2, y + S * 0.08, x + L, y - S * 0.04);
      });
      s.stroke();
      s.strokeStyle(ink, S * 0.011);
      each((x, y) => {
        const L = S * 0.3;
        for (let t = 0.06; t < 0.96; t += 0.09) {
          // Points on the same curve, ticks pointing down the slope.
          const u = 1 - t;
          const px = u * u * u * (x - L) + 3 * u * u * t * (x - L * 0.4) + 3 * u * t * t * (x + L * 0.2) + t * t * t * (x + L);
          const py = u * u * u * (y + S * 0.06) + 3 * u * u * t * (y - S * 0.1) + 3 * u * t * t * (y + S * 0.08) + t * t * t * (y - S * 0.04);
          s.moveTo(px, py).lineTo(px + S * 0.012, py + S * 0.055);
        }
      });
      s.stroke();
      return;
    }
    case 'mountains': {
      const w = S * 0.12;
      const h = S * 0.17;
      const peak = (x: number, y: number, k: number) => s.path([{ x: x - w * k, y }, { x, y: y - h * k }, { x: x + w * k, y }], true);
      s.fillStyle(lighten(mix(look.fill, ink, 0.15), 0.35));
      each(peak);
      s.fill();
      s.fillStyle(mix(look.fill, ink, 0.55));
      each((x, y, k) => s.path([{ x, y: y - h * k }, { x: x + w * k, y }, { x: x + w * 0.15 * k, y }, { x: x + w * 0.08 * k, y: y - h * 0.45 * k }], true));
      s.fill();
      s.roundJoins().strokeStyle(ink, S * 0.014);
      each((x, y, k) => s.path([{ x: x - w * k, y }, { x, y: y - h * k }, { x: x + w * k, y }], false));
      s.stroke();
      return;
    }
    case 'town':
    case 'city': {
      const q = S * (b.kind === 'city' ? 0.068 : 0.06);
      s.fillStyle(ink);
      each((x, y, k) => s.rect({ x: x - q * k * 0.5, y: y - q * k * 0.5, width: q * k, height: q * k * 0.8 }));
      s.fill();
      return;
    }
    case 'fort': {
      const r = S * 0.17;
      const pts = (x: number, y: number) => {
        const out = [];
        for (let i = 0; i < 10; i++) {
          const rr = i % 2 === 0 ? r : r * 0.62;
          const a = -Math.PI / 2 + (i * Math.PI) / 5;
          out.push({ x: x + rr * Math.cos(a), y: y + rr * Math.sin(a) });
        }
        return out;
      };
      s.fillStyle(lighten(ink, 0.6)).strokeStyle(ink, S * 0.018).buttCaps();
      each((x, y) => s.path(pts(x, y), true));
      s.fillAndStroke();
      return;
    }
    case 'sand': {
      s.fillStyle(ink);
      each((x, y, k) => s.circle({ x, y }, S * 0.009 * k));
      s.fill();
      return;
    }
    case 'steppe': {
      const w = S * 0.03;
      s.roundJoins().strokeStyle(ink, S * 0.01);
      each((x, y, k) => {
        s.moveTo(x - w * k, y - w * 1.4 * k).lineTo(x - w * 0.2 * k, y);
        s.moveTo(x, y - w * 1.9 * k).lineTo(x, y);
        s.moveTo(x + w * k, y - w * 1.4 * k).lineTo(x + w * 0.2 * k, y);
      });
      s.stroke();
      return;
    }
    default:
      return;
  }
}

/**
 * A texture over a box (drawing units) that the caller has clipped to the cells it belongs to;
 * anchored to the map, so neighbouring cells' textures line up.
 */
export function drawPattern(s: Surface, kind: PatternKind, look: TerrainLook, box: { x: number; y: number; width: number; height: number }, S: number): void {
  const ink = look.patternColour;
  const x0 = box.x;
  const y0 = box.y;
  const x1 = box.x + box.width;
  const y1 = box.y + box.height;
  const grid = (sx: number, sy: number, fn: (x: number, y: number, row: number) => void) => {
    const j0 = Math.floor(y0 / sy);
    const j1 = Math.ceil(y1 / sy);
    for (let j = j0; j <= j1; j++) {
      const shift = (j & 1) * sx * 0.5;
      const i0 = Math.floor((x0 - shift) / sx) - 1;
      const i1 = Math.ceil((x1 - shift) / sx) + 1;
      for (let i = i0; i <= i1; i++) fn(i * sx + shift, j * sy, j);
    }
  };
  switch (kind) {
    case 'dots':
      s.fillStyle(ink);
      grid(S * 0.07, S * 0.06, (x, y) => s.circle({ x, y }, S * 0.008));
      s.fill();
      return;
    case 'hatch':
    case 'crosshatch': {
      s.buttCaps().strokeStyle(ink, S * 0.008);
      const sp = S * 0.06;
      const lines = (dir: 1 | -1) => {
        // Lines x − dir·y = k·sp·√2 across the box.
        const k0 = Math.floor((Math.min(x0 - dir * y0, x0 - dir * y1, x1 - dir * y0, x1 - dir * y1) / sp) * 0.7071) - 1;
        const k1 = Math.ceil((Math.max(x0 - dir * y0, x0 - dir * y1, x1 - dir * y0, x1 - dir * y1) / sp) * 0.7071) + 1;
        for (let k = k0; k <= k1; k++) {
          const c = (k * sp) / 0.7071;
          s.moveTo(c + dir * y0, y0).lineTo(c + dir * y1, y1);
        }
      };
      lines(1);
      if (kind === 'crosshatch') lines(-1);
      s.stroke();
      return;
    }
    case 'waves': {
      s.roundJoins().strokeStyle(ink, S * 0.012);
      const w = S * 0.045;
      grid(S * 0.19, S * 0.1, (x, y) => {
        s.moveTo(x - w, y);
        s.bezierCurveTo(x - w * 0.5, y - w * 0.45, x, y - w * 0.45, x, y);
        s.bezierCurveTo(x, y + w * 0.45, x + w * 0.5, y + w * 0.45, x + w, y);
      });
      s.stroke();
      return;
    }
    case 'grass': {
      s.roundJoins().strokeStyle(ink, S * 0.009);
      const w = S * 0.022;
      grid(S * 0.12, S * 0.09, (x, y) => {
        s.moveTo(x - w, y - w * 1.2).lineTo(x, y).lineTo(x + w, y - w * 1.2);
      });
      s.stroke();
      return;
    }
    default:
      return;
  }
}
