// The New Scenario dialog's fields turned into a scenario document: the shared blank-scenario
// builder, plus what it leaves to the dialog (square adjacency, side flags).
import { nanoid } from 'nanoid';
import { cellSizeProblem, cellSizeRangeText } from '../../../../shared/format/cell-size.js';
import { defaultFlagsForSideName, type ResolvedSideFlags } from '../../../../shared/format/defaults.js';
import { DEFAULT_CELL_SIZE, DEFAULT_NETWORK_CELL_SIZE, DEFAULT_NETWORK_EXTENT_MM, DEFAULT_START_DATE, DEFAULT_TURNS, gameDateProblem, MAX_TURNS, newScenario, type NewScenarioTemplate } from '../../../../shared/format/new-scenario.js';
import type { CellGrid, Scenario } from '../../../../shared/format/scenario.types.js';
import { declarationOf, usesFeature } from '../../../../shared/rules/index.js';

/** A ruleset id the format knows. */
export type RulesetId = Scenario['ruleset']['id'];

export type GridChoice = 'hex-flat' | 'hex-pointy' | 'square-4' | 'square-8' | 'offsetSquare' | 'network';

export const GRID_CHOICES: { value: GridChoice; label: string }[] = [
  { value: 'hex-flat', label: 'Hex, flat-top' },
  { value: 'hex-pointy', label: 'Hex, pointy-top' },
  { value: 'square-4', label: 'Square, 4 neighbours' },
  { value: 'square-8', label: 'Square, 8 neighbours' },
  { value: 'offsetSquare', label: 'Offset square (brick)' },
  { value: 'network', label: 'Network (positions and links)' },
];

/** The map kind a grid choice makes. */
export const kindOfChoice = (g: GridChoice): 'hex' | 'square' | 'offsetSquare' | 'network' =>
  g.startsWith('hex') ? 'hex' : g.startsWith('square') ? 'square' : g === 'network' ? 'network' : 'offsetSquare';

/** The largest network extent the format takes, in millimetres (schema NetworkGrid width/height). */
export const MAX_NETWORK_MM = 100000;

export const FLAG_LABELS: Record<keyof ResolvedSideFlags, string> = {
  mudSlows: 'Slowed by mud',
  losesDifficultInSnow: 'No terrain cover in snow',
  railMovement: 'Rail movement',
  breakthroughInSnow: 'Breakthrough in snow',
  rebuilds: 'Rebuilds units',
  deepPenetration: 'Deep penetration',
};

export interface SideDraft {
  name: string;
  colour: string;
  flags: ResolvedSideFlags;
  /** Once the user sets a flag by hand, renaming the side no longer resets them. */
  flagsTouched: boolean;
}

export interface NewScenarioDraft {
  /** The ruleset the scenario is written for (its declaration picks the grids and panels offered). */
  ruleset: RulesetId;
  title: string;
  grid: GridChoice;
  cols: number;
  rows: number;
  /** A network map's extent in millimetres (positions are placed on it). */
  widthMm: number;
  heightMm: number;
  cellSize: number;
  unit: 'mm' | 'cm' | 'in';
  groundScaleKm: number;
  /** Date of game turn 1, YYYY-MM-DD (what a date input gives; '' while incomplete). */
  startDate: string;
  turns: number;
  sides: [SideDraft, SideDraft];
  /** What the map starts with: blank, or two sides facing each other. */
  template: NewScenarioTemplate;
}

export function side(name: string, colour: string): SideDraft {
  return { name, colour, flags: defaultFlagsForSideName(name), flagsTouched: false };
}

export function initialDraft(): NewScenarioDraft {
  return {
    ruleset: 'operational',
    title: '',
    grid: 'hex-flat',
    cols: 30,
    rows: 20,
    widthMm: DEFAULT_NETWORK_EXTENT_MM.width,
    heightMm: DEFAULT_NETWORK_EXTENT_MM.height,
    cellSize: DEFAULT_CELL_SIZE.value,
    unit: DEFAULT_CELL_SIZE.unit,
    groundScaleKm: 40,
    startDate: DEFAULT_START_DATE,
    turns: DEFAULT_TURNS,
    sides: [side('Germans', '#6b7a8f'), side('Soviets', '#b33a3a')],
    template: 'blank',
  };
}

/** Field → message for what would be refused. */
export function draftProblems(d: NewScenarioDraft): Record<string, string> {
  const p: Record<string, string> = {};
  if (!d.title.trim()) p.title = 'Give the scenario a title.';
  const size = (n: number) => Number.isInteger(n) && n >= 1 && n <= 4096;
  const network = d.grid === 'network';
  if (network) {
    const mm = (n: number) => Number.isFinite(n) && n >= 10 && n <= MAX_NETWORK_MM;
    if (!mm(d.widthMm) || !mm(d.heightMm)) p.size = `The map's width and height are millimetres from 10 to ${MAX_NETWORK_MM.toLocaleString('en')}.`;
  } else if (!size(d.cols) || !size(d.rows)) p.size = 'Columns and rows are whole numbers from 1 to 4096.';
  if (cellSizeProblem({ value: d.cellSize, unit: d.unit })) p.cellSize = `The ${network ? 'position' : 'cell'} size is a number ${cellSizeRangeText(d.unit)}.`;
  if (!(d.groundScaleKm > 0 && d.groundScaleKm <= 100000)) p.groundScaleKm = 'The ground scale is a number of km above 0.';
  const dateProblem = gameDateProblem(d.startDate);
  if (dateProblem) p.startDate = `Start date: ${dateProblem}`;
  if (!(Number.isInteger(d.turns) && d.turns >= 1 && d.turns <= MAX_TURNS)) p.turns = `The number of turns must be a whole number from 1 to ${MAX_TURNS}.`;
  d.sides.forEach((s, i) => {
    if (!s.name.trim()) p[`side${i}`] = 'Each side needs a name.';
  });
  if (!p.side1 && d.sides[0].name.trim().toLowerCase() === d.sides[1].name.trim().toLowerCase()) p.side1 = 'The two sides need different names.';
  return p;
}

export function buildScenario(d: NewScenarioDraft): Scenario {
  const kind = kindOfChoice(d.grid);
  const scenario = newScenario({
    id: nanoid(12),
    title: d.title.trim(),
    gridKind: kind,
    ...(kind === 'hex' ? { orientation: d.grid === 'hex-pointy' ? 'pointy' : 'flat' } : {}),
    cols: d.cols,
    rows: d.rows,
    ...(kind === 'network' ? { extentMm: { width: d.widthMm, height: d.heightMm } } : {}),
    cellSize: { value: d.cellSize, unit: d.unit },
    groundScaleKm: d.groundScaleKm,
    startDate: d.startDate,
    turns: d.turns,
    template: kind === 'network' ? 'blank' : d.template,
    sides: [
      { name: d.sides[0].name.trim(), colour: d.sides[0].colour },
      { name: d.sides[1].name.trim(), colour: d.sides[1].colour },
    ],
  });
  scenario.ruleset = { id: d.ruleset };
  if (d.grid === 'square-8') (scenario.map.grid as CellGrid).adjacency = 8;
  if (draftUses(d, 'sideFlags')) scenario.sides = scenario.sides.map((s, i) => {
    // An omitted flag follows the side's name, so one the name would turn on is written even when off.
    const byName = defaultFlagsForSideName(s.name);
    const flags = Object.fromEntries(Object.entries(d.sides[i]!.flags).filter(([k, on]) => on || byName[k as keyof ResolvedSideFlags]));
    return Object.keys(flags).length ? { ...s, flags } : s;
  }) as Scenario['sides'];
  return scenario;
}

/** The grids the ruleset plays on (every grid when it says 'any' or is unknown). */
export function gridChoicesFor(ruleset: RulesetId): { value: GridChoice; label: string }[] {
  const grids = declarationOf({ ruleset: { id: ruleset } })?.traits.grids ?? 'any';
  if (grids === 'any') return GRID_CHOICES;
  return GRID_CHOICES.filter((c) => grids.includes(kindOfChoice(c.value)));
}

/**
 * Picks a grid. Going from cells to a network or back, a cell size still at the other kind's
 * default takes this kind's (10 cm cells, 2 cm positions); a size the designer typed stays.
 */
export function chooseGrid(d: NewScenarioDraft, grid: GridChoice): void {
  const was = d.grid === 'network';
  d.grid = grid;
  const now = grid === 'network';
  if (was === now) return;
  const from = was ? DEFAULT_NETWORK_CELL_SIZE : DEFAULT_CELL_SIZE;
  const to = now ? DEFAULT_NETWORK_CELL_SIZE : DEFAULT_CELL_SIZE;
  if (d.cellSize === from.value && d.unit === from.unit) {
    d.cellSize = to.value;
    d.unit = to.unit;
  }
  if (now) d.template = 'blank';
}

/** The calendar a ruleset's text sets, else the dialog's own default. */
export function calendarFor(ruleset: RulesetId): { startDate: string; turns: number } {
  return declarationOf({ ruleset: { id: ruleset } })?.turns?.calendar ?? { startDate: DEFAULT_START_DATE, turns: DEFAULT_TURNS };
}

/**
 * Picks a ruleset: a grid it does not play on gives way to the first it does, and a calendar
 * still at the last ruleset's defaults takes this one's (Barbarossa Fast: June 1941, 7 monthly
 * turns); a date or turn count the designer typed stays.
 */
export function chooseRuleset(d: NewScenarioDraft, ruleset: RulesetId): void {
  const was = calendarFor(d.ruleset);
  const now = calendarFor(ruleset);
  if (d.startDate === was.startDate && d.turns === was.turns) {
    d.startDate = now.startDate;
    d.turns = now.turns;
  }
  d.ruleset = ruleset;
  const grids = gridChoicesFor(ruleset);
  if (!grids.some((g) => g.value === d.grid) && grids[0]) chooseGrid(d, grids[0].value);
}

/** Whether the dialog asks for a part of the scenario: the chosen ruleset reads it. */
export const draftUses = (d: Pick<NewScenarioDraft, 'ruleset'>, feature: 'calendar' | 'sideFlags'): boolean => usesFeature({ ruleset: { id: d.ruleset } }, feature);
