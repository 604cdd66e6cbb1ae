// The map designer's document layer: a scenario being edited (MapDocument), every map edit
// as an undoable command, the undo history with gestures, and hit-testing helpers for tools.
//
//   const doc = MapDocument.fromScenario(scenario);
//   const history = new History(doc);
//   doc.subscribe((change) => renderer.invalidate(...change));
//   history.beginGesture('Paint Woods');
//   history.run(paintTerrain(doc, cellsInBrush(doc.grid, cell, 1), 'woods'));   // per pointer move
//   history.endGesture();                                                       // one undo step
//   history.undo();
//   save(doc.toScenario()); history.markSaved();
export * from './types.js';
export { MapDocument, encodeLayer, type DocState, type DocPart, type EdgeStores, type ChangeListener } from './document.js';
export { OrderedMap, OrderedSet } from './ordered.js';
export { History, CompositeCommand, type HistoryListener, type HistoryEvent } from './history.js';
export * from './hit.js';
export { dirtyCells } from './change.js';
export { neighbourCapacity, neighbourTable, neighbourIndices, type NeighbourTable } from './neighbours.js';
export { CellsCommand, setLayerCells, paintTerrain, eraseTerrain, setControl, rewriteLayer } from './commands/cells.js';
export { fillControl, fillToFrontLine, frontLineSeeds, type FrontLineOptions } from './commands/control.js';
export { EdgesCommand, editEdges, connectPath, type EdgeMode } from './commands/edges.js';
export {
  FeaturesCommand, editCellFeatures, setCellName, setSupplyBase, setFortification, setVictory, setEntry, clearCellFeatures,
  type FeaturePatch,
} from './commands/features.js';
export { StateCommand } from './commands/state.js';
export { FieldsCommand, editFields, sameFieldValue, type FieldsState } from './commands/fields.js';
export { setGridOptions, setCellSize, setGroundScale, setUnderlay, type GridOptions } from './commands/settings.js';
export { calibrate, fitOverMap, imageToMap, mapToImage, type Placement } from './underlay.js';
export { addTerrainType, updateTerrainType, removeTerrainType, type TerrainTypePatch } from './commands/palette.js';
export { resizeMap, type ResizeMargins } from './commands/resize.js';
export {
  extractClip, placeClip, clearRegion, rotateClip, mirrorClip, transformClip, rotationStep, latticeOf, latticesFit, toLattice, fromLattice,
  clipFootprint, centreCell, normaliseSelection, cellsInPolygon, selectionOutline, combineSelection,
  type Clip, type ClipCell, type ClipEdge, type ClipUnit, type Lattice, type Dropped, type ClipPlacement, type SelectMode,
} from './region.js';
export { SideFeaturesCommand, editSideFeature, defineSideFeature, featureSides, sideFrom, sideFeatureId } from './commands/side-features.js';
export { stampFitProblem, latticeWords, pickStamp, newStampSeed } from './stamps.js';
export { findCells, hasCriteria, describeQuery, replaceTerrain, MARKER_KINDS, MARKER_NAMES, type FindQuery, type MarkerKind } from './find.js';
export { cellsOnLine, cellsInEllipse, ellipseBox, type EllipseOptions } from './shapes.js';
export { straightCellRun, straightSideRun } from './straight.js';
