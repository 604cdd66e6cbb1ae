// The map's layers as the designer sees them in the Layers panel (as in Tiled): which there are,
// in drawing order, what each is called, and each one's view settings (shown, locked, opacity)
// as kept in the scenario file (`map.layers`, schemas/scenario.schema.json → MapLayers).
//
// These are view settings: the painter takes them on screen (a hidden layer is not drawn, a
// translucent one is drawn at its opacity), the designer's tools leave a locked layer as it is,
// and print and export keep their own layer choices. Nothing here changes a rule.
import type { LayerView, MapLayers } from '../format/scenario.types.js';

/** The map's layers, bottom to top as drawn (the underlay's place is set apart: `underlayBelowTerrain`). */
export const LAYER_IDS = ['terrain', 'control', 'rivers', 'lakeShores', 'roads', 'rails', 'markers', 'names', 'units', 'underlay'] as const;
export type LayerId = (typeof LAYER_IDS)[number];

export const LAYER_NAMES: Record<LayerId, string> = {
  terrain: 'Terrain',
  control: 'Control',
  rivers: 'Rivers',
  lakeShores: 'Lake shores',
  roads: 'Roads',
  rails: 'Rails',
  markers: 'Markers',
  names: 'Names',
  units: 'Units',
  underlay: 'Underlay',
};

/** A layer's settings with every default filled in. */
export interface LayerState {
  hidden: boolean;
  locked: boolean;
  /** From 0 to 1. */
  opacity: number;
}

export const DEFAULT_LAYER: LayerState = { hidden: false, locked: false, opacity: 1 };

/** The settings of layer `id` (defaults when the file says nothing about it). */
export function layerState(layers: MapLayers | undefined, id: string): LayerState {
  const v = layers?.settings?.[id];
  return { hidden: v?.hidden ?? false, locked: v?.locked ?? false, opacity: v?.opacity ?? 1 };
}

/** True when the designer's tools must leave layer `id` unchanged. */
export function isLocked(layers: MapLayers | undefined, id: string): boolean {
  return layers?.settings?.[id]?.locked === true;
}

/** What the status line says when a tool would change a locked layer. */
export function lockedMessage(id: string, name: string = (LAYER_NAMES as Record<string, string>)[id] ?? id): string {
  return `${name} layer is locked`;
}

/**
 * `layers` with layer `id` changed by `patch`; settings back at their defaults are dropped, and
 * an empty result is undefined (a file whose layers are all at their defaults says nothing).
 */
export function withLayer(layers: MapLayers | undefined, id: string, patch: Partial<LayerState>): MapLayers | undefined {
  const next: LayerState = { ...layerState(layers, id), ...patch };
  const view: LayerView = {};
  if (next.hidden) view.hidden = true;
  if (next.locked) view.locked = true;
  if (next.opacity < 1) view.opacity = Math.max(0, Math.round(next.opacity * 100) / 100);
  const settings: Record<string, LayerView> = { ...(layers?.settings ?? {}) };
  if (Object.keys(view).length) settings[id] = view;
  else delete settings[id];
  return tidy({ ...layers, settings });
}

/** `layers` with the underlay drawn under the terrain (true) or over the map (false). */
export function withUnderlayBelow(layers: MapLayers | undefined, below: boolean): MapLayers | undefined {
  const next: MapLayers = { ...layers };
  if (below) next.underlayBelowTerrain = true;
  else delete next.underlayBelowTerrain;
  return tidy(next);
}

function tidy(layers: MapLayers): MapLayers | undefined {
  const out: MapLayers = {};
  if (layers.settings && Object.keys(layers.settings).length) out.settings = layers.settings;
  if (layers.underlayBelowTerrain) out.underlayBelowTerrain = true;
  return Object.keys(out).length ? out : undefined;
}
