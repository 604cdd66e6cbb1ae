// The scenario's own cell-side features (map.sideFeatures: walls, escarpments, streams...) as the
// rulesets read them: which sides block movement, supply lines or line of sight, by canonical side
// id, with the feature's name for the messages ("the wall between them blocks movement"). Each
// ruleset says in its README which of these it reads and what they stop; its declaration's
// `sideFeatureBlocks` tells the designer.
import type { Scenario } from '../format/scenario.types.js';
import type { EdgeId, GridGeometry } from '../grid/types.js';
import type { RulesetDeclaration } from './types.js';

export type BlockKind = 'movement' | 'supply' | 'sight';

/** Canonical side id → the name of the first feature on it that blocks `kind`. Empty when none does. */
export function blockingSides(scenario: Scenario, grid: GridGeometry, kind: BlockKind): Map<EdgeId, string> {
  const out = new Map<EdgeId, string>();
  for (const f of scenario.map.sideFeatures ?? []) {
    if (!f.blocks?.[kind]) continue;
    for (const written of f.sides) {
      const e = grid.parseEdge(written);
      if (e && !out.has(e)) out.set(e, f.name);
    }
  }
  return out;
}

/**
 * Per cell and direction index (`grid.directions`' order is the caller's: pass the directions it
 * indexes by), the feature blocking `kind` on the side that way, as an index into `names` + 1
 * (0: none). For rulesets that keep neighbour tables as flat arrays (n × directions).
 */
export function blockTable(
  scenario: Scenario,
  grid: GridGeometry,
  kind: BlockKind,
  dirs: readonly Parameters<GridGeometry['step']>[1][],
): { table: Uint8Array; names: string[] } | null {
  const sides = blockingSides(scenario, grid, kind);
  if (sides.size === 0) return null;
  const names = [...new Set(sides.values())];
  const table = new Uint8Array(grid.cellCount * dirs.length);
  for (const [edge, name] of sides) {
    const [a, z] = grid.edgeCells(edge);
    const k = names.indexOf(name) + 1;
    for (const [from, to] of [[a, z], [z, a]] as const) {
      if (!grid.inMap(from) || !grid.inMap(to)) continue;
      const d = grid.directionTo(from, to);
      const j = d ? dirs.indexOf(d) : -1;
      if (j >= 0) table[grid.index(from) * dirs.length + j] = k;
    }
  }
  return { table, names };
}

const KIND_WORDS: Record<BlockKind, string> = { movement: 'Movement', supply: 'Supply', sight: 'Line of sight' };

/**
 * One line for the designer: which of "Blocks" the ruleset reads and what each does there, from
 * its declaration ("Battle for Moscow reads Movement: no move or retreat crosses it. It does not
 * read Supply or Line of sight.").
 */
export function blocksNote(decl: Pick<RulesetDeclaration, 'name' | 'sideFeatureBlocks'> | undefined): string {
  if (!decl) return '“Blocks” is kept in the file for the rulesets that read it.';
  const reads = decl.sideFeatureBlocks ?? {};
  const kinds: BlockKind[] = ['movement', 'supply', 'sight'];
  const read = kinds.filter((k) => reads[k]);
  const unread = kinds.filter((k) => !reads[k]).map((k) => KIND_WORDS[k]);
  if (read.length === 0) return `${decl.name} reads none of these; they are kept in the file for other rulesets.`;
  const said = read.map((k) => `${KIND_WORDS[k]}: ${reads[k]}`).join('; ');
  const rest = unread.length ? ` It does not read ${unread.join(' or ')}.` : '';
  return `${decl.name} reads ${said}.${rest}`;
}
