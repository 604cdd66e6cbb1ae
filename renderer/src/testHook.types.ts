// The shape of `window.__gridfront`, the page hook for end-to-end tests and the render
// benchmark. Kept free of Svelte imports so Node-side code (Playwright specs, scripts) can
// type-check against it.
import type { Scenario } from '../../shared/format/scenario.types.js';

export interface GridfrontTestHook {
  map: {
    readonly ready: boolean;
    /** ms from the scenario document arriving to the first complete paint of its map */
    readonly firstDrawMs: number | null;
    /** Page coordinates (CSS px) of a cell's centre, or null when no map is open. */
    cellToClient(col: number, row: number): { x: number; y: number } | null;
    /** Zoom as a fraction of physical size. */
    readonly zoom: number;
    /** Map tiles of the current view still being made (0 once the view is sharp). */
    readonly pendingTiles: number;
    /** Repaints the current tiles afresh and counts pixels off by > 16 (slight) and > 48 (large). */
    /** Place names as placed on screen and the counters they keep clear of, as page boxes (CSS px). */
    labelBoxes(): { names: { cell: string; text: string; box: Box }[]; counters: { cell: string; box: Box }[] } | null;
    /**
     * The map's static layer drawn now against the tiles it shows, pixel for pixel (null while
     * tiles are missing); `mode` says how the tiles were drawn (one shape copying them, or the overview image far out on a very large map);
     * `drawsInPart` counts the draws so far that copied only the pixels an edit painted again.
     */
    checkScreen(): { mode: 'mosaic' | 'overview'; tiles: number; pixelsOff: number; drawsInPart: number } | null;
    checkTiles(): { tiles: number; slight: number; large: number; maxDifference: number; worst: { x: number; y: number; fresh: number[]; tile: number[] } | null; slightArea: { x: number; y: number; width: number; height: number } | null } | null;
  };
  /** Open a scenario document that is already in memory (skips the host). */
  openScenario(scenario: Scenario): void;
  /** The map designer (present once the app has mounted). */
  editor?: EditorTestHook;
  /** The print dialog's page preview (components/Print/PrintPreview.svelte), while it is open. */
  print?: {
    /** Screen px per paper pt (`trueSize`: at 100 %) and where the sheet's corner is in the preview box (px). */
    view(): { scale: number; x: number; y: number; trueSize: number } | null;
    /** Page coordinates (CSS px) of a cell's centre on the page shown, or null. */
    cellToClient(col: number, row: number): { x: number; y: number } | null;
  };
  /** The test-play game (renderer/src/play), for assertions against the engine. */
  play?: {
    /** The engine's view of the game shown (GameView), or null. */
    view(): GameViewLike | null;
    actor(): string | null;
    logLength(): number;
    /** The observation the generic play screen shows (any ruleset but operational), or null. */
    observation(): { turn: number; actor: string | null; units: { id: string; side: string; name?: string; cell: string | null; where: string; hidden?: boolean; face?: string }[] } | null;
    /** Every action applied in this game, in order (savegame Action objects). */
    log(): { type: string; side: string; [k: string]: unknown }[];
    botBusy(): boolean;
    /** The legal actions of whoever must act now. */
    legal(): { type: string; side: string; [k: string]: unknown }[];
    /**
     * The board's counters read from their Konva nodes: unit, the cell it stands in, where the
     * node is now (page CSS px, its centre), its size on screen and whether it may be dragged now.
     */
    counters(): { unit: string; cell: string; x: number; y: number; size: number; draggable: boolean }[];
  };
}

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The parts of the engine's GameView the tests read (shared/rules/types.ts has it all). */
export interface GameViewLike {
  phase: string;
  step: string | null;
  turn: number;
  clock: number;
  player: string | null;
  vp: Record<string, number>;
  prompt: { side: string; kind: string; text: string } | null;
  units: { id: string; side: string; cell: string | null; strength: number; supply: string; activation: string; where: string }[];
  supplyCells: Record<string, string[]>;
  control: Record<string, string>;
  combat: unknown;
  gameOver: { winner: string | null; reason: string } | null;
}

declare global {
  interface Window {
    __gridfront?: GridfrontTestHook;
  }
}

/** The map designer's page hook (renderer/src/tools/hook.ts). */
export interface EditorTestHook {
  /** The open map's scenario as the designer would save it, as JSON. */
  documentJson(): string | null;
  /** Undo one step; true while more steps remain. */
  undo(): boolean;
  /** Redo one step; true while more steps remain. */
  redo(): boolean;
  readonly canUndo: boolean;
  readonly canRedo: boolean;
  readonly undoLabel: string | null;
  /** The undo history differs from the last save. */
  readonly dirty: boolean;
  setTool(id: string): void;
  setOptions(options: Record<string, unknown>): void;
  /** Zoom so a cell is `px` screen pixels across. */
  zoomToCellPx(px: number): void;
  /** Start recording frames (see stopFrameProbe). */
  startFrameProbe(): void;
  /**
   * Per frame since startFrameProbe: rAF interval and the map's main-thread work, in ms, the
   * work also split by part (view: view changes; frame: the frame loop, tiles and draws
   * included; tiles: making and settling tiles; draw: drawing the stage's layers).
   */
  stopFrameProbe(): { work: number[]; parts: Record<string, number[]>; intervals: number[] } | null;
  /** ms for one stroke of a tool along the cells (pointer path + commands + synchronous redraw, its pixels made, unless `draw` is false). */
  strokeMs(cells: { col: number; row: number }[], tool?: string, draw?: boolean): number | null;
  /**
   * Copy/paste of a `size`×`size` region through the region controller: ms to select and copy,
   * per preview frame while the floating paste follows `moves` cells (anchor move + stage drawn
   * synchronously), to put it down (one undo step), and to put it down and draw the map.
   */
  pasteBench(from: { col: number; row: number }, size: number, to: { col: number; row: number }, moves: number): {
    copyMs: number; previewFrameMs: number[]; commitMs: number; commitAndDrawMs: number; cells: number; undoLabel: string | null;
  } | null;
}
