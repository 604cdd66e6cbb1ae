// Where everything of a tabletop kit goes, in millimetres on each page (y down from the top-left
// corner): counter and marker sheets (fronts, then their backs mirrored for duplex printing on the
// long edge), the turn record track with the VP track and time clock, the play aids and the order
// of battle. Text is measured with a Helvetica-like estimate, so the layout is the same for the
// PDF and the preview; the drawing shrinks a line that comes out wider on some surface.
import { fileNameFor } from '../format/file-name.js';
import type { Scenario } from '../format/scenario.types.js';
import type { Point, Rect } from '../grid/types.js';
import { approxTextWidth } from '../paint/place-names.js';
import { declarationOf } from '../rules/index.js';
import type { RulesTable, RulesetDeclaration } from '../rules/types.js';
import { kitAids, kitCounters, kitMarkers, kitOob, kitTurns, type KitCounter, type KitMarker, type KitTurn } from './content.js';
import { resolveKitOptions, type KitOptions, type KitOptionsInput } from './options.js';

export type Piece = { kind: 'unit'; counter: KitCounter } | { kind: 'marker'; marker: KitMarker; copy: number };

export interface PlacedPiece {
  piece: Piece;
  /** The cut line. */
  trim: Rect;
  /** The trim grown by the bleed: what is inked. */
  bleed: Rect;
}

interface PageBase {
  /** Page size in mm as it lies (landscape track pages are wider than tall). */
  size: { width: number; height: number };
  title: string;
  /** A line under the title. */
  caption: string;
  /** Printed in the top-right corner: "Kit page 3 of 9". */
  number: number;
}

export interface SheetPage extends PageBase {
  kind: 'counters' | 'markers';
  face: 'front' | 'back';
  /** Sheet number within its kind (front and back share it). */
  sheet: number;
  pieces: PlacedPiece[];
  /** Cut lines across the sheet (x positions of vertical cuts, y of horizontal ones), for crop ticks. */
  cutsX: number[];
  cutsY: number[];
  /** The rectangle the counters fill, bleed included. */
  block: Rect;
  /** Registration crosses: on a back page at the front's crosses mirrored. */
  registration: Point[];
  /** Where the ruler goes (front pages), or null. */
  ruler: Point | null;
}

export interface TrackBox {
  turn: KitTurn;
  box: Rect;
}

export interface TrackSection {
  kind: 'turns' | 'vp' | 'clock';
  title: string;
  at: Rect;
  boxes: TrackBox[];
  /** VP track: a box per value. */
  values: { value: number; box: Rect }[];
  /** Time clock: hours from 0 to `hours`, with ends marked. */
  clock: { hours: number; ends: { hour: number; label: string }[] } | null;
}

export interface TrackPage extends PageBase {
  kind: 'track';
  sections: TrackSection[];
}

export interface PlacedTable {
  table: RulesTable;
  at: Rect;
  /** Column widths: the row-label column, then the data columns. */
  widths: number[];
  /** Rows shown here (a long table continues on the next page). */
  rows: { cells: string[][]; height: number; note?: string }[];
  header: { cells: string[][]; height: number };
  titleHeight: number;
  /** The caption's lines. */
  caption: string[];
  notes: string[][];
  continued: boolean;
}

export interface TablePage extends PageBase {
  kind: 'aids' | 'oob';
  tables: PlacedTable[];
}

export type KitPage = SheetPage | TrackPage | TablePage;

export interface KitLayout {
  options: KitOptions;
  pages: KitPage[];
  counters: KitCounter[];
  markers: KitMarker[];
  turns: KitTurn[];
  warnings: string[];
  /** "Draft — 3 checks not passing": printed small at the foot of every page while the scenario's checks fail. */
  draft?: string;
}

/** Space at the top of every page for its title and caption, and at the foot for notes. */
export const HEADER_MM = 13;
export const FOOTER_MM = 12;
/** Room outside a block of counters for the crop ticks. */
export const TICK_ZONE_MM = 6;

export const TABLE_TEXT_MM = 2.9;
export const TABLE_LINE_MM = TABLE_TEXT_MM * 1.25;
export const TABLE_PAD_MM = 1.2;
export const TABLE_TITLE_MM = 4.6;

const rect = (x: number, y: number, width: number, height: number): Rect => ({ x, y, width, height });

// ---------------------------------------------------------------------------------------------
// Counter and marker sheets
// ---------------------------------------------------------------------------------------------

/**
 * Fills sheets with pieces in rows; `breakBefore(i)` starts a new row (a new side). Backs are
 * the fronts mirrored left–right: a piece at x on the front is at W − x − w on the back, which
 * is where it lands when the sheet is turned over on its long edge (portrait paper).
 */
function sheets(kind: 'counters' | 'markers', pieces: Piece[], breakBefore: (i: number) => boolean, o: KitOptions, title: string, caption: string): SheetPage[] {
  const W = o.paperMm.width;
  const H = o.paperMm.height;
  const u = o.counterMm;
  const b = o.bleedMm;
  const pitch = u + 2 * b;
  const left = o.marginMm + TICK_ZONE_MM;
  const top = o.marginMm + HEADER_MM + TICK_ZONE_MM;
  const bottom = H - o.marginMm - FOOTER_MM - TICK_ZONE_MM;
  const cols = Math.max(1, Math.floor((W - 2 * left) / pitch));
  const rows = Math.max(1, Math.floor((bottom - top) / pitch));
  // The block is centred across the sheet, so front and back blocks coincide.
  const x0 = (W - cols * pitch) / 2;
  const out: SheetPage[] = [];
  let sheet = -1;
  let row = rows;
  let col = cols;
  let fronts: PlacedPiece[] = [];
  const flush = () => {
    if (sheet < 0) return;
    const used = fronts.reduce((m, p) => Math.max(m, p.bleed.y + p.bleed.height), top) - top;
    const usedCols = Math.min(cols, fronts.length ? Math.max(...fronts.map((p) => Math.round((p.bleed.x - x0) / pitch) + 1)) : 1);
    const block = rect(x0, top, usedCols * pitch, used);
    const cutsX: number[] = [];
    for (let c = 0; c < usedCols; c++) cutsX.push(x0 + c * pitch + b, x0 + c * pitch + b + u);
    const cutsY: number[] = [];
    for (let r = 0; r < Math.round(used / pitch); r++) cutsY.push(top + r * pitch + b, top + r * pitch + b + u);

    // In the empty corners of the tick zone, top-left and bottom-right: turned over, they swap sides.
    const reg = [{ x: block.x - TICK_ZONE_MM / 2, y: block.y - TICK_ZONE_MM / 2 }, { x: block.x + block.width + TICK_ZONE_MM / 2, y: block.y + block.height + TICK_ZONE_MM / 2 }];
    const mirror = (r: Rect): Rect => rect(W - r.x - r.width, r.y, r.width, r.height);
    const common = { kind, sheet: sheet + 1, size: { width: W, height: H }, caption, number: 0, cutsY };
    out.push({ ...common, face: 'front', title: `${title}, sheet ${sheet + 1}: fronts`, pieces: fronts, cutsX, block, registration: reg, ruler: { x: o.marginMm + 2, y: H - o.marginMm - 5 } });
    out.push({
      ...common,
      face: 'back',
      title: `${title}, sheet ${sheet + 1}: backs`,
      caption: 'Print on the back of the fronts sheet (double-sided, flip on the long edge). Hold to the light: the crosses meet when the backs are in register.',
      pieces: fronts.map((p) => ({ piece: p.piece, trim: mirror(p.trim), bleed: mirror(p.bleed) })),
      cutsX: cutsX.map((x) => W - x).sort((p, q) => p - q),
      block: mirror(block),
      registration: reg.map((p) => ({ x: W - p.x, y: p.y })),
      ruler: null,
    });
  };
  pieces.forEach((piece, i) => {
    if (i > 0 && breakBefore(i) && col > 0) {
      col = cols;
    }
    if (col >= cols) {
      col = 0;
      row++;
    }
    if (row >= rows) {
      flush();
      sheet++;
      fronts = [];
      row = 0;
      col = 0;
    }
    const bx = x0 + col * pitch;
    const by = top + row * pitch;
    fronts.push({ piece, bleed: rect(bx, by, pitch, pitch), trim: rect(bx + b, by + b, u, u) });
    col++;
  });
  flush();
  return out;
}

// ---------------------------------------------------------------------------------------------
// Tracks
// ---------------------------------------------------------------------------------------------

const TURN_BOX_MIN_W = 44;

function trackPages(turns: KitTurn[], decl: RulesetDeclaration, o: KitOptions, scenario: Scenario): TrackPage[] {
  // Tracks lie landscape: long rows of boxes.
  const W = Math.max(o.paperMm.width, o.paperMm.height);
  const H = Math.min(o.paperMm.width, o.paperMm.height);
  const m = o.marginMm;
  const usableW = W - 2 * m;
  const top = m + HEADER_MM;
  const bottom = H - m - FOOTER_MM;
  const pages: TrackPage[] = [];
  let y = bottom + 1;
  let page: TrackPage | null = null;
  const newPage = () => {
    page = { kind: 'track', size: { width: W, height: H }, title: `${scenario.title}: turn record track`, caption: 'Move the turn marker along; what each turn brings is printed in its box.', number: 0, sections: [] };
    pages.push(page);
    y = top;
  };
  const room = (h: number) => {
    if (!page || y + h > bottom) newPage();
  };
  const sectionGap = 5;
  const titleH = 6;

  // Turn boxes, row by row, as many rows to a page as fit.
  const cols = Math.max(1, Math.floor(usableW / Math.max(TURN_BOX_MIN_W, o.counterMm + 6)));
  const boxW = usableW / cols;
  const boxH = Math.max(34, o.counterMm + 18);
  let section: TrackSection | null = null;
  for (let i = 0; i < turns.length; i += cols) {
    const needTitle = section === null;
    room(boxH + (needTitle ? titleH : 0));
    if (section === null || !page!.sections.includes(section)) {
      section = { kind: 'turns', title: 'Turn record track', at: rect(m, y, usableW, titleH), boxes: [], values: [], clock: null };
      page!.sections.push(section);
      y += titleH;
    }
    turns.slice(i, i + cols).forEach((t, k) => section!.boxes.push({ turn: t, box: rect(m + k * boxW, y, boxW, boxH) }));
    section.at = rect(section.at.x, section.at.y, section.at.width, y + boxH - section.at.y);
    y += boxH;
  }
  y += sectionGap;

  if (decl.markers.some((mk) => mk.id === 'victoryPoints')) {
    const s = Math.max(12, o.counterMm + 3);
    const perRow = Math.floor(usableW / s);
    const rowsN = 2;
    room(titleH + rowsN * s);
    const sec: TrackSection = { kind: 'vp', title: 'Victory point track', at: rect(m, y, perRow * s, titleH + rowsN * s), boxes: [], values: [], clock: null };
    for (let v = 0; v < perRow * rowsN; v++) sec.values.push({ value: v, box: rect(m + (v % perRow) * s, y + titleH + Math.floor(v / perRow) * s, s, s) });
    page!.sections.push(sec);
    y += titleH + rowsN * s + sectionGap;
  }
  if (decl.markers.some((mk) => mk.id === 'clock')) {
    const h = 20;
    room(titleH + h);
    page!.sections.push({
      kind: 'clock',
      title: 'Time clock (hours of the game turn)',
      at: rect(m, y, usableW, titleH + h),
      boxes: [],
      values: [],
      clock: { hours: 120, ends: [{ hour: 72, label: 'Easy ground: turn ends at 72 h' }, { hour: 120, label: 'Mud, frozen, snow: 120 h' }] },
    });
    y += titleH + h + sectionGap;
  }
  return pages;
}

// ---------------------------------------------------------------------------------------------
// Tables (play aids, order of battle)
// ---------------------------------------------------------------------------------------------

const textW = (text: string, size: number, bold = false): number => approxTextWidth(text, bold) * size;

/** Words into lines no wider than `width` (a word wider than the line gets a line of its own). */
export function wrapText(text: string, size: number, width: number, bold = false): string[] {
  const out: string[] = [];
  for (const para of text.split('\n')) {
    let line = '';
    for (const word of para.split(/\s+/).filter(Boolean)) {
      const next = line ? `${line} ${word}` : word;
      if (line && textW(next, size, bold) > width) {
        out.push(line);
        line = word;
      } else line = next;
    }
    out.push(line);
  }
  return out;
}

/** Column widths: each its natural width, the widest ones narrowed (their text wraps) until all fit. */
function columnWidths(table: RulesTable, width: number): number[] {
  const pad = 2 * TABLE_PAD_MM;
  const columns = [[table.corner, ...table.rows.map((r) => r.label)], ...table.columns.map((c, i) => [c.label, ...table.rows.map((r) => r.cells[i] ?? '')])];
  const natural = columns.map((texts, i) => Math.max(...texts.map((t, k) => textW(t, TABLE_TEXT_MM, k === 0 || i === 0))) + pad + 0.5);
  const longestWord = columns.map((texts) => Math.max(...texts.flatMap((t) => t.split(/\s+/).map((w) => textW(w, TABLE_TEXT_MM, true)))) + pad + 0.5);
  const total = natural.reduce((a, b) => a + b, 0);
  if (total <= width) return natural;
  // Water-filling: columns under the fair share keep their width; the rest share what is left.
  const widths = [...natural];
  let free = width;
  let open = widths.map((_, i) => i);
  for (;;) {
    const share = free / open.length;
    const small = open.filter((i) => natural[i]! <= share);
    if (small.length === 0) {
      for (const i of open) widths[i] = Math.max(share, Math.min(longestWord[i]!, natural[i]!));
      break;
    }
    for (const i of small) {
      widths[i] = natural[i]!;
      free -= natural[i]!;
    }
    open = open.filter((i) => !small.includes(i));
    if (open.length === 0) break;
  }
  return widths;
}

function tablePages(kind: 'aids' | 'oob', tables: RulesTable[], o: KitOptions, title: string): TablePage[] {
  const W = o.paperMm.width;
  const H = o.paperMm.height;
  const m = o.marginMm;
  const usableW = W - 2 * m;
  const top = m + HEADER_MM;
  const bottom = H - m - FOOTER_MM;
  const pages: TablePage[] = [];
  let page: TablePage | null = null;
  let y = 0;
  const newPage = () => {
    page = { kind, size: { width: W, height: H }, title, caption: kind === 'aids' ? 'Play aids from the ruleset: keep them by the map.' : 'Where every counter starts; tick each one off as you set up.', number: 0, tables: [] };
    pages.push(page);
    y = top;
  };
  const lineCells = (texts: string[], widths: number[], bold: (i: number) => boolean) => texts.map((t, i) => wrapText(t, TABLE_TEXT_MM, widths[i]! - 2 * TABLE_PAD_MM, bold(i)));
  const heightOf = (cells: string[][]) => Math.max(1, ...cells.map((c) => c.length)) * TABLE_LINE_MM + 2 * TABLE_PAD_MM;
  for (const table of tables) {
    const widths = columnWidths(table, usableW);
    const tableW = widths.reduce((a, b) => a + b, 0);
    const headerCells = lineCells([table.corner, ...table.columns.map((c) => c.label)], widths, () => true);
    const header = { cells: headerCells, height: heightOf(headerCells) };
    const rows = table.rows.map((r) => {
      const cells = lineCells([r.label, ...r.cells], widths, (i) => i === 0);
      return { cells, height: heightOf(cells), ...(r.note ? { note: r.note } : {}) };
    });
    // A caption over a narrow table (a CRT) may run wider than the table.
    const caption = table.caption ? wrapText(table.caption, TABLE_TEXT_MM, Math.max(tableW, Math.min(usableW, 150))) : [];
    const titleHeight = TABLE_TITLE_MM * 1.5 + TABLE_LINE_MM * caption.length;
    const notes = table.notes.map((n) => wrapText(n, TABLE_TEXT_MM, Math.max(tableW, usableW * 0.8)));
    const notesH = notes.reduce((h, n) => h + n.length * TABLE_LINE_MM, 0) + (notes.length ? 2 : 0);
    let from = 0;
    let continued = false;
    while (from < rows.length || (rows.length === 0 && from === 0)) {
      const firstRow = rows[from]?.height ?? 0;
      if (!page || y + titleHeight + header.height + firstRow > bottom) newPage();
      let h = titleHeight + header.height;
      let to = from;
      while (to < rows.length && y + h + rows[to]!.height <= bottom) h += rows[to++]!.height;
      if (to === from && rows.length > 0) to = from + 1; // a row taller than a page still prints
      const last = to >= rows.length;
      const withNotes = last && y + h + notesH <= bottom;
      const placed: PlacedTable = { table, at: rect(m, y, tableW, h + (withNotes ? notesH : 0)), widths, rows: rows.slice(from, to), header, titleHeight, caption, notes: withNotes ? notes : [], continued };
      page!.tables.push(placed);
      y += placed.at.height + 7;
      if (last && !withNotes && notes.length) {
        newPage();
        page!.tables.push({ table, at: rect(m, y, tableW, notesH), widths, rows: [], header: { cells: [], height: 0 }, titleHeight: 0, caption: [], notes, continued: true });
        y += notesH + 7;
      }
      from = to;
      continued = true;
      if (rows.length === 0) break;
    }
  }
  return pages;
}

// ---------------------------------------------------------------------------------------------

export function layoutKit(scenario: Scenario, input: KitOptionsInput = {}): KitLayout {
  const o = resolveKitOptions(input);
  const decl = declarationOf(scenario);
  if (!decl) throw new Error(`The scenario's ruleset "${scenario.ruleset.id}" is not one Gridfront knows, so it cannot say what its counters show.`);
  const counters = kitCounters(scenario, decl);
  // The counts saved with the scenario, then any given for this print (the command line's --marker-count).
  const markers = kitMarkers(scenario, decl, { ...scenario.kit?.markerCounts, ...o.markerCounts });
  const turns = kitTurns(scenario, decl);
  const warnings: string[] = [];
  const pages: KitPage[] = [];
  for (const part of o.parts) {
    if (part === 'counters') {
      const pieces: Piece[] = counters.map((counter) => ({ kind: 'unit', counter }));
      const caption = `${counters.length} counters at ${o.counterId.replace('in', '"')} (${o.counterMm.toFixed(1)} mm): cut on the ticks. Print at actual size (100%).`;
      pages.push(...sheets('counters', pieces, (i) => counters[i]!.side !== counters[i - 1]!.side, o, 'Counters', caption));
    } else if (part === 'markers') {
      const pieces: Piece[] = markers.flatMap((marker) => Array.from({ length: marker.count }, (_, copy) => ({ kind: 'marker' as const, marker, copy })));
      if (pieces.length === 0) warnings.push('The ruleset declares no markers, or every count is 0: no marker sheet.');
      else pages.push(...sheets('markers', pieces, (i) => (pieces[i] as { marker: KitMarker }).marker.id !== (pieces[i - 1] as { marker: KitMarker }).marker.id, o, 'Markers', `${pieces.length} markers of ${markers.filter((mk) => mk.count > 0).length} kinds. Print at actual size (100%).`));
    } else if (part === 'track') {
      pages.push(...trackPages(turns, decl, o, scenario));
    } else if (part === 'aids') {
      const aids = kitAids(scenario);
      if (aids.length === 0) warnings.push('The ruleset has no tables to print as play aids.');
      else pages.push(...tablePages('aids', aids, o, `${decl.name}: play aids`));
    } else if (part === 'oob') {
      pages.push(...tablePages('oob', kitOob(scenario, counters), o, `${scenario.title}: order of battle`));
    }
  }
  pages.forEach((p, i) => (p.number = i + 1));
  return { options: o, pages, counters, markers, turns, warnings };
}

/** A page's short name for files and lists: "counters 1 fronts", "markers 2 backs", "tracks", "play aids", "order of battle". */
export function kitPageName(page: KitPage): string {
  if (page.kind === 'counters' || page.kind === 'markers') return `${page.kind} ${page.sheet} ${page.face === 'front' ? 'fronts' : 'backs'}`;
  return page.kind === 'track' ? 'tracks' : page.kind === 'aids' ? 'play aids' : 'order of battle';
}

/** The kit's file name stem, through the one file-name helper: "The Ros Salient January 1944 tabletop kit A4". */
export function kitFileStem(title: string, paper: string): string {
  return fileNameFor(title, 'x', ['tabletop kit', paper], 'kit').replace(/\.x$/, '');
}

/** File names of the kit's pages as PNG, in page order, numbered so they sort as printed: "<stem> 03 markers 1 fronts.png". */
export function kitPngNames(title: string, layout: KitLayout): string[] {
  const stem = kitFileStem(title, layout.options.paper);
  const width = Math.max(2, String(layout.pages.length).length);
  return layout.pages.map((p, i) => `${stem} ${String(i + 1).padStart(width, '0')} ${kitPageName(p)}.png`);
}
