// Terrain palette edits. Cells store palette indices, so removing a type rewrites the whole
// terrain layer (its cells take a replacement type, later indices move down one); the
// command keeps both layers, which makes undo exact.
import type { TerrainType } from '../../format/scenario.types.js';
import type { MapDocument } from '../document.js';
import { EditError } from '../types.js';
import { StateCommand } from './state.js';

const CATEGORIES: readonly TerrainType['category'][] = ['open', 'difficult', 'urban', 'urban-difficult', 'impassable'];
const MAX_TYPES = 94;

/** Checks one type against the schema's rules and the rest of the palette; throws EditError naming the field. */
function checkType(t: TerrainType, others: readonly TerrainType[]): void {
  const where = `terrain type "${t.id}"`;
  if (!/^[a-z0-9_-]{1,32}$/.test(t.id)) throw new EditError(`terrain type id "${t.id}" must be 1-32 of a-z, 0-9, _ and -`);
  if (!/^[!-~]$/.test(t.code)) throw new EditError(`${where}: code must be one printable ASCII character; got ${JSON.stringify(t.code)}`);
  if (!(t.name.length >= 1 && t.name.length <= 60)) throw new EditError(`${where}: name must be 1 to 60 characters`);
  if (!/^#[0-9a-fA-F]{6}$/.test(t.colour)) throw new EditError(`${where}: colour must look like #4f7942; got ${JSON.stringify(t.colour)}`);
  if (!CATEGORIES.includes(t.category)) throw new EditError(`${where}: category must be one of ${CATEGORIES.join(', ')}`);
  for (const o of others) {
    if (o.id === t.id) throw new EditError(`terrain type id "${t.id}" is already used`);
    if (o.code === t.code) throw new EditError(`${where}: code "${t.code}" is already used by "${o.id}"`);
  }
}

/** Append a type to the palette. */
export function addTerrainType(doc: MapDocument, type: TerrainType): StateCommand {
  if (doc.terrainTypes.length >= MAX_TYPES) throw new EditError(`a palette holds at most ${MAX_TYPES} terrain types`);
  const added = { ...type };
  checkType(added, doc.terrainTypes);
  return new StateCommand(`Add terrain ${type.name}`, { terrainTypes: doc.terrainTypes }, { terrainTypes: [...doc.terrainTypes, added] });
}

export type TerrainTypePatch = Partial<TerrainType>;

/**
 * Rename, recolour, recategorise (or change the code or id of) a type; null when nothing
 * changes. Single-field edits of one type merge, so typing a name makes one undo step.
 */
export function updateTerrainType(doc: MapDocument, id: string, patch: TerrainTypePatch): StateCommand | null {
  const i = doc.terrainIndex(id);
  const old = doc.terrainTypes[i]!;
  const next: TerrainType = { ...old };
  for (const [k, v] of Object.entries(patch) as [keyof TerrainType, unknown][]) {
    if (v === undefined) continue;
    if (k === 'freezes' && v === false) delete next.freezes;
    else (next as unknown as Record<string, unknown>)[k] = v;
  }
  if (JSON.stringify(next) === JSON.stringify(old)) return null;
  checkType(next, doc.terrainTypes.filter((_, j) => j !== i));
  const fields = Object.keys(patch).filter((k) => patch[k as keyof TerrainType] !== undefined);
  const what = fields.length === 1 ? { name: 'Rename', colour: 'Recolour', category: 'Recategorise' }[fields[0]!] : undefined;
  const label = `${what ?? 'Edit'} terrain ${old.name}${what === 'Rename' ? ` to ${next.name}` : ''}`;
  const types = doc.terrainTypes.slice();
  types[i] = next;
  return new StateCommand(label, { terrainTypes: doc.terrainTypes }, { terrainTypes: types }, fields.length === 1 ? `palette:${fields[0]}:${i}` : undefined);
}

/** Remove a type; its cells take `replacementId`. The last remaining type cannot be removed. */
export function removeTerrainType(doc: MapDocument, id: string, replacementId: string): StateCommand {
  const gone = doc.terrainIndex(id);
  const keep = doc.terrainIndex(replacementId);
  if (gone === keep) throw new EditError(`terrain type "${id}" cannot replace itself`);
  const types = doc.terrainTypes.filter((_, j) => j !== gone);
  // Index map: the removed type becomes its replacement, later types move down one.
  const remap = new Uint8Array(256);
  for (let j = 0; j < doc.terrainTypes.length; j++) remap[j] = j < gone ? j : j - 1;
  remap[gone] = keep < gone ? keep : keep - 1;
  const terrain = new Uint8Array(doc.terrain.length);
  const src = doc.terrain;
  for (let c = 0; c < src.length; c++) terrain[c] = remap[src[c]!]!;
  const name = doc.terrainTypes[gone]!.name;
  return new StateCommand(
    `Remove terrain ${name} (now ${doc.terrainTypes[keep]!.name})`,
    { terrainTypes: doc.terrainTypes, terrain: doc.terrain },
    { terrainTypes: types, terrain },
  );
}
