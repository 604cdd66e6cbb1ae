// The designer's tools by id, with their names, keys and what the tooltip says.
import { EllipseTool, FillTool, LineTool, PickerTool, PolygonTool, RectTool, SelectTool } from './shape.js';
import { StrokeTool } from './stroke.js';
import { SideFeatureTool, WaterTool } from './edges.js';
import { RouteTool } from './route.js';
import { ControlTool, MarkerTool } from './marker.js';
import { NetworkTool } from './network.js';
import { LassoTool, MarqueeTool, WandTool } from './select-region.js';
import type { RegionController } from './region.svelte.js';
import { StampTool, type StampSource } from './stamp.js';
import type { Tool, ToolId } from './types.js';

export * from './types.js';
export type { StampSource } from './stamp.js';

/** Why a tool is not offered on a grid of cells, or null when it is. */
export const gridToolBlock = (id: ToolId): string | null => (id === 'network' ? 'Positions and links belong to network maps; this map is a grid of cells.' : null);

export interface ToolInfo {
  id: ToolId;
  name: string;
  key: string;
  hint: string;
}

/** In toolbar order; groups are separated where `group` changes. */
export const TOOLS: readonly (ToolInfo & { group: number })[] = [
  { id: 'pan', name: 'Pan', key: 'H', hint: 'drag to move the map', group: 0 },
  { id: 'select', name: 'Select', key: 'V', hint: 'click a cell to inspect and edit it', group: 0 },
  { id: 'marquee', name: 'Select region', key: 'S', hint: 'drag a rectangle of cells; Shift adds, Alt removes; drag the selection to move it', group: 0 },
  { id: 'lasso', name: 'Lasso select', key: 'A', hint: 'draw round cells to select them; Shift adds, Alt removes', group: 0 },
  { id: 'wand', name: 'Magic wand', key: 'Y', hint: 'click to select the connected cells of one terrain; Shift adds, Alt removes', group: 0 },
  { id: 'brush', name: 'Terrain brush', key: 'B', hint: 'drag to paint terrain; Alt+click picks', group: 1 },
  { id: 'rect', name: 'Rectangle', key: 'R', hint: 'drag a rectangle of terrain', group: 1 },
  { id: 'ellipse', name: 'Ellipse', key: 'O', hint: 'drag the box an ellipse of terrain fills; Shift: a circle; filled or outline in the tool options', group: 1 },
  { id: 'line', name: 'Line', key: 'U', hint: 'drag from cell to cell: a straight line of terrain', group: 1 },
  { id: 'polygon', name: 'Polygon', key: 'Q', hint: 'click the corners; double-click, Enter or a click on the first corner paints the cells inside; Esc cancels', group: 1 },
  { id: 'fill', name: 'Fill', key: 'G', hint: 'fill a connected area of one terrain', group: 1 },
  { id: 'picker', name: 'Picker', key: 'I', hint: 'click to pick the terrain to paint', group: 1 },
  { id: 'eraser', name: 'Eraser', key: 'E', hint: 'drag to reset terrain and remove markers', group: 1 },
  { id: 'river', name: 'River', key: 'W', hint: 'click or drag along cell sides; again to remove; Shift+drag: a straight run', group: 2 },
  { id: 'lake', name: 'Lake shore', key: 'L', hint: 'click or drag along cell sides; again to remove; Shift+drag: a straight run', group: 2 },
  { id: 'road', name: 'Road', key: 'D', hint: 'drag from cell to cell; click a road to remove it; Shift+drag: a straight road', group: 2 },
  { id: 'rail', name: 'Rail', key: 'T', hint: 'drag from cell to cell; click a rail to remove it; Shift+drag: a straight line', group: 2 },
  { id: 'control', name: 'Control', key: 'C', hint: 'paint, fill or draw a front line', group: 3 },
  { id: 'marker', name: 'Markers', key: 'M', hint: 'supply bases, forts, victory and entry cells, names', group: 3 },
  { id: 'stamp', name: 'Stamp', key: 'K', hint: 'click or drag to put the chosen stamp down (Stamps panel); R turns, M mirrors, Esc puts it away', group: 4 },
  { id: 'network', name: 'Positions and links', key: 'P', hint: 'click to place a position; drag it to move it, or onto another to link them; drag a link to bend it; Delete removes the position; Shift: no 5 mm snap', group: 4 },
];

/** The side-feature tool: chosen from the Layers panel (Side features → Draw), not the rail. */
export const SIDE_FEATURE_TOOL: ToolInfo = { id: 'side', name: 'Side feature', key: '', hint: 'click or drag along cell sides, from the cell a one-sided symbol faces; again to remove; Shift+drag: a straight run' };

/** The terrain shapes, one button on the tool rail with a flyout; the last one used shows on it. */
export const SHAPE_TOOLS: readonly ToolId[] = ['rect', 'ellipse', 'line', 'polygon'];

/** A tool's name, key and hint. */
export function toolInfo(id: ToolId): ToolInfo {
  return TOOLS.find((t) => t.id === id) ?? SIDE_FEATURE_TOOL;
}

/**
 * Tools that draw along cell sides (rivers, lake shores, roads and rails across sides). A
 * network map has no cell sides: its roads and rails are link types, drawn with the network
 * tools. Every other tool works per position there (brushes and fills follow the links).
 */
export const SIDE_TOOLS: ReadonlySet<ToolId> = new Set<ToolId>(['river', 'lake', 'road', 'rail', 'side']);

/**
 * Why a tool is not offered on a network map, or null when it is. Road and Rail are: they hand
 * over to Positions and links, drawing links of their type (see networkRouteNote).
 */
export const networkToolBlock = (id: ToolId): string | null =>
  id === 'network'
    ? null
    : id === 'stamp'
    ? 'Stamps are regions of cells; a network map has positions and links.'
    : id === 'road' || id === 'rail'
    ? null
    : SIDE_TOOLS.has(id)
    ? `${id === 'river' ? 'Rivers' : id === 'lake' ? 'Lake shores' : 'Side features'} run along cell sides; a network map has positions and links instead.`
    : REGION_TOOLS.has(id)
      ? 'Regions of cells need a grid of hexes or squares; a network map has positions and links.'
      : null;

/**
 * What the Road and Rail tools say on a network map, where they hand over to Positions and
 * links: new links are drawn as their kind, and a link already drawn changes type in the inspector.
 */
/** The tooltips of Road and Rail on a network map's tool rail. */
export const NETWORK_ROUTE_HINT: Record<'road' | 'rail', string> = {
  road: 'draws roads on a network: links of the Road type, with Positions and links',
  rail: 'draws railways on a network: links of the Rail type, with Positions and links',
};

export const networkRouteNote = (id: 'road' | 'rail'): string =>
  `A network's ${id === 'road' ? 'roads' : 'railways'} are links of the ${id === 'road' ? 'Road' : 'Rail'} type. Drag from one position onto another to draw one; to change a link already drawn, click it and set its type under Selected link.`;

/** The tools that select regions (a paste floats in these). */
export const REGION_TOOLS: ReadonlySet<ToolId> = new Set<ToolId>(['marquee', 'lasso', 'wand']);

export function createTool(id: ToolId, region: RegionController, stamps: StampSource): Tool | null {
  switch (id) {
    case 'stamp':
      return new StampTool(region, stamps);
    case 'marquee':
      return new MarqueeTool(region);
    case 'lasso':
      return new LassoTool(region);
    case 'wand':
      return new WandTool(region);
    case 'pan':
      return null;
    case 'select':
      return new SelectTool();
    case 'brush':
      return new StrokeTool('terrain');
    case 'eraser':
      return new StrokeTool('erase');
    case 'rect':
      return new RectTool();
    case 'ellipse':
      return new EllipseTool();
    case 'line':
      return new LineTool();
    case 'polygon':
      return new PolygonTool();
    case 'fill':
      return new FillTool();
    case 'picker':
      return new PickerTool();
    case 'river':
      return new WaterTool('rivers');
    case 'lake':
      return new WaterTool('lakeShores');
    case 'road':
      return new RouteTool('roads');
    case 'rail':
      return new RouteTool('rails');
    case 'side':
      return new SideFeatureTool();
    case 'control':
      return new ControlTool();
    case 'marker':
      return new MarkerTool();
    case 'network':
      return new NetworkTool();
  }
}
