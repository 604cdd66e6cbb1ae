// What the operational ruleset (seed 000, RULES-NOTES.md) declares to the rest of Gridfront: the
// parts of the scenario it reads, its options (from the scenario schema's OperationalOptions),
// the unit values it uses, its markers and its counters. Pure data; no engine code here, so the
// format's checks can read it without loading the rules.
import scenarioSchema from '../../../schemas/scenario.schema.json' with { type: 'json' };
import { resolveOptions } from '../../format/defaults.js';
import type { Scenario } from '../../format/scenario.types.js';
import { coreField, fieldsFromSchema } from '../declaration.js';
import type { MarkerDecl, RulesetDeclaration, ScenarioFeature } from '../types.js';

const schema = scenarioSchema as unknown as { $defs: Record<string, unknown> };

const FEATURES: readonly ScenarioFeature[] = [
  'calendar',
  'groundConditions',
  'initiative',
  'preparedOffensives',
  'fuelShortage',
  'airInterdiction',
  'airliftedSupply',
  'commandConfusion',
  'reinforcements',
  'replacements',
  'replacementBranches',
  'supplyBases',
  'supplyLineLimit',
  'victoryCells',
  'fortifications',
  'entryCells',
  'control',
  'rivers',
  'lakeShores',
  'roads',
  'rails',
  'elite',
  'sideFlags',
];

const units = (s: Scenario): number => s.orderOfBattle.length + (s.reinforcements ?? []).length;
const victoryCellCount = (s: Scenario): number => Object.values(s.map.cells ?? {}).filter((f) => f.victory).length;

const MARKERS: readonly MarkerDecl[] = [
  { id: 'strengthLoss', label: 'Strength loss', short: '−1', scope: 'unit', description: 'Combat strength points a unit has lost.', defaultCount: (s) => units(s) * 2 },
  { id: 'expended', label: 'Expended', short: 'EXP', scope: 'unit', description: 'The unit cannot activate this game turn.', defaultCount: (s) => Math.ceil(units(s) / 2) },
  { id: 'outOfSupply', label: 'Out of supply', short: 'OOS', scope: 'unit', description: 'First game turn without supplies: defends at −1.', defaultCount: (s) => Math.ceil(units(s) / 4) },
  { id: 'isolated', label: 'Isolated', short: 'ISO', scope: 'unit', description: 'Second game turn without supplies: cannot defend.', defaultCount: (s) => Math.ceil(units(s) / 6) },
  { id: 'desperate', label: 'Desperate', short: 'DSP', scope: 'unit', description: 'Third game turn without supplies: cannot defend, loses 2 in an enemy-occupied cell.', defaultCount: (s) => Math.ceil(units(s) / 6) },
  { id: 'control', label: 'Control', short: 'CTL', scope: 'cell', description: 'Which side controls a cell (mark one side; unmarked cells are the other).', defaultCount: (s) => Math.max(10, (s.map.grid.kind === 'network' ? s.map.grid.positions.length : s.map.grid.cols) * 2) },
  { id: 'victoryPoints', label: 'Victory points', short: 'VP', scope: 'track', description: "Each side's VP on the VP track.", defaultCount: () => 2 },
  { id: 'clock', label: 'Time clock', short: 'h', scope: 'track', description: 'Hours passed in the game turn (72 h easy, 120 h otherwise).', defaultCount: () => 1 },
  { id: 'turn', label: 'Game turn', short: 'T', scope: 'track', description: 'The current game turn on the turn record track.', defaultCount: () => 1 },
  { id: 'ground', label: 'Ground conditions', short: 'GND', scope: 'track', description: 'Easy, mud, frozen or snow.', defaultCount: () => 4 },
  { id: 'preparedOffensive', label: 'Prepared offensive', short: 'PO', scope: 'side', description: 'Prepared offensive player turns left this game turn.', defaultCount: () => 3 },
  { id: 'initiative', label: 'Initiative', short: 'INI', scope: 'side', description: 'The side taking the first player turn.', defaultCount: () => 1 },
  { id: 'victoryCell', label: 'Victory cell', short: '★', scope: 'cell', description: 'A cell worth VP to its holder.', defaultCount: victoryCellCount },
];

export const operationalDeclaration: RulesetDeclaration = {
  id: 'operational',
  name: 'Operational (Drive on Moscow style)',
  summary: 'Corps and armies on 40 km cells: activation by cell, dice per strength point against a needed score, supply, ground conditions, prepared offensives and the time clock.',
  source: 'Seed 000 (a tabletop game inspired by Drive on Moscow), with the decisions of RULES-NOTES.md.',
  version: 1,
  roles: ['First side (Germans by default flags)', 'Second side (Soviets by default flags)'],
  features: new Set(FEATURES),
  sideFeatureBlocks: {
    movement: 'no move, attack, retreat or breakthrough crosses it',
    supply: 'no supply line is traced across it',
  },
  turns: { length: 'A turn lasts 3 days on easy ground and 5 otherwise, so its dates depend on the ground rolled.' },
  traits: {
    grids: ['hex', 'square', 'offsetSquare'],
    zonesOfControl: false,
    facing: false,
    lineOfSight: false,
    hiddenInformation: false,
    simultaneous: false,
    stackingLimit: (s) => resolveOptions(s).stackingLimit,
  },
  options: fieldsFromSchema(schema.$defs.OperationalOptions, schema, 'option', {
    defensiveFire: { label: 'Defensive fire', short: 'Def. fire' },
    defensiveFireHitOn: { label: 'Defensive fire hits on', short: 'DF hits' },
    baseToHit: { label: 'Attack hits on', short: 'Hits on' },
    stackingLimit: { label: 'Stacking limit', short: 'Stack' },
    victoryCellVpPerTurn: { label: 'Victory cell VP per turn', short: 'VP/turn' },
    destroyedStrengthVp: { label: 'VP per destroyed strength point', short: 'VP/SP' },
    supplyLineLimit: { label: 'Supply line limit (cells)', short: 'Supply' },
  }),
  unitFields: [
    coreField('name'),
    coreField('branch', { values: [
      { value: 'infantry', label: 'Infantry' },
      { value: 'tank', label: 'Tank' },
      { value: 'mechanised', label: 'Mechanised' },
      { value: 'cavalry', label: 'Cavalry' },
      { value: 'airborne', label: 'Airborne' },
    ] }),
    coreField('strength', { help: 'Combat strength points: one d6 each in an attack; one point per 10,000 men (5,000 for tanks).' }),
    coreField('elite', { help: 'Elite tank, cavalry and mechanised units attack at +1; elite infantry and airborne defend at +1.' }),
  ],
  pasteColumns: ['name', 'branch', 'strength', 'elite', 'cell'],
  branches: [
    { value: 'infantry', label: 'Infantry' },
    { value: 'tank', label: 'Tank' },
    { value: 'mechanised', label: 'Mechanised' },
    { value: 'cavalry', label: 'Cavalry' },
    { value: 'airborne', label: 'Airborne' },
  ],
  markers: MARKERS,
  counter: { symbol: 'nato', front: '{strength}', back: null, label: '{name}', flags: [{ key: 'elite', mark: '★' }] },
};
