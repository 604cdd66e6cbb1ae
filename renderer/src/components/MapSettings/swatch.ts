// A terrain type's look as one cell, drawn by the map painter itself, for the terrain palette.
import type { TerrainType } from '../../../../shared/format/scenario.types.js';
import { createGrid } from '../../../../shared/grid/index.js';
import { CanvasSurface, canvasFonts } from '../../../../shared/paint/canvas-surface.js';
import type { PaintModel } from '../../../../shared/paint/model.js';
import { defaultStyle, paintMap } from '../../../../shared/paint/painter.js';

const grid = createGrid({ kind: 'hex', orientation: 'flat', offset: 'odd', cols: 1, rows: 1 });

/** Paints one flat-top hex of `type` filling the canvas. */
export function paintSwatch(canvas: HTMLCanvasElement, type: TerrainType): void {
  const ctx = canvas.getContext('2d');
  if (!ctx) return;
  const model: PaintModel = {
    grid,
    cols: 1,
    rows: 1,
    terrainTypes: [type],
    sides: [],
    terrain: new Uint8Array([0]),
    control: new Uint8Array([255]),
    features: new Map(),
    riverSet: new Set(),
    lakeShoreSet: new Set(),
    roadSet: new Set(),
    railSet: new Set(),
    defaultVictoryVp: 0,
  };
  const b = grid.bounds(100);
  const dpr = globalThis.devicePixelRatio || 1;
  canvas.width = Math.round(canvas.clientWidth * dpr) || canvas.width;
  canvas.height = Math.round(canvas.clientHeight * dpr) || canvas.height;
  const k = Math.min(canvas.width / b.width, canvas.height / b.height);
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.clearRect(0, 0, canvas.width, canvas.height);
  ctx.setTransform(k, 0, 0, k, (canvas.width - b.width * k) / 2, (canvas.height - b.height * k) / 2);
  // Drawn as at a large zoom, so the symbol shows whatever the swatch's size.
  const style = defaultStyle(Math.max(k, 0.5), { coordinates: false, names: false, markers: false });
  paintMap(new CanvasSurface(ctx, k, 0.6), { model, size: 100, region: b, style, fonts: canvasFonts(ctx) });
}
