// Raster output in process: the one map painter (shared/paint) on a Skia canvas from
// @napi-rs/canvas, which ships its binary in an npm package, so no system program is needed on
// any platform. The canvas is reached through the painter's own Canvas 2D adapter
// (shared/paint/canvas-surface.ts), the very one the screen's tiles and the print preview use.
// Used for image export (`npm run export`, the app's Export image dialog) and for PNG pages of
// a print. An image is drawn in bands of rows and each band is streamed into the PNG
// (png-stream.ts), so memory stays bounded whatever the image size: a 1024×1024-cell map at
// 24 px per cell (25,000 × 28,000 px) holds one band of ~16 MB.
import { createWriteStream } from 'node:fs';
import { PassThrough, type Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { createCanvas, loadImage, Path2D, type Canvas, type Image, type SKRSContext2D } from '@napi-rs/canvas';
import type { Scenario } from '../../shared/format/scenario.types.js';
import { replaceAtomically } from '../files.js';
import type { Rect } from '../../shared/grid/index.js';
import { canvasFonts, CanvasSurface, type Canvas2D, type CanvasFont } from '../../shared/paint/canvas-surface.js';
import { anyFrame, frameTextOf, paintFrame } from '../../shared/paint/frame.js';
import { cellFills, namesReport, paintMap, type PaintStyle } from '../../shared/paint/painter.js';
import type { SurfaceFonts } from '../../shared/paint/surface.js';
import { paintUnderlay } from '../../shared/paint/underlay.js';
import { imageModel, layoutImage, type ImageExportInput, type ImageLayout } from '../../shared/print/image.js';
import { gridFor, type PrintLayout } from '../../shared/print/layout.js';
import { buildPrintModel, type PrintModel } from '../../shared/print/model.js';
import { drawPrintPage, frameExtra, printPageCount, printPageSizePt } from '../../shared/print/page-draw.js';
import { PngBandWriter, type PngMeta } from './png-stream.js';

/** Bytes of RGBA one band holds at most. */
const BAND_BYTES = 16 * 1024 * 1024;
/**
 * Cells one band draws at most (about): the painter lists the cells of what it paints, so a
 * small image of a huge map (1024×1024 cells at 1280 px) is drawn in bands too.
 */
const BAND_CELLS = 20_000;
/**
 * Rows drawn above and below each band and then dropped: Skia's anti-aliasing of a stroke that
 * crosses the canvas's edge differs a little from the same stroke inside it, so each band is
 * drawn a few rows taller and only its inner rows go into the PNG, where a band join looks as
 * the same rows drawn in one piece.
 */
const BAND_OVERLAP = 4;
/** Lines thinner than this many pixels are drawn this wide, as on screen. */
const MIN_LINE_PX = 0.6;
/** SVG path data as a Skia path: a batch of cells crosses into the native canvas once (see CanvasSurface.polygonsAt). */
const makePath = (d: string): Path2D => new Path2D(d);

/** Device pixels of a kept picture's side above which the painter draws in place (few cells are that big). */
const STAMP_MAX_PX = 160;
/** Pictures kept per job at most; past it the painter draws in place. */
const STAMP_MAX = 4096;
/** Sub-pixel positions a kept picture is drawn at, per axis: its symbols sit within 1/8 px of where they belong. */
const PHASES = 4;

/** Pictures kept for one job (all its bands): by key and sub-pixel phase. */
type Stamps = Map<string, Canvas>;

/**
 * The raster's drawing surface: the painter's Canvas 2D adapter, plus `stamp`: a picture the
 * painter asks for many times (a terrain type's symbols in one of its layouts) is drawn once
 * per sub-pixel phase into a small canvas and blitted wherever it comes again. Skia fills each
 * tiny tree as a path of its own at some microseconds apiece; a blit of the whole cell's
 * symbols costs about as much as one of them.
 */
export class RasterSurface extends CanvasSurface {
  /** The context's transform when it is a scale and a translation (a, d, e, f), or null; undefined: to be read. */
  private matrix: [number, number, number, number] | null | undefined;

  constructor(
    private readonly skia: SKRSContext2D,
    pxPerUnit: number,
    private readonly stamps: Stamps = new Map(),
  ) {
    super(skia as unknown as Canvas2D, pxPerUnit, MIN_LINE_PX, makePath);
  }

  /** The painter's terrain fills as outlines of same-coloured cells (see Surface.polygons). */
  polygons(loops: readonly ArrayLike<number>[]): this {
    this.addLoops(loops);
    return this;
  }

  override save(): this {
    this.matrix = undefined;
    return super.save();
  }
  override restore(): this {
    this.matrix = undefined;
    return super.restore();
  }
  override transform(a: number, b: number, c: number, d: number, e: number, f: number): this {
    this.matrix = undefined;
    return super.transform(a, b, c, d, e, f);
  }

  private device(): [number, number, number, number] | null {
    if (this.matrix === undefined) {
      const m = this.skia.getTransform();
      this.matrix = m.b === 0 && m.c === 0 && m.a > 0 && m.d > 0 ? [m.a, m.d, m.e, m.f] : null;
    }
    return this.matrix;
  }

  /** The picture drawn where it goes, without keeping it: moved to (x, y). */
  private inPlace(x: number, y: number, draw: (s: CanvasSurface) => void): this {
    this.save().transform(1, 0, 0, 1, x, y);
    draw(this);
    return this.restore();
  }

  stamp(key: string, x: number, y: number, reach: number, draw: (s: CanvasSurface) => void): this {
    const m = this.device();
    const side = m ? Math.ceil(reach * Math.max(m[0], m[1])) * 2 + 4 : Infinity;
    if (!m || side > STAMP_MAX_PX) return this.inPlace(x, y, draw);
    const [a, d, e, f] = m;
    const X = a * x + e;
    const Y = d * y + f;
    const ix = Math.floor(X);
    const iy = Math.floor(Y);
    const px = Math.min(PHASES - 1, Math.floor((X - ix) * PHASES));
    const py = Math.min(PHASES - 1, Math.floor((Y - iy) * PHASES));
    const id = `${key}@${px},${py}`;
    let picture = this.stamps.get(id);
    if (picture === undefined) {
      if (this.stamps.size >= STAMP_MAX) return this.inPlace(x, y, draw);
      picture = createCanvas(side, side);
      const ctx = picture.getContext('2d');
      // The picture's centre sits at the middle of its phase's slice of a pixel.
      const half = side / 2;
      ctx.setTransform(a, 0, 0, d, half + (px + 0.5) / PHASES, half + (py + 0.5) / PHASES);
      draw(new CanvasSurface(ctx as unknown as Canvas2D, Math.max(a, d), MIN_LINE_PX, makePath));
      this.stamps.set(id, picture);
    }
    // Whole device pixels: the blit needs no resampling.
    const half = picture.width / 2;
    this.skia.drawImage(picture, (ix - half - e) / a, (iy - half - f) / d, picture.width / a, picture.height / d);
    return this;
  }
}

export type RasterFonts = SurfaceFonts<CanvasFont>;

/** Terrain laid down pixel by pixel before the drawing (see SAMPLE_BELOW_CELL_PX). */
interface SampledTerrain {
  model: PrintModel;
  style: PaintStyle;
  /** The map's area, drawing units: only pixels inside it are sampled. */
  area: Rect;
  /** Each cell's colour as RGBA bytes in a little-endian word, worked out on the first band. */
  colours?: Uint32Array;
}

export interface RasterJob {
  width: number;
  height: number;
  /** Image pixels per drawing unit. */
  scale: number;
  /** The drawing-unit point at the image's top-left corner. */
  origin: { x: number; y: number };
  /**
   * Draws the picture in its units on `s` (the transform is set; the band is white paper).
   * `visible` is what of the picture (drawing units) this band shows: draw at least that.
   */
  draw(s: CanvasSurface, fonts: RasterFonts, visible: Rect): void;
  sampled?: SampledTerrain;
  /** Cells the whole picture paints, to keep each band's share bounded. */
  cells: number;
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
 * takes the fill colour of the cell under its centre (the painter's own colour, control tint
 * included), and the painter draws the rest (rivers, roads, front lines) over it. Outlines of
 * cells two pixels wide are grey noise, and drawing a million of them costs twenty seconds
 * where sampling costs one (a 1024×1024-cell map at 1280 px).
 */
export const SAMPLE_BELOW_CELL_PX = 3;

/** 0xRRGGBB per cell → opaque RGBA bytes read as little-endian words (what ImageData holds). */
function rgbaWords(fills: Uint32Array): Uint32Array {
  const out = new Uint32Array(fills.length);
  for (let i = 0; i < fills.length; i++) {
    const c = fills[i]!;
    out[i] = ((255 << 24) | ((c & 0xff) << 16) | (c & 0xff00) | ((c >> 16) & 0xff)) >>> 0;
  }
  return out;
}

/** Fills the band's part of the map area with each pixel's cell colour. */
function sampleTerrain(ctx: SKRSContext2D, job: RasterJob, t: SampledTerrain, top: number, rows: number, canvasTop: number): void {
  const { model, area } = t;
  const k = job.scale;
  const x0 = Math.max(0, Math.floor((area.x - job.origin.x) * k));
  const x1 = Math.min(job.width, Math.ceil((area.x + area.width - job.origin.x) * k));
  const y0 = Math.max(top, Math.floor((area.y - job.origin.y) * k));
  const y1 = Math.min(top + rows, Math.ceil((area.y + area.height - job.origin.y) * k));
  if (x1 <= x0 || y1 <= y0) return;
  const img = ctx.createImageData(x1 - x0, y1 - y0);
  const out = new Uint32Array(img.data.buffer);
  const colour = (t.colours ??= rgbaWords(cellFills(model, t.style)));
  const paper = 0xffffffff;
  const { grid, size } = model;
  const p = { x: 0, y: 0 };
  for (let y = y0; y < y1; y++) {
    p.y = job.origin.y + (y + 0.5) / k;
    const row = (y - y0) * (x1 - x0);
    for (let x = x0; x < x1; x++) {
      p.x = job.origin.x + (x + 0.5) / k;
      const i = grid.pixelToIndex(p, size);
      out[row + x - x0] = i >= 0 ? colour[i]! : paper;
    }
  }
  ctx.putImageData(img, x0, y0 - canvasTop);
}

/** How a job is cut into bands of rows (the same wherever a band is drawn). */
export interface Banding {
  /** Rows per band (the last may have fewer). */
  bandRows: number;
  bands: number;
  /** Rows drawn above and below each band and dropped (see BAND_OVERLAP). */
  margin: number;
}

export function bandingOf(job: RasterJob): Banding {
  const { width, height } = job;
  const byBytes = Math.floor((job.bandBytes ?? BAND_BYTES) / (width * 4));
  // Sampled cells hold nothing per cell: only the pixels bound a band.
  const byCells = job.sampled || job.cells <= BAND_CELLS ? Infinity : Math.max(16, Math.floor((height * BAND_CELLS) / job.cells));
  let bandRows = Math.max(1, Math.min(height, byBytes, byCells));
  // An even number of bands, so that two threads (rasterize's helper) share them evenly.
  const few = Math.ceil(height / bandRows);
  if (few > 1 && few % 2 === 1) bandRows = Math.max(1, Math.ceil(height / (few + 1)));
  const bands = Math.ceil(height / bandRows);
  return { bandRows, bands, margin: bands > 1 ? BAND_OVERLAP : 0 };
}

/** Draws a job's bands on one canvas, kept from band to band (with its stamped pictures). */
export class BandPainter {
  private readonly canvas: Canvas;
  private readonly ctx: SKRSContext2D;
  private readonly fonts: RasterFonts;
  private readonly stamps: Stamps = new Map();

  constructor(
    private readonly job: RasterJob,
    private readonly banding: Banding,
  ) {
    this.canvas = createCanvas(job.width, banding.bandRows + 2 * banding.margin);
    this.ctx = this.canvas.getContext('2d');
    this.fonts = canvasFonts(this.ctx as unknown as Canvas2D);
  }

  /**
   * Band `b`'s rows as RGBA: a view of the canvas, good until the next band is drawn (copy it to
   * keep it).
   */
  draw(b: number): Uint8Array {
    const { job, ctx } = this;
    const { width, height } = job;
    const k = job.scale;
    const { bandRows, margin: M } = this.banding;
    const top = b * bandRows;
    const rows = Math.min(bandRows, height - top);
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.fillStyle = '#ffffff';
    ctx.fillRect(0, 0, width, bandRows + 2 * M);
    // The canvas's first row is image row top − M (see BAND_OVERLAP).
    const canvasTop = top - M;
    if (job.sampled) sampleTerrain(ctx, job, job.sampled, Math.max(0, canvasTop), Math.min(height, top + rows + M) - Math.max(0, canvasTop), canvasTop);
    // Drawing units → band pixels: x' = (x − origin.x)·k, y' = (y − origin.y)·k − canvasTop.
    ctx.setTransform(k, 0, 0, k, -job.origin.x * k, -job.origin.y * k - canvasTop);
    const visible: Rect = { x: job.origin.x, y: job.origin.y + canvasTop / k, width: width / k, height: (rows + 2 * M) / k };
    job.draw(new RasterSurface(ctx, k, this.stamps), this.fonts, visible);
    return this.canvas.data().subarray(M * width * 4, (M + rows) * width * 4);
  }
}

/**
 * A second painter of the same job elsewhere (a worker thread with its own BandPainter): it
 * draws the bands it is asked for, one at a time, and hands back their rows.
 */
export interface BandHelper {
  draw(b: number): Promise<Uint8Array>;
  close(): Promise<void>;
}

/**
 * Draws a job band by band into `out` as a PNG; `out` is ended when done. With a `helper`, it
 * draws every other band while this thread draws the rest, one band ahead of the PNG, so two
 * cores share the drawing and memory stays at two bands.
 */
export async function rasterize(job: RasterJob, out: Writable, onProgress?: (p: RasterProgress) => void, helper?: BandHelper): Promise<RasterResult> {
  const { width, height } = job;
  const banding = bandingOf(job);
  const { bandRows, bands } = banding;
  const painter = new BandPainter(job, banding);
  const png = new PngBandWriter(out, width, height, job.meta);
  const done = finished(out);
  const helped = (b: number) => helper !== undefined && b % 2 === 1;
  const asked = new Map<number, Promise<Uint8Array>>();
  const ask = (b: number) => {
    if (b >= bands || !helped(b) || asked.has(b)) return;
    const p = helper!.draw(b);
    p.catch(() => undefined); // awaited below; not an unhandled rejection meanwhile
    asked.set(b, p);
  };
  try {
    for (let b = 0; b < bands; b++) {
      const top = b * bandRows;
      const rows = Math.min(bandRows, height - top);
      // The helper's next band is under way while this thread draws its own.
      ask(b + 1);
      let pixels: Uint8Array;
      if (helped(b)) {
        ask(b);
        pixels = await asked.get(b)!;
        asked.delete(b);
      } else pixels = painter.draw(b);
      await png.writeBand(pixels, rows);
      onProgress?.({ rowsDone: top + rows, rows: height });
    }
    await png.end();
  } finally {
    out.end();
    await helper?.close();
  }
  await done;
  return { width, height, bands };
}

/** What an image export did with place names too small to read (none when the map has no names). */
export interface NamesNote {
  enlarged: number;
  leftOut: number;
  minTextPx: number;
}

/** The image export of a layout as a raster job; `underlay` is the decoded picture when the layout draws it. */
export function imageJob(scenario: Scenario, layout: ImageLayout, underlay?: Image): RasterJob & { model: PrintModel; names: NamesNote } {
  const model = imageModel(scenario, layout);
  const S = model.size;
  const k = layout.pxPerMm;
  const sampled = k * S < SAMPLE_BELOW_CELL_PX && layout.style.layers.terrain;
  const style: PaintStyle = sampled ? { ...layout.style, fills: false } : layout.style;
  if (layout.underlay && !underlay) throw new Error('the underlay picture was asked for but not given');
  const area = layout.area;
  const framed = anyFrame(layout.frame);
  return {
    width: layout.widthPx,
    height: layout.heightPx,
    scale: k,
    origin: { x: layout.picture.x, y: layout.picture.y },
    model,
    names: namesReport(model, S, style),
    cells: model.grid.cellCount * Math.min(1, (area.width * area.height) / Math.max(1e-9, model.grid.bounds(S).width * model.grid.bounds(S).height)),
    ...(sampled ? { sampled: { model, style: layout.style, area } } : {}),
    draw(s, fonts, visible) {
      const x0 = Math.max(area.x, visible.x);
      const y0 = Math.max(area.y, visible.y);
      const x1 = Math.min(area.x + area.width, visible.x + visible.width);
      const y1 = Math.min(area.y + area.height, visible.y + visible.height);
      if (x1 > x0 && y1 > y0) {
        s.save().clipRect(area);
        paintMap(s, { model, size: S, region: { x: x0, y: y0, width: x1 - x0, height: y1 - y0 }, style, fonts });
        if (underlay && scenario.map.underlay) paintUnderlay(s, underlay, scenario.map.underlay, S);
        s.restore();
      }
      if (framed) paintFrame(s, fonts, model, area, S, layout.frame, frameTextOf(scenario), style);
    },
    meta: { dpi: layout.dpi, text: { Title: layout.title, Software: 'Gridfront' } },
  };
}

/** One page of a print (0 = the assembly sheet when there is one, as in the PDF) at `dpi`: the page the PDF draws. */
export function printPageJob(scenario: Scenario, layout: PrintLayout, index: number, dpi: number, model?: PrintModel, underlay?: Image): RasterJob {
  model ??= buildPrintModel(scenario, gridFor(scenario, layout.options), layout.cellSizeMm);
  if (layout.options.underlay && !underlay) throw new Error('the print draws the underlay picture, but the picture was not given');
  const extra = frameExtra(scenario, layout, model);
  const size = printPageSizePt(layout, index, extra);
  const s = dpi / 72;
  const m = model;
  return {
    width: Math.ceil(size.width * s),
    height: Math.ceil(size.height * s),
    scale: s,
    origin: { x: 0, y: 0 },
    cells: layout.assembly && index === 0 ? model.grid.cellCount : 0,
    draw(cv, fonts, visible) {
      drawPrintPage(cv, fonts, scenario, layout, m, index, { visible, extra, ...(underlay ? { underlay } : {}) });
    },
    meta: { dpi, text: { Title: scenario.title, Software: 'Gridfront' } },
  };
}

/**
 * The picture map.underlay names, decoded (`bytes` from the library, or a file on the command
 * line) and checked against the size the scenario gives.
 */
export async function decodeUnderlay(scenario: Scenario, bytes: Uint8Array): Promise<Image> {
  const placement = scenario.map.underlay;
  if (!placement) throw new Error('the scenario has no underlay');
  const image = await loadImage(Buffer.from(bytes));
  if (image.width !== placement.width || image.height !== placement.height) {
    throw new Error(`the underlay picture is ${image.width} × ${image.height} pixels; the scenario places one of ${placement.width} × ${placement.height}`);
  }
  return image;
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
export function rasterToFile(job: RasterJob, path: string, onProgress?: (p: RasterProgress) => void, helper?: BandHelper): Promise<RasterResult> {
  return replaceAtomically(path, (tmp) => rasterize(job, createWriteStream(tmp), onProgress, helper));
}

/**
 * Images smaller than this many pixels are drawn on one thread: a helper thread takes longer to
 * start than it would save.
 */
export const HELPER_MIN_PIXELS = 8_000_000;

/**
 * Lays the image out and writes it to `path`; `underlay` is the picture map.underlay names, when
 * the layout draws it. `helper` starts a second painter of the same scenario and options (a
 * worker thread: band-worker.ts): given, a big image is drawn on two cores.
 */
export async function exportImageFile(
  scenario: Scenario,
  input: ImageExportInput,
  path: string,
  onProgress?: (p: RasterProgress) => void,
  underlay?: Uint8Array,
  helper?: () => BandHelper,
): Promise<RasterResult & { layout: ImageLayout; skipped: string[]; names: NamesNote; threads: number }> {
  const layout = layoutImage(scenario, input);
  let picture: Image | undefined;
  if (layout.underlay) {
    if (!underlay) throw new Error('the underlay picture was asked for but not given');
    picture = await decodeUnderlay(scenario, underlay);
  }
  // The helper rebuilds the job from the scenario and options (a decoded underlay stays here).
  // Started before this thread builds the job, so that its start-up (a thread, the program,
  // the same job) overlaps the building.
  let helped = helper && !picture && layout.widthPx * layout.heightPx >= HELPER_MIN_PIXELS ? helper() : undefined;
  let job: ReturnType<typeof imageJob>;
  try {
    job = imageJob(scenario, layout, picture);
  } catch (e) {
    await helped?.close();
    throw e;
  }
  if (helped && bandingOf(job).bands < 2) {
    await helped.close();
    helped = undefined;
  }
  let result: RasterResult;
  try {
    result = await rasterToFile(job, path, onProgress, helped);
  } catch (e) {
    // rasterize closes it, unless the failure came first (the folder could not be made).
    await helped?.close();
    throw e;
  }
  return { ...result, layout, skipped: [...job.model.skipped], names: job.names, threads: helped ? 2 : 1 };
}

/** A helper's side of exportImageFile: band b of the image `input` makes of `scenario` (no underlay). */
export function imageBands(scenario: Scenario, input: ImageExportInput): (band: number) => Uint8Array {
  const job = imageJob(scenario, layoutImage(scenario, input));
  const painter = new BandPainter(job, bandingOf(job));
  return (band) => painter.draw(band);
}

/** Every page of a print as PNG at `dpi`, in PDF order; `underlay` is the picture's bytes when the print draws it. */
export async function printPagesPng(scenario: Scenario, layout: PrintLayout, dpi: number, underlay?: Uint8Array): Promise<Buffer[]> {
  const model = buildPrintModel(scenario, gridFor(scenario, layout.options), layout.cellSizeMm);
  const picture = layout.options.underlay && underlay ? await decodeUnderlay(scenario, underlay) : undefined;
  const out: Buffer[] = [];
  for (let i = 0; i < printPageCount(layout); i++) out.push(await rasterToBytes(printPageJob(scenario, layout, i, dpi, model, picture)));
  return out;
}
