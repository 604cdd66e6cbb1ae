// The renderer's MapModel read straight from a MapDocument: terrain, control and edge sets are
// the document's own stores, so a command's edit is visible to the next draw without copying
// a layer. `sync(change)` refreshes the few derived lists (edge arrays, features by index,
// palette colours) that a change made stale.
import { Board } from '../../../shared/format/board.js';
import type { DocChange, MapDocument } from '../../../shared/editor/index.js';
import type { EdgeId } from '../../../shared/grid/types.js';
import type { Scenario } from '../../../shared/format/scenario.types.js';
import { parseHex, type Rgb } from '../map/colour.js';
import { physicalCellPx, type CellFeatures, type MapModel } from '../map/model.js';

/** Victory points a victory cell of `doc` is worth per turn unless it says otherwise (the ruleset's option). */
export function victoryVpOf(doc: MapDocument): number {
  return (doc.field('ruleset') as Scenario['ruleset'] | undefined)?.options?.victoryCellVpPerTurn ?? 2;
}

export class LiveMapModel implements MapModel {
  terrainRgb: Rgb[] = [];
  terrainTinted: boolean[] = [];
  sideRgb: Rgb[] = [];
  features = new Map<number, CellFeatures>();
  /** The edge features as lists, copied from the document's sets when first read after a change. */
  private edgeLists: { rivers: EdgeId[]; lakeShores: EdgeId[]; roads: EdgeId[]; rails: EdgeId[] } | null = null;
  physicalCellPx = 96;

  constructor(readonly doc: MapDocument) {
    this.refreshSides();
    this.refreshPalette();
    this.refreshMeta();
    this.refreshFeatures();
    this.refreshEdges();
  }

  /** Victory points a victory cell is worth per turn unless it says otherwise (the ruleset's option). */
  get defaultVictoryVp(): number {
    return victoryVpOf(this.doc);
  }

  get board(): Board {
    // Nothing in the renderer reads it while editing; built on demand for code that wants one.
    return Board.fromScenario(this.doc.toScenario());
  }
  get grid() {
    return this.doc.grid;
  }
  get cols() {
    return this.doc.cols;
  }
  get rows() {
    return this.doc.rows;
  }
  get terrainTypes() {
    return this.doc.terrainTypes;
  }
  get sides() {
    return this.doc.sides;
  }
  get terrain() {
    return this.doc.terrain;
  }
  get control() {
    return this.doc.control;
  }
  get rivers(): readonly EdgeId[] {
    return this.lists().rivers;
  }
  get lakeShores(): readonly EdgeId[] {
    return this.lists().lakeShores;
  }
  get roads(): readonly EdgeId[] {
    return this.lists().roads;
  }
  get rails(): readonly EdgeId[] {
    return this.lists().rails;
  }
  get riverSet() {
    return this.doc.edges.rivers;
  }
  get lakeShoreSet() {
    return this.doc.edges.lakeShores;
  }
  get roadSet() {
    return this.doc.edges.roads;
  }
  get railSet() {
    return this.doc.edges.rails;
  }
  get sideFeatures() {
    return this.doc.sideFeatures;
  }

  /** Brings the derived lists up to date after a document change. */
  sync(change: DocChange): void {
    if (change.layers.has('sides')) this.refreshSides();
    if (change.palette || change.resized) this.refreshPalette();
    if (change.meta || change.resized) this.refreshMeta();
    if (change.resized) {
      this.refreshFeatures();
      this.refreshEdges();
      return;
    }
    if (change.edges.size > 0) this.refreshEdges();
    for (const id of change.features) {
      const cell = this.doc.grid.parseRef(id);
      if (!cell || !this.doc.grid.inMap(cell)) continue;
      const f = this.doc.cells.get(id);
      const i = this.doc.grid.index(cell);
      if (f) this.features.set(i, f);
      else this.features.delete(i);
    }
  }

  /** Side colours, read again after the sides were recoloured. */
  refreshSides(): void {
    this.sideRgb = this.doc.sides.map((s) => parseHex(s.colour));
  }

  private refreshPalette(): void {
    this.terrainRgb = this.doc.terrainTypes.map((t) => parseHex(t.colour));
    this.terrainTinted = this.doc.terrainTypes.map((t) => t.category !== 'impassable');
  }

  private refreshMeta(): void {
    this.physicalCellPx = physicalCellPx({ cellSize: this.doc.cellSize } as Scenario['map']);
  }

  private refreshFeatures(): void {
    this.features.clear();
    const grid = this.doc.grid;
    for (const [id, f] of this.doc.cells.entries()) {
      const cell = grid.parseRef(id);
      if (cell && grid.inMap(cell)) this.features.set(grid.index(cell), f);
    }
  }

  // A paste on a big map changes a few hundred of 150 000 sides: the lists are copied when
  // something next reads them (the overview, the tile buckets), not on every edit.
  private refreshEdges(): void {
    this.edgeLists = null;
  }

  private lists(): { rivers: EdgeId[]; lakeShores: EdgeId[]; roads: EdgeId[]; rails: EdgeId[] } {
    const e = this.doc.edges;
    return (this.edgeLists ??= { rivers: [...e.rivers], lakeShores: [...e.lakeShores], roads: [...e.roads], rails: [...e.rails] });
  }
}
