// Raster output in process: the print's drawing code (shared/print) on a Skia canvas from
// @napi-rs/canvas, which ships its binary in an npm package, so no system program is needed on
// any platform. Used for image export (`npm run export`, the app's Export image dialog) and
// for PNG pages of a print. An image is drawn in bands of rows and each band is streamed
// into the PNG (png-stream.ts), so memory stays bounded whatever the image size: a
// 1024×1024-cell map at 24 px per cell (25,000 × 28,000 px) holds one band of ~16 MB.
import { createWriteStream } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import { dirname } from 'node:path';
import { PassThrough, type Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { createCanvas, loadImage, Path2D, type Image, type SKRSContext2D } from '@napi-rs/canvas';
import type { Scenario, Underlay } from '../../shared/format/scenario.types.js';
import type { Cell, Rect } from '../../shared/grid/index.js';
import { canvas2dFonts, Canvas2DSurface, type Canvas2D, type Canvas2DFont } from '../../shared/print/canvas2d-surface.js';
import { drawAssemblyOverlay, drawCropMarks, drawHeader, drawRuler, tileHeaderLabel } from '../../shared/print/furniture.js';
import { layoutImage, type ImageExportInput, type ImageLayout } from '../../shared/print/image.js';
import { gridFor, type PrintLayout } from '../../shared/print/layout.js';
import { assemblyMapExtent, drawMap, drawRegistrationMarks, mapStyleFor, type MapStyle } from '../../shared/print/map-draw.js';
import { buildPrintModel, type PrintModel } from '../../shared/print/model.js';
import { hexToRgb, type PrintFonts } from '../../shared/print/surface.js';
import { PT_PER_MM } from '../../shared/print/units.js';
import { PngBandWriter, type PngMeta } from './png-stream.js';

/** Bytes of RGBA one band holds at most. */
const BAND_BYTES = 16 * 1024 * 1024;
/**
 * Cells one band draws at most (about): the drawing code holds each cell's outline while it
 * draws, so a small image of a huge map (1024×1024 cells at 1280 px) is drawn in bands too.
 */
const BAND_CELLS = 20_000;
const PAPER = '#ffffff';

/** Where the map goes in the image: map mm (x, y) → pixels origin + (p - area)·pxPerMm. */
export interface MapPlacement {
  area: Rect;
  origin: { x: number; y: number };
  pxPerMm: number;
  style: MapStyle;
  /** Extra drawing in map mm after the map (registration marks), inside the same clip. */
  extra?: (cv: Canvas2DSurface) => void;
  /** The traced picture, drawn over the map at its opacity as the designer sees it (only when asked). */
  underlay?: { image: Image; placement: Underlay; cellSizeMm: number };
}

export interface RasterJob {
  width: number;
  height: number;
  model: PrintModel;
  map: MapPlacement;
  /** Pixels per unit of `paper`'s drawing (1 for pixels, dpi/72 for points). */
  paperScale: number;
  /** Everything outside the map (page furniture, an image frame), drawn over it in each band. */
  paper?: (cv: Canvas2DSurface, fonts: PrintFonts<Canvas2DFont>) => void;
  meta: PngMeta;
  /** Bytes of RGBA one band may hold (default 16 MB). */
  bandBytes?: number;
}

export interface RasterProgress {
  rowsDone: number;
  rows: number;
}

export interface RasterResult {
  width: number;
  height: number;
  bands: number;
}

/**
 * Below this many pixels across a cell, cells are sampled rather than drawn: every pixel
 * takes the terrain colour of the cell under its centre, and only the lines that run across
 * cells (rivers, shores, roads, rails) are drawn over it. Outlines, control bands, markers and
 * names of cells two pixels wide are grey noise, and drawing a million of them costs twenty
 * seconds where sampling costs one (a 1024×1024-cell map at 1280 px).
 */
export const SAMPLE_BELOW_CELL_PX = 3;

/** Fills the band's map area with each pixel's cell terrain colour (see SAMPLE_BELOW_CELL_PX). */
function sampleTerrain(ctx: SKRSContext2D, model: PrintModel, map: MapPlacement, top: number, rows: number, width: number): void {
  const { grid, size, terrain } = model;
  const k = map.pxPerMm;
  const x0 = Math.max(0, Math.floor(map.origin.x));
  const x1 = Math.min(width, Math.ceil(map.origin.x + map.area.width * k));
  const y0 = Math.max(top, Math.floor(map.origin.y));
  const y1 = Math.min(top + rows, Math.ceil(map.origin.y + map.area.height * k));
  if (x1 <= x0 || y1 <= y0) return;
  const img = ctx.createImageData(x1 - x0, y1 - y0);
  const out = new Uint32Array(img.data.buffer);
  const paper = 0xffffffff;
  const colours = new Map<unknown, number>();
  const colourOf = (i: number): number => {
    const t = i >= 0 ? terrain[i] : undefined;
    if (!t) return paper;
    let c = colours.get(t);
    if (c === undefined) {
      const [r, g, b] = hexToRgb(t.colour).map((v) => Math.round(v * 255)) as [number, number, number];
      c = ((255 << 24) | (b << 16) | (g << 8) | r) >>> 0; // RGBA bytes, little-endian
      colours.set(t, c);
    }
    return c;
  };
  const p = { x: 0, y: 0 };
  for (let y = y0; y < y1; y++) {
    p.y = map.area.y + (y + 0.5 - map.origin.y) / k;
    const row = (y - y0) * (x1 - x0);
    for (let x = x0; x < x1; x++) {
      p.x = map.area.x + (x + 0.5 - map.origin.x) / k;
      out[row + x - x0] = colourOf(grid.pixelToIndex(p, size));
    }
  }
  ctx.putImageData(img, x0, y0 - top);
}

/** A Path2D from SVG path data, scaled by `k` (the surface writes whole numbers of a finer unit). */
function scaledPath(d: string, k: number): Path2D {
  const path = new Path2D();
  path.addPath(new Path2D(d), { a: k, d: k });
  return path;
}

/**
 * Cell indices per band: each cell goes in every band its box (grown by a cell for labels,
 * counters and strokes that spill over) meets, so a band draws only its own cells.
 */
function cellsByBand(model: PrintModel, map: MapPlacement, bandRows: number, bands: number): Int32Array[] {
  const { grid, size } = model;
  const { area, origin, pxPerMm } = map;
  const box = grid.cellBox(size);
  const halfH = box.height / 2 + size;
  const halfW = box.width / 2 + size;
  const counts = new Int32Array(bands);
  const lo = new Int32Array(grid.cellCount);
  const hi = new Int32Array(grid.cellCount);
  const toBand = (yMm: number) => Math.floor((origin.y + (yMm - area.y) * pxPerMm) / bandRows);
  for (let i = 0; i < grid.cellCount; i++) {
    const c = grid.cellAt(i);
    const x = grid.centerX(c.col, c.row, size);
    const y = grid.centerY(c.col, c.row, size);
    if (x + halfW < area.x || x - halfW > area.x + area.width || y + halfH < area.y || y - halfH > area.y + area.height) {
      lo[i] = 1;
      hi[i] = 0;
      continue;
    }
    lo[i] = Math.max(0, toBand(y - halfH));
    hi[i] = Math.min(bands - 1, toBand(y + halfH));
    for (let b = lo[i]!; b <= hi[i]!; b++) counts[b]!++;
  }
  const out = Array.from(counts, (n) => new Int32Array(n));
  const fill = new Int32Array(bands);
  for (let i = 0; i < grid.cellCount; i++) for (let b = lo[i]!; b <= hi[i]!; b++) out[b]![fill[b]!++] = i;
  return out;
}

/** Draws a job band by band into `out` as a PNG; `out` is ended when done. */
export async function rasterize(job: RasterJob, out: Writable, onProgress?: (p: RasterProgress) => void): Promise<RasterResult> {
  const { width, height, model, map } = job;
  const k = map.pxPerMm;
  const sampled = k * model.size < SAMPLE_BELOW_CELL_PX;
  const byBytes = Math.floor((job.bandBytes ?? BAND_BYTES) / (width * 4));
  // Sampled cells hold nothing per cell: only the pixels bound a band.
  const byCells = sampled ? Infinity : Math.max(16, Math.floor((height * BAND_CELLS) / model.grid.cellCount));
  const bandRows = Math.max(1, Math.min(height, byBytes, byCells));
  const bands = Math.ceil(height / bandRows);
  const byBand = sampled ? [] : cellsByBand(model, map, bandRows, bands);
  const reach = model.size;

  const canvas = createCanvas(width, bandRows);
  const ctx = canvas.getContext('2d');
  const context = ctx as unknown as Canvas2D<Path2D>;
  const fonts = canvas2dFonts(context);
  const png = new PngBandWriter(out, width, height, job.meta);
  const done = finished(out);
  try {
    for (let b = 0; b < bands; b++) {
      const top = b * bandRows;
      const rows = Math.min(bandRows, height - top);
      ctx.setTransform(1, 0, 0, 1, 0, 0);
      ctx.fillStyle = PAPER;
      ctx.fillRect(0, 0, width, bandRows);
      ctx.translate(0, -top);
      if (sampled && map.style.layers.terrain) sampleTerrain(ctx, model, map, top, rows, width);

      // Map mm → image px: x' = origin.x + (x - area.x)·k, clipped to the map's area.
      ctx.save();
      ctx.beginPath();
      ctx.rect(map.origin.x, map.origin.y, map.area.width * k, map.area.height * k);
      ctx.clip();
      ctx.transform(k, 0, 0, k, map.origin.x - map.area.x * k, map.origin.y - map.area.y * k);
      const mapSurface = new Canvas2DSurface(context, scaledPath, k, 0.5);
      const indices = sampled ? new Int32Array(0) : byBand[b]!;
      const cells: Cell[] = new Array(indices.length);
      for (let i = 0; i < indices.length; i++) cells[i] = model.grid.cellAt(indices[i]!);
      // What of the map this band shows, for the edge lines (rivers, roads) to draw.
      const yTop = map.area.y + (top - map.origin.y) / k;
      const view: Rect = { x: map.area.x - reach, y: yTop - reach, width: map.area.width + 2 * reach, height: rows / k + 2 * reach };
      drawMap(mapSurface, model, cells, view, map.style, fonts);
      mapSurface.flush();
      if (map.underlay) {
        const { image, placement: u, cellSizeMm: s } = map.underlay;
        ctx.save();
        ctx.globalAlpha = u.opacity ?? 0.5;
        ctx.translate(u.x * s, u.y * s);
        ctx.rotate(((u.rotation ?? 0) * Math.PI) / 180);
        ctx.scale(u.scale * s, u.scale * s);
        ctx.drawImage(image, 0, 0);
        ctx.restore();
      }
      map.extra?.(mapSurface);
      mapSurface.flush();
      ctx.restore();

      if (job.paper) {
        ctx.save();
        ctx.scale(job.paperScale, job.paperScale);
        const paper = new Canvas2DSurface(context, scaledPath, job.paperScale, 0.5);
        job.paper(paper, fonts);
        paper.flush();
        ctx.restore();
      }
      await png.writeBand(canvas.data(), rows);
      onProgress?.({ rowsDone: top + rows, rows: height });
    }
    await png.end();
  } finally {
    out.end();
  }
  await done;
  return { width, height, bands };
}

/** The image export's frame: a neat line round the map, the title above, the scale below. */
function drawImageFrame(layout: ImageLayout): RasterJob['paper'] {
  const f = layout.frame;
  if (!f) return undefined;
  return (cv, fonts) => {
    cv.buttCaps().strokeStyle([0.1, 0.1, 0.1], f.lineWidth).rect(f.neatLine).stroke();
    cv.fillStyle([0.1, 0.1, 0.1]).text(fonts.bold, f.titleSize, f.titleAt.x, f.titleAt.y, layout.title);
    cv.fillStyle([0.33, 0.33, 0.33]).text(fonts.regular, f.captionSize, f.captionAt.x, f.captionAt.y, f.caption);
  };
}

export function imageJob(scenario: Scenario, layout: ImageLayout): RasterJob {
  const grid = gridFor(scenario, layout.options);
  return {
    width: layout.widthPx,
    height: layout.heightPx,
    model: buildPrintModel(scenario, grid, layout.cellSizeMm),
    map: { area: layout.area, origin: layout.origin, pxPerMm: layout.pxPerMm, style: layout.style },
    paperScale: 1,
    paper: drawImageFrame(layout),
    meta: { dpi: layout.dpi, text: { Title: layout.title, Software: 'Gridfront' } },
  };
}

/**
 * One page of a print (0 = the assembly sheet when there is one, as in the PDF) at `dpi`:
 * the page the PDF writer draws, pixel for pixel where the PDF has vectors.
 */
export function printPageJob(scenario: Scenario, layout: PrintLayout, index: number, dpi: number, model?: PrintModel): RasterJob {
  const s = dpi / 72;
  model ??= buildPrintModel(scenario, gridFor(scenario, layout.options), layout.cellSizeMm);
  const meta: PngMeta = { dpi, text: { Title: scenario.title, Software: 'Gridfront' } };
  const sheet = layout.assembly;
  if (sheet && index === 0) {
    const k = sheet.scale;
    const extent = assemblyMapExtent(layout);
    return {
      width: Math.ceil(sheet.pageSizePt.width * s),
      height: Math.ceil(sheet.pageSizePt.height * s),
      model,
      map: { area: extent, origin: { x: (sheet.mapOriginPt.x + extent.x * k) * s, y: (sheet.mapOriginPt.y + extent.y * k) * s }, pxPerMm: k * s, style: mapStyleFor(scenario, layout, k / PT_PER_MM) },
      paperScale: s,
      paper: (cv, fonts) => {
        drawAssemblyOverlay(cv, fonts, sheet);
        drawHeader(cv, fonts, sheet.furniture, 'Assembly');
        drawRuler(cv, fonts, sheet.furniture.rulerAtPt);
      },
      meta,
    };
  }
  const page = layout.pages[index - (sheet ? 1 : 0)];
  if (!page) throw new RangeError(`there is no page ${index + 1}`);
  const area = page.furniture.mapAreaPt;
  return {
    width: Math.ceil(layout.pageSizePt.width * s),
    height: Math.ceil(layout.pageSizePt.height * s),
    model,
    map: { area: page.window, origin: { x: area.x * s, y: area.y * s }, pxPerMm: PT_PER_MM * s, style: mapStyleFor(scenario, layout, 1), extra: (cv) => drawRegistrationMarks(cv, page) },
    paperScale: s,
    paper: (cv, fonts) => {
      drawCropMarks(cv, page.furniture);
      drawHeader(cv, fonts, page.furniture, tileHeaderLabel(layout, page));
      drawRuler(cv, fonts, page.furniture.rulerAtPt);
    },
    meta,
  };
}

/**
 * The job with the scenario's underlay picture drawn over the map; `bytes` are the image
 * map.underlay names (from the library, or a file on the command line), checked against it.
 */
export async function withUnderlay(job: RasterJob, scenario: Scenario, bytes: Uint8Array): Promise<RasterJob> {
  const placement = scenario.map.underlay;
  if (!placement) throw new Error('the scenario has no underlay');
  const image = await loadImage(Buffer.from(bytes));
  if (image.width !== placement.width || image.height !== placement.height) {
    throw new Error(`the underlay picture is ${image.width} × ${image.height} pixels; the scenario places one of ${placement.width} × ${placement.height}`);
  }
  return { ...job, map: { ...job.map, underlay: { image, placement, cellSizeMm: job.model.size } } };
}

/** A job's PNG in memory (the web host hands the bytes to the page; tests read them). */
export async function rasterToBytes(job: RasterJob): Promise<Buffer> {
  const sink = new PassThrough();
  const chunks: Buffer[] = [];
  sink.on('data', (c: Buffer) => chunks.push(c));
  await rasterize(job, sink);
  return Buffer.concat(chunks);
}

/** Writes a job's PNG to `path` through a temporary file, so a failure never leaves half a PNG under that name. */
export async function rasterToFile(job: RasterJob, path: string, onProgress?: (p: RasterProgress) => void): Promise<RasterResult> {
  const tmp = `${path}.${process.pid}.tmp`;
  await mkdir(dirname(path), { recursive: true });
  try {
    const result = await rasterize(job, createWriteStream(tmp), onProgress);
    await rename(tmp, path);
    return result;
  } catch (err) {
    await rm(tmp, { force: true });
    throw err;
  }
}

/** Lays the image out and writes it to `path`; `underlay` is the picture map.underlay names, when the layout draws it. */
export async function exportImageFile(
  scenario: Scenario,
  input: ImageExportInput,
  path: string,
  onProgress?: (p: RasterProgress) => void,
  underlay?: Uint8Array,
): Promise<RasterResult & { layout: ImageLayout; skipped: string[] }> {
  const layout = layoutImage(scenario, input);
  let job = imageJob(scenario, layout);
  if (layout.underlay) {
    if (!underlay) throw new Error('the underlay picture was asked for but not given');
    job = await withUnderlay(job, scenario, underlay);
  }
  return { ...(await rasterToFile(job, path, onProgress)), layout, skipped: job.model.skipped };
}

/** Every page of a print as PNG at `dpi`, in PDF order. */
export async function printPagesPng(scenario: Scenario, layout: PrintLayout, dpi: number): Promise<Buffer[]> {
  const model = buildPrintModel(scenario, gridFor(scenario, layout.options), layout.cellSizeMm);
  const count = layout.pages.length + (layout.assembly ? 1 : 0);
  const out: Buffer[] = [];
  for (let i = 0; i < count; i++) out.push(await rasterToBytes(printPageJob(scenario, layout, i, dpi, model)));
  return out;
}
