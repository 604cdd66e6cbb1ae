// The traced picture (map.underlay) on an export: drawn over the map at the designer's opacity,
// placed as the designer placed it (cell units from the map's origin, scale in cells per image
// pixel, rotation in degrees about the picture's top-left corner), exactly as the designer's
// Konva layer shows it. Every surface draws it through `image`; the caller makes the bitmap in
// the surface's own kind (a Skia image, a PDF image XObject, an SVG data URL).
import type { Underlay } from '../format/scenario.types.js';
import type { Surface, SurfaceFont, SurfaceImage } from './surface.js';

/** Whether an export draws the underlay: it exists and was asked for (default: the scenario's `print` flag). */
export function underlayWanted(underlay: Underlay | undefined, asked?: boolean): underlay is Underlay {
  return underlay !== undefined && (asked ?? underlay.print ?? false);
}

/**
 * Draws `image` placed as `u` says, on a surface drawing a map of cell size `S` (its units), at
 * the underlay's opacity. The image must be the picture `u` names (its size is checked).
 */
export function paintUnderlay<F extends SurfaceFont>(s: Surface<F>, image: SurfaceImage, u: Underlay, S: number): void {
  if (!s.image) throw new Error('this surface cannot draw pictures');
  if (image.width !== u.width || image.height !== u.height) {
    throw new Error(`the underlay picture is ${image.width} × ${image.height} pixels; the scenario places one of ${u.width} × ${u.height}`);
  }
  const a = ((u.rotation ?? 0) * Math.PI) / 180;
  const k = u.scale * S;
  const cos = Math.cos(a) * k;
  const sin = Math.sin(a) * k;
  s.layer?.('underlay');
  s.save();
  // Image pixel (px, py) → map (x·S + px·cos − py·sin, y·S + px·sin + py·cos).
  s.transform(cos, sin, -sin, cos, u.x * S, u.y * S);
  s.image(image, { x: 0, y: 0, width: u.width, height: u.height }, u.opacity ?? 0.5);
  s.restore();
}
