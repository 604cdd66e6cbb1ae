// The tabletop kit as printed: counters measured on the PDF rasterised at 600 dpi, backs landing
// on their fronts when the sheet is turned over on its long edge, every unit once with the
// factors its ruleset declares, and the turn record track's boxes read back from the PDF text.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { Scenario } from '../../shared/format/scenario.types.js';
import { layoutKit, type KitLayout, type SheetPage, type TrackPage } from '../../shared/kit/layout.js';
import type { KitOptionsInput } from '../../shared/kit/options.js';
import { renderKitLayoutPdf } from './kit-pdf.js';
import { readPdfText, runsIn, type PageText } from './pdf-text.js';
import { renderPageGrey, type GreyImage } from './testing/pdf-pixels.js';

const load = (name: string): Scenario => JSON.parse(readFileSync(fileURLToPath(new URL(`../../scenarios/${name}.json`, import.meta.url)), 'utf8')) as Scenario;

async function kit(scenario: Scenario, options: KitOptionsInput): Promise<{ layout: KitLayout; pdf: Uint8Array }> {
  const layout = layoutKit(scenario, options);
  return { layout, pdf: await renderKitLayoutPdf(scenario, layout) };
}

const px = (mm: number, dpi: number): number => Math.round((mm / 25.4) * dpi);
const mm = (p: number, dpi: number): number => (p * 25.4) / dpi;

/** Centres (mm) of the dark runs along a row of the image, between x0 and x1 mm. */
function darkCentresAlongRow(img: GreyImage, dpi: number, yMm: number, x0: number, x1: number): number[] {
  const y = px(yMm, dpi);
  const out: number[] = [];
  let start = -1;
  for (let x = px(x0, dpi); x <= px(x1, dpi); x++) {
    const dark = img.pixels[y * img.width + x]! < 128;
    if (dark && start < 0) start = x;
    if (!dark && start >= 0) {
      out.push(mm((start + x - 1) / 2 + 0.5, dpi));
      start = -1;
    }
  }
  return out;
}

function darkCentresAlongColumn(img: GreyImage, dpi: number, xMm: number, y0: number, y1: number): number[] {
  const x = px(xMm, dpi);
  const out: number[] = [];
  let start = -1;
  for (let y = px(y0, dpi); y <= px(y1, dpi); y++) {
    const dark = img.pixels[y * img.width + x]! < 128;
    if (dark && start < 0) start = y;
    if (!dark && start >= 0) {
      out.push(mm((start + y - 1) / 2 + 0.5, dpi));
      start = -1;
    }
  }
  return out;
}

/** [start, end] (mm, outer edges) of each run of inked (not white) pixels along a row. */
function inkRuns(img: GreyImage, dpi: number, yMm: number): [number, number][] {
  const y = px(yMm, dpi);
  const out: [number, number][] = [];
  let start = -1;
  for (let x = 0; x <= img.width; x++) {
    const ink = x < img.width && img.pixels[y * img.width + x]! < 235;
    if (ink && start < 0) start = x;
    if (!ink && start >= 0) {
      out.push([mm(start, dpi), mm(x, dpi)]);
      start = -1;
    }
  }
  return out;
}

const sheetPages = (layout: KitLayout, kind: 'counters' | 'markers') => layout.pages.map((p, i) => ({ p, i })).filter((x): x is { p: SheetPage; i: number } => x.p.kind === kind);

describe('counter sheets at true size', () => {
  for (const [counter, size] of [
    ['5/8in', 15.875],
    ['20mm', 20],
  ] as const) {
    it(`prints ${counter} counters ${size} mm across and tall (± 0.2 mm, 600 dpi), with the bleed past the cut`, async () => {
      const { layout, pdf } = await kit(load('seed-000-example'), { parts: ['counters'], counter, paper: 'A4' });
      const front = layout.pages[0] as SheetPage;
      const B = front.block;
      const dpi = 600;
      const img = await renderPageGrey(pdf, 1, dpi);
      // The crop ticks above the block: one on each side of every column of counters.
      const xs = darkCentresAlongRow(img, dpi, B.y - 3, B.x, B.x + B.width);
      const cols = Math.round(B.width / (size + 2 * layout.options.bleedMm));
      expect(xs).toHaveLength(2 * cols);
      for (let c = 0; c < cols; c++) expect(Math.abs(xs[2 * c + 1]! - xs[2 * c]! - size)).toBeLessThanOrEqual(0.2);
      // The ticks left of the block: one above and one below every row.
      const ys = darkCentresAlongColumn(img, dpi, B.x - 3, B.y, B.y + B.height);
      expect(ys.length).toBeGreaterThanOrEqual(2);
      expect(ys.length % 2).toBe(0);
      for (let r = 0; r < ys.length / 2; r++) expect(Math.abs(ys[2 * r + 1]! - ys[2 * r]! - size)).toBeLessThanOrEqual(0.2);
      // The first row's colour starts a bleed before the first cut and ends a bleed after the last.
      const runs = inkRuns(img, dpi, ys[0]! + size * 0.7).filter(([a, b]) => b > B.x && a < B.x + B.width);
      expect(runs).toHaveLength(1);
      expect(Math.abs(runs[0]![0] - (xs[0]! - layout.options.bleedMm))).toBeLessThanOrEqual(0.2);
      expect(Math.abs(runs[0]![1] - (xs[xs.length - 1]! + layout.options.bleedMm))).toBeLessThanOrEqual(0.2);
    });
  }

  it('lands every back on its front within 0.5 mm when the back page is turned over on its long edge', async () => {
    const { layout, pdf } = await kit(load('battle-for-moscow'), { parts: ['counters', 'markers'], counter: '3/4in', paper: 'Letter' });
    const text = await readPdfText(pdf);
    const dpi = 300;
    let checked = 0;
    for (const kind of ['counters', 'markers'] as const) {
      const pages = sheetPages(layout, kind);
      for (let k = 0; k < pages.length; k += 2) {
        const { p: front, i } = pages[k]!;
        const back = pages[k + 1]!;
        expect(back.p.face).toBe('back');
        expect(back.i).toBe(i + 1);
        const W = front.size.width;
        const [imgF, imgB] = await Promise.all([renderPageGrey(pdf, i + 1, dpi), renderPageGrey(pdf, i + 2, dpi)]);
        // Ink along the middle of every row of counters: the back's, mirrored, covers the front's.
        const rowYs = new Set(front.pieces.map((pc) => pc.trim.y + pc.trim.height * 0.7));
        for (const y of rowYs) {
          const inBlock = ([a, b]: [number, number]) => b > front.block.x - 0.5 && a < front.block.x + front.block.width + 0.5;
          const f = inkRuns(imgF, dpi, y).filter(inBlock);
          const b = inkRuns(imgB, dpi, y)
            .map(([a, c]) => [W - c, W - a] as [number, number])
            .filter(inBlock)
            .sort((p, q) => p[0] - q[0]);
          expect(b.length).toBe(f.length);
          f.forEach(([a, c], n) => {
            expect(Math.abs(b[n]![0] - a)).toBeLessThanOrEqual(0.5);
            expect(Math.abs(b[n]![1] - c)).toBeLessThanOrEqual(0.5);
          });
        }
        // Each counter's name on the back sits over its name on the front.
        const frontText = text[i]!;
        const backText = text[i + 1]!;
        for (const pc of front.pieces) {
          // A unit's name along its top (its factors differ on the back); all of a marker's text.
          const names = runsIn(frontText, pc.piece.kind === 'unit' ? { ...pc.trim, height: pc.trim.height * 0.25 } : pc.trim);
          expect(names.length).toBeGreaterThan(0);
          for (const n of names) {
            const centre = n.x + n.width / 2;
            const match = backText.runs.find((r) => r.text === n.text && Math.abs(W - (r.x + r.width / 2) - centre) <= 0.5 && Math.abs(r.y - n.y) <= 0.5);
            expect(match, `${n.text} on the back of sheet ${front.sheet}`).toBeDefined();
            checked++;
          }
        }
      }
    }
    expect(checked).toBeGreaterThanOrEqual(layout.counters.length);
  });
});

describe('every unit on the counter sheets once, with its declared factors', () => {
  /** The text printed inside a counter's bottom third: its factor line. */
  const factorsIn = (page: PageText, trim: { x: number; y: number; width: number; height: number }): string[] =>
    runsIn(page, { x: trim.x, y: trim.y + trim.height * 0.75, width: trim.width, height: trim.height * 0.25 }).map((r) => r.text);

  it('Battle for Moscow: the order of battle and the pool, strength-movement on the front and half strength-movement on the back', async () => {
    const scenario = load('battle-for-moscow');
    const { layout, pdf } = await kit(scenario, { parts: ['counters'] });
    const text = await readPdfText(pdf);
    const expected = new Map<string, { front: string; back: string }>();
    for (const u of [...scenario.orderOfBattle, ...(scenario.reinforcements ?? []).map((r) => r.unit), ...(scenario.pool ?? []).map((p) => p.unit)]) {
      const f = u.fields as { reducedStrength: number; movement: number };
      expected.set(u.id, { front: `${u.strength}-${f.movement}`, back: `${f.reducedStrength}-${f.movement}` });
    }
    const seen = new Map<string, number>();
    for (const { p, i } of sheetPages(layout, 'counters')) {
      for (const [k, pc] of p.pieces.entries()) {
        if (pc.piece.kind !== 'unit') continue;
        const id = pc.piece.counter.unitId;
        const want = expected.get(id);
        expect(want, id).toBeDefined();
        if (p.face === 'front') seen.set(id, (seen.get(id) ?? 0) + 1);
        expect(factorsIn(text[i]!, pc.trim), `${id} ${p.face}`).toEqual([p.face === 'front' ? want!.front : want!.back]);
        expect(p.face === 'front' ? (layout.pages[i + 1] as SheetPage).pieces[k]!.piece : pc.piece).toBe(pc.piece);
      }
    }
    expect([...seen.keys()].sort()).toEqual([...expected.keys()].sort());
    expect([...seen.values()].every((n) => n === 1)).toBe(true);
  });

  it('seed 000 with reinforcements: every set-up unit and every reinforcement once, strength on the front', async () => {
    const scenario = load('seed-000-example');
    scenario.reinforcements = [
      { turn: 5, entryCell: '6,2', unit: { id: 's-3gds', side: 'soviets', name: '3rd Guards Army', branch: 'infantry', strength: 7 } },
      { turn: 9, entryCell: '0,4', unit: { id: 'g-gd', side: 'germans', name: 'Grossdeutschland Division', branch: 'mechanised', strength: 3, elite: true } },
    ];
    const { layout, pdf } = await kit(scenario, { parts: ['counters'], counter: '1/2in' });
    const text = await readPdfText(pdf);
    const units = [...scenario.orderOfBattle, ...scenario.reinforcements.map((r) => r.unit)];
    const seen: string[] = [];
    for (const { p, i } of sheetPages(layout, 'counters').filter((x) => x.p.face === 'front')) {
      for (const pc of p.pieces) {
        if (pc.piece.kind !== 'unit') continue;
        const u = units.find((x) => x.id === (pc.piece as { counter: { unitId: string } }).counter.unitId)!;
        seen.push(u.id);
        expect(factorsIn(text[i]!, pc.trim)).toEqual([String(u.strength)]);
      }
    }
    expect(seen.sort()).toEqual(units.map((u) => u.id).sort());
    // The reinforcements' turn shows on the track too.
    const track = (await kit(scenario, { parts: ['track'] })).layout;
    const box = (track.pages[0] as TrackPage).sections[0]!.boxes.find((b) => b.turn.turn === 5)!;
    expect(box.turn.lines.map((l) => l.text)).toContain('+ 3rd Guards Army (0703)');
  });
});

describe('the seed-000 turn record track, read back from the PDF', () => {
  it('shows the mud roll from turn 3, German prepared offensives 3/2/1 on turns 1–3 and the initiative passing at turn 19', async () => {
    const { layout, pdf } = await kit(load('seed-000-example'), { parts: ['track'] });
    const text = await readPdfText(pdf);
    const boxes = new Map<number, string[]>();
    layout.pages.forEach((page, i) => {
      if (page.kind !== 'track') return;
      for (const sec of page.sections) for (const b of sec.boxes) boxes.set(b.turn.turn, runsIn(text[i]!, b.box).map((r) => r.text));
    });
    expect(boxes.size).toBe(22);
    const say = (turn: number) => boxes.get(turn)!.join(' | ');
    // Ground: snow on turns 1–2, then the d6 roll for mud from turn 3 on.
    for (const t of [1, 2]) {
      expect(boxes.get(t)).toContain('Snow');
      expect(say(t)).not.toMatch(/Roll/);
    }
    for (let t = 3; t <= 22; t++) expect(boxes.get(t), `turn ${t}`).toContain('Roll d6: 1\u20132 mud');
    // Prepared offensives.
    expect(boxes.get(1)).toContain('Germans: 3 prepared offensives');
    expect(boxes.get(2)).toContain('Germans: 2 prepared offensives');
    expect(boxes.get(3)).toContain('Germans: 1 prepared offensive');
    for (let t = 4; t <= 22; t++) expect(say(t)).not.toMatch(/prepared offensive/);
    // Initiative.
    for (let t = 1; t <= 18; t++) expect(boxes.get(t), `turn ${t}`).toContain('Initiative: Germans');
    expect(boxes.get(19)).toContain('Initiative passes to Soviets');
    for (let t = 20; t <= 22; t++) expect(boxes.get(t)).toContain('Initiative: Soviets');
    expect([...boxes.entries()].filter(([, texts]) => texts.some((x) => x.includes('passes'))).map(([t]) => t)).toEqual([19]);
    // Each box is headed by its turn number and date.
    expect(boxes.get(1)).toEqual(expect.arrayContaining(['1', '24 Jan 1944']));
  });
});
