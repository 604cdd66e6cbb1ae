// What every designer tool sees and does. A tool is a small state machine (idle → pointing →
// dragging → idle) fed with pointer positions in map pixels and the cell under them; it
// changes the map only by running document commands through the history, and describes its
// on-canvas feedback (hovered side, brush footprint, rectangle) as data for the overlay.
import type { History, MapDocument } from '../../../shared/editor/index.js';
import type { Cell, EdgeId, Point } from '../../../shared/grid/types.js';

export type ToolId =
  | 'pan'
  | 'select'
  | 'marquee'
  | 'lasso'
  | 'wand'
  | 'stamp'
  | 'brush'
  | 'rect'
  | 'ellipse'
  | 'line'
  | 'polygon'
  | 'fill'
  | 'picker'
  | 'eraser'
  | 'river'
  | 'lake'
  | 'road'
  | 'rail'
  | 'side'
  | 'control'
  | 'marker'
  | 'network';

export type MarkerKind = 'supply' | 'fort' | 'victory' | 'entry' | 'name';
export type ControlMode = 'brush' | 'fill' | 'front';

/** The active tools' settings, shown in the inspector. */
export interface ToolOptions {
  /** Brush size in cells across: 1, 2 or 3. */
  brushSize: 1 | 2 | 3;
  /** Terrain type id the terrain tools paint. */
  terrain: string;
  /** Side id for control, supply bases and entry cells. */
  side: string;
  controlMode: ControlMode;
  marker: MarkerKind;
  victoryPerTurn: number;
  victoryEndGame: number;
  /** What the network tool's new links are. */
  linkType: LinkType;
  /** The scenario's side feature (map.sideFeatures id) the side-feature tool draws. */
  sideFeature: string;
  /** The ellipse tool paints every cell inside (true) or only the rim. */
  shapeFilled: boolean;
}

export type LinkType = 'ordinary' | 'road' | 'rail';

export type Phase = 'idle' | 'pointing' | 'dragging';

export interface PointerInput {
  /** Map pixels (the renderer's CELL_SIZE scale). */
  readonly point: Point;
  /** The cell under the pointer; may lie off the map. */
  readonly cell: Cell;
  readonly alt: boolean;
  readonly shift: boolean;
}

/** On-canvas feedback a tool asks for, drawn on the interactive layer. */
export type Feedback =
  | { kind: 'cells'; cells: readonly Cell[]; colour: string }
  | { kind: 'edges'; edges: readonly EdgeId[]; colour: string; remove?: boolean }
  | { kind: 'path'; cells: readonly Cell[]; colour: string }
  /** A shape being drawn (map pixels): the polygon tool's vertices, an ellipse's outline. */
  | { kind: 'polygon'; points: readonly Point[]; closed: boolean; colour: string };

export interface ToolContext {
  readonly doc: MapDocument;
  readonly history: History;
  readonly options: ToolOptions;
  /** Map pixels across one cell. */
  readonly size: number;
  /** Screen pixels per map pixel (hit tolerances are felt in screen pixels). */
  readonly scale: number;
  select(cell: Cell | null): void;
  /** Selects a network link by id (the inspector shows it), or none. */
  selectLink(id: string | null): void;
  /** Sets the terrain the terrain tools paint (picker, alt-click). */
  pickTerrain(id: string): void;
  /** Starts editing a cell's name in place. */
  editName(cell: Cell): void;
  feedback(f: readonly Feedback[]): void;
  /** A refused edit, said to the user. */
  report(message: string): void;
}

export interface Tool {
  readonly phase: Phase;
  down(ctx: ToolContext, p: PointerInput): void;
  /** Every pointer move, pressed or not (hover feedback). */
  move(ctx: ToolContext, p: PointerInput): void;
  up(ctx: ToolContext, p: PointerInput): void;
  /** Escape or losing the pointer: a gesture in progress is undone. */
  cancel(ctx: ToolContext): void;
  /** The pointer left the map (a tool may hide what follows the pointer). */
  leave?(ctx: ToolContext): void;
  /** The Delete key while this tool is active; true when it was used. */
  deleteKey?(ctx: ToolContext): boolean;
  /** The Enter key while this tool is active (the polygon tool closes its shape); true when it was used. */
  enterKey?(ctx: ToolContext): boolean;
}

export const sameCell = (a: Cell | null, b: Cell | null): boolean =>
  a === b || (a !== null && b !== null && a.col === b.col && a.row === b.row);
