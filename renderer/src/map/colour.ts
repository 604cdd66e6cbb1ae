// Colour helpers for canvas drawing. Scenario colours are "#rrggbb" (schema Colour).

export type Rgb = readonly [number, number, number];

const FALLBACK: Rgb = [200, 200, 200];

export function parseHex(colour: string): Rgb {
  const m = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(colour);
  if (!m) return FALLBACK;
  return [parseInt(m[1]!, 16), parseInt(m[2]!, 16), parseInt(m[3]!, 16)];
}

export function rgba(c: Rgb, alpha: number): string {
  return `rgba(${c[0]},${c[1]},${c[2]},${alpha})`;
}

/** `top` over `bottom` with opacity `alpha` (what the canvas does for a translucent fill). */
export function blend(bottom: Rgb, top: Rgb, alpha: number): Rgb {
  return [
    Math.round(bottom[0] + (top[0] - bottom[0]) * alpha),
    Math.round(bottom[1] + (top[1] - bottom[1]) * alpha),
    Math.round(bottom[2] + (top[2] - bottom[2]) * alpha),
  ];
}

/** Darker shade, for outlines drawn in a side's own colour. */
export function darken(c: Rgb, amount: number): Rgb {
  return [Math.round(c[0] * (1 - amount)), Math.round(c[1] * (1 - amount)), Math.round(c[2] * (1 - amount))];
}

/** Relative luminance (0–1), to pick readable text over a colour. */
export function luminance(c: Rgb): number {
  return (0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2]) / 255;
}
