// A VASSAL module (.vmod) of a scenario: buildFile.xml, moduledata and the images it names.
//
// What was checked in VASSAL's public source (github.com/vassalengine/vassal, vassal-app/src/
// main/java/VASSAL/...), and followed here:
// - build/module/map/boardPicker/board/HexGrid.java: attributes sideways, x0, y0, dy (hex height
//   across flats), dx (column spacing), snapTo, visible...; the origin (x0,y0) is the centre of hex
//   column 0 row 0; columns whose index (counted from the origin, negative allowed) is odd are
//   shifted down half a hex; `sideways` swaps x and y throughout (pointy-top hexes), the origin
//   and dx/dy included.
// - .../mapgrid/HexGridNumbering.java and RegularGridNumbering.java: the label of a point is
//   getName(row, column) with first (H|V), sep, hType/vType (N|A), hLeading/vLeading (zeros
//   added while the number is below 10^leading), hOff/vOff (added to the raw index), stagger
//   (odd columns numbered one row down), and in sideways grids "column" is the rotated x, i.e.
//   the screen row.
// - .../SquareGrid.java / SquareGridNumbering.java: origin at the centre of square (0,0), column =
//   floor((x - x0) / dx + 0.5), row likewise.
// - counters/BasicPiece.java: a piece's type is "piece;;;<image>;<name>"; a PieceSlot holds the
//   AddPiece command "+/null/<type>/<state>", decorators (traits) before the basic piece joined by
//   tabs; the front/back flip is an Embellishment ("emb2") layer with the back image, as modules
//   made with VASSAL's editor write it.
// - SetupStack (at-start stacks) names its board and a grid location (useGridLocation).
// - .../mapgrid/RegularGridNumbering.java getName: an alphabetic coordinate v is the letter
//   ALPHABET[v % 26] written floor(v / 26) + 1 times (0 → A, 25 → Z, 26 → AA, 27 → BB, 51 → ZZ,
//   52 → AAA), and parseName reads it back the same way; Gridfront's A1 labels count on like a
//   spreadsheet (26 → AA, 27 → AB, 701 → ZZ, 702 → AAA), so the two agree up to AA and differ
//   from the 28th column on. No numbering attribute changes that. The module compensates with a
//   ZonedGrid (board/ZonedGrid.java, mapgrid/Zone.java): the background grid numbers columns A–Z
//   (and AA) as before; each column from AA on is a Zone whose path (Zone "path": "x,y;x,y...", as
//   PolygonEditor.polygonToString writes it) is the outline of that column's cells, named with
//   Gridfront's letters, holding its own grid of the same geometry whose numbering's
//   locationFormat gives the row only ($row$, or $column$ on a sideways grid); the zone's
//   locationFormat "$name$$gridLocation$" joins them, so VASSAL names cell AB12 "AB12".
//   ZonedGrid.locationName asks the zones first, then the background grid. A zone's grid cannot
//   parse a full label back (RegularGridNumbering.getLocation wants a row and a column group), so
//   at-start stacks in those columns are placed by board pixel (SetupStack useGridLocation=false).
// - module/turn/TurnTracker.java, TurnLevel.java, ListTurnLevel.java: a TurnTracker (name,
//   buttonText, turnFormat with $level1$, reportFormat) holding a ListTurnLevel whose "list" is the
//   turns, comma separated (StringArrayConfigurer); the turn's text is "$value$". Modules made with
//   VASSAL's editor usually carry both a TurnTracker and a picture of the printed track; this one
//   has the tracker (one entry per turn: "Turn 3: 3 Feb 1944") and the kit's turn record track
//   pages as charts, and the kit's turn marker in the Markers palette.
// - Markers: one PieceSlot per marker the ruleset declares, in a "Markers" list of the Counters
//   window, front and back pictures drawn by the kit's own marker drawing, flipped like counters.
// What could not be verified without VASSAL itself: that VASSAL 3.7 opens the module without
// complaint (the zoned grid, turn tracker and markers included), the exact Embellishment field list (taken from modules in the wild, not from the
// Java), and the look of the counters in its piece palette.
import { XMLBuilder } from 'fast-xml-parser';
import { gridSpecOf } from '../../format/defaults.js';
import type { NewUnit, PlacedUnit, Scenario } from '../../format/scenario.types.js';
import { createGrid } from '../../grid/index.js';
import { ccrrWidth, columnLetters } from '../../grid/labels.js';
import type { Cell, GridGeometry } from '../../grid/types.js';
import { CanvasSurface, canvasFonts } from '../../paint/canvas-surface.js';
import { unitCounter } from '../../paint/markers.js';
import { approxTextWidth } from '../../paint/place-names.js';
import { buildPaintModel } from '../../paint/model.js';
import { defaultStyle, paintMap } from '../../paint/painter.js';
import { hexToRgb, luminance } from '../../paint/surface.js';
import { getRuleset } from '../../rules/engine.js';
import type { RulesTable } from '../../rules/types.js';
import { kitMarkers, kitTurns } from '../../kit/content.js';
import { drawKitPage, drawMarker } from '../../kit/draw.js';
import { layoutKit, type PlacedPiece } from '../../kit/layout.js';
import type { SheetContext } from '../tiled/tiles.js';

export const VASSAL_VERSION = '3.7.0';

/** A picture the module holds; the caller draws it and encodes it as PNG. */
export interface ModuleImage {
  /** Path inside the zip ("images/board.png"). */
  path: string;
  width: number;
  height: number;
  draw(ctx: SheetContext): void;
}

export interface VassalModule {
  buildFile: string;
  moduleData: string;
  images: ModuleImage[];
  /** Where each unit starts: its grid location label and the board pixel VASSAL puts it on. */
  setups: { unitId: string; location: string; x: number; y: number }[];
  /** The grid as configured, for checks: attributes of the grid and numbering elements. */
  grid: { kind: 'hex' | 'square'; attrs: Record<string, string>; numbering: Record<string, string>; zones: VassalZone[] };
  /** The turns in the turn tracker's list, in order. */
  turns: string[];
  /** The kit's markers in the Markers palette, by marker id. */
  markers: string[];
  /** Board pixel of a Gridfront cell's centre. */
  cellPixel(cell: Cell): { x: number; y: number };
}

/**
 * A zone of the board's ZonedGrid: one map column past Z in the A1 scheme, named with Gridfront's
 * column letters, whose own grid (the same geometry) names only the row: VASSAL's alphabetic
 * numbering cannot spell Gridfront's columns past Z (see module.ts's header).
 */
export interface VassalZone {
  name: string;
  /** The column's outline, board pixels (VASSAL's "x,y;x,y..." path). */
  polygon: { x: number; y: number }[];
  locationFormat: string;
  numbering: Record<string, string>;
}

export interface VassalOptions {
  /** Board pixels across a cell (across flats). */
  cellPx?: number;
  /** Counter size in board pixels. */
  counterPx?: number;
}

/** A name safe inside VASSAL's ';' '/' and tab separated piece definitions. */
const safe = (text: string) => text.replace(/[;/\\\t,\n\r]+/g, ' ').replace(/\s+/g, ' ').trim() || 'unit';
const fileSafe = (text: string) => text.replace(/[^A-Za-z0-9_-]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 40) || 'x';

/** The factor line of a counter face from a ruleset's template ("{strength}-{movement}"). */
function factorLine(template: string, unit: NewUnit): string {
  return template.replace(/\{(\w+)\}/g, (_, key: string) => {
    const core = (unit as unknown as Record<string, unknown>)[key];
    const field = (unit.fields as Record<string, unknown> | undefined)?.[key];
    const v = core ?? field;
    return v === undefined || v === null ? '' : String(v);
  });
}

export function vassalModuleOf(scenario: Scenario, options: VassalOptions = {}): VassalModule {
  const map = scenario.map;
  if (map.grid.kind === 'network') throw new Error('A point-to-point (network) map has no grid for VASSAL to number; VASSAL modules are written for hex and square maps.');
  if (map.grid.kind === 'offsetSquare') throw new Error('VASSAL has no brick (offset-square) grid, so its numbering could not follow the map; export a hex or square map.');
  const spec = gridSpecOf(scenario);
  const grid: GridGeometry = createGrid(spec);
  const S = options.cellPx ?? 100;
  const U = options.counterPx ?? Math.round(S * 0.55);
  const margin = Math.round(S * 0.25);
  const bounds = grid.bounds(S);
  // Shift the drawing so the centre the grid is anchored on lands on a whole pixel (VASSAL's x0/y0 are integers).
  const pointy = spec.kind === 'hex' && spec.orientation === 'pointy';
  const even = spec.offset === 'even';
  const anchor: Cell = spec.kind === 'hex' && even ? (pointy ? { col: 0, row: 1 } : { col: 1, row: 0 }) : { col: 0, row: 0 };
  const a = grid.center(anchor, S);
  const ox = margin + (Math.ceil(a.x) - a.x);
  const oy = margin + (Math.ceil(a.y) - a.y);
  const cellPixel = (cell: Cell) => {
    const c = grid.center(cell, S);
    return { x: c.x + ox, y: c.y + oy };
  };
  const width = Math.ceil(bounds.width + ox + margin);
  const height = Math.ceil(bounds.height + oy + margin);
  const origin = { x: Math.round(a.x + ox), y: Math.round(a.y + oy) };

  // Grid and numbering in VASSAL's terms.
  const labels = spec.labels;
  const widthDigits = ccrrWidth(spec.cols, spec.rows);
  const numeric = (leading: number, off: number) => ({ type: 'N', leading: String(leading), off: String(off) });
  const colNum = labels === 'A1' ? { type: 'A', leading: '0', off: '0' } : numeric(labels === 'CCRR' ? widthDigits - 1 : 0, 1);
  const rowNum = numeric(labels === 'CCRR' ? widthDigits - 1 : 0, 1);
  const sep = labels === 'col,row' ? ',' : '';
  let gridKind: 'hex' | 'square';
  let attrs: Record<string, string>;
  let numbering: Record<string, string>;
  const common = { snapTo: 'true', edgesLegal: 'false', cornersLegal: 'false', visible: 'false', dotsVisible: 'false', color: '0,0,0' };
  const numberingCommon = { locationFormat: '$gridLocation$', visible: 'false', fontSize: '9', color: '0,0,0', rotateText: '0', hDrawOff: '0', vDrawOff: '0' };
  if (spec.kind === 'hex') {
    gridKind = 'hex';
    const colStep = grid.center({ col: 1, row: 0 }, S).x - grid.center({ col: 0, row: 0 }, S).x;
    const rowStep = grid.center({ col: 0, row: 1 }, S).y - grid.center({ col: 0, row: 0 }, S).y;
    // The anchor cell is raw column/row 0 of VASSAL's numbering; the offset brings labels back to Gridfront's.
    const shift = even ? 1 : 0;
    if (!pointy) {
      attrs = { sideways: 'false', x0: String(origin.x), y0: String(origin.y), dx: String(colStep), dy: String(S), ...common };
      numbering = { first: 'H', sep, hType: colNum.type, hLeading: colNum.leading, hOff: String(Number(colNum.off) + shift), hDescend: 'false', vType: rowNum.type, vLeading: rowNum.leading, vOff: rowNum.off, vDescend: 'false', stagger: 'false', ...numberingCommon };
    } else {
      // Sideways: VASSAL's x is the screen's y, so its "column" is Gridfront's row and its "row" Gridfront's column.
      attrs = { sideways: 'true', x0: String(origin.y), y0: String(origin.x), dx: String(rowStep), dy: String(S), ...common };
      numbering = { first: 'V', sep, hType: rowNum.type, hLeading: rowNum.leading, hOff: String(Number(rowNum.off) + shift), hDescend: 'false', vType: colNum.type, vLeading: colNum.leading, vOff: colNum.off, vDescend: 'false', stagger: 'false', ...numberingCommon };
    }
  } else {
    gridKind = 'square';
    attrs = { x0: String(origin.x), y0: String(origin.y), dx: String(S), dy: String(S), range: 'Metric', ...common };
    numbering = { first: 'H', sep, hType: colNum.type, hLeading: colNum.leading, hOff: colNum.off, hDescend: 'false', vType: rowNum.type, vLeading: rowNum.leading, vOff: rowNum.off, vDescend: 'false', ...numberingCommon };
  }

  // Columns past Z in the A1 scheme: VASSAL's alphabetic numbering repeats one letter (26 → AA,
  // 27 → BB, 52 → AAA) where Gridfront counts on like a spreadsheet (26 → AA, 27 → AB), so each such
  // column becomes a zone of a ZonedGrid, named with Gridfront's letters, whose own grid (the same
  // geometry) names the row only; the zone's location format joins the two ("AB" + "12").
  const zones: VassalZone[] = [];
  if (labels === 'A1' && spec.cols > 26) {
    const rowOnly = { ...numbering, locationFormat: pointy ? '$column$' : '$row$' };
    for (let col = 26; col < spec.cols; col++) {
      zones.push({ name: columnLetters(col), polygon: columnOutline(grid, col, spec.rows, S, ox, oy), locationFormat: '$name$$gridLocation$', numbering: rowOnly });
    }
  }
  const inZone = (cell: Cell) => zones.length > 0 && cell.col >= 26;

  // Pictures: the board, a front and back per unit, the play aids.
  const images: ModuleImage[] = [];
  const model = buildPaintModel(scenario, grid);
  images.push({
    path: 'images/board.png',
    width,
    height,
    draw: (ctx) => {
      ctx.fillStyle = '#f4efe2';
      ctx.rect(0, 0, width, height);
      ctx.fill();
      ctx.beginPath();
      ctx.setTransform(1, 0, 0, 1, ox, oy);
      const surface = new CanvasSurface(ctx, 1, 0.6);
      paintMap(surface, { model, size: S, region: bounds, style: defaultStyle(1, { units: false }), fonts: canvasFonts(ctx) });
      ctx.setTransform(1, 0, 0, 1, 0, 0);
    },
  });
  let ruleset;
  try {
    ruleset = getRuleset(scenario.ruleset.id);
  } catch {
    ruleset = null;
  }
  const layout = ruleset?.declaration.counter;
  const sideOf = (id: string) => scenario.sides.find((s) => s.id === id) ?? scenario.sides[0];
  const counterImage = (unit: NewUnit, face: 'front' | 'back'): string => {
    const path = `images/${fileSafe(unit.id)}-${face}.png`;
    const side = sideOf(unit.side);
    const colour = hexToRgb(side.colour);
    const back = face === 'back';
    const line = layout ? factorLine(back ? (layout.back ?? layout.front) : layout.front, unit) : String(back ? Math.ceil(unit.strength / 2) : unit.strength);
    images.push({
      path,
      width: U,
      height: U,
      draw: (ctx) => {
        const s = new CanvasSurface(ctx, 1, 0.6);
        const fonts = canvasFonts(ctx);
        const shown = { ...unit, cell: '', strength: 0 } as PlacedUnit;
        // The painter's counter, without its drop shadow's overhang: drawn a little smaller than the image.
        const u = U * 0.92;
        unitCounter(s, fonts.bold, { x: u / 2, y: u / 2 }, u, shown, back ? [colour[0] * 0.75 + 0.25, colour[1] * 0.75 + 0.25, colour[2] * 0.75 + 0.25] : colour, luminance(colour) > 0.55);
        // Replace the counter's number with the face's factor line and name.
        const light = luminance(colour) > 0.55 || back;
        s.fillStyle(colour).rect({ x: u * 0.1, y: u * 0.62, width: u * 0.8, height: u * 0.34 }).fill();
        s.fillStyle(light ? [0.1, 0.1, 0.1] : [1, 1, 1]);
        s.text(fonts.bold, u * 0.22, u / 2, u * 0.86, line || '·', 'centre');
        s.text(fonts.regular, u * 0.11, u / 2, u * 0.69, safe(unit.name).slice(0, 14), 'centre');
        if (back) s.strokeStyle([0.1, 0.1, 0.1], u * 0.02).segment({ x: u * 0.1, y: u * 0.1 }, { x: u * 0.9, y: u * 0.1 }).stroke();
      },
    });
    return path.slice('images/'.length);
  };
  // The kit's turn record track (and VP track, time clock) as charts: the kit's own pages, drawn at 100 dpi.
  let kitTrack: ReturnType<typeof layoutKit> | null = null;
  try {
    kitTrack = ruleset ? layoutKit(scenario, { parts: ['track'], paper: 'A4' }) : null;
  } catch {
    kitTrack = null;
  }

  // The ruleset's tables as charts; its own turn record track only where the kit has none (the
  // kit's pages show the same turns with their dates, ground and arrivals).
  const charts: { name: string; file: string }[] = [];
  for (const table of ruleset?.tables(scenario) ?? []) {
    if (table.id === 'turnTrack' && kitTrack?.pages.length) continue;
    const file = `chart-${fileSafe(table.id)}.png`;
    const size = chartSize(table);
    images.push({ path: `images/${file}`, width: size.width, height: size.height, draw: (ctx) => drawChart(ctx, table, size) });
    charts.push({ name: table.title, file });
  }
  kitTrack?.pages.forEach((page, i) => {
    const k = 100 / 25.4;
    const file = `chart-track-${i + 1}.png`;
    const w = Math.round(page.size.width * k);
    const h = Math.round(page.size.height * k);
    images.push({
      path: `images/${file}`,
      width: w,
      height: h,
      draw: (ctx) => {
        ctx.fillStyle = '#ffffff';
        ctx.rect(0, 0, w, h);
        ctx.fill();
        ctx.beginPath();
        ctx.setTransform(k, 0, 0, k, 0, 0);
        drawKitPage(new CanvasSurface(ctx, k, 0.6), canvasFonts(ctx), kitTrack!, page, scenario.title, true);
        ctx.setTransform(1, 0, 0, 1, 0, 0);
      },
    });
    charts.unshift({ name: kitTrack!.pages.length > 1 ? `${page.title} (${i + 1})` : page.title, file });
  });

  // Pieces.
  let gpid = 1;
  const pieceText = (unit: NewUnit): { text: string; gpid: number } => {
    const front = counterImage(unit, 'front');
    const back = counterImage(unit, 'back');
    const id = gpid++;
    const flip = `emb2;Flip;2;F;;0;;;0;;;;1;false;0;0;${back};;true;;;;false;;1`;
    const basic = `piece;;;${front};${safe(unit.name)}`;
    return { text: `+/null/${flip}\t${basic}/-1\tnull;0;0;${id}`, gpid: id };
  };
  const slot = (unit: NewUnit) => {
    const p = pieceText(unit);
    return { 'VASSAL.build.widget.PieceSlot': [{ '#text': p.text }], ':@': { entryName: safe(unit.name), gpid: String(p.gpid), width: String(U), height: String(U) } };
  };
  const el = (tag: string, attributes: Record<string, string>, children: unknown[] = []) => ({ [tag]: children, ':@': attributes });

  // The kit's markers, one palette entry each (a palette hands out as many as the players drag), front and back as the kit prints them.
  const markers = ruleset ? kitMarkers(scenario, ruleset.declaration, scenario.kit?.markerCounts ?? {}) : [];
  const markerImage = (marker: (typeof markers)[number], face: 'front' | 'back'): string => {
    const file = `marker-${fileSafe(marker.id)}-${face}.png`;
    images.push({
      path: `images/${file}`,
      width: U,
      height: U,
      draw: (ctx) => {
        const piece: PlacedPiece = { piece: { kind: 'marker', marker, copy: 0 }, trim: { x: 0, y: 0, width: U, height: U }, bleed: { x: 0, y: 0, width: U, height: U } } as PlacedPiece;
        drawMarker(new CanvasSurface(ctx, 1, 0.6), canvasFonts(ctx), piece, marker, face);
      },
    });
    return file;
  };
  const markerSlots = markers.map((marker) => {
    const front = markerImage(marker, 'front');
    const back = markerImage(marker, 'back');
    const id = gpid++;
    const flip = `emb2;Flip;2;F;;0;;;0;;;;1;false;0;0;${back};;true;;;;false;;1`;
    const text = `+/null/${flip}\tpiece;;;${front};${safe(marker.label)}/-1\tnull;0;0;${id}`;
    return { 'VASSAL.build.widget.PieceSlot': [{ '#text': text }], ':@': { entryName: safe(marker.label), gpid: String(id), width: String(U), height: String(U) } };
  });

  // The turn tracker: one entry per turn of the calendar, with its date and ground, as on the printed track.
  const turns = ruleset ? kitTurns(scenario, ruleset.declaration).map((t) => safe(`Turn ${t.turn}: ${t.date}${t.ground ? ` (${t.ground.charAt(0).toUpperCase()}${t.ground.slice(1)})` : ''}`)) : [];

  const boardName = 'Map';
  const setups: VassalModule['setups'] = [];
  const setupStacks = scenario.orderOfBattle.map((u, i) => {
    const cell = grid.parseRef(u.cell);
    if (!cell || !grid.inMap(cell)) throw new Error(`Unit "${u.name}" (order of battle row ${i + 1}) starts on "${u.cell}", which is not a cell of the map.`);
    const at = cellPixel(cell);
    const location = grid.label(cell);
    setups.push({ unitId: u.id, location, x: Math.round(at.x), y: Math.round(at.y) });
    // A zone's grid names the row only, so VASSAL could not read a full label back there (its
    // numbering parser wants a row and a column): such stacks are placed by their board pixel.
    return el('VASSAL.build.module.map.SetupStack', { name: `${safe(u.name)} (${location})`, owningBoard: boardName, useGridLocation: inZone(cell) ? 'false' : 'true', location, x: String(Math.round(at.x)), y: String(Math.round(at.y)) }, [slot(u)]);
  });

  const gridOf = (n: Record<string, string>) =>
    gridKind === 'hex'
      ? el('VASSAL.build.module.map.boardPicker.board.HexGrid', attrs, [el('VASSAL.build.module.map.boardPicker.board.mapgrid.HexGridNumbering', n)])
      : el('VASSAL.build.module.map.boardPicker.board.SquareGrid', attrs, [el('VASSAL.build.module.map.boardPicker.board.mapgrid.SquareGridNumbering', n)]);
  const gridEl =
    zones.length === 0
      ? gridOf(numbering)
      : el('VASSAL.build.module.map.boardPicker.board.ZonedGrid', {}, [
          gridOf(numbering),
          ...zones.map((z) =>
            el('VASSAL.build.module.map.boardPicker.board.mapgrid.Zone', { name: z.name, locationFormat: z.locationFormat, path: z.polygon.map((p) => `${p.x},${p.y}`).join(';'), useParentGrid: 'false', useHighlight: 'false', highlightProperty: '' }, [gridOf(z.numbering)]),
          ),
        ]);
  const mapEl = el('VASSAL.build.module.Map', { mapName: 'Main Map', allowMultiple: 'false', markMoved: 'Always', moveWithinFormat: '$pieceName$ moves $previousLocation$ → $location$', moveToFormat: '$pieceName$ moves $previousLocation$ → $location$', createFormat: '$pieceName$ created in $location$' }, [
    el('VASSAL.build.module.map.BoardPicker', { title: 'Choose Boards', addColumnText: 'Add column', addRowText: 'Add row', boardPrompt: 'Select board' }, [
      el('VASSAL.build.module.map.boardPicker.Board', { name: boardName, image: 'board.png', width: String(width), height: String(height), reversible: 'false', color: '' }, [gridEl]),
    ]),
    el('VASSAL.build.module.map.StackMetrics', { bottom: '40,0', disabled: 'false', down: '39,0', exSepX: '6', exSepY: '18', unexSepX: '8', unexSepY: '16', top: '38,0', up: '37,0' }),
    el('VASSAL.build.module.map.Zoomer', { zoomLevels: '0.25,0.5,0.75,1.0,1.5', zoomStart: '3' }),
    el('VASSAL.build.module.map.ForwardToChatter', {}),
    el('VASSAL.build.module.map.MenuDisplayer', {}),
    el('VASSAL.build.module.map.MapCenterer', {}),
    el('VASSAL.build.module.map.StackExpander', {}),
    el('VASSAL.build.module.map.PieceMover', {}),
    el('VASSAL.build.module.map.KeyBufferer', {}),
    el('VASSAL.build.module.map.SelectionHighlighters', {}),
    el('VASSAL.build.module.map.HighlightLastMoved', { color: '255,0,0', enabled: 'true', thickness: '2' }),
    ...setupStacks,
  ]);
  const perSide = scenario.sides.map((side) =>
    el(
      'VASSAL.build.widget.ListWidget',
      { entryName: side.name, divider: '150', height: '300', width: '300', scale: '1.0' },
      scenario.orderOfBattle.filter((u) => u.side === side.id).map(slot),
    ),
  );
  const reinforcements = scenario.reinforcements ?? [];
  const reinforcementWidgets = scenario.sides.map((side) =>
    el(
      'VASSAL.build.widget.ListWidget',
      { entryName: `${side.name} reinforcements`, divider: '150', height: '300', width: '300', scale: '1.0' },
      reinforcements.filter((r) => r.unit.side === side.id).map((r) => {
        const s = slot(r.unit);
        const entry = grid.parseRef(r.entryCell);
        s[':@'].entryName = `${safe(r.unit.name)} — turn ${r.turn}${entry && grid.inMap(entry) ? `, ${grid.label(entry)}` : ''}`;
        return s;
      }),
    ),
  );
  const module = el(
    'VASSAL.build.GameModule',
    { name: scenario.title, version: '1.0', VassalVersion: VASSAL_VERSION, description: (scenario.description ?? scenario.title).replace(/\s+/g, ' ').slice(0, 300), nextPieceSlotId: String(gpid), ModuleOther1: '', ModuleOther2: '' },
    [
      el('VASSAL.build.module.BasicCommandEncoder', {}),
      el('VASSAL.build.module.Documentation', {}, [el('VASSAL.build.module.documentation.AboutScreen', { fileName: '', title: `About ${scenario.title}` })]),
      el('VASSAL.build.module.Chatter', {}),
      el('VASSAL.build.module.PlayerRoster', { buttonText: 'Retire', buttonToolTip: 'Switch sides' }, scenario.sides.map((s) => ({ entry: [{ '#text': safe(s.name) }] }))),
      el('VASSAL.build.module.GlobalOptions', { autoReport: 'Always', centerOnMove: 'Use Preferences Setting', nonOwnerUnmaskable: 'Use Preferences Setting', playerIdFormat: '$PlayerName$', promptString: 'Opponents can unmask pieces' }),
      mapEl,
      el('VASSAL.build.module.PieceWindow', { name: 'Counters', buttonText: 'Counters', tooltip: 'Counters by side and reinforcements', scale: '1.0', hidden: 'false' }, [
        el('VASSAL.build.widget.TabWidget', { entryName: 'Counters' }, [
          ...perSide,
          ...reinforcementWidgets,
          ...(markerSlots.length ? [el('VASSAL.build.widget.ListWidget', { entryName: 'Markers', divider: '150', height: '300', width: '300', scale: '1.0' }, markerSlots)] : []),
        ]),
      ]),
      ...(turns.length
        ? [
            el('VASSAL.build.module.turn.TurnTracker', { name: 'Turn', buttonText: 'Turn', icon: '', hotkey: '', nexthotkey: '', prevhotkey: '', turnFormat: '$level1$', reportFormat: '* $newTurn$ *', tooltip: 'Turn record track', lengthStyle: 'Maximum', length: '-1' }, [
              el('VASSAL.build.module.turn.ListTurnLevel', { name: 'Turn', property: 'Turn', turnFormat: '$value$', list: turns.join(','), configList: 'false', configFirst: 'false', prompt: '' }),
            ]),
          ]
        : []),
      el('VASSAL.build.module.ChartWindow', { name: 'Charts', buttonText: 'Charts', tooltip: 'Play aids' }, [
        el('VASSAL.build.widget.TabWidget', { entryName: 'Charts' }, charts.map((c) => el('VASSAL.build.widget.Chart', { chartName: c.name, fileName: c.file, description: '' }))),
      ]),
      el('VASSAL.build.module.DiceButton', { name: '1d6', nDice: '1', nSides: '6', plus: '0', reportTotal: 'false', text: '1d6', reportFormat: '** $name$ = $result$ *** $PlayerName$' }),
    ],
  );
  const builder = new XMLBuilder({ preserveOrder: true, ignoreAttributes: false, attributeNamePrefix: '', format: true, indentBy: '  ', suppressEmptyNode: true });
  const buildFile = `<?xml version="1.0" encoding="UTF-8" standalone="no"?>\n${(builder.build([module]) as string).trim()}\n`;
  const moduleData = `<?xml version="1.0" encoding="UTF-8" standalone="no"?>\n${(builder.build([
    el('data', { version: '1' }, [
      { version: [{ '#text': '1.0' }] },
      { VassalVersion: [{ '#text': VASSAL_VERSION }] },
      { dateSaved: [{ '#text': '0' }] },
      { name: [{ '#text': scenario.title }] },
      { description: [{ '#text': (scenario.description ?? '').replace(/\s+/g, ' ') }] },
    ]),
  ]) as string).trim()}\n`;
  return { buildFile, moduleData, images, setups, grid: { kind: gridKind, attrs, numbering, zones }, cellPixel, turns, markers: markers.map((m) => m.id) };
}

/** The outline of one map column (the union of its cells), board pixels rounded to whole ones, as a closed ring. */
function columnOutline(grid: GridGeometry, col: number, rows: number, S: number, ox: number, oy: number): { x: number; y: number }[] {
  const key = (p: { x: number; y: number }) => `${Math.round(p.x * 100)},${Math.round(p.y * 100)}`;
  const points = new Map<string, { x: number; y: number }>();
  const edges = new Map<string, [string, string]>();
  const seen = new Map<string, number>();
  for (let row = 0; row < rows; row++) {
    const cs = grid.corners({ col, row }, S).map((p) => ({ x: p.x + ox, y: p.y + oy }));
    cs.forEach((a, i) => {
      const b = cs[(i + 1) % cs.length]!;
      const ka = key(a);
      const kb = key(b);
      points.set(ka, a);
      points.set(kb, b);
      const e = ka < kb ? `${ka}|${kb}` : `${kb}|${ka}`;
      edges.set(e, [ka, kb]);
      seen.set(e, (seen.get(e) ?? 0) + 1);
    });
  }
  // Sides two cells of the column share are inside it; the rest make the ring.
  const next = new Map<string, string[]>();
  for (const [e, [a, b]] of edges) {
    if (seen.get(e) !== 1) continue;
    next.set(a, [...(next.get(a) ?? []), b]);
    next.set(b, [...(next.get(b) ?? []), a]);
  }
  const start = [...next.keys()][0]!;
  const ring: string[] = [start];
  let prev = '';
  let at = start;
  for (;;) {
    const step = next.get(at)!.find((n) => n !== prev)!;
    if (step === start) break;
    ring.push(step);
    prev = at;
    at = step;
    if (ring.length > next.size) break;
  }
  return ring.map((k) => ({ x: Math.round(points.get(k)!.x), y: Math.round(points.get(k)!.y) }));
}

const CHART_FONT = 15;

function chartSize(t: RulesTable): { width: number; height: number; colWidth: number; firstWidth: number; rowHeight: number } {
  const widest = (texts: string[], bold: boolean, size = CHART_FONT) => Math.max(40, ...texts.map((s) => approxTextWidth(s, bold) * size));
  const colWidth = Math.min(360, 24 + Math.max(widest(t.columns.map((c) => c.label), true), widest(t.rows.flatMap((r) => r.cells), false)));
  const firstWidth = Math.min(560, 24 + widest([t.corner, ...t.rows.map((r) => r.label)], true));
  const rowHeight = CHART_FONT * 1.7;
  const textWidth = Math.max(widest([t.title], true, CHART_FONT * 1.15), widest([t.caption ?? ''], false, CHART_FONT * 0.85), widest(t.notes, false, CHART_FONT * 0.8));
  const width = Math.ceil(24 + Math.max(firstWidth + colWidth * t.columns.length, textWidth + 8));
  const height = Math.ceil(24 + rowHeight * (2 + t.rows.length) + (t.caption ? rowHeight : 0) + t.notes.length * rowHeight * 0.9);
  return { width: Math.min(width, 4000), height: Math.min(height, 4000), colWidth, firstWidth, rowHeight };
}

/** A play aid as a picture: title, caption, the grid of text, notes. */
function drawChart(ctx: SheetContext, t: RulesTable, size: ReturnType<typeof chartSize>): void {
  const s = new CanvasSurface(ctx, 1, 0.6);
  const fonts = canvasFonts(ctx);
  s.fillStyle([1, 1, 1]).rect({ x: 0, y: 0, width: size.width, height: size.height }).fill();
  let y = 12 + size.rowHeight * 0.75;
  s.fillStyle([0.1, 0.1, 0.1]).text(fonts.bold, CHART_FONT * 1.15, 12, y, t.title, 'left');
  if (t.caption) {
    y += size.rowHeight;
    s.fillStyle([0.35, 0.35, 0.35]).text(fonts.regular, CHART_FONT * 0.85, 12, y, t.caption, 'left');
  }
  y += size.rowHeight;
  const x0 = 12;
  const colX = (k: number) => x0 + size.firstWidth + k * size.colWidth;
  s.fillStyle([0.9, 0.9, 0.88]).rect({ x: x0, y: y - size.rowHeight * 0.72, width: size.width - 24, height: size.rowHeight }).fill();
  s.fillStyle([0.1, 0.1, 0.1]).text(fonts.bold, CHART_FONT, x0 + 6, y, t.corner, 'left');
  t.columns.forEach((c, k) => s.text(fonts.bold, CHART_FONT, colX(k) + size.colWidth / 2, y, c.label, 'centre'));
  for (const r of t.rows) {
    y += size.rowHeight;
    s.strokeStyle([0.8, 0.8, 0.8], 1).segment({ x: x0, y: y - size.rowHeight * 0.72 }, { x: size.width - 12, y: y - size.rowHeight * 0.72 }).stroke();
    s.fillStyle([0.1, 0.1, 0.1]).text(fonts.bold, CHART_FONT, x0 + 6, y, r.label, 'left');
    r.cells.forEach((cell, k) => s.text(fonts.regular, CHART_FONT, colX(k) + size.colWidth / 2, y, cell, 'centre'));
  }
  for (const note of t.notes) {
    y += size.rowHeight * 0.9;
    s.fillStyle([0.3, 0.3, 0.3]).text(fonts.regular, CHART_FONT * 0.8, x0, y, note, 'left');
  }
}
