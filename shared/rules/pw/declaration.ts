// What The Portable Wargame ruleset declares: the parts of the scenario it reads (no calendar, no
// ground conditions, no supply), its options and unit values (from schemas/rulesets/pw.schema.json),
// its markers and counters. Pure data: the format's checks read it without loading the engine.
import fragment from '../../../schemas/rulesets/pw.schema.json' with { type: 'json' };
import type { Scenario } from '../../format/scenario.types.js';
import { coreField, fieldsFromSchema } from '../declaration.js';
import type { MarkerDecl, RulesetDeclaration, ScenarioFeature } from '../types.js';

const schema = fragment as unknown as { $defs: Record<string, unknown> };

const FEATURES: readonly ScenarioFeature[] = ['roads', 'fortifications', 'victoryCells', 'control'];

const units = (s: Scenario): number => s.orderOfBattle.length;
const guns = (s: Scenario): number => s.orderOfBattle.filter((u) => /Artillery$/.test(String((u.fields as { unitType?: string } | undefined)?.unitType ?? ''))).length;

const MARKERS: readonly MarkerDecl[] = [
  { id: 'pinned', label: 'Pinned', short: 'PIN', scope: 'unit', colour: '#c0392b', description: 'Pinned by fire: may not move until unpinned (an activation), and counts as in cover.', defaultCount: (s) => Math.max(8, Math.ceil(units(s) / 2)) },
  { id: 'charging', label: 'Pinned cavalry charging', short: 'CHG', scope: 'unit', colour: '#d35400', description: 'Pinned European cavalry: it charges the nearest enemy each activation phase until unpinned.', defaultCount: () => 2 },
  { id: 'fired', label: 'Fired', short: 'FIRED', scope: 'unit', colour: '#7f8c8d', description: 'Fired this turn: artillery may not move, other units may not fire again.', defaultCount: (s) => Math.max(4, Math.ceil(units(s) / 3)) },
  { id: 'activated', label: 'Activated', short: 'ACT', scope: 'unit', description: 'Activated this turn (moved, fired or unpinned).', defaultCount: (s) => Math.max(6, Math.ceil(units(s) / 2)) },
  { id: 'dismounted', label: 'Dismounted', short: 'DISM', scope: 'unit', description: 'Cavalry on foot: moves and fights as infantry, close combat power one less.', defaultCount: (s) => Math.max(2, s.orderOfBattle.filter((u) => (u.fields as { unitType?: string } | undefined)?.unitType === 'cavalry').length) },
  { id: 'fording', label: 'Fording', short: 'FORD', scope: 'unit', description: 'In a ford: it stops there, stays the next turn (and may not fire), then moves on.', defaultCount: () => 2 },
  { id: 'aimed', label: 'Artillery order', short: 'AIM', scope: 'unit', description: 'A gun’s secret fire order for this turn (revealed when all artillery fire is resolved).', defaultCount: (s) => Math.max(2, guns(s)) },
  { id: 'objective', label: 'Objective', short: 'OBJ', scope: 'cell', description: 'An objective square: the side that last held it scores its points.', defaultCount: (s) => Object.values(s.map.cells ?? {}).filter((c) => c.victory).length },
  { id: 'turn', label: 'Turn', short: 'TURN', scope: 'track', description: 'The current turn, up to the turn limit.', defaultCount: () => 1 },
];

export const pwDeclaration: RulesetDeclaration = {
  id: 'pw',
  name: 'The Portable Wargame (19th century)',
  summary:
    'Bob Cordery’s grid wargame after Joseph Morschauser: units on squares with facing, activation dice, simultaneous artillery fire first (long shots may drift), orthogonal ranges, pinning and close combat by Close Combat Power.',
  source: 'Seed 004: The Portable Wargame rules, nineteenth-century draft of 8 May 2011 by Bob Cordery, with the choices in shared/rules/pw/README.md.',
  version: 1,
  roles: ['First army (commits its artillery orders first; deploys along its own edge)', 'Second army (deploys along the opposite edge)'],
  features: new Set(FEATURES),
  sideFeatureBlocks: {
    movement: 'no move crosses it',
    sight: 'it hides what lies beyond it from fire (a target not seen entire is in cover)',
  },
  traits: {
    grids: ['square'],
    // Entering a square orthogonally next to an enemy ends a move: what zonesOfControl answers.
    zonesOfControl: true,
    facing: true,
    lineOfSight: true,
    hiddenInformation: false,
    simultaneous: true,
    stackingLimit: () => 1,
  },
  options: fieldsFromSchema(schema.$defs.Options, schema, 'option', {
    firstArmy: { short: 'Army 1', valueLabels: { european: 'European', native: 'Native' } },
    secondArmy: { short: 'Army 2', valueLabels: { european: 'European', native: 'Native' } },
    firstEdge: { short: 'Edge 1' },
    secondEdge: { short: 'Edge 2' },
    deployment: { short: 'Deployment', valueLabels: { oneOff: 'One-off battle: first two rows', campaign: 'Campaign battle: own half, not next to the enemy', free: 'As the designer placed them' } },
    turnLimit: { short: 'Turns' },
    exhaustionPercent: { short: 'Exhaustion %' },
    // What each terrain type counts as is edited as a table (tables(): 'terrain', editTable).
  }).filter((f) => f.key !== 'terrainRoles'),
  unitFields: [
    coreField('name'),
    coreField('branch', {
      help: 'The symbol on the counter; the rules read the unit type.',
      values: [
        { value: 'infantry', label: 'Infantry' },
        { value: 'cavalry', label: 'Cavalry' },
      ],
    }),
    coreField('strength', {
      label: 'Close combat power',
      short: 'CCP',
      min: 1,
      max: 9,
      help: 'Close Combat Power: a close combat die at or under it destroys the enemy unit (the text gives 5 for firearm infantry and cavalry, 4 for close-combat infantry, 6 for machine guns, 1 for artillery, 5 for command).',
      paste: ['ccp', 'closecombat', 'closecombatpower', 'power', 'strength', 'str'],
    }),
    ...fieldsFromSchema(schema.$defs.UnitFields, schema, 'fields', {
      unitType: {
        short: 'Type',
        paste: ['type', 'unittype', 'kind', 'arm'],
        valueLabels: {
          infantry: 'Infantry (Firearms)',
          closeCombatInfantry: 'Infantry (Close Combat Weapons)',
          cavalry: 'Mounted Cavalry',
          machineGun: 'Machine Guns',
          lightArtillery: 'Light Field Artillery',
          fieldArtillery: 'Field Artillery',
          fortressArtillery: 'Fortress/Siege Artillery',
          command: 'Command',
        },
      },
      dismounted: { short: 'On foot', paste: ['dismounted', 'onfoot', 'foot'] },
    }),
  ],
  // A pasted row without a header: name, unit type, close combat power, square.
  pasteColumns: ['name', 'unitType', 'strength', 'cell'],
  branches: [
    { value: 'infantry', label: 'Infantry' },
    { value: 'cavalry', label: 'Cavalry' },
  ],
  markers: MARKERS,
  counter: {
    symbol: 'nato',
    typeKey: 'unitType',
    symbols: {
      infantry: 'infantry',
      closeCombatInfantry: 'infantry',
      cavalry: 'cavalry',
      machineGun: 'machineGun',
      lightArtillery: 'artillery',
      fieldArtillery: 'artillery',
      fortressArtillery: 'artillery',
      command: 'headquarters',
    },
    front: '{strength}',
    back: null,
    label: '{name}',
  },
};
