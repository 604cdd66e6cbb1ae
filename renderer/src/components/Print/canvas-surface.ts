// The print preview draws on the one canvas surface the map tiles use (shared/paint).
export { CanvasFont, CanvasSurface, canvasFonts } from '../../../../shared/paint/canvas-surface.js';
