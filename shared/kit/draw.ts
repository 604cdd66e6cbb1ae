// Draws a kit page (layout.ts) on the one drawing surface (shared/paint/surface.ts) in
// millimetres, y down from the page's top-left corner: the PDF writer and the dialog's preview
// call the same code. Unit symbols are the map painter's own (natoSymbol), so a counter on the
// table looks like the counter on the screen.
import type { Point } from '../grid/types.js';
import { INK, natoSymbol, starPoints, WHITE } from '../paint/markers.js';
import { darken, hexToRgb, lighten, luminance, type Rgb, type Surface, type SurfaceFont, type SurfaceFonts } from '../paint/surface.js';
import { drawRuler } from '../print/furniture.js';
import { PT_PER_MM } from '../print/units.js';
import type { KitCounter, KitMarker } from './content.js';
import { FOOTER_MM, TABLE_LINE_MM, TABLE_PAD_MM, TABLE_TEXT_MM, TABLE_TITLE_MM, TICK_ZONE_MM, type KitLayout, type KitPage, type PlacedPiece, type PlacedTable, type SheetPage, type TablePage, type TrackPage, type TrackSection } from './layout.js';

const GREY: Rgb = [0.42, 0.43, 0.45];
const RULE: Rgb = [0.55, 0.56, 0.58];
const HEAD_FILL: Rgb = [0.91, 0.9, 0.87];
const GOLD: Rgb = [0.96, 0.78, 0.18];

/** Characters the PDF's standard fonts lack, as ones they have (a true minus as an en dash...). */
const SUBSTITUTES: Record<string, string> = { '\u2212': '\u2013', '\u2192': '->', '\u2713': 'x', '\u2605': '*', '\u00a0': ' ' };
const WIN_ANSI_EXTRA = '\u20ac\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\u017d\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\u017e\u0178';

/** True when the standard PDF fonts can print every character. */
export function printable(text: string): boolean {
  for (const ch of text) {
    const c = ch.codePointAt(0)!;
    if (!((c >= 0x20 && c < 0x7f) || (c >= 0xa0 && c <= 0xff) || WIN_ANSI_EXTRA.includes(ch))) return false;
  }
  return true;
}

/** Text as the standard fonts can print it. */
export function kitText(text: string): string {
  let out = '';
  for (const ch of text) out += SUBSTITUTES[ch] ?? (printable(ch) ? ch : '?');
  return out;
}

const inkOn = (fill: Rgb): Rgb => (luminance(fill) > 0.5 ? INK : WHITE);

/** The largest size from `max` down to `min` at which `text` fits `width`; null when not even `min` does. */
function fitSize<F extends SurfaceFont>(font: F, text: string, width: number, max: number, min: number): number | null {
  const w = font.width(text, max);
  if (w <= width) return max;
  const size = (max * width) / w;
  return size >= min ? size : null;
}

/** Words into lines no wider than `width` in this font (a word wider than a line keeps a line of its own). */
function wrapWith<F extends SurfaceFont>(font: F, text: string, size: number, width: number): string[] {
  const out: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const next = line ? `${line} ${word}` : word;
    if (line && font.width(next, size) > width) {
      out.push(line);
      line = word;
    } else line = next;
  }
  out.push(line);
  return out;
}

/** Text cut with an ellipsis to fit. */
function cut<F extends SurfaceFont>(font: F, text: string, size: number, width: number): string {
  if (font.width(text, size) <= width) return text;
  let t = text;
  while (t.length > 1 && font.width(`${t}\u2026`, size) > width) t = t.slice(0, -1);
  return `${t.trimEnd()}\u2026`;
}

const ABBREVIATIONS: [RegExp, string][] = [
  [/\b(Army Group|Corps|Korps|Army|Armee|Division|Brigade|Regiment|Battalion)\b/g, ''],
  [/\bPanzer\b/g, 'Pz'],
  [/\bGuards\b/g, 'Gds'],
  [/\bMechani[sz]ed\b/g, 'Mech'],
  [/\bMotori[sz]ed\b/g, 'Mot'],
  [/\bCavalry\b/g, 'Cav'],
  [/\bInfantry\b/g, 'Inf'],
  [/\bAirborne\b/g, 'Abn'],
  [/\bMountain\b/g, 'Mtn'],
  [/\bShock\b/g, 'Sh'],
  [/\bTank\b/g, 'Tk'],
];

/** A unit name short enough for a counter: the size words go (the NATO size mark says it), common words shorten. */
export function counterName(name: string): string {
  let t = name;
  for (const [re, short] of ABBREVIATIONS) t = t.replace(re, short);
  t = t.replace(/\s+/g, ' ').trim();
  return t || name;
}

/** Text fitted on one line: full size if it fits, smaller down to `min`, then abbreviated, then cut. */
function fitLine<F extends SurfaceFont>(s: Surface<F>, font: F, text: string, x: number, y: number, width: number, max: number, min: number, short?: string): void {
  const full = kitText(text);
  // Shrinking a little reads better than abbreviating; shrinking a lot does not.
  let size = fitSize(font, full, width, max, Math.max(min, max * 0.8));
  if (size !== null) {
    s.text(font, size, x, y, full, 'centre');
    return;
  }
  const alt = kitText(short ?? full);
  size = fitSize(font, alt, width, max, min) ?? min;
  s.text(font, size, x, y, cut(font, alt, size, width), 'centre');
}

// ---------------------------------------------------------------------------------------------
// Counters and markers
// ---------------------------------------------------------------------------------------------

/** A cross pattée (✠) in a box of radius r. */
function crossPattee(s: Surface, c: Point, r: number): void {
  const a = r;
  const b = r * 0.32;
  const n = r * 0.12;
  for (let k = 0; k < 4; k++) {
    const rot = (p: Point): Point => {
      const ang = (k * Math.PI) / 2;
      return { x: c.x + p.x * Math.cos(ang) - p.y * Math.sin(ang), y: c.y + p.x * Math.sin(ang) + p.y * Math.cos(ang) };
    };
    s.path([rot({ x: -n, y: 0 }), rot({ x: -b, y: -a }), rot({ x: b, y: -a }), rot({ x: n, y: 0 })], true);
  }
}

/** The marker's short text, or its sign drawn when the fonts have no such character. */
function drawSign<F extends SurfaceFont>(s: Surface<F>, fonts: SurfaceFonts<F>, short: string, c: Point, u: number, ink: Rgb): void {
  if (short === '\u2605' || short === '\u262d') {
    s.path(starPoints(c, u * 0.2), true);
    s.fillStyle(short === '\u262d' ? [0.75, 0.12, 0.1] : GOLD).roundJoins().strokeStyle(INK, u * 0.015).fillAndStroke();
    return;
  }
  if (short === '\u2720') {
    crossPattee(s, c, u * 0.2);
    s.fillStyle(INK).roundJoins().strokeStyle(WHITE, u * 0.012).fillAndStroke();
    return;
  }
  const text = kitText(short);
  const size = fitSize(fonts.bold, text, u * 0.84, u * 0.3, u * 0.12) ?? u * 0.12;
  s.fillStyle(ink).text(fonts.bold, size, c.x, c.y + size * 0.36, cut(fonts.bold, text, size, u * 0.84), 'centre');
}

export function drawCounter<F extends SurfaceFont>(s: Surface<F>, fonts: SurfaceFonts<F>, p: PlacedPiece, counter: KitCounter, face: 'front' | 'back'): void {
  const T = p.trim;
  const u = T.width;
  const side = hexToRgb(counter.colour);
  // The back of a two-faced counter is the side colour lightened: the reduced face reads at a glance.
  const fill = face === 'back' && counter.back !== null ? lighten(side, 0.45) : side;
  const ink = inkOn(fill);
  s.fillStyle(fill).rect(p.bleed).fill();
  const cx = T.x + u / 2;
  // Name along the top.
  s.fillStyle(ink);
  fitLine(s, fonts.bold, counter.name, cx, T.y + u * 0.15, u * 0.9, u * 0.12, u * 0.085, counterName(counter.name));
  // NATO size mark above the symbol.
  const box = { x: T.x + u * 0.25, y: T.y + u * 0.33, width: u * 0.5, height: u * 0.32 };
  if (counter.echelon) s.fillStyle(ink).text(fonts.bold, u * 0.1, cx, box.y - u * 0.03, counter.echelon, 'centre');
  s.buttCaps().strokeStyle(INK, u * 0.022);
  natoSymbol(s, box, counter.branch);
  // Factors along the bottom.
  const factors = face === 'front' ? counter.front : counter.back;
  if (factors !== null) {
    const text = kitText(factors);
    const size = fitSize(fonts.bold, text, u * 0.7, u * 0.25, u * 0.12) ?? u * 0.12;
    s.fillStyle(ink).text(fonts.bold, size, cx, T.y + u * 0.93, text, 'centre');
  } else {
    s.fillStyle(ink).text(fonts.regular, u * 0.09, cx, T.y + u * 0.86, kitText(counter.sideName), 'centre');
  }
  // Elite and other marks in the lower corners.
  if (face === 'front') {
    counter.marks.forEach((m, i) => {
      const at = { x: T.x + u * (i === 0 ? 0.13 : 0.87), y: T.y + u * 0.8 };
      if (m.mark === '\u2605') {
        s.path(starPoints(at, u * 0.085), true);
        s.fillStyle(GOLD).roundJoins().strokeStyle(INK, u * 0.012).fillAndStroke();
      } else s.fillStyle(ink).text(fonts.bold, u * 0.12, at.x, at.y + u * 0.04, kitText(m.mark), 'centre');
    });
  }
}

export function drawMarker<F extends SurfaceFont>(s: Surface<F>, fonts: SurfaceFonts<F>, p: PlacedPiece, marker: KitMarker, face: 'front' | 'back'): void {
  const T = p.trim;
  const u = T.width;
  const fill = marker.sides ? hexToRgb(marker.sides[face === 'front' ? 0 : 1]) : hexToRgb(marker.colour);
  const ink = inkOn(fill);
  s.fillStyle(fill).rect(p.bleed).fill();
  // A frame inside the cut tells a marker from a unit at a glance.
  s.buttCaps().strokeStyle(darken(fill, 0.35), u * 0.02).rect({ x: T.x + u * 0.07, y: T.y + u * 0.07, width: u * 0.86, height: u * 0.86 }).stroke();
  drawSign(s, fonts, marker.short, { x: T.x + u / 2, y: T.y + u * 0.45 }, u, ink);
  s.fillStyle(ink);
  fitLine(s, fonts.regular, marker.label, T.x + u / 2, T.y + u * 0.84, u * 0.8, u * 0.11, u * 0.075);
}

function drawSheet<F extends SurfaceFont>(s: Surface<F>, fonts: SurfaceFonts<F>, page: SheetPage): void {
  for (const p of page.pieces) {
    if (p.piece.kind === 'unit') drawCounter(s, fonts, p, p.piece.counter, page.face);
    else drawMarker(s, fonts, p, p.piece.marker, page.face);
  }
  // Crop ticks in the margins round the block, on every cut line.
  const B = page.block;
  const gap = 1;
  const len = TICK_ZONE_MM - 1.5;
  s.buttCaps().strokeStyle(INK, 0.15);
  for (const x of page.cutsX) s.segment({ x, y: B.y - gap - len }, { x, y: B.y - gap }).segment({ x, y: B.y + B.height + gap }, { x, y: B.y + B.height + gap + len });
  for (const y of page.cutsY) s.segment({ x: B.x - gap - len, y }, { x: B.x - gap, y }).segment({ x: B.x + B.width + gap, y }, { x: B.x + B.width + gap + len, y });
  s.stroke();
  // Registration crosses (a ring on the backs, so both show against the light).
  for (const c of page.registration) {
    s.strokeStyle(INK, 0.15).segment({ x: c.x - 2.5, y: c.y }, { x: c.x + 2.5, y: c.y }).segment({ x: c.x, y: c.y - 2.5 }, { x: c.x, y: c.y + 2.5 }).stroke();
    s.circle(c, page.face === 'front' ? 1 : 1.8).stroke();
  }
  if (page.ruler) {
    s.save().transform(1 / PT_PER_MM, 0, 0, 1 / PT_PER_MM, page.ruler.x, page.ruler.y);
    drawRuler(s, fonts, { x: 0, y: 0 });
    s.restore();
  }
}

// ---------------------------------------------------------------------------------------------
// Tracks
// ---------------------------------------------------------------------------------------------

const GROUND_TINT: Record<string, Rgb> = { easy: [1, 1, 1], mud: [0.94, 0.89, 0.81], snow: [0.92, 0.95, 0.99], frozen: [0.89, 0.95, 0.96] };

function drawTrackSection<F extends SurfaceFont>(s: Surface<F>, fonts: SurfaceFonts<F>, sec: TrackSection): void {
  s.fillStyle(INK).text(fonts.bold, 3.4, sec.at.x, sec.at.y + 4, kitText(sec.title));
  if (sec.kind === 'turns') {
    for (const { turn, box } of sec.boxes) {
      s.fillStyle(turn.ground ? GROUND_TINT[turn.ground]! : [0.97, 0.96, 0.93]).buttCaps().strokeStyle(INK, 0.3).rect(box).fillAndStroke();
      s.fillStyle(INK).text(fonts.bold, 6.5, box.x + 2, box.y + 7.5, String(turn.turn));
      const date = kitText(turn.date);
      s.fillStyle(GREY).text(fonts.bold, 2.7, box.x + box.width - 2, box.y + 4.5, cut(fonts.bold, date, 2.7, box.width - 14), 'right');
      let y = box.y + 12;
      const size = 2.45;
      const lineH = size * 1.3;
      const width = box.width - 4;
      for (const line of turn.lines) {
        const indent = line.colour ? 3 : 0;
        const font = line.strong ? fonts.bold : fonts.regular;
        const wrapped = wrapWith(font, kitText(line.text), size, width - indent);
        if (line.colour && y + lineH <= box.y + box.height - 1) {
          s.fillStyle(hexToRgb(line.colour)).strokeStyle(INK, 0.1).rect({ x: box.x + 2, y: y - size * 0.75, width: 2, height: 2 }).fillAndStroke();
        }
        for (const w of wrapped) {
          if (y + 0.5 > box.y + box.height - 1) break;
          s.fillStyle(INK).text(font, size, box.x + 2 + indent, y, cut(font, w, size, width - indent));
          y += lineH;
        }
      }
    }
  } else if (sec.kind === 'vp') {
    for (const { value, box } of sec.values) {
      s.fillStyle(value % 10 === 0 ? [0.93, 0.9, 0.8] : value % 5 === 0 ? [0.97, 0.95, 0.89] : [1, 1, 1]).buttCaps().strokeStyle(INK, 0.25).rect(box).fillAndStroke();
      s.fillStyle(INK).text(value % 5 === 0 ? fonts.bold : fonts.regular, 2.8, box.x + 1.2, box.y + 3.6, String(value));
    }
  } else if (sec.clock) {
    const { hours, ends } = sec.clock;
    const x0 = sec.at.x + 2;
    const w = sec.at.width - 4;
    const y = sec.at.y + 14;
    const dx = w / hours;
    s.buttCaps().strokeStyle(INK, 0.3).segment({ x: x0, y }, { x: x0 + w, y }).stroke();
    s.strokeStyle(INK, 0.2);
    for (let h = 0; h <= hours; h++) s.segment({ x: x0 + h * dx, y }, { x: x0 + h * dx, y: y - (h % 10 === 0 ? 4 : h % 5 === 0 ? 2.8 : 1.6) });
    s.stroke();
    s.fillStyle(INK);
    for (let h = 0; h <= hours; h += 10) s.text(fonts.regular, 2.4, x0 + h * dx, y - 5, String(h), 'centre');
    for (const e of ends) {
      const x = x0 + e.hour * dx;
      s.fillStyle([0.75, 0.12, 0.1]).path([{ x, y: y + 0.6 }, { x: x - 1.4, y: y + 3 }, { x: x + 1.4, y: y + 3 }], true).fill();
      s.fillStyle(INK).text(fonts.bold, 2.4, x, y + 5.6, kitText(e.label), e.hour === hours ? 'right' : 'centre');
    }
  }
}

function drawTrackPage<F extends SurfaceFont>(s: Surface<F>, fonts: SurfaceFonts<F>, page: TrackPage): void {
  for (const sec of page.sections) drawTrackSection(s, fonts, sec);
}

// ---------------------------------------------------------------------------------------------
// Tables
// ---------------------------------------------------------------------------------------------

function drawTable<F extends SurfaceFont>(s: Surface<F>, fonts: SurfaceFonts<F>, t: PlacedTable): void {
  const x0 = t.at.x;
  let y = t.at.y;
  const width = t.widths.reduce((a, b) => a + b, 0);
  if (t.titleHeight > 0) {
    s.fillStyle(INK).text(fonts.bold, TABLE_TITLE_MM, x0, y + TABLE_TITLE_MM, kitText(`${t.table.title}${t.continued ? ' (continued)' : ''}`));
    y += TABLE_TITLE_MM * 1.5;
    {
      for (const line of t.caption.map(kitText)) {
        s.fillStyle(GREY).text(fonts.regular, TABLE_TEXT_MM, x0, y + TABLE_TEXT_MM * 0.4, line);
        y += TABLE_LINE_MM;
      }
    }
  }
  const row = (cells: string[][], h: number, head: boolean, note?: string) => {
    s.fillStyle(head ? HEAD_FILL : note ? [0.96, 0.92, 0.85] : WHITE).rect({ x: x0, y, width, height: h }).fill();
    let x = x0;
    cells.forEach((lines, i) => {
      const w = t.widths[i]!;
      const font = head || i === 0 ? fonts.bold : fonts.regular;
      lines.forEach((line, k) => {
        const size = fitSize(font, line, w - 2 * TABLE_PAD_MM, TABLE_TEXT_MM, TABLE_TEXT_MM * 0.7) ?? TABLE_TEXT_MM * 0.7;
        s.fillStyle(INK).text(font, size, x + TABLE_PAD_MM, y + TABLE_PAD_MM + TABLE_TEXT_MM * 0.85 + k * TABLE_LINE_MM, cut(font, line, size, w - 2 * TABLE_PAD_MM));
      });
      x += w;
    });
    s.buttCaps().strokeStyle(RULE, 0.18).rect({ x: x0, y, width, height: h }).stroke();
    x = x0;
    for (const w of t.widths.slice(0, -1)) {
      x += w;
      s.segment({ x, y }, { x, y: y + h });
    }
    s.stroke();
    y += h;
  };
  if (t.header.cells.length) row(t.header.cells.map((c) => c.map(kitText)), t.header.height, true);
  for (const r of t.rows) row(r.cells.map((c) => c.map(kitText)), r.height, false, r.note);
  if (t.rows.length || t.header.cells.length) s.buttCaps().strokeStyle(INK, 0.3).rect({ x: x0, y: t.at.y + t.titleHeight, width, height: y - t.at.y - t.titleHeight }).stroke();
  y += t.notes.length ? 2 : 0;
  for (const note of t.notes) {
    for (const line of note) {
      s.fillStyle(GREY).text(fonts.regular, TABLE_TEXT_MM, x0, y + TABLE_TEXT_MM, kitText(line));
      y += TABLE_LINE_MM;
    }
  }
}

function drawTablePage<F extends SurfaceFont>(s: Surface<F>, fonts: SurfaceFonts<F>, page: TablePage): void {
  for (const t of page.tables) drawTable(s, fonts, t);
}

// ---------------------------------------------------------------------------------------------

function drawFurniture<F extends SurfaceFont>(s: Surface<F>, fonts: SurfaceFonts<F>, layout: KitLayout, page: KitPage, scenarioTitle: string, asChart: boolean): void {
  const m = layout.options.marginMm;
  const W = page.size.width;
  s.fillStyle(INK).text(fonts.bold, 4.2, m, m + 4.5, kitText(page.title));
  s.fillStyle(GREY).text(fonts.regular, 2.6, m, m + 9.2, cut(fonts.regular, kitText(page.caption), 2.6, W - 2 * m));
  // A chart on screen (a VASSAL module's Charts window) has no page number and is not printed.
  if (asChart) return;
  s.fillStyle(GREY).text(fonts.regular, 2.4, W - m, m + 4.5, cut(fonts.regular, kitText(`${scenarioTitle} \u00b7 kit page ${page.number} of ${layout.pages.length}`), 2.4, W * 0.4), 'right');
  const footY = page.size.height - m - FOOTER_MM / 2 + 4;
  s.fillStyle(GREY).text(fonts.regular, 2.2, W - m, footY, 'Gridfront tabletop kit \u00b7 print at actual size (100%, no fit to page)', 'right');
}

/**
 * Draws one page of the kit; the surface's units are millimetres, y down, at the page's top-left.
 * `asChart`: the page is shown on screen as a chart, not printed: no page number or print advice.
 */
export function drawKitPage<F extends SurfaceFont>(s: Surface<F>, fonts: SurfaceFonts<F>, layout: KitLayout, page: KitPage, scenarioTitle: string, asChart = false): void {
  drawFurniture(s, fonts, layout, page, scenarioTitle, asChart);
  if ('pieces' in page) drawSheet(s, fonts, page);
  else if ('sections' in page) drawTrackPage(s, fonts, page);
  else drawTablePage(s, fonts, page);
}

