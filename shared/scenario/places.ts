// Where a problem is, in the words of the editor a person has in front of them: a cell is its
// map label (with its place name), a field is its panel and row ("Order of battle › 4th
// Guards Army › start cell"). JSON pointers stay with the command line and a details
// disclosure; everything a person reads in the app goes through here.
//
//   panelForPointer('/orderOfBattle/3/cell')          // 'oob'
//   fieldPlace(scenario, '/orderOfBattle/3/cell')      // 'Order of battle › 4th Guards Army › start cell'
//   issuePlace(scenario, issue)                        // the field, else 'cell 0405 (Korsun)' for a cell issue
import type { Scenario } from '../format/scenario.types.js';
import { createGrid, parseCellId } from '../grid/index.js';
import { gridSpecOf } from '../format/defaults.js';

/** The scenario panels, in the order the editor shows their tabs. */
export const PANEL_NAMES = {
  scenario: 'Scenario',
  calendar: 'Calendar & ground',
  oob: 'Order of battle',
  schedule: 'Schedule',
  victory: 'Victory',
  tables: 'Rules tables',
  totals: 'Totals',
  checks: 'Checks',
} as const;
export type PanelId = keyof typeof PANEL_NAMES;

const CALENDAR_FIELDS = new Set(['calendar', 'groundConditions', 'initiative', 'preparedOffensives', 'fuelShortage', 'airInterdiction', 'airliftedSupply', 'commandConfusion']);

/** Which panel shows the field a JSON pointer names. */
export function panelForPointer(pointer: string): PanelId {
  const top = pointer.split('/')[1] ?? '';
  if (top === 'orderOfBattle') return 'oob';
  if (top === 'reinforcements' || top === 'replacements') return 'schedule';
  if (CALENDAR_FIELDS.has(top)) return 'calendar';
  // A scenario's own copy of a ruleset table (Battle for Moscow's CRT) is edited as that table.
  if (pointer === '/ruleset/options/crt' || pointer.startsWith('/ruleset/options/crt/')) return 'tables';
  // Victory values, and the map's cell list as a whole ("no victory cells"), are edited in Victory.
  if (top === 'map' && (/\/victory(\/|$)/.test(pointer) || pointer === '/map/cells')) return 'victory';
  return 'scenario';
}

/** Field names as people say them; others are split from camel case ("supplyBase" → "supply base"). */
const WORDS: Record<string, string> = {
  startDate: 'start date',
  turns: 'number of turns',
  daysPerTurn: 'days per turn',
  entryCell: 'entry cell',
  fromTurn: 'first turn',
  toTurn: 'last turn',
  perTurn: 'VP per turn',
  endGame: 'VP at the end',
  id: 'id',
  cols: 'columns',
  rows: 'rows',
  terrainTypes: 'terrain types',
  lakeShores: 'lake shores',
  rails: 'railways',
  groundConditions: 'ground',
  changes: 'ground rules',
  initiative: 'initiative',
  preparedOffensives: 'prepared offensives',
  fuelShortage: 'fuel shortage',
  airInterdiction: 'air interdiction',
  airliftedSupply: 'airlifted supply',
  commandConfusion: 'command confusion',
  cellSize: 'cell size',
  groundScale: 'ground scale',
  labels: 'cell labels',
};

const words = (token: string): string => WORDS[token] ?? token.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();

function unescape(token: string): string {
  return token.replace(/~1/g, '/').replace(/~0/g, '~');
}

/** The cell label people read ("0405", "C7"), with its place name: "0405 (Korsun)". */
export function cellPlace(scenario: Pick<Scenario, 'map'>, ref: string): string {
  const cell = parseCellId(ref);
  if (!cell) return `"${ref}"`;
  let label: string;
  try {
    label = createGrid(gridSpecOf(scenario)).label(cell);
  } catch {
    return ref;
  }
  const name = scenario.map.cells?.[ref]?.name;
  return name ? `${label} (${name})` : label;
}

/** "row 3", "number 4": a list position counted from 1 for people. */
const nth = (index: string, noun: string) => (/^\d+$/.test(index) ? `${noun} ${Number(index) + 1}` : words(index));

/**
 * A JSON pointer as a path through the editor: panel, then the row (a unit by its name, a
 * cell by its label), then the field. Unknown shapes fall back to plain words, never to a pointer.
 */
export function fieldPlace(scenario: unknown, pointer: string): string {
  const doc = (typeof scenario === 'object' && scenario !== null ? scenario : {}) as Partial<Scenario>;
  const tokens = pointer.split('/').slice(1).map(unescape);
  if (tokens.length === 0) return 'the whole scenario';
  const [top, a, b, ...rest] = tokens;
  const parts: string[] = [PANEL_NAMES[panelForPointer(pointer)]];
  const tail = (list: (string | undefined)[]) => list.filter((t): t is string => t !== undefined).map(words);
  switch (top) {
    case 'orderOfBattle': {
      const unit = a !== undefined ? doc.orderOfBattle?.[Number(a)] : undefined;
      if (a !== undefined) parts.push(unit?.name ? unit.name : nth(a, 'unit'));
      if (b !== undefined) parts.push(b === 'cell' ? 'start cell' : words(b), ...tail(rest));
      break;
    }
    case 'reinforcements': {
      parts.push('Reinforcements');
      const r = a !== undefined ? doc.reinforcements?.[Number(a)] : undefined;
      if (a !== undefined) parts.push(r?.unit?.name ? r.unit.name : nth(a, 'row'));
      // The unit's own fields sit in the same row as its turn and entry cell.
      const fields = b === 'unit' ? rest : [b, ...rest];
      parts.push(...tail(fields));
      break;
    }
    case 'replacements':
      parts.push('Replacements');
      if (a !== undefined) parts.push(nth(a, 'row'));
      parts.push(...tail([b, ...rest]));
      break;
    case 'sides': {
      const side = a !== undefined ? doc.sides?.[Number(a)] : undefined;
      parts.push(side?.name ? side.name : a !== undefined ? nth(a, 'side') : 'sides');
      parts.push(...tail([b, ...rest]));
      break;
    }
    case 'map': {
      if (a === 'cells' && b !== undefined) {
        parts.length = 0;
        const victory = panelForPointer(pointer) === 'victory';
        // In the Victory panel the row is the cell; its fields are the VP values.
        parts.push(victory ? PANEL_NAMES.victory : 'Map', `cell ${cellPlace(doc as Scenario, b)}`, ...tail(victory ? rest.slice(1) : rest));
      } else if (a === 'cells') {
        parts.push('victory cells');
      } else if (a === 'terrainTypes') {
        parts.length = 0;
        const t = b !== undefined ? doc.map?.terrainTypes?.[Number(b)] : undefined;
        parts.push('Terrain types', t?.name ? t.name : b !== undefined ? nth(b, 'type') : 'all', ...tail(rest));
      } else if (a === 'terrain' || a === 'control') {
        parts.length = 0;
        parts.push('Map', `${a} map`, ...(b !== undefined ? [nth(b, 'row')] : []));
      } else if (a === 'rivers' || a === 'lakeShores' || a === 'roads' || a === 'rails') {
        parts.length = 0;
        parts.push('Map', words(a), ...(b !== undefined ? [nth(b, 'number')] : []));
      } else {
        parts.length = 0;
        parts.push('Map settings', ...tail([a === 'grid' ? undefined : a, b, ...rest]));
      }
      break;
    }
    case 'groundConditions':
      parts.push('ground');
      if (a === 'changes') {
        if (b !== undefined) parts.push(nth(b, 'ground rule'));
        const [c, d, ...more] = rest;
        if (c === 'outcomes') parts.push(d !== undefined ? nth(d, 'outcome') : 'outcomes', ...tail(more));
        else parts.push(...tail([c, d, ...more]));
      } else parts.push(...tail([a, b, ...rest]));
      break;
    default:
      parts.push(words(top!));
      if (a !== undefined) parts.push(/^\d+$/.test(a) ? nth(a, 'row') : words(a));
      parts.push(...tail([b, ...rest]));
  }
  return parts.join(' › ');
}

/**
 * Where an issue is for people: the field by panel and row when it names one (a unit's start
 * cell, a victory cell's values), else its cell ("cell 0405 (Korsun)"), else the whole scenario.
 */
export function issuePlace(scenario: unknown, issue: { pointer: string; cell?: string }): string {
  const doc = scenario as Scenario | null;
  if (issue.pointer || !issue.cell || !doc?.map) return fieldPlace(scenario, issue.pointer);
  return `cell ${cellPlace(doc, issue.cell)}`;
}
