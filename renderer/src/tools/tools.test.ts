import { describe, expect, it } from 'vitest';
import type { Cell } from '../../../shared/grid/types.js';
import { WaterTool, FrontLineTool } from './edges.js';
import { ControlTool, MarkerTool } from './marker.js';
import { RouteTool } from './route.js';
import { EllipseTool, FillTool, LineTool, PolygonTool, RectTool, SelectTool } from './shape.js';
import { cellsInEllipse, cellsInPolygon, cellsOnLine, straightCellRun, straightSideRun } from '../../../shared/editor/index.js';
import { StrokeTool } from './stroke.js';
import { toolHarness } from './testing.js';

const row = (r: number, from: number, to: number): Cell[] => Array.from({ length: to - from + 1 }, (_, k) => ({ col: from + k, row: r }));

describe('terrain brush', () => {
  it('a stroke paints every cell between samples and undoes as one step', () => {
    const h = toolHarness();
    const tool = new StrokeTool('terrain');
    expect(tool.phase).toBe('idle');
    tool.down(h.ctx, h.at({ col: 1, row: 2 }));
    expect(tool.phase).toBe('pointing');
    tool.move(h.ctx, h.at({ col: 4, row: 2 })); // skips 2 and 3: the stroke fills them in
    expect(tool.phase).toBe('dragging');
    tool.move(h.ctx, h.at({ col: 5, row: 2 }));
    tool.up(h.ctx);
    expect(tool.phase).toBe('idle');
    expect(row(2, 1, 5).map(h.terrainAt)).toEqual(Array(5).fill('woods'));
    expect(h.history.undoLabel).toBe('Paint Woods (5 cells)');
    h.history.undo();
    expect(h.history.canUndo).toBe(false);
    expect(row(2, 1, 5).map(h.terrainAt)).toEqual(Array(5).fill('open'));
  });

  it('brush size 2 paints the cell and its ring', () => {
    const h = toolHarness();
    h.options.brushSize = 2;
    const tool = new StrokeTool('terrain');
    tool.down(h.ctx, h.at({ col: 4, row: 4 }));
    tool.up(h.ctx);
    expect(h.history.undoLabel).toBe('Paint Woods (7 cells)');
  });

  it('Escape during a stroke puts the cells back and records nothing', () => {
    const h = toolHarness();
    const tool = new StrokeTool('terrain');
    tool.down(h.ctx, h.at({ col: 1, row: 1 }));
    tool.move(h.ctx, h.at({ col: 3, row: 1 }));
    tool.cancel(h.ctx);
    expect(row(1, 1, 3).map(h.terrainAt)).toEqual(Array(3).fill('open'));
    expect(h.history.canUndo).toBe(false);
  });

  it('painting terrain a cell already has makes no undo step', () => {
    const h = toolHarness();
    h.options.terrain = 'open';
    const tool = new StrokeTool('terrain');
    tool.down(h.ctx, h.at({ col: 1, row: 1 }));
    tool.up(h.ctx);
    expect(h.history.canUndo).toBe(false);
  });

  it('Alt+click picks the terrain under the pointer instead of painting', () => {
    const h = toolHarness();
    new StrokeTool('terrain').down(h.ctx, h.at({ col: 2, row: 2 }, { alt: true }));
    expect(h.options.terrain).toBe('open');
    expect(h.history.canUndo).toBe(false);
  });

  it('the eraser resets terrain to the first type and removes markers', () => {
    const h = toolHarness();
    const brush = new StrokeTool('terrain');
    brush.down(h.ctx, h.at({ col: 2, row: 2 }));
    brush.up(h.ctx);
    const marker = new MarkerTool();
    marker.down(h.ctx, h.at({ col: 2, row: 2 }));
    marker.up(h.ctx, h.at({ col: 2, row: 2 }));
    const eraser = new StrokeTool('erase');
    eraser.down(h.ctx, h.at({ col: 2, row: 2 }));
    eraser.up(h.ctx);
    expect(h.terrainAt({ col: 2, row: 2 })).toBe('open');
    expect(h.doc.featuresAt({ col: 2, row: 2 })).toBeUndefined();
    expect(h.history.undoLabel).toBe('Erase');
  });
});

describe('rectangle and fill', () => {
  it('a rectangle is previewed while dragging and painted on release', () => {
    const h = toolHarness();
    const tool = new RectTool();
    tool.down(h.ctx, h.at({ col: 1, row: 1 }));
    tool.move(h.ctx, h.at({ col: 3, row: 2 }));
    expect(h.terrainAt({ col: 2, row: 2 })).toBe('open');
    const preview = h.log.feedback.at(-1)![0]!;
    expect(preview.kind === 'cells' && preview.cells.length).toBe(6);
    tool.up(h.ctx, h.at({ col: 3, row: 2 }));
    expect([...row(1, 1, 3), ...row(2, 1, 3)].every((c) => h.terrainAt(c) === 'woods')).toBe(true);
    expect(h.history.undoLabel).toBe('Paint Woods rectangle (6 cells)');
  });

  it('a fill stops at other terrain', () => {
    const h = toolHarness();
    // A wall of woods down column 3 closes off columns 0-2.
    const brush = new StrokeTool('terrain');
    brush.down(h.ctx, h.at({ col: 3, row: 0 }));
    brush.move(h.ctx, h.at({ col: 3, row: 7 }));
    brush.up(h.ctx);
    h.options.terrain = 'lake';
    const fill = new FillTool();
    fill.down(h.ctx, h.at({ col: 0, row: 0 }));
    fill.up(h.ctx, h.at({ col: 0, row: 0 }));
    expect(h.history.undoLabel).toBe('Fill Lake (24 cells)');
    expect(h.terrainAt({ col: 4, row: 0 })).toBe('open');
  });

  it('a fill pressed on one cell and released on another does nothing', () => {
    const h = toolHarness();
    const fill = new FillTool();
    fill.down(h.ctx, h.at({ col: 0, row: 0 }));
    fill.move(h.ctx, h.at({ col: 2, row: 0 }));
    expect(fill.phase).toBe('dragging');
    fill.up(h.ctx, h.at({ col: 2, row: 0 }));
    expect(h.history.canUndo).toBe(false);
  });
});

describe('shape tools', () => {
  it('a line of cells is previewed while dragging and painted on release, one undo step', () => {
    const h = toolHarness({ kind: 'hex', orientation: 'flat', offset: 'odd' }, 14, 10);
    const tool = new LineTool();
    const a = { col: 1, row: 2 };
    const b = { col: 9, row: 6 };
    tool.down(h.ctx, h.at(a));
    tool.move(h.ctx, h.at(b));
    const want = cellsOnLine(h.doc.grid, a, b);
    const preview = h.log.feedback.at(-1)![0]!;
    expect(preview.kind === 'cells' && preview.cells.map((c) => h.doc.grid.index(c))).toEqual(want);
    expect(h.terrainAt(b)).toBe('open');
    tool.up(h.ctx, h.at(b));
    expect(want.every((i) => h.terrainAt(h.doc.grid.cellAt(i)) === 'woods')).toBe(true);
    expect(h.history.undoLabel).toBe(`Paint Woods line (${want.length} cells)`);
    h.history.undo();
    expect(want.every((i) => h.terrainAt(h.doc.grid.cellAt(i)) === 'open')).toBe(true);
  });

  it('an ellipse paints filled or only its rim, Shift makes a circle, Esc drops it', () => {
    const h = toolHarness({ kind: 'square', adjacency: 4 }, 20, 16);
    const tool = new EllipseTool();
    const a = { col: 2, row: 2 };
    const b = { col: 12, row: 8 };
    h.options.shapeFilled = false;
    tool.down(h.ctx, h.at(a));
    tool.move(h.ctx, h.at(b, { shift: true }));
    const circle = cellsInEllipse(h.doc.grid, a, b, 100, { filled: false, circle: true });
    expect(h.log.feedback.at(-1)!.map((f) => f.kind)).toEqual(['cells', 'polygon']);
    tool.up(h.ctx, h.at(b, { shift: true }));
    expect(h.history.undoLabel).toBe(`Paint Woods ellipse (${circle.length} cells)`);
    expect(circle.every((i) => h.terrainAt(h.doc.grid.cellAt(i)) === 'woods')).toBe(true);
    // The middle of the circle is not painted (outline).
    expect(h.terrainAt({ col: 7, row: 7 })).toBe('open');
    h.options.shapeFilled = true;
    tool.down(h.ctx, h.at({ col: 14, row: 1 }));
    tool.move(h.ctx, h.at({ col: 19, row: 15 }));
    tool.cancel(h.ctx);
    expect(h.history.undoLabel).toBe(`Paint Woods ellipse (${circle.length} cells)`);
    expect(h.terrainAt({ col: 16, row: 8 })).toBe('open');
  });

  it('a polygon: corners clicked, Enter paints the cells inside; a double-click closes too; Esc drops it', () => {
    const h = toolHarness({ kind: 'square', adjacency: 4 }, 20, 16);
    const tool = new PolygonTool();
    const corners = [{ col: 2, row: 2 }, { col: 12, row: 3 }, { col: 6, row: 11 }];
    for (const c of corners) {
      tool.down(h.ctx, h.at(c));
      tool.up();
    }
    tool.move(h.ctx, h.at({ col: 3, row: 9 }));
    expect(tool.phase).toBe('pointing');
    const shown = h.log.feedback.at(-1)!;
    expect(shown[1]!.kind === 'polygon' && shown[1]!.points.length).toBe(4);
    expect(h.history.canUndo).toBe(false);
    // Enter closes the three corners put down (not where the pointer is).
    expect(tool.enterKey(h.ctx)).toBe(true);
    const want = cellsInPolygon(h.doc.grid, corners.map((c) => h.doc.grid.center(c, 100)), 100);
    expect(h.history.undoLabel).toBe(`Paint Woods polygon (${want.length} cells)`);
    expect(want.every((i) => h.terrainAt(h.doc.grid.cellAt(i)) === 'woods')).toBe(true);
    expect(tool.phase).toBe('idle');
    expect(tool.enterKey(h.ctx)).toBe(false);

    h.options.terrain = 'lake';
    for (const c of [{ col: 14, row: 2 }, { col: 18, row: 2 }, { col: 18, row: 8 }, { col: 18, row: 8 }]) tool.down(h.ctx, h.at(c));
    expect(h.history.undoLabel).toMatch(/^Paint Lake polygon/);
    expect(h.terrainAt({ col: 17, row: 3 })).toBe('lake');

    h.options.terrain = 'woods';
    for (const c of [{ col: 1, row: 13 }, { col: 8, row: 13 }, { col: 8, row: 15 }]) tool.down(h.ctx, h.at(c));
    tool.cancel(h.ctx);
    expect(tool.phase).toBe('idle');
    expect(h.terrainAt({ col: 6, row: 14 })).toBe('open');
  });
});

describe('rivers and lake shores', () => {
  it('a drag along sides adds them in one step; starting on a river removes instead', () => {
    const h = toolHarness();
    const grid = h.doc.grid;
    const sides = ['N', 'NE', 'SE'].map((d) => grid.edgeOf({ col: 4, row: 4 }, d as 'N')!);
    const tool = new WaterTool('rivers');
    tool.down(h.ctx, h.onSide(sides[0]!));
    for (const s of sides.slice(1)) tool.move(h.ctx, h.onSide(s));
    tool.up(h.ctx, h.onSide(sides[2]!));
    expect(sides.every((s) => h.doc.edges.rivers.has(s))).toBe(true);
    expect(h.history.undoLabel).toBe('Add river (3 sides)');

    tool.down(h.ctx, h.onSide(sides[1]!));
    tool.up(h.ctx, h.onSide(sides[1]!));
    expect(h.doc.edges.rivers.has(sides[1]!)).toBe(false);
    expect(h.history.undoLabel).toBe('Remove river (1 side)');
  });

  it('Shift makes a straight run of sides: a wobbly drag free, then Shift: shown first, one undo step on release', () => {
    const h = toolHarness({ kind: 'hex', orientation: 'flat', offset: 'odd' }, 16, 12);
    const grid = h.doc.grid;
    const first = grid.edgeOf({ col: 4, row: 5 }, 'N')!;
    const tool = new WaterTool('rivers');
    tool.down(h.ctx, h.onSide(first));
    // A free wiggle first (drawn as it goes), then Shift: the wiggle is dropped for the straight run.
    tool.move(h.ctx, h.onSide(grid.edgeOf({ col: 4, row: 5 }, 'NE')!));
    expect(h.doc.edges.rivers.size).toBe(2);
    const far = { x: grid.center({ col: 11, row: 2 }, 100).x, y: grid.center({ col: 11, row: 2 }, 100).y };
    tool.move(h.ctx, { point: far, cell: grid.pixelToCell(far, 100), alt: false, shift: true });
    expect(h.doc.edges.rivers.size).toBe(0);
    const want = straightSideRun(grid, first, far, 100);
    expect(want.length).toBeGreaterThan(6);
    expect(h.log.feedback.at(-1)).toEqual([{ kind: 'edges', edges: want, colour: expect.any(String), remove: false }]);
    tool.up(h.ctx, { point: far, cell: grid.pixelToCell(far, 100), alt: false, shift: true });
    expect([...h.doc.edges.rivers].sort()).toEqual([...want].sort());
    expect(h.history.undoLabel).toBe(`Add river (${want.length} sides)`);
    h.history.undo();
    expect(h.doc.edges.rivers.size).toBe(0);
    expect(h.history.canUndo).toBe(false);
  });

  it('hovering near a side highlights it; near a cell centre nothing is picked', () => {
    const h = toolHarness();
    const tool = new WaterTool('lakeShores');
    const side = h.doc.grid.edgeOf({ col: 2, row: 2 }, 'N')!;
    tool.move(h.ctx, h.onSide(side));
    expect(h.log.feedback.at(-1)).toEqual([{ kind: 'edges', edges: [side], colour: expect.any(String), remove: false }]);
    tool.down(h.ctx, h.at({ col: 2, row: 2 }));
    tool.up(h.ctx, h.at({ col: 2, row: 2 }));
    expect(h.history.canUndo).toBe(false);
  });
});

describe('roads and rails', () => {
  it('Shift lays a straight run of cells from the first cell, previewed, one undo step; Esc drops it', () => {
    const h = toolHarness({ kind: 'square', adjacency: 8 }, 16, 12);
    const grid = h.doc.grid;
    const tool = new RouteTool('roads');
    const a = { col: 2, row: 2 };
    tool.down(h.ctx, h.at(a));
    const far = grid.center({ col: 9, row: 8 }, 100);
    tool.move(h.ctx, { point: far, cell: { col: 9, row: 8 }, alt: false, shift: true });
    const want = straightCellRun(grid, a, far, 100);
    // Roads cross sides: east (7 across beats 6 down), not the diagonal.
    expect(want.map((c) => `${c.col},${c.row}`)).toEqual(['2,2', '3,2', '4,2', '5,2', '6,2', '7,2', '8,2', '9,2']);
    expect(h.doc.edges.roads.size).toBe(0);
    expect(h.log.feedback.at(-1)).toEqual([{ kind: 'path', cells: want, colour: expect.any(String) }]);
    tool.up(h.ctx, { point: far, cell: { col: 9, row: 8 }, alt: false, shift: true });
    expect(h.doc.edges.roads.size).toBe(7);
    expect(h.history.undoLabel).toBe('Lay road (7 sides)');
    tool.down(h.ctx, h.at({ col: 2, row: 10 }));
    tool.move(h.ctx, { ...h.at({ col: 12, row: 10 }), shift: true });
    tool.cancel(h.ctx);
    expect(h.doc.edges.roads.size).toBe(7);
    expect(h.history.undoLabel).toBe('Lay road (7 sides)');
  });

  it('a drag lays a connection through each shared side; a river side under it is a bridge', () => {
    const h = toolHarness();
    const grid = h.doc.grid;
    const path = row(3, 2, 5);
    const crossing = grid.edgeBetween(path[1]!, path[2]!)!;
    const river = new WaterTool('rivers');
    river.down(h.ctx, h.onSide(crossing));
    river.up(h.ctx, h.onSide(crossing));
    const road = new RouteTool('roads');
    road.down(h.ctx, h.at(path[0]!));
    for (const c of path.slice(1)) road.move(h.ctx, h.at(c));
    road.up(h.ctx, h.at(path[3]!));
    expect(h.doc.edges.roads.size).toBe(3);
    expect(h.doc.edges.roads.has(crossing) && h.doc.edges.rivers.has(crossing)).toBe(true);
    expect(h.history.undoLabel).toMatch(/^Lay road/);
  });

  it('a click near a connection removes it; a click on the centre, where all meet, does not', () => {
    const h = toolHarness();
    const a = { col: 2, row: 3 };
    const b = { col: 3, row: 3 };
    const rail = new RouteTool('rails');
    rail.down(h.ctx, h.at(a));
    rail.move(h.ctx, h.at(b));
    rail.up(h.ctx, h.at(b));
    const edge = h.doc.grid.edgeBetween(a, b)!;
    rail.down(h.ctx, h.at(a));
    rail.up(h.ctx, h.at(a));
    expect(h.doc.edges.rails.has(edge)).toBe(true);
    const ca = h.doc.grid.center(a, 100);
    const [p, q] = h.doc.grid.edgeEndpoints(edge, 100);
    // Most of the way from a's centre to the side the rail crosses.
    const near = { point: { x: ca.x + ((p.x + q.x) / 2 - ca.x) * 0.7, y: ca.y + ((p.y + q.y) / 2 - ca.y) * 0.7 }, cell: a, alt: false, shift: false };
    rail.down(h.ctx, near);
    rail.up(h.ctx, near);
    expect(h.doc.edges.rails.has(edge)).toBe(false);
    expect(h.history.undoLabel).toBe('Remove rail (1 side)');
  });
});

describe('control', () => {
  it('fill mode gives a connected area of one control to the side', () => {
    const h = toolHarness();
    const red = h.doc.sides[1].id;
    h.options.side = red;
    h.options.controlMode = 'fill';
    const tool = new ControlTool();
    tool.down(h.ctx, h.at({ col: 0, row: 0 }));
    tool.up(h.ctx, h.at({ col: 0, row: 0 }));
    expect(h.controlAt({ col: 0, row: 7 })).toBe(red);
    expect(h.history.undoLabel).toMatch(/^Fill control/);
  });

  it("a front line drawn along sides splits control from each side's bases", () => {
    const h = toolHarness();
    const grid = h.doc.grid;
    const [blue, red] = [h.doc.sides[0].id, h.doc.sides[1].id];
    // Bases: blue far west, red far east; the front runs between columns 6 and 7.
    const marker = new MarkerTool();
    for (const [side, cell] of [[blue, { col: 0, row: 3 }], [red, { col: 9, row: 3 }]] as const) {
      h.options.side = side;
      marker.down(h.ctx, h.at(cell));
      marker.up(h.ctx, h.at(cell));
    }
    const front = [...Array(8).keys()].flatMap((r) => [r - 1, r, r + 1].map((r2) => (grid.inMap({ col: 7, row: r2 }) ? grid.edgeBetween({ col: 6, row: r }, { col: 7, row: r2 }) : null))).filter((e): e is string => e !== null);
    const tool = new FrontLineTool();
    tool.down(h.ctx, h.onSide(front[0]!));
    for (const e of front.slice(1)) tool.move(h.ctx, h.onSide(e));
    tool.up(h.ctx);
    expect(h.history.undoLabel).toMatch(/^Fill to front line/);
    expect(h.controlAt({ col: 6, row: 4 })).toBe(blue);
    expect(h.controlAt({ col: 7, row: 4 })).toBe(red);
  });
});

describe('markers and select', () => {
  it('a marker click toggles it on and off; victory uses the chosen VP', () => {
    const h = toolHarness();
    const tool = new MarkerTool();
    const cell = { col: 5, row: 5 };
    const click = () => {
      tool.down(h.ctx, h.at(cell));
      tool.up(h.ctx, h.at(cell));
    };
    h.options.marker = 'victory';
    click();
    expect(h.doc.featuresAt(cell)).toEqual({ victory: { perTurn: 3, endGame: 5 } });
    h.options.marker = 'fort';
    click();
    expect(h.doc.featuresAt(cell)?.fortification).toBe(true);
    click();
    expect(h.doc.featuresAt(cell)?.fortification).toBeUndefined();
    h.options.marker = 'entry';
    click();
    expect(h.doc.featuresAt(cell)?.entry).toEqual([h.doc.sides[0].id]);
    h.options.marker = 'name';
    click();
    expect(h.log.naming).toEqual([cell]);
  });

  it('select shows a clicked cell, and a drag selects nothing', () => {
    const h = toolHarness();
    const tool = new SelectTool();
    tool.down(h.ctx, h.at({ col: 1, row: 1 }));
    tool.up(h.ctx, h.at({ col: 1, row: 1 }));
    tool.down(h.ctx, h.at({ col: 1, row: 1 }));
    tool.move(h.ctx, h.at({ col: 3, row: 1 }));
    tool.up(h.ctx, h.at({ col: 3, row: 1 }));
    expect(h.log.selected).toEqual([{ col: 1, row: 1 }]);
    expect(h.history.canUndo).toBe(false);
  });
});
