// Spreadsheet paste into the order-of-battle table. The designer copies rows from a
// spreadsheet (tab-separated) or a CSV file (comma-separated) and sees a preview: each row
// with the unit it makes, or what is wrong with it, before anything is added.
//
//   const preview = parseOobPaste(text, { scenario, side: 'germans' });
//   preview.rows[0]  // { line: 2, values: [...], fields: {...}, unit?: PlacedUnit, errors: [{ column, message }] }
//   addUnits(scenario, pastedUnits(preview))   // (oob.ts) only the rows without errors
//
// The columns come from the scenario's ruleset (its declaration's unit fields, shared/rules):
// the core ones (name, branch, strength, elite where the ruleset uses it) and the ruleset's own
// (Battle for Moscow: half strength, movement, starts reduced, as `fields.<key>`), plus cell and
// side. With a header row, columns are found by name (case-insensitive; each field's paste words:
// "MA" for movement, "SP" for strength...); without one, by the ruleset's positional order
// (operational: name, branch, strength, elite, cell). CSV parsing (quotes, embedded commas, tabs
// and line breaks) is papaparse's.
import Papa from 'papaparse';
import { createGrid, type GridGeometry } from '../grid/index.js';
import { makeLabeller } from '../grid/labels.js';
import { gridSpecOf } from '../format/defaults.js';
import type { Branch, PlacedUnit, RulesetUnitFields, Scenario, Side } from '../format/scenario.types.js';
import { declarationById } from '../rules/catalogue.js';
import type { FieldDecl, RulesetDeclaration } from '../rules/types.js';
import { uniqueUnitId, unitIds } from './ids.js';

/** A pasted column: a core unit field, a ruleset field (`fields.<key>`), the cell or the side. */
export type OobColumn = 'name' | 'branch' | 'strength' | 'elite' | 'cell' | 'side' | `fields.${string}`;

/** The operational ruleset's column order when there is no header row. */
export const POSITIONAL_COLUMNS: readonly OobColumn[] = ['name', 'branch', 'strength', 'elite', 'cell'];

const CELL_WORDS = ['cell', 'hex', 'square', 'start', 'startcell', 'starthex', 'location', 'position'];
const SIDE_WORDS = ['side', 'player', 'army'];

const BRANCH_WORDS: Readonly<Record<string, Branch>> = {
  inf: 'infantry', infantry: 'infantry', rifle: 'infantry', rifles: 'infantry',
  tank: 'tank', tanks: 'tank', armour: 'tank', armor: 'tank', armoured: 'tank', armored: 'tank', panzer: 'tank', pz: 'tank',
  mech: 'mechanised', mechanised: 'mechanised', mechanized: 'mechanised', motorised: 'mechanised', motorized: 'mechanised', mot: 'mechanised', mtr: 'mechanised',
  cav: 'cavalry', cavalry: 'cavalry', horse: 'cavalry',
  airborne: 'airborne', para: 'airborne', paras: 'airborne', parachute: 'airborne', paratroops: 'airborne', abn: 'airborne',
};

const ELITE_YES = new Set(['yes', 'y', 'true', '1', 'x', 'elite', '✓', '✔']);
const ELITE_NO = new Set(['', 'no', 'n', 'false', '0', '-']);

const headerWord = (text: string): string => text.toLowerCase().replace(/[^a-z]/g, '');

/** The branch a pasted word means, or null: "Panzer" → tank, "mot." → mechanised. */
export function parseBranch(text: string): Branch | null {
  return BRANCH_WORDS[text.trim().toLowerCase().replace(/[.\s]+$/g, '')] ?? null;
}

/** Elite flag from a pasted cell: yes/y/true/1/x/elite → true; empty/no/n/false/0/- → false; else null. */
export function parseElite(text: string): boolean | null {
  const t = text.trim().toLowerCase();
  if (ELITE_YES.has(t)) return true;
  if (ELITE_NO.has(t)) return false;
  return null;
}

/** One column a paste may have for this scenario's ruleset, with its label and what it is. */
export interface PasteColumn {
  key: OobColumn;
  label: string;
  /** The unit field it fills (absent for cell and side). */
  field?: FieldDecl;
}

const columnKey = (f: FieldDecl): OobColumn => (f.where === 'fields' ? `fields.${f.key}` : (f.key as OobColumn));

function declarationFor(scenario: Partial<Pick<Scenario, 'ruleset'>>): RulesetDeclaration {
  return declarationById(scenario.ruleset?.id ?? 'operational') ?? declarationById('operational')!;
}

/** The columns a paste may have under the scenario's ruleset, in the positional order first, then the others a header may name. */
export function pasteColumns(scenario: Partial<Pick<Scenario, 'ruleset'>>): PasteColumn[] {
  const d = declarationFor(scenario);
  const byKey = new Map(d.unitFields.map((f) => [f.key, f]));
  const out: PasteColumn[] = [];
  const add = (key: string): void => {
    if (key === 'cell') out.push({ key: 'cell', label: 'Cell' });
    else if (key === 'side') out.push({ key: 'side', label: 'Side' });
    else {
      const f = byKey.get(key);
      if (f && !out.some((c) => c.field === f)) out.push({ key: columnKey(f), label: f.short, field: f });
    }
  };
  for (const k of d.pasteColumns) add(k);
  for (const f of d.unitFields) add(f.key);
  add('side');
  return out;
}

export interface PasteError {
  /** The column at fault, or null for the row as a whole (wrong number of columns). */
  column: OobColumn | null;
  message: string;
}

export interface PasteRow {
  /** 1-based line of the pasted text where the row starts. */
  line: number;
  /** The row's cells as pasted (trimmed). */
  values: string[];
  /** The values by column, for a preview table. */
  fields: Partial<Record<OobColumn, string>>;
  /** The unit the row makes, when it has no errors. */
  unit?: PlacedUnit;
  errors: PasteError[];
}

export interface PastePreview {
  rows: PasteRow[];
  /** The header row, when one was recognised: its cells and the column each maps to (null = ignored). */
  header?: { line: number; values: string[]; columns: (OobColumn | null)[] };
  /** The column each position maps to. */
  columns: (OobColumn | null)[];
  delimiter: '\t' | ',';
  /** Problems with the paste as a whole (e.g. a header without a cell column); rows then have no units. */
  errors: string[];
}

export interface PasteTarget {
  /** Gives the grid (for cell labels), the sides, the ids already taken and the ruleset (its unit fields; operational when absent). */
  scenario: Pick<Scenario, 'map' | 'sides' | 'orderOfBattle' | 'reinforcements'> & Partial<Pick<Scenario, 'ruleset' | 'pool'>>;
  /** Side id of the new units, unless a side column says otherwise. */
  side: string;
  /** More ids to avoid (e.g. units added in this editing session but not yet saved). */
  existingIds?: Iterable<string>;
}

interface RawRow {
  line: number;
  values: string[];
  /** CSV syntax problems papaparse found in the row (e.g. a quote never closed). */
  problems: string[];
}

function readRows(input: string): { rows: RawRow[]; delimiter: '\t' | ',' } {
  const text = input.replace(/^\uFEFF/, ''); // a byte-order mark from a CSV file
  const rows: RawRow[] = [];
  let cursor = 0;
  let delimiter: '\t' | ',' = ',';
  // Line numbers are counted incrementally, so a long paste stays linear.
  let scanned = 0;
  let line = 1;
  const lineAt = (pos: number): number => {
    // Skip the line breaks and blank lines papaparse dropped before this row.
    while (pos < text.length && /[\r\n]/.test(text.charAt(pos))) pos++;
    for (; scanned < pos && scanned < text.length; scanned++) if (text.charAt(scanned) === '\n') line++;
    return line;
  };
  Papa.parse<string[]>(text, {
    delimiter: '',
    delimitersToGuess: ['\t', ','],
    skipEmptyLines: 'greedy',
    step: (result) => {
      delimiter = result.meta.delimiter === '\t' ? '\t' : ',';
      // A one-column paste has no delimiter to detect; that is not a problem of the row.
      const problems = result.errors.filter((e) => e.code !== 'UndetectableDelimiter').map((e) => e.message);
      rows.push({ line: lineAt(cursor), values: result.data.map((v) => String(v).trim()), problems });
      cursor = result.meta.cursor;
    },
  });
  return { rows, delimiter };
}

/** Header word → column, from the ruleset's fields' paste words (first claim wins). */
function headerWords(columns: readonly PasteColumn[]): Map<string, OobColumn> {
  const words = new Map<string, OobColumn>();
  const claim = (word: string, key: OobColumn): void => {
    const w = headerWord(word);
    if (w && !words.has(w)) words.set(w, key);
  };
  for (const c of columns) {
    if (c.key === 'cell') CELL_WORDS.forEach((w) => claim(w, 'cell'));
    else if (c.key === 'side') SIDE_WORDS.forEach((w) => claim(w, 'side'));
    else {
      for (const w of c.field?.paste ?? []) claim(w, c.key);
      claim(c.field!.label, c.key);
      claim(c.field!.short, c.key);
    }
  }
  return words;
}

/** Header columns when the first row reads like one: at least two cells name a known column. */
function headerColumns(values: readonly string[], words: ReadonlyMap<string, OobColumn>): (OobColumn | null)[] | null {
  const columns = values.map((v) => words.get(headerWord(v)) ?? null);
  const known = columns.filter((c) => c !== null).length;
  if (known < 2) return null;
  // Later repeats of a column are ignored rather than overwriting the first.
  return columns.map((c, i) => (c !== null && columns.indexOf(c) !== i ? null : c));
}

function findSide(text: string, sides: readonly Side[]): Side | undefined {
  const t = text.trim().toLowerCase();
  return sides.find((s) => s.id.toLowerCase() === t || s.name.toLowerCase() === t || s.code.toLowerCase() === t);
}

/** Parses pasted rows into a preview; never throws. */
export function parseOobPaste(text: string, target: PasteTarget): PastePreview {
  const { rows: raw, delimiter } = readRows(text);
  const grid: GridGeometry = createGrid(gridSpecOf(target.scenario));
  const labeller = makeLabeller(grid.spec.labels, grid.spec.cols, grid.spec.rows);
  const taken = new Set([...unitIds(target.scenario), ...(target.scenario.pool ?? []).map((p) => p.unit.id), ...(target.existingIds ?? [])]);
  const declaration = declarationFor(target.scenario);
  const all = pasteColumns(target.scenario);
  const positional = declaration.pasteColumns.map((k) => all.find((c) => c.key === k || c.field?.key === k)!.key);
  const preview: PastePreview = { rows: [], columns: positional, delimiter, errors: [] };
  const fieldOf = new Map(all.filter((c) => c.field).map((c) => [c.key, c.field!]));
  const names = (keys: readonly OobColumn[]): string => {
    const words = keys.map((k) => (k === 'cell' ? 'cell' : (fieldOf.get(k)?.label.toLowerCase() ?? k)));
    return words.length > 1 ? `${words.slice(0, -1).join(', ')} and ${words.at(-1)}` : (words[0] ?? '');
  };

  let body = raw;
  const headerCols = raw[0] ? headerColumns(raw[0].values, headerWords(all)) : null;
  if (raw[0] && headerCols) {
    preview.header = { line: raw[0].line, values: raw[0].values, columns: headerCols };
    preview.columns = headerCols;
    body = raw.slice(1);
    const required: OobColumn[] = [...all.filter((c) => c.field?.required).map((c) => c.key), 'cell'];
    const missing = required.filter((c) => !headerCols.includes(c)).map((c) => (c === 'cell' ? 'cell' : (fieldOf.get(c)?.label.toLowerCase() ?? c)));
    if (missing.length)
      preview.errors.push(`The header row has no ${missing.join(', ')} column${missing.length > 1 ? 's' : ''}; name the columns ${names(positional)}.`);
  }
  const width = preview.columns.length;
  const sides = target.scenario.sides;
  const defaultSide = sides.find((s) => s.id === target.side);
  if (!defaultSide && !preview.columns.includes('side')) preview.errors.push(`"${target.side}" is not a side of this scenario.`);

  for (const r of body) {
    const row: PasteRow = { line: r.line, values: r.values, fields: {}, errors: [] };
    preview.rows.push(row);
    if (r.problems.length) {
      row.errors.push({ column: null, message: `This row cannot be read as CSV: ${r.problems.join('; ')}. Check its quotes.` });
      continue;
    }
    // Spreadsheets sometimes copy empty trailing cells; only real extra data is an error.
    const used = r.values.length > width && r.values.slice(width).every((v) => v === '') ? r.values.slice(0, width) : r.values;
    if (used.length !== width) {
      row.errors.push({ column: null, message: `Expected ${width} columns (${preview.columns.map((c) => c ?? '-').join(', ')}), found ${used.length}.` });
      continue;
    }
    preview.columns.forEach((c, i) => {
      if (c) row.fields[c] = used[i]!;
    });
    const f = row.fields;
    const err = (column: OobColumn, message: string) => row.errors.push({ column, message });

    // A line break inside a quoted spreadsheet cell is layout, not part of the name.
    const name = (f.name ?? '').replace(/\s+/g, ' ');
    if (!name) err('name', 'The unit needs a name.');
    else if (name.length > 80) err('name', `The name is ${name.length} characters long; at most 80.`);

    const allowed = declaration.branches.map((b) => b.value);
    const parsedBranch = parseBranch(f.branch ?? '');
    const branch = parsedBranch && allowed.includes(parsedBranch) ? parsedBranch : null;
    if (!branch) {
      const all5 = allowed.length === 5;
      err(
        'branch',
        all5
          ? `"${f.branch ?? ''}" is not a branch: use infantry, tank, mechanised, cavalry or airborne (or inf, armour, mech, cav, para...).`
          : `"${f.branch ?? ''}" is not a branch of ${declaration.name}: use ${declaration.branches.map((b) => b.label.toLowerCase()).join(' or ')}.`,
      );
    }

    const strengthText = f.strength ?? '';
    const strength = /^\d+$/.test(strengthText) ? Number(strengthText) : NaN;
    if (!(strength >= 1 && strength <= 99)) err('strength', `Strength "${strengthText}" must be a whole number from 1 to 99.`);

    const elite = f.elite === undefined ? false : parseElite(f.elite);
    if (elite === null) err('elite', `"${f.elite}" is not a yes/no value: use yes, y, x, true, 1 or elite, or leave it empty.`);

    // The ruleset's own values (unit.fields), each read as its declaration says.
    const values: Record<string, number | boolean | string> = {};
    for (const [key, decl] of fieldOf) {
      if (decl.where !== 'fields') continue;
      const text = f[key];
      if (text === undefined || text === '') {
        if (decl.required) err(key, `${decl.label} is missing: give ${decl.type === 'boolean' ? 'yes or no' : `a whole number from ${decl.min ?? 0} to ${decl.max ?? 99}`}.`);
        continue;
      }
      if (decl.type === 'boolean') {
        const v = parseElite(text);
        if (v === null) err(key, `${decl.label}: "${text}" is not a yes/no value: use yes, y, x, true or 1, or leave it empty.`);
        else if (v !== decl.default) values[decl.key] = v;
      } else if (decl.type === 'integer' || decl.type === 'number') {
        const v = decl.type === 'integer' ? (/^\d+$/.test(text) ? Number(text) : NaN) : Number(text);
        const lo = decl.min ?? -Infinity;
        const hi = decl.max ?? Infinity;
        if (!(v >= lo && v <= hi)) err(key, `${decl.label} "${text}" must be a whole number from ${decl.min ?? 0} to ${decl.max ?? 99}.`);
        else values[decl.key] = v;
      } else if (decl.type === 'enum') {
        const v = decl.values?.find((x) => x.value.toLowerCase() === text.toLowerCase() || x.label.toLowerCase() === text.toLowerCase());
        if (!v) err(key, `${decl.label}: "${text}" is not one of ${decl.values?.map((x) => x.label).join(', ')}.`);
        else values[decl.key] = v.value;
      } else values[decl.key] = text;
    }

    const cellText = f.cell ?? '';
    // A network names its positions by label or id; a grid's cells by label or "col,row".
    const cell = grid.network ? grid.parseLabel(cellText) : labeller.parse(cellText);
    if (!cell && grid.network) err('cell', `"${cellText}" is not a position of this map: write its label or id.`);
    else if (!cell) err('cell', `"${cellText}" is not a cell: write its label (e.g. ${grid.label({ col: 2, row: 6 })}) or "col,row" counted from 1.`);
    else if (!grid.inMap(cell))
      err('cell', `Cell ${cellText} lies outside the ${grid.spec.cols}×${grid.spec.rows} map.`);

    let side = defaultSide;
    if (f.side !== undefined && f.side !== '') {
      side = findSide(f.side, sides);
      if (!side) err('side', `"${f.side}" is not a side: use ${sides.map((s) => s.name).join(' or ')}.`);
    } else if (!side) err('side', 'The row names no side.');

    if (row.errors.length || preview.errors.length || !branch || !cell || !side) continue;
    const unit: PlacedUnit = {
      id: uniqueUnitId(side.code, name, taken),
      side: side.id,
      name,
      branch,
      strength,
      cell: grid.ref(cell),
    };
    if (elite) unit.elite = true;
    if (Object.keys(values).length) unit.fields = values as RulesetUnitFields;
    row.unit = unit;
  }
  return preview;
}

/** The units of the rows without errors, in paste order. */
export const pastedUnits = (preview: PastePreview): PlacedUnit[] => preview.rows.flatMap((r) => (r.unit ? [r.unit] : []));

/** How many rows are ready and how many have errors, for the preview's summary line. */
export const pasteSummary = (preview: PastePreview): { ready: number; failed: number } => ({
  ready: preview.rows.filter((r) => r.unit).length,
  failed: preview.rows.filter((r) => !r.unit).length,
});
