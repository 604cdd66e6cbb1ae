// The New Scenario dialog's fields turned into a scenario document: the shared blank-scenario
// builder, plus what it leaves to the dialog (square adjacency, side flags).
import { nanoid } from 'nanoid';
import { cellSizeProblem, cellSizeRangeText } from '../../../../shared/format/cell-size.js';
import { defaultFlagsForSideName, type ResolvedSideFlags } from '../../../../shared/format/defaults.js';
import { DEFAULT_START_DATE, DEFAULT_TURNS, gameDateProblem, MAX_TURNS, newScenario, type NewScenarioTemplate } from '../../../../shared/format/new-scenario.js';
import type { CellGrid, Scenario } from '../../../../shared/format/scenario.types.js';
import { declarationOf, usesFeature } from '../../../../shared/rules/index.js';

/** A ruleset id the format knows. */
export type RulesetId = Scenario['ruleset']['id'];

export type GridChoice = 'hex-flat' | 'hex-pointy' | 'square-4' | 'square-8' | 'offsetSquare';

export const GRID_CHOICES: { value: GridChoice; label: string }[] = [
  { value: 'hex-flat', label: 'Hex, flat-top' },
  { value: 'hex-pointy', label: 'Hex, pointy-top' },
  { value: 'square-4', label: 'Square, 4 neighbours' },
  { value: 'square-8', label: 'Square, 8 neighbours' },
  { value: 'offsetSquare', label: 'Offset square (brick)' },
];

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
    cellSize: 10,
    unit: 'cm',
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
  if (!size(d.cols) || !size(d.rows)) p.size = 'Columns and rows are whole numbers from 1 to 4096.';
  if (cellSizeProblem({ value: d.cellSize, unit: d.unit })) p.cellSize = `The cell size is a number ${cellSizeRangeText(d.unit)}.`;
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
  const kind = d.grid.startsWith('hex') ? 'hex' : d.grid.startsWith('square') ? 'square' : 'offsetSquare';
  const scenario = newScenario({
    id: nanoid(12),
    title: d.title.trim(),
    gridKind: kind,
    ...(kind === 'hex' ? { orientation: d.grid === 'hex-pointy' ? 'pointy' : 'flat' } : {}),
    cols: d.cols,
    rows: d.rows,
    cellSize: { value: d.cellSize, unit: d.unit },
    groundScaleKm: d.groundScaleKm,
    startDate: d.startDate,
    turns: d.turns,
    template: d.template,
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
  return GRID_CHOICES.filter((c) => grids.includes(c.value.startsWith('hex') ? 'hex' : c.value.startsWith('square') ? 'square' : 'offsetSquare'));
}

/** Picks a ruleset: a grid it does not play on gives way to the first it does. */
export function chooseRuleset(d: NewScenarioDraft, ruleset: RulesetId): void {
  d.ruleset = ruleset;
  const grids = gridChoicesFor(ruleset);
  if (!grids.some((g) => g.value === d.grid) && grids[0]) d.grid = grids[0].value;
}

/** Whether the dialog asks for a part of the scenario: the chosen ruleset reads it. */
export const draftUses = (d: Pick<NewScenarioDraft, 'ruleset'>, feature: 'calendar' | 'sideFlags'): boolean => usesFeature({ ruleset: { id: d.ruleset } }, feature);
