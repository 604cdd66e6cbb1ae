// Checks of the edge lists (rivers, lake shores, roads, rails): each entry is a real side of
// this grid, written canonically, listed once, and placed where it means something.
import { cellId } from '../../grid/index.js';
import { pointer } from '../issues.js';
import { gridWords, type CheckContext, type Finding, type ScenarioCheck } from './context.js';

export type EdgeField = 'rivers' | 'lakeShores' | 'roads' | 'rails';
const EDGE_FIELDS: readonly EdgeField[] = ['rivers', 'lakeShores', 'roads', 'rails'];
const FEATURE: Record<EdgeField, string> = { rivers: 'river', lakeShores: 'lake shore', roads: 'road', rails: 'railway' };

function malformed(ctx: CheckContext, edge: string): string {
  const owned = ctx.grid.ownedDirections.join(', ');
  const dir = edge.split(',')[2] ?? '';
  const diagonal =
    ctx.grid.spec.kind === 'square' && ctx.grid.spec.adjacency === 8 && (dir === 'NE' || dir === 'SE')
      ? ' Diagonal neighbours on an 8-way square grid share only a corner, so nothing can lie between them.'
      : '';
  return `"${edge}" is not a side of this ${gridWords(ctx)}: write a side as "col,row,DIR" with DIR one of ${owned}.${diagonal}`;
}

function checkEdgeList(ctx: CheckContext, field: EdgeField): Finding[] {
  // A network has no cell sides; the network checks refuse edge lists written on one.
  if (ctx.network) return [];
  const list = ctx.scenario.map[field] ?? [];
  const out: Finding[] = [];
  const firstIndex = new Map<string, number>();
  const connects = field === 'roads' || field === 'rails';
  list.forEach((edge, i) => {
    const at = pointer('map', field, i);
    const canonical = ctx.grid.parseEdge(edge);
    if (!canonical) {
      out.push({ pointer: at, value: edge, message: malformed(ctx, edge) });
      return;
    }
    const prev = firstIndex.get(canonical);
    if (prev !== undefined) {
      out.push({
        pointer: at,
        value: edge,
        message: `"${edge}" is the same side as "${list[prev]}" (entry ${prev}); list each ${FEATURE[field]} side once.`,
      });
      return;
    }
    firstIndex.set(canonical, i);
    if (canonical !== edge) {
      out.push({ pointer: at, value: edge, message: `Write the side "${edge}" in its canonical form "${canonical}".` });
    }
    const [a, b] = ctx.grid.edgeCells(canonical);
    const inA = ctx.grid.inMap(a);
    const inB = ctx.grid.inMap(b);
    if (!inA && !inB) {
      out.push({
        pointer: at,
        value: edge,
        message: `The ${FEATURE[field]} side "${edge}" lies outside the map (between ${cellId(a)} and ${cellId(b)}); move or remove it.`,
      });
    } else if (connects && !(inA && inB)) {
      const outside = inA ? b : a;
      out.push({
        pointer: at,
        value: edge,
        cell: cellId(inA ? a : b),
        message: `A ${FEATURE[field]} must connect two cells of the map, but "${edge}" leads to ${cellId(outside)}, outside the map.`,
      });
    }
  });
  return out;
}

export const edgeChecks: ScenarioCheck[] = EDGE_FIELDS.map((field) => ({
  id: `${field.replace(/[A-Z]/g, (c) => '-' + c.toLowerCase())}-valid`,
  severity: 'error' as const,
  rule:
    field === 'roads' || field === 'rails'
      ? `Every ${FEATURE[field]} side is a side of this grid, listed once, between two cells of the map.`
      : `Every ${FEATURE[field]} side is a side of this grid, listed once, touching the map.`,
  run: (ctx: CheckContext) => checkEdgeList(ctx, field),
}));
