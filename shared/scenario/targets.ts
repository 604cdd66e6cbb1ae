// Where clicking a checks-panel line should take the designer: which panel, and in it which
// cell, row or field. Read from the issue's JSON pointer (and `cell`), so it works the same
// for schema issues, the format's semantic checks and the editor's design checks.
import type { Scenario } from '../format/scenario.types.js';
import type { ValidationIssue } from '../format/validate.js';

export type EditorPanel =
  | 'info' // title, author, description, tags, id
  | 'ruleset'
  | 'sides'
  | 'map' // cells: terrain, control, features, edges
  | 'mapSettings' // grid, cell size, ground scale
  | 'terrainTypes'
  | 'calendar'
  | 'ground'
  | 'turnTrack' // initiative and the per-turn schedules
  | 'orderOfBattle'
  | 'reinforcements'
  | 'replacements';

export interface IssueTarget {
  panel: EditorPanel;
  /** "col,row" to select on the map. */
  cell?: string;
  /** Row of the panel's list (unit, reinforcement, schedule entry, rule, side...). */
  index?: number;
  /** The field inside that row or panel, as a pointer tail: "strength", "unit/name", "toTurn". */
  field?: string;
  /** The unit the issue is about, when there is one. */
  unitId?: string;
  /** Turn-track issues: which schedule, and the first turn of its entry. */
  schedule?: string;
  turn?: number;
}

const TRACK = new Set(['initiative', 'preparedOffensives', 'fuelShortage', 'airInterdiction', 'airliftedSupply', 'commandConfusion']);
const INFO = new Set(['id', 'title', 'author', 'description', 'tags', 'formatVersion', '$schema']);

const decode = (token: string) => token.replace(/~1/g, '/').replace(/~0/g, '~');

/** Where an issue points, for the editor to open and highlight. `scenario` adds unit ids and turns. */
export function issueTarget(issue: Pick<ValidationIssue, 'pointer' | 'cell'>, scenario?: Scenario): IssueTarget {
  const [head = '', ...rest] = issue.pointer === '' ? [] : issue.pointer.slice(1).split('/').map(decode);
  const index = rest[0] !== undefined && /^\d+$/.test(rest[0]) ? Number(rest[0]) : undefined;
  const tail = (from: number) => (rest.length > from ? rest.slice(from).join('/') : undefined);
  const withCell = (t: IssueTarget): IssueTarget => (issue.cell ? { ...t, cell: issue.cell } : t);
  const target = (t: IssueTarget): IssueTarget => {
    const out: IssueTarget = { panel: t.panel };
    for (const [k, v] of Object.entries(t)) if (v !== undefined) (out as unknown as Record<string, unknown>)[k] = v;
    return out;
  };

  if (head === 'orderOfBattle') {
    return withCell(target({ panel: 'orderOfBattle', index, field: tail(1), unitId: index !== undefined ? scenario?.orderOfBattle?.[index]?.id : undefined }));
  }
  if (head === 'reinforcements') {
    const r = index !== undefined ? scenario?.reinforcements?.[index] : undefined;
    return withCell(target({ panel: 'reinforcements', index, field: tail(1), unitId: r?.unit?.id, turn: r?.turn }));
  }
  if (head === 'replacements') return target({ panel: 'replacements', index, field: tail(1), turn: index !== undefined ? scenario?.replacements?.[index]?.turn : undefined });
  if (TRACK.has(head)) {
    const entry = index !== undefined ? (scenario?.[head as 'initiative']?.[index] as { fromTurn?: number; turn?: number } | undefined) : undefined;
    return target({ panel: 'turnTrack', schedule: head, index, field: tail(1), turn: entry?.fromTurn ?? entry?.turn });
  }
  if (head === 'groundConditions') {
    const ruleIndex = rest[0] === 'changes' && rest[1] !== undefined && /^\d+$/.test(rest[1]) ? Number(rest[1]) : undefined;
    return target({ panel: 'ground', index: ruleIndex, field: ruleIndex !== undefined ? tail(2) : tail(0) });
  }
  if (head === 'calendar') return target({ panel: 'calendar', field: tail(0) });
  if (head === 'sides') return target({ panel: 'sides', index, field: tail(1) });
  if (head === 'ruleset') return target({ panel: 'ruleset', field: tail(0) });
  if (head === 'map') {
    const [section, key] = rest;
    if (section === 'terrainTypes') return target({ panel: 'terrainTypes', index: key !== undefined && /^\d+$/.test(key) ? Number(key) : undefined, field: tail(2) });
    if (section === 'grid' || section === 'cellSize' || section === 'groundScaleKm') return target({ panel: 'mapSettings', field: tail(0) });
    if (section === 'cells' && key !== undefined) return target({ panel: 'map', cell: issue.cell ?? key, field: tail(2) });
    return withCell(target({ panel: 'map', field: tail(0) }));
  }
  if (INFO.has(head)) return target({ panel: 'info', field: [head, ...rest].join('/') });
  return withCell({ panel: issue.cell ? 'map' : 'info' });
}
