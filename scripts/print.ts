// Command line print: a scenario file → a PDF (or PNG pages) of the grid overlay at true scale.
//
//   npm run print -- scenarios/seed-000-example.json --cell 10cm --paper A4 --out mat.pdf
//   npm run print -- my.json --mode outline --paper Letter --cell 4in --out mat.pdf
//   npm run print -- my.json --single-sheet --out shop.pdf
//   npm run print -- my.json --png --dpi 150 --out mat.png
//   npm run print -- my.json --kit counters,markers,track,aids --counter 5/8in --paper A4 --out kit.pdf
//   npm run print -- my.json --kit all --png --dpi 300 --out kit.zip     (a zip of PNG pages)
import { readFile } from 'node:fs/promises';
import { basename, dirname, extname, join } from 'node:path';
import { parseArgs } from 'node:util';
import { parseJson } from '../shared/format/json.js';
import { draftText, gridFor, layoutPrint, markDraft } from '../shared/print/layout.js';
import { scenarioForDrawing } from '../shared/print/image.js';
import { buildPrintModel } from '../shared/print/model.js';
import { type PrintLayers, type PrintOptionsInput } from '../shared/print/options.js';
import { parseLength, parsePaper, toMm } from '../shared/print/units.js';
import { renderLayoutPdf } from '../electron/print/pdf.js';
import { renderKitLayoutPdf } from '../electron/print/kit-pdf.js';
import { layoutKit } from '../shared/kit/layout.js';
import { KIT_PARTS, KitOptionsError, type KitOptionsInput, type KitPart } from '../shared/kit/options.js';
import type { Scenario } from '../shared/format/scenario.types.js';
import { printPagesPng } from '../electron/print/raster.js';
import { kitPngZip } from '../electron/print/kit-handlers.js';
import { writeAtomically } from '../electron/files.js';
import { failingChecks } from '../electron/print/handlers.js';
import { runCli, UsageError } from './cli-run.js';

const USAGE = `Usage: npm run print -- <scenario.json> --out <file.pdf|file.png> [options]
  --cell 10cm|4in|25mm         cell size across flats (default: the scenario's map.cellSize)
  --paper A4|A3|A2|Letter|Legal|Tabloid|600x900mm   (default A4)
  --mode grid|coords|full|outline                      (default full)
  --orientation auto|portrait|landscape               (default auto = fewest pages)
  --margin 10mm  --overlap 10mm
  --line-width 0.3mm  --line-colour '#1a1a1a'
  --coords CCRR|col,row|A1|none (default: the scenario's label scheme)   --coords-at top|centre
  --layers terrain,rivers,roads,control,markers,names,units   (exactly these)
  --with units  --without control                              (add to / remove from the mode's layers)
  --whole-cells      step tiles by whole cells so each cell is whole on some page
  --single-sheet     the whole mat on one page sized to the map (for print shops)
  --png [--dpi 150]  write PNG pages instead of a PDF (the same pages, drawn in process)
Tabletop kit instead of the map:
  --kit counters,markers,track,aids,oob   the kit's parts (or "all")
  --counter 1/2in|5/8in|3/4in|1in|15mm|20mm|25mm   counter size (default 5/8in)
  --bleed 1mm        colour past the cut line of each counter (0 to 3 mm)
  --marker-count id=N,...   how many of a marker (default: the count saved with the scenario, else the ruleset's)
  --png [--dpi 150]  a zip of PNG pages (one per kit page) instead of the PDF: --out kit.zip`;

const LAYERS: (keyof PrintLayers)[] = ['terrain', 'rivers', 'roads', 'control', 'markers', 'names', 'units'];

function lengthMm(flag: string, text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const len = parseLength(text);
  if (!len) throw new UsageError(`--${flag}: "${text}" is not a length like 10mm, 1cm or 0.5in`);
  return toMm(len);
}

function layerList(flag: string, text: string): (keyof PrintLayers)[] {
  return text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .map((name) => {
      if (!(LAYERS as string[]).includes(name)) throw new UsageError(`--${flag}: "${name}" is not a layer (${LAYERS.join(', ')})`);
      return name as keyof PrintLayers;
    });
}

async function main(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      cell: { type: 'string' },
      paper: { type: 'string' },
      mode: { type: 'string' },
      orientation: { type: 'string' },
      margin: { type: 'string' },
      overlap: { type: 'string' },
      'line-width': { type: 'string' },
      'line-colour': { type: 'string' },
      'line-color': { type: 'string' },
      coords: { type: 'string' },
      'coords-at': { type: 'string' },
      layers: { type: 'string' },
      with: { type: 'string' },
      without: { type: 'string' },
      'whole-cells': { type: 'boolean' },
      'single-sheet': { type: 'boolean' },
      png: { type: 'boolean' },
      dpi: { type: 'string' },
      out: { type: 'string', short: 'o' },
      kit: { type: 'string' },
      counter: { type: 'string' },
      bleed: { type: 'string' },
      'marker-count': { type: 'string' },
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

  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (e) {
    throw new UsageError(`cannot read ${file}: ${(e as Error).message}`);
  }
  const parsed = parseJson(text);
  if (!parsed.ok) throw new UsageError(`${file}: ${parsed.message}`);
  // Held to the schema only: a draft whose checks fail prints, as in the app (designers print
  // drafts all the time), each sheet marked "Draft — N checks not passing".
  const loaded = scenarioForDrawing(parsed.value);
  if (!loaded.ok) {
    console.error(`${file} is not a valid scenario:`);
    for (const issue of loaded.issues) console.error(`  ${issue.pointer || '/'}: ${issue.message}`);
    return 1;
  }
  const scenario = loaded.scenario;
  const failing = failingChecks(scenario);
  if (failing > 0) console.error(`warning: ${file} is a draft (${draftText(failing).replace(/^Draft \u2014 /, '')}); every sheet is marked so`);
  if (values.kit !== undefined) return printKit(scenario, values, failing);

  const input: PrintOptionsInput = {};
  if (values.cell !== undefined) {
    const len = parseLength(values.cell);
    if (!len) throw new UsageError(`--cell: "${values.cell}" is not a size like 10cm, 4in or 25mm`);
    input.cellSize = len;
  }
  if (values.paper !== undefined) {
    const paper = parsePaper(values.paper);
    if (!paper) throw new UsageError(`--paper: "${values.paper}" is not A4, A3, A2, Letter, Legal, Tabloid or WxH with a unit (600x900mm)`);
    input.paper = 'name' in paper ? paper.name : paper;
  }
  if (values.mode !== undefined) input.mode = values.mode as PrintOptionsInput['mode'];
  if (values.orientation !== undefined) input.orientation = values.orientation as PrintOptionsInput['orientation'];
  input.marginMm = lengthMm('margin', values.margin);
  input.overlapMm = lengthMm('overlap', values.overlap);
  input.lineWidthMm = lengthMm('line-width', values['line-width']);
  input.lineColour = values['line-colour'] ?? values['line-color'];
  if (values.coords !== undefined || values['coords-at'] !== undefined) {
    input.coordinates = {};
    if (values.coords !== undefined) input.coordinates.style = values.coords as 'CCRR';
    if (values['coords-at'] !== undefined) input.coordinates.position = values['coords-at'] === 'center' ? 'centre' : (values['coords-at'] as 'top');
  }
  const layers: Partial<PrintLayers> = {};
  if (values.layers !== undefined) {
    const on = layerList('layers', values.layers);
    for (const l of LAYERS) layers[l] = on.includes(l);
  }
  if (values.with !== undefined) for (const l of layerList('with', values.with)) layers[l] = true;
  if (values.without !== undefined) for (const l of layerList('without', values.without)) layers[l] = false;
  input.layers = layers;
  input.singleSheet = values['single-sheet'] ?? false;
  input.wholeCells = values['whole-cells'] ?? false;
  for (const key of Object.keys(input) as (keyof PrintOptionsInput)[]) if (input[key] === undefined) delete input[key];

  const dpi = values.dpi === undefined ? 150 : Number(values.dpi);
  if (values.png && !(Number.isFinite(dpi) && dpi >= 10 && dpi <= 2400)) throw new UsageError(`--dpi: must be a number from 10 to 2400; got "${values.dpi}"`);

  const layout = markDraft(layoutPrint(scenario, input), failing);
  const model = buildPrintModel(scenario, gridFor(scenario, layout.options), layout.cellSizeMm);
  for (const w of [...layout.warnings, ...model.skipped.map((s) => `skipped ${s}`)]) console.error(`warning: ${w}`);

  const started = Date.now();
  const pdf = values.png
    ? null
    : await renderLayoutPdf(scenario, layout, (p) => {
        if (process.stderr.isTTY) process.stderr.write(`\rwriting page ${p.done}/${p.total} (${p.page})   `);
      });
  if (process.stderr.isTTY && pdf) process.stderr.write('\n');

  const labels = [...(layout.assembly ? ['assembly'] : []), ...layout.pages.map((p) => p.label)];
  const written: string[] = [];
  if (values.png) {
    const pngs = await printPagesPng(scenario, layout, dpi);
    const out = values.out;
    const base = join(dirname(out), basename(out, extname(out)));
    for (const [i, png] of pngs.entries()) {
      const path = pngs.length === 1 ? `${base}.png` : `${base}-${String(i).padStart(2, '0')}-${labels[i]}.png`;
      await writeAtomically(path, png);
      written.push(path);
    }
  } else if (pdf) {
    await writeAtomically(values.out, pdf);
    written.push(values.out);
  }
  console.log(
    JSON.stringify({
      files: written,
      pages: labels.length,
      tiles: `${layout.tileRows} x ${layout.tileCols}`,
      orientation: layout.orientation,
      pageMm: layout.pageSizeMm,
      overlapMm: layout.overlapMm,
      cellMm: layout.cellSizeMm,
      scale: layout.scale.text,
      bytes: pdf?.length,
      ms: Date.now() - started,
    }),
  );
  return 0;
}

/** `--kit`: the tabletop kit PDF (shared/kit) instead of the map. */
async function printKit(scenario: Scenario, values: Record<string, string | boolean | undefined>, failing: number): Promise<number> {
  const str = (k: string): string | undefined => (typeof values[k] === 'string' ? (values[k] as string) : undefined);
  const kit = str('kit')!;
  const parts = kit.trim() === 'all' ? [...KIT_PARTS] : kit.split(',').map((p) => p.trim()).filter(Boolean);
  const input: KitOptionsInput = { parts: parts as KitPart[] };
  if (str('counter') !== undefined) input.counter = str('counter');
  const paperText = str('paper');
  if (paperText !== undefined) {
    const paper = parsePaper(paperText);
    if (!paper || !('name' in paper)) throw new UsageError(`--paper: "${paperText}" is not A4, A3, A2, Letter, Legal or Tabloid (a kit prints on sheets)`);
    input.paper = paper.name;
  }
  input.marginMm = lengthMm('margin', str('margin'));
  input.bleedMm = lengthMm('bleed', str('bleed'));
  if (str('marker-count') !== undefined) {
    input.markerCounts = {};
    for (const pair of str('marker-count')!.split(',')) {
      const m = /^\s*([\w-]+)\s*=\s*(\d+)\s*$/.exec(pair);
      if (!m) throw new UsageError(`--marker-count: "${pair}" is not id=N`);
      input.markerCounts[m[1]!] = Number(m[2]);
    }
  }
  for (const key of Object.keys(input) as (keyof KitOptionsInput)[]) if (input[key] === undefined) delete input[key];
  let layout;
  try {
    layout = layoutKit(scenario, input);
    if (failing > 0) layout = { ...layout, draft: draftText(failing) };
  } catch (e) {
    if (e instanceof KitOptionsError) throw new UsageError(e.problems.map((p) => `--${p.field === 'parts' ? 'kit' : p.field}: ${p.message}`).join('; '));
    throw e;
  }
  for (const w of layout.warnings) console.error(`warning: ${w}`);
  const started = Date.now();
  const png = values.png === true;
  const dpi = str('dpi') === undefined ? 150 : Number(str('dpi'));
  if (png && !(Number.isInteger(dpi) && dpi >= 50 && dpi <= 600)) throw new UsageError(`--dpi: must be a whole number from 50 to 600 for kit pages; got "${str('dpi')}"`);
  if (png && extname(str('out')!).toLowerCase() !== '.zip') throw new UsageError(`--out: the kit's PNG pages go into a zip; name it .zip (got "${str('out')}")`);
  const pdf = png ? await kitPngZip(scenario, layout, dpi) : await renderKitLayoutPdf(scenario, layout);
  await writeAtomically(str('out')!, pdf);
  const count = (kind: string) => layout.pages.filter((p) => p.kind === kind).length;
  console.log(
    JSON.stringify({
      files: [str('out')],
      pages: layout.pages.length,
      parts: Object.fromEntries(layout.options.parts.map((p) => [p, count(p)])),
      counters: layout.counters.length,
      markers: layout.markers.reduce((n, m) => n + m.count, 0),
      counterMm: Number(layout.options.counterMm.toFixed(3)),
      paper: layout.options.paper,
      ...(png ? { format: 'zip of PNG pages', dpi } : { format: 'pdf' }),
      bytes: pdf.length,
      ms: Date.now() - started,
    }),
  );
  return 0;
}

runCli('print', USAGE, main);
