// What the Shambattle ruleset declares: the parts of the scenario it reads, its options and stand
// values (from schemas/rulesets/shambattle.schema.json), its markers and its counters. Pure data:
// the format's checks read it without loading the engine.
import fragment from '../../../schemas/rulesets/shambattle.schema.json' with { type: 'json' };
import type { Scenario } from '../../format/scenario.types.js';
import { coreField, fieldsFromSchema } from '../declaration.js';
import type { MarkerDecl, RulesetDeclaration, ScenarioFeature } from '../types.js';
import { STANDS, STAND_TYPES } from './data.js';

const schema = fragment as unknown as { $defs: Record<string, unknown> };

const FEATURES: readonly ScenarioFeature[] = ['victoryCells', 'control', 'fortifications', 'rivers', 'roads', 'elite'];

const stands = (s: Scenario): number => s.orderOfBattle.length;
const ofKind = (s: Scenario, kind: string): number => s.orderOfBattle.filter((u) => (u.fields as { stand?: string } | undefined)?.stand === kind).length;
const riverSides = (s: Scenario): number => (s.map.rivers ?? []).length;

const MARKERS: readonly MarkerDecl[] = [
  { id: 'spLoss', label: 'SP loss', short: '−1', scope: 'unit', description: 'Strength points a stand has lost (one marker per SP).', defaultCount: (s) => stands(s) * 2 },
  { id: 'fired', label: 'Fired', short: 'FIRED', scope: 'unit', description: 'A gun or machine gun that fired in the opening fire: it does not move this turn. Rifles that have fired in their turn.', defaultCount: (s) => ofKind(s, 'artillery') + ofKind(s, 'machineGun') + 4 },
  { id: 'laid', label: 'Laid on a target', short: 'AIM', scope: 'unit', description: 'A gun or machine gun given a target for the opening fire (hidden from the enemy until both sides have given theirs).', defaultCount: (s) => ofKind(s, 'artillery') + ofKind(s, 'machineGun') },
  { id: 'moved', label: 'Moved', short: 'MVD', scope: 'unit', description: 'Moved (or built, or declared a close assault) in this turn.', defaultCount: (s) => Math.ceil(stands(s) / 2) },
  { id: 'assaulting', label: 'Close assault', short: 'CC', scope: 'unit', description: 'Stand bringing on a close assault: its front edge over the edge of the target area.', defaultCount: (s) => Math.max(6, Math.ceil(stands(s) / 5)) },
  { id: 'crossed', label: 'Crossed the river', short: 'X', scope: 'unit', description: 'Crossed a river this turn: shoots at −1 (on a bridge or in a ford).', defaultCount: () => 4 },
  { id: 'mutiny', label: 'Mutiny', short: 'MUT', scope: 'unit', description: 'Refuses all orders; its SP are lost to its army.', defaultCount: () => 2 },
  { id: 'defecting', label: 'Defecting', short: 'DEF', scope: 'unit', description: 'Means to change sides: moved by the enemy until it meets one of the enemy’s stands.', defaultCount: () => 2 },
  { id: 'turncoat', label: 'Changed sides', short: '5TH', scope: 'unit', description: 'Fifth column or defector: now fights for the other army.', defaultCount: () => 2 },
  { id: 'closeCombat', label: 'Close combat', short: 'MELEE', scope: 'cell', description: 'An area under close assault: both sides roll in each side’s close combat step until it is settled.', defaultCount: (s) => Math.max(4, Math.ceil(stands(s) / 8)) },
  { id: 'fieldWorks', label: 'Field works', short: 'WORKS', scope: 'cell', description: 'Cover for whoever holds the area; close assaulting into it is at −1.', defaultCount: (s) => 4 + Object.values(s.map.cells ?? {}).filter((f) => f.fortification).length },
  { id: 'minefield', label: 'Minefield', short: 'MINES', scope: 'cell', description: 'An enemy stand entering the area stops there and loses 1 SP.', defaultCount: () => 3 },
  { id: 'preparedBuilding', label: 'Buildings prepared for demolition', short: 'DEM', scope: 'cell', description: 'Blown by the side that prepared them: every stand in the area loses 1 SP.', defaultCount: () => 2 },
  { id: 'preparedBridge', label: 'Bridge prepared for demolition', short: 'DEM', scope: 'cell', description: 'Blown by the side that prepared it: the bridge can no longer be crossed.', defaultCount: () => 2 },
  { id: 'bridgeBlown', label: 'Bridge blown', short: 'BLOWN', scope: 'cell', description: 'A demolished bridge.', defaultCount: () => 2 },
  { id: 'pontoonSection', label: 'Pontoon section', short: 'PONT½', scope: 'cell', description: 'One of the two sections of a pontoon bridge.', defaultCount: (s) => Math.min(4, Math.max(2, riverSides(s))) },
  { id: 'pontoon', label: 'Pontoon bridge', short: 'PONT', scope: 'cell', description: 'A completed pontoon bridge: stands cross the river there.', defaultCount: () => 2 },
  { id: 'victoryCity', label: 'City held', short: 'HELD', scope: 'cell', description: 'Which side holds a city (the last to stand in it).', defaultCount: (s) => Object.values(s.map.cells ?? {}).filter((f) => f.victory).length * 2 },
  { id: 'turn', label: 'Game turn', short: 'TURN', scope: 'track', description: 'The turn of the day on the turn track.', defaultCount: () => 1 },
  { id: 'day', label: 'Day', short: 'DAY', scope: 'track', description: 'The day of battle.', defaultCount: () => 1 },
  { id: 'spLost', label: 'SP lost', short: 'SP', scope: 'track', description: "Each army's SP lost, against its exhaustion and rout points.", defaultCount: () => 2 },
  { id: 'initiative', label: 'Initiative', short: 'INI', scope: 'side', description: 'The side moving first this turn.', defaultCount: () => 1 },
  { id: 'exhausted', label: 'Exhausted', short: 'EXH', scope: 'side', description: 'Reached the exhaustion point: only cavalry may bring on a close assault, no stand may close on the enemy.', defaultCount: () => 2 },
  { id: 'routed', label: 'Routed', short: 'ROUT', scope: 'side', description: 'Reached the rout point: the army flees towards its own table edge.', defaultCount: () => 2 },
];

const standLabels = Object.fromEntries(STAND_TYPES.map((t) => [t, STANDS[t].label]));

export const shambattleDeclaration: RulesetDeclaration = {
  id: 'shambattle',
  name: 'Shambattle (hex grid)',
  summary: 'A border war of imagi-nations on hexes: battalion stands of strength points, dice equal to SP read on a Command & Colours style hit table, IGoUGo with initiative each turn, treachery, engineers and their train, exhaustion and rout, and nights of resupply.',
  source: "Seed 003: the Archduke Piccolo's notes for playing Shambattle on a hex-celled grid (after Lt. Harry Dickson's Shambattle, 1929), with the choices in shared/rules/shambattle/README.md.",
  version: 1,
  roles: ['First army (its table edge is the first side\u2019s edge option, west by default)', 'Second army (east by default)'],
  features: new Set(FEATURES),
  sideFeatureBlocks: {
    movement: 'no move, retreat or close assault crosses it',
    supply: 'a train does not refurbish stands across it at night',
  },
  turns: { length: 'A battle of a few days, each of several turns with a night between days; turns are not dated.', track: 'turnTrack' },
  traits: {
    grids: ['hex'],
    zonesOfControl: false,
    facing: false,
    lineOfSight: false,
    hiddenInformation: true,
    simultaneous: true,
    // Two stands of a side an area, but the Army Commander comes on top, which a per-unit limit
    // cannot say: Shambattle's own check (checks.ts) and invariants hold the limit instead.
    stackingLimit: () => null,
  },
  options: fieldsFromSchema(schema.$defs.Options, schema, 'option', {
    days: { short: 'Days' },
    turnsPerDay: { short: 'Turns/day' },
    treachery: { short: 'Treachery', valueLabels: { eachTurn: 'Roll each turn for the enemy army', off: 'No treachery' } },
    exhaustionPoint: { short: 'Exhaustion' },
    overnightReturn: { short: 'Overnight %' },
    routPoint: { short: 'Rout' },
    firstSideEdge: { short: '1st edge' },
    secondSideEdge: { short: '2nd edge' },
    // Fords and terrain classes are edited on the map and in the terrain table (tables(): 'terrain').
  }).filter((f) => f.key !== 'fords' && f.key !== 'terrain'),
  unitFields: [
    coreField('name'),
    ...fieldsFromSchema(schema.$defs.UnitFields, schema, 'fields', {
      stand: { short: 'Stand', paste: ['stand', 'kind', 'unittype', 'arm'], valueLabels: standLabels },
      poor: { short: 'Poor', paste: ['poor'] },
    }).filter((f) => f.key === 'stand'),
    coreField('strength', {
      label: 'Strength points',
      short: 'SP',
      help: 'Strength points: one die each in combat. Infantry 4, cavalry 3, machine guns and artillery 2, engineers and their train 3 each, the Army Commander 6; logistics stands have none (write 1, it is not counted).',
    }),
    coreField('branch', {
      label: 'Symbol',
      short: 'Symbol',
      help: 'The NATO frame the format draws; Shambattle reads the stand kind, not this (cavalry stands: cavalry; others: infantry).',
      values: [
        { value: 'infantry', label: 'Infantry' },
        { value: 'cavalry', label: 'Cavalry' },
      ],
    }),
    coreField('elite', { help: "An 'elite' unit: one die more shooting and in close combat (optional rule)." }),
    ...fieldsFromSchema(schema.$defs.UnitFields, schema, 'fields', { poor: { short: 'Poor', paste: ['poor'] } }).filter((f) => f.key === 'poor'),
  ],
  // A pasted row without a header: name, stand kind, SP, cell (the order the seed's OOB lists them).
  pasteColumns: ['name', 'stand', 'strength', 'cell'],
  branches: [
    { value: 'infantry', label: 'Infantry' },
    { value: 'cavalry', label: 'Cavalry' },
  ],
  markers: MARKERS,
  counter: {
    symbol: 'nato',
    typeKey: 'stand',
    symbols: {
      infantry: 'infantry',
      cavalry: 'cavalry',
      machineGun: 'machineGun',
      artillery: 'artillery',
      engineers: 'engineers',
      engineerTrain: 'supply',
      commander: 'headquarters',
      fieldTrain: 'supply',
      baseTrain: 'supply',
    },
    front: '{strength}',
    back: null,
    label: '{name}',
    flags: [{ key: 'elite', mark: '★' }, { key: 'poor', mark: '▽' }],
  },
};
