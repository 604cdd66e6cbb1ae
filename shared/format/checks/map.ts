// Checks of the map's palettes and per-cell rows.
import { pointer } from '../issues.js';
import type { CellRows } from '../scenario.types.js';
import { mapSize, type CheckContext, type Finding, type ScenarioCheck } from './context.js';

type RowsField = 'terrain' | 'control';

// A network map has no rows (each position carries its terrain and control); the network
// checks refuse rows written on one, so the row checks look at grid maps only.
function rowShape(ctx: CheckContext, field: RowsField): Finding[] {
  if (ctx.network) return [];
  const rows: CellRows = ctx.scenario.map[field] ?? [];
  const { cols, rows: rowCount } = ctx.grid.spec;
  const out: Finding[] = [];
  if (rows.length !== rowCount) {
    out.push({
      pointer: pointer('map', field),
      message: `"${field}" has ${rows.length} row${rows.length === 1 ? '' : 's'}, but the ${mapSize(ctx)} grid has ${rowCount}: give one row string per map row.`,
    });
  }
  rows.forEach((row, r) => {
    if (row.length !== cols) {
      out.push({
        pointer: pointer('map', field, r),
        value: row,
        message: `Row ${r} of "${field}" has ${row.length} character${row.length === 1 ? '' : 's'}, but the grid has ${cols} columns: give one character per cell.`,
      });
    }
  });
  return out;
}

/** One finding per unknown code, with how often it occurs and where first. */
function unknownCodes(ctx: CheckContext, field: RowsField, known: ReadonlySet<string>, describe: (code: string, uses: number, first: string) => string): Finding[] {
  const seen = new Map<string, { uses: number; row: number; cell: string }>();
  if (ctx.network) return [];
  (ctx.scenario.map[field] ?? []).forEach((row, r) => {
    for (let c = 0; c < row.length; c++) {
      const code = row.charAt(c);
      if (known.has(code)) continue;
      const hit = seen.get(code);
      if (hit) hit.uses++;
      else seen.set(code, { uses: 1, row: r, cell: `${c},${r}` });
    }
  });
  return [...seen].map(([code, { uses, row, cell }]) => ({
    pointer: pointer('map', field, row),
    value: code,
    cell,
    message: describe(code, uses, cell),
  }));
}

const codeList = (codes: Iterable<string>) => [...codes].map((c) => `"${c}"`).join(', ');

const usage = (uses: number, first: string) => (uses === 1 ? `at ${first}` : `in ${uses} cells, first at ${first}`);

export const mapChecks: ScenarioCheck[] = [
  {
    id: 'terrain-rows-match-grid',
    severity: 'error',
    rule: 'map.terrain has one row per map row and one character per column.',
    run: (ctx) => rowShape(ctx, 'terrain'),
  },
  {
    id: 'control-rows-match-grid',
    severity: 'error',
    rule: 'map.control has one row per map row and one character per column.',
    run: (ctx) => rowShape(ctx, 'control'),
  },
  {
    id: 'terrain-codes-defined',
    severity: 'error',
    rule: 'Every character of map.terrain is the code of a terrain type.',
    run: (ctx) =>
      unknownCodes(ctx, 'terrain', new Set(ctx.terrainByCode.keys()), (code, uses, first) =>
        `Terrain code "${code}" is not one of the map's terrain types (${codeList(ctx.terrainByCode.keys())}); it is used ${usage(uses, first)}.`,
      ),
  },
  {
    id: 'control-codes-are-sides',
    severity: 'error',
    rule: "Every character of map.control is a side's code.",
    run: (ctx) =>
      unknownCodes(ctx, 'control', new Set(ctx.sidesByCode.keys()), (code, uses, first) =>
        `Control code "${code}" is not a side's code (${codeList(ctx.sidesByCode.keys())}); it is used ${usage(uses, first)}.`,
      ),
  },
  {
    id: 'terrain-types-unique',
    severity: 'error',
    rule: 'Terrain type ids and codes are unique.',
    run: (ctx) => {
      const out: Finding[] = [];
      for (const key of ['id', 'code'] as const) {
        const first = new Map<string, number>();
        ctx.scenario.map.terrainTypes.forEach((t, i) => {
          const prev = first.get(t[key]);
          if (prev === undefined) first.set(t[key], i);
          else
            out.push({
              pointer: pointer('map', 'terrainTypes', i, key),
              value: t[key],
              message: `Terrain type ${key} "${t[key]}" is already used by terrain type ${prev} (${ctx.scenario.map.terrainTypes[prev]!.name}); give each terrain type its own ${key}.`,
            });
        });
      }
      return out;
    },
  },
  {
    id: 'freezes-only-impassable',
    severity: 'error',
    rule: 'Only impassable terrain (a lake) can freeze.',
    run: (ctx) =>
      ctx.scenario.map.terrainTypes.flatMap((t, i) =>
        t.freezes && t.category !== 'impassable'
          ? [
              {
                pointer: pointer('map', 'terrainTypes', i, 'freezes'),
                value: true,
                message: `${t.name} is ${t.category} terrain, but only impassable terrain (a lake) can freeze; remove "freezes" or make it impassable.`,
              },
            ]
          : [],
      ),
  },
  {
    id: 'cell-features-in-map',
    severity: 'error',
    rule: 'Every key of map.cells is a cell inside the map.',
    run: (ctx) =>
      Object.keys(ctx.scenario.map.cells ?? {})
        .filter((ref) => !ctx.cellIn(ref))
        .map((ref) => ({
          pointer: pointer('map', 'cells', ref),
          value: ref,
          cell: ref,
          message: ctx.network
            ? `"${ref}" has features in map.cells but is not a position of this network map; use a position's id or remove them.`
            : `Cell ${ref} has features but lies outside the ${mapSize(ctx)} map; move or remove them.`,
        })),
  },
];
