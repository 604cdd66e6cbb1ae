// What the Battle for Moscow ruleset declares: the parts of the scenario it reads, its options and
// unit values (from schemas/rulesets/bfm.schema.json), its markers and its two-sided counters.
// Pure data: the format's checks read it without loading the engine.
import fragment from '../../../schemas/rulesets/bfm.schema.json' with { type: 'json' };
import type { Scenario } from '../../format/scenario.types.js';
import { coreField, fieldsFromSchema } from '../declaration.js';
import type { MarkerDecl, RulesetDeclaration, ScenarioFeature } from '../types.js';

const schema = fragment as unknown as { $defs: Record<string, unknown> };

const FEATURES: readonly ScenarioFeature[] = ['calendar', 'groundConditions', 'replacements', 'pool', 'victoryCells', 'fortifications', 'setupMarkers', 'control', 'rivers', 'rails'];

const cities = (s: Scenario): number => {
  const urban = new Set(s.map.terrainTypes.filter((t) => t.category === 'urban' || t.category === 'urban-difficult').map((t) => t.code));
  let n = 0;
  for (const row of s.map.terrain ?? []) for (const ch of row) if (urban.has(ch)) n++;
  return n;
};

const MARKERS: readonly MarkerDecl[] = [
  { id: 'turn', label: 'Game turn', short: 'TURN', scope: 'track', description: 'The current turn on the turn record track.', defaultCount: () => 1 },
  { id: 'mud', label: 'Mud', short: 'MUD', scope: 'track', description: 'A mud turn: every move but Soviet rail movement is one hex, attack strengths are halved.', defaultCount: () => 1 },
  { id: 'germanCity', label: 'German-held city', short: '✠', scope: 'cell', description: 'A city whose last occupant was German (cities are Soviet-owned unless marked).', defaultCount: (s) => Math.max(4, Math.ceil(cities(s) * 0.75)) },
  { id: 'sovietCity', label: 'Soviet-held city', short: '☭', scope: 'cell', description: 'A city taken back by the Soviets after German units held it.', defaultCount: (s) => Math.max(2, Math.ceil(cities(s) / 3)) },
  { id: 'moscowHeld', label: 'Moscow held', short: 'MOS', scope: 'cell', description: 'Who holds Moscow: the last side to have a unit there; it decides the game.', defaultCount: () => 1 },
  { id: 'replacements', label: 'Replacements', short: 'REPL', scope: 'track', description: 'Replacements left in the replacement phase.', defaultCount: () => 2 },
  { id: 'attacked', label: 'Attacks', short: 'ATK', scope: 'unit', description: 'Announced battle: the defender and its attackers (each unit attacks and is attacked once a phase).', defaultCount: (s) => Math.max(6, Math.ceil(s.orderOfBattle.length / 4)) },
];

export const bfmDeclaration: RulesetDeclaration = {
  id: 'bfm',
  name: 'Battle for Moscow',
  summary: 'Operation Typhoon, October–December 1941: German corps and Soviet armies on hexes, zones of control, an odds CRT, two-step units, mud and replacements; whoever holds Moscow at the end wins.',
  source: 'Seed 002: Battle for Moscow by Frank Chadwick (GDW, 1986), as summarised in the seed, with the choices in shared/rules/bfm/README.md.',
  version: 1,
  roles: ['German player (moves first: panzer movement phase, west edge)', 'Soviet player (rail movement, fortifications, Moscow, east edge)'],
  // Whoever holds Moscow at the end wins; the balance report's figure is the cities each side holds.
  score: { name: 'Cities held', margin: 'cities-held margin' },
  features: new Set(FEATURES),
  sideFeatureBlocks: {
    movement: 'no move or retreat crosses it, and no attacker advances across it',
  },
  // Seven turns from the start of Operation Typhoon (2 October 1941).
  turns: { length: 'A turn is a week; a mud turn stands for two weeks.', track: 'turns', calendar: { startDate: '1941-10-02', turns: 7 } },
  traits: {
    grids: ['hex'],
    zonesOfControl: true,
    facing: false,
    lineOfSight: false,
    hiddenInformation: false,
    simultaneous: false,
    stackingLimit: () => 1,
  },
  options: fieldsFromSchema(schema.$defs.Options, schema, 'option', {
    variant: {
      short: 'Balance',
      valueLabels: {
        standard: 'Standard',
        sovietReplacements4: 'Soviets get at most 4 replacements (helps the Germans)',
        sovietReplacements3: 'Soviets get at most 3 replacements (helps the Germans more)',
        germanReplacementsEvenTurns: 'Germans get replacements on even turns only (helps the Soviets)',
      },
    },
    germanEdge: { short: 'German edge' },
    sovietEdge: { short: 'Soviet edge' },
    // The CRT option is edited as a table (tables(): 'crt', editTable), not as a form field.
  }).filter((f) => f.key !== 'crt'),
  unitFields: [
    coreField('name'),
    coreField('branch', {
      help: 'Infantry or panzer; only panzers move in the German panzer movement phase.',
      values: [
        { value: 'infantry', label: 'Infantry' },
        { value: 'tank', label: 'Panzer' },
      ],
    }),
    coreField('strength', { label: 'Combat strength', short: 'Str', help: 'Combat strength printed on the full-strength side, for attack and defence.', paste: ['strength', 'str', 'cs', 'combat', 'combatstrength', 'full', 'fullstrength', 'attack', 'att'] }),
    ...fieldsFromSchema(schema.$defs.UnitFields, schema, 'fields', {
      reducedStrength: { short: 'Half', paste: ['half', 'halfstrength', 'reduced', 'reducedstrength', 'back'] },
      movement: { short: 'MA', paste: ['ma', 'mp', 'move', 'movement', 'movementallowance', 'mv'] },
      startsReduced: { short: 'Starts half', paste: ['startshalf', 'startsreduced', 'reducedatstart', 'halfatstart'] },
    }),
  ],
  pasteColumns: ['name', 'branch', 'strength', 'reducedStrength', 'movement', 'cell'],
  branches: [
    { value: 'infantry', label: 'Infantry' },
    { value: 'tank', label: 'Panzer' },
  ],
  markers: MARKERS,
  counter: { symbol: 'nato', front: '{strength}-{movement}', back: '{reducedStrength}-{movement}', backMeaning: 'half strength', label: '{name}' },
};
