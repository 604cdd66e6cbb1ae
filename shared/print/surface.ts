// The print code's names for the one drawing surface (shared/paint/surface.ts), kept so print
// modules read as before: a PrintSurface is a Surface, a PrintFont a SurfaceFont.
export type { Align, FillRule, LineCap, LineJoin, Rgb, Surface as PrintSurface, SurfaceFont as PrintFont, SurfaceFonts as PrintFonts, SurfaceImage } from '../paint/surface.js';
export { darken, ellipseCurves, hexToRgb, lighten, luminance, mix, rgbToCss, rgbToHex } from '../paint/surface.js';
