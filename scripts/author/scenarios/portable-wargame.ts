// The Portable Wargame (seed 004) bundled battle: a 12 × 8 square grid in the Franco-Prussian War,
// August 1870. A French rearguard holds the north bank of a small river with a village at the
// bridge, a ford upstream and a wooded hill; a Prussian advance guard must force the crossing.
// A campaign battle: the French have set up in their half (the village and the hill held), the
// Prussians in theirs. Setting illustrative; every unit faces the enemy except the French
// cavalry screening the ford.
import type { PlacedUnit, Scenario, TerrainType } from '../../../shared/format/scenario.types.js';
import type { PwUnitType } from '../../../shared/format/ruleset-pw.types.js';
import { MapBuilder, PALETTE, exampleScenario, type CellPos } from '../lib.js';

const FRENCH = 'french';
const PRUSSIANS = 'prussians';

const TERRAIN: TerrainType[] = [
  { id: 'open', code: '.', name: 'Open fields', colour: PALETTE.open, category: 'open' },
  { id: 'woods', code: 'f', name: 'Woods', colour: PALETTE.woods, category: 'difficult' },
  { id: 'village', code: 'u', name: 'Village', colour: PALETTE.urban, category: 'urban' },
  { id: 'hill', code: 'h', name: 'Hill', colour: PALETTE.rough, category: 'open' },
  { id: 'river', code: '~', name: 'River', colour: PALETTE.lake, category: 'impassable' },
  { id: 'bridge', code: '=', name: 'Bridge', colour: '#b7a58c', category: 'open' },
  { id: 'ford', code: 'o', name: 'Ford', colour: '#b9d2e3', category: 'open' },
];

type Line = [id: string, name: string, type: PwUnitType, cell: CellPos, facing: 'N' | 'E' | 'S' | 'W'];

const POWER: Record<PwUnitType, number> = {
  infantry: 5,
  closeCombatInfantry: 4,
  cavalry: 5,
  machineGun: 6,
  lightArtillery: 1,
  fieldArtillery: 1,
  fortressArtillery: 1,
  command: 5,
};

function army(side: string, lines: Line[]): PlacedUnit[] {
  return lines.map(([id, name, type, [col, row], facing]) => ({
    id,
    side,
    name,
    branch: type === 'cavalry' ? 'cavalry' : 'infantry',
    strength: POWER[type],
    cell: `${col},${row}`,
    facing,
    fields: { unitType: type },
  }));
}

export function portableWargame(): Scenario {
  const grid = { kind: 'square', adjacency: 4, cols: 12, rows: 8, labels: 'A1' } as const;
  // prettier-ignore
  const m = new MapBuilder(grid, [
    '...........f',
    '....hh....ff',
    '....hh......',
    '~~o~~~~..u..',
    '......~~~=~~',
    '..ff.....uu.',
    '..f.........',
    '............',
  ], [
    'FFFFFFFFFFFF',
    'FFFFFFFFFFFF',
    'FFFFFFFFFFFF',
    'FFFFFFFFFFFF',
    'PPPPPPFFFFFF',
    'PPPPPPPPPPPP',
    'PPPPPPPPPPPP',
    'PPPPPPPPPPPP',
  ]);
  // Roads may cross the bridge and the ford, never the river itself.
  m.impassable = new Set(['~']);
  m.road([9, 0], [9, 7]);
  m.road([2, 1], [2, 6]);
  m.road([0, 6], [11, 6]);

  const bridge: CellPos = [9, 4];
  m.cell([9, 3], { name: 'Villers', victory: { endGame: 2 } })
    .cell([9, 5], { name: 'Villers-Sud', victory: { endGame: 1 } })
    .cell([4, 2], { name: 'Mont Rouge', victory: { endGame: 2 } })
    .cell(bridge, { name: 'Bridge' })
    .cell([2, 3], { name: 'Ford' });

  return exampleScenario({
    id: 'portable-wargame',
    title: 'The Portable Wargame: The Bridge at Villers, 1870',
    description:
      'A 12 × 8 square grid for The Portable Wargame (19th-century rules, seed 004). August 1870: a French rearguard with two batteries and a battery of mitrailleuses holds the north bank of a small river, ' +
      'the village of Villers at the bridge, a ford upstream and the hill of Mont Rouge; a Prussian advance guard, stronger in infantry, must force the crossing. ' +
      'Artillery fires first and at once each turn; long shots may drift. Each army is exhausted when half its units are lost; after twelve turns the score decides ' +
      '(enemy units destroyed, Villers and Mont Rouge 2 each, Villers-Sud 1). The setting is illustrative.',
    tags: ['portable wargame', 'square grid', '1870', 'tactical', 'small'],
    ruleset: {
      id: 'pw',
      options: {
        firstArmy: 'european',
        secondArmy: 'european',
        firstEdge: 'north',
        secondEdge: 'south',
        deployment: 'campaign',
        turnLimit: 12,
        exhaustionPercent: 50,
        terrainRoles: { hill: 'hill1', river: 'river', bridge: 'bridge', ford: 'ford' },
      },
    },
    sides: [
      { id: FRENCH, name: 'French', code: 'F', colour: '#2f4f8f' },
      { id: PRUSSIANS, name: 'Prussians', code: 'P', colour: '#4d4d4d' },
    ],
    map: {
      grid,
      cellSize: { value: 6, unit: 'cm' },
      groundScaleKm: 0.4,
      terrainTypes: TERRAIN,
      terrain: m.terrain,
      control: m.control,
      // No lake shores: the river is drawn in squares, as the rules have it.
      ...m.features('#'),
    },
    calendar: { startDate: '1870-08-30', turns: 12 },
    groundConditions: { initial: 'easy' },
    orderOfBattle: [
      ...army(FRENCH, [
        ['f-cmd', 'Général de Failly', 'command', [7, 0], 'S'],
        ['f-inf1', '17e de Ligne', 'infantry', [9, 3], 'S'],
        ['f-inf2', '27e de Ligne', 'infantry', [9, 1], 'S'],
        ['f-inf3', '30e de Ligne', 'infantry', [6, 1], 'S'],
        ['f-inf4', '68e de Ligne', 'infantry', [4, 2], 'S'],
        ['f-chass', '14e Chasseurs à pied', 'infantry', [10, 0], 'S'],
        ['f-mitr', 'Batterie de mitrailleuses', 'machineGun', [7, 1], 'S'],
        ['f-art', 'Batterie de 4', 'fieldArtillery', [5, 2], 'S'],
        ['f-art2', 'Batterie de 12', 'fieldArtillery', [8, 1], 'S'],
        ['f-cav', '5e Hussards', 'cavalry', [1, 1], 'W'],
      ]),
      ...army(PRUSSIANS, [
        ['p-cmd', 'Generalleutnant von Schachtmeyer', 'command', [5, 7], 'N'],
        ['p-ir1', 'Infanterie-Regiment 31', 'infantry', [8, 6], 'N'],
        ['p-ir2', 'Infanterie-Regiment 71', 'infantry', [10, 6], 'N'],
        ['p-ir3', 'Infanterie-Regiment 32', 'infantry', [6, 6], 'N'],
        ['p-ir4', 'Infanterie-Regiment 95', 'infantry', [4, 6], 'N'],
        ['p-ir5', 'Infanterie-Regiment 96', 'infantry', [1, 6], 'N'],
        ['p-jag', 'Jäger-Bataillon 4', 'infantry', [11, 6], 'N'],
        ['p-uhl', 'Ulanen-Regiment 10', 'cavalry', [3, 7], 'N'],
        ['p-art1', 'Feldbatterie (schwer)', 'fieldArtillery', [7, 7], 'N'],
        ['p-art2', 'Feldbatterie (leicht)', 'lightArtillery', [9, 7], 'N'],
      ]),
    ],
  });
}
