// Command line image export: a scenario file → a PNG of the map, drawn in process by the one
// map painter on a Skia canvas (no system programs), streamed band by band.
//
//   npm run export -- scenarios/seed-000-example.json --png --width 1280 --out map.png
//   npm run export -- my.json --png --dpi 150 --out map.png
//   npm run export -- my.json --png --cell-px 24 --frame --with units --out map.png
//
// `npm run export` runs the prebuilt bundle (dist-cli/export.mjs, made by
// scripts/build-cli.ts when missing or older than its sources), so start-up is Node's own
// rather than a TypeScript loader's.
import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import type { FrameParts } from '../shared/paint/frame.js';
import type { ImageExportInput, ImageSize } from '../shared/print/image.js';
import type { CoordinateStyle, PrintLayers } from '../shared/print/options.js';
import { parseLength } from '../shared/print/units.js';
import { runCli, UsageError } from './cli-run.js';

const USAGE = `Usage: npm run export -- <scenario.json> --png --out <file.png> (--width PX | --dpi N | --cell-px PX) [options]
  --width 1280        the image this many pixels wide (frame included)
  --dpi 150           the map at print scale (the scenario's cell size, or --cell) at N pixels per inch
  --cell-px 24        N pixels across a cell (across flats)
  --cell 10cm         print scale for --dpi and for line and text sizes (default: the scenario's map.cellSize)
  --frame             the map frame: title cartouche, legend, scale bar, north arrow, border coordinates
  --frame=title,scale only these parts of it (title, legend, scale, north, border)
  --view X,Y,W,H      only this part of the map, in cells from the top left of the map (default: all of it)
  --coords CCRR|col,row|A1|none   (default: the scenario's label scheme; left out where too small to read)
  --layers terrain,rivers,roads,control,markers,names,units,grid   (exactly these)
  --with units  --without control,grid                             (add to / remove from the default layers)
  --small-names enlarge|omit   place names too small to read at this size (under 6 px): drawn at
                      6 px where they clear more important names (enlarge, the default), or left out
                      (omit); the JSON says how many were enlarged or left out
  --underlay scan.png   draw the scenario's underlay picture (map.underlay) from this file over the map
Prints one line of JSON: the file, its size in pixels, and the time taken.`;

const LAYERS: (keyof PrintLayers | 'grid')[] = ['terrain', 'rivers', 'roads', 'control', 'markers', 'names', 'units', 'grid'];
const FRAME_PARTS: (keyof FrameParts)[] = ['title', 'legend', 'scale', 'north', 'border'];

function layerList(flag: string, text: string): (keyof PrintLayers | 'grid')[] {
  return text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .map((name) => {
      if (!(LAYERS as string[]).includes(name)) throw new UsageError(`--${flag}: "${name}" is not a layer (${LAYERS.join(', ')})`);
      return name as keyof PrintLayers | 'grid';
    });
}

function frameParts(text: string | undefined): ImageExportInput['frame'] {
  if (text === undefined) return false;
  if (text === 'all') return true;
  const parts: Partial<FrameParts> = {};
  for (const name of text.split(',').map((p) => p.trim()).filter(Boolean)) {
    if (!(FRAME_PARTS as string[]).includes(name)) throw new UsageError(`--frame: "${name}" is not a part of the frame (${FRAME_PARTS.join(', ')})`);
    parts[name as keyof FrameParts] = true;
  }
  return parts;
}

function positive(flag: string, text: string): number {
  const n = Number(text);
  if (!(Number.isFinite(n) && n > 0)) throw new UsageError(`--${flag}: "${text}" is not a positive number`);
  return n;
}

async function main(argv: string[]): Promise<number> {
  const started = performance.now();
  const { values, positionals } = parseArgs({
    // A bare --frame is the whole frame; --frame=title,scale names parts.
    args: argv.map((a) => (a === '--frame' ? '--frame=all' : a)),
    allowPositionals: true,
    options: {
      png: { type: 'boolean' },
      width: { type: 'string' },
      dpi: { type: 'string' },
      'cell-px': { type: 'string' },
      cell: { type: 'string' },
      frame: { type: 'string' },
      'small-names': { type: 'string' },
      view: { type: 'string' },
      coords: { type: 'string' },
      layers: { type: 'string' },
      with: { type: 'string' },
      without: { type: 'string' },
      underlay: { type: 'string' },
      out: { type: 'string', short: 'o' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  const [file, ...extra] = positionals;
  if (!file || extra.length) throw new UsageError(file ? `unexpected argument "${extra[0]}"` : 'no scenario file given');
  if (!values.out) throw new UsageError('--out is required');
  if (!values.png && !/\.png$/i.test(values.out)) throw new UsageError('--png is the only format; give --png or an --out ending in .png');
  const sizes = [values.width, values.dpi, values['cell-px']].filter((v) => v !== undefined);
  if (sizes.length !== 1) throw new UsageError('give exactly one of --width, --dpi and --cell-px');
  let size: ImageSize;
  if (values.width !== undefined) {
    const w = Number(values.width);
    if (!Number.isInteger(w) || w < 16) throw new UsageError(`--width: "${values.width}" is not a whole number of pixels (16 or more)`);
    size = { widthPx: w };
  } else if (values.dpi !== undefined) size = { dpi: positive('dpi', values.dpi) };
  else size = { cellPx: positive('cell-px', values['cell-px']!) };

  const input: ImageExportInput = { size, frame: frameParts(values.frame) };
  const small = values['small-names'];
  if (small !== undefined) {
    if (small !== 'enlarge' && small !== 'omit') throw new UsageError(`--small-names: "${small}" is not enlarge or omit`);
    input.smallNames = small;
  }
  if (values.cell !== undefined) {
    const len = parseLength(values.cell);
    if (!len) throw new UsageError(`--cell: "${values.cell}" is not a size like 10cm, 4in or 25mm`);
    input.cellSize = len;
  }
  if (values.view !== undefined) {
    const n = values.view.split(',').map(Number);
    if (n.length !== 4 || !n.every(Number.isFinite)) throw new UsageError(`--view: "${values.view}" is not X,Y,WIDTH,HEIGHT in cells`);
    input.view = { x: n[0]!, y: n[1]!, width: n[2]!, height: n[3]! };
  }
  if (values.coords !== undefined) input.coordinates = values.coords as CoordinateStyle;
  const layers: Partial<PrintLayers & { grid: boolean }> = {};
  if (values.layers !== undefined) {
    const on = layerList('layers', values.layers);
    for (const l of LAYERS) layers[l] = on.includes(l);
  }
  if (values.with !== undefined) for (const l of layerList('with', values.with)) layers[l] = true;
  if (values.without !== undefined) for (const l of layerList('without', values.without)) layers[l] = false;
  const { grid, ...mapLayers } = layers;
  if (grid !== undefined) input.grid = grid;
  if (Object.keys(mapLayers).length) input.layers = mapLayers;

  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (e) {
    throw new UsageError(`cannot read ${file}: ${(e as Error).message}`);
  }
  // Loaded here, after the arguments are known good, so --help and mistakes answer at once.
  const underlayBytes = values.underlay === undefined ? null : await readFile(values.underlay).catch((e: Error) => {
    throw new UsageError(`--underlay: cannot read ${values.underlay}: ${e.message}`);
  });
  const [{ parseJson }, { scenarioForDrawing }, { exportImageFile }] = await Promise.all([
    import('../shared/format/json.js'),
    import('../shared/print/image.js'),
    import('../electron/print/raster.js'),
  ]);
  const parsed = parseJson(text);
  if (!parsed.ok) throw new UsageError(`${file}: ${parsed.message}`);
  // Held to the schema; what cannot be drawn is skipped and named below (the print model is lenient).
  const loaded = scenarioForDrawing(parsed.value);
  if (!loaded.ok) {
    console.error(`${file} is not a valid scenario:`);
    for (const issue of loaded.issues) console.error(`  ${issue.pointer || '/'}: ${issue.message}`);
    return 1;
  }
  if (underlayBytes) {
    const u = loaded.scenario.map.underlay;
    if (!u) throw new UsageError(`--underlay: ${file} has no underlay (map.underlay) to draw`);
    const { refMatches } = await import('../electron/library/images.js');
    if (!refMatches(u.image, underlayBytes)) throw new UsageError(`--underlay: ${values.underlay} is not the picture the scenario names (${u.name ?? u.image})`);
    input.underlay = true;
  } else if (loaded.scenario.map.underlay?.print) {
    console.error(`warning: the scenario asks for its underlay picture on exports; give it with --underlay FILE to draw it`);
    input.underlay = false;
  }
  const result = await exportImageFile(loaded.scenario, input, values.out, undefined, underlayBytes ?? undefined);
  for (const s of result.skipped) console.error(`warning: skipped ${s}`);
  console.log(
    JSON.stringify({
      file: values.out,
      width: result.width,
      height: result.height,
      dpi: Math.round(result.layout.dpi * 100) / 100,
      cellPx: Math.round(result.layout.pxPerMm * result.layout.cellSizeMm * 100) / 100,
      bands: result.bands,
      names: { enlarged: result.names.enlarged, leftOut: result.names.leftOut },
      ms: Math.round(performance.now() - started),
    }),
  );
  return 0;
}

runCli('export', USAGE, main);
