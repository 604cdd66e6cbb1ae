// Shambattle on a hex-celled grid (seed 003): Ruberia (red, west) and Azuria (blue, east) face
// each other across a river. As on the original Shambattle map, Vermilion City and Blueburg stand
// right against the river banks, each at a bridge, so forcing a crossing there means fighting
// through a town; two fords lie between them. Each army is the seed's full order of battle: the
// Army Commander, 12 infantry, 6 cavalry, 3 machine guns, 3 batteries, the engineers and their
// train, two field trains and a fixed logistics centre in its capital.
import type { PlacedUnit, Scenario, TerrainType } from '../../../shared/format/scenario.types.js';
import type { ShambattleOptions, StandType } from '../../../shared/format/ruleset-shambattle.types.js';
import { MapBuilder, PALETTE, exampleScenario, ref, type CellPos } from '../lib.js';

export const RUBERIA = 'ruberia';
export const AZURIA = 'azuria';

const TERRAIN_TYPES: TerrainType[] = [
  { id: 'clear', code: '.', name: 'Clear', colour: PALETTE.open, category: 'open' },
  { id: 'woods', code: 'f', name: 'Forest', colour: PALETTE.woods, category: 'difficult' },
  { id: 'brush', code: 'b', name: 'Brush', colour: '#b7c48e', category: 'difficult' },
  { id: 'hill', code: 'h', name: 'Hill', colour: PALETTE.rough, category: 'difficult' },
  { id: 'marsh', code: 'm', name: 'Marsh', colour: PALETTE.swamp, category: 'difficult' },
  { id: 'town', code: 'C', name: 'Town', colour: PALETTE.urban, category: 'urban' },
];

type Stand = [id: string, name: string, stand: StandType, sp: number, cell: CellPos];

function stands(side: string, list: Stand[]): PlacedUnit[] {
  return list.map(([id, name, stand, sp, cell]) => ({
    id,
    side,
    name,
    branch: stand === 'cavalry' ? 'cavalry' : 'infantry',
    strength: sp,
    cell: ref(cell),
    fields: { stand },
  }));
}

export function shambattleHex(): Scenario {
  const grid = { kind: 'hex', orientation: 'flat', offset: 'odd', cols: 24, rows: 16, labels: 'CCRR' } as const;
  // prettier-ignore
  const m = new MapBuilder(grid, [
    '...ff.......b.......ff..',
    '..fff...h.......b...fff.',
    '..ff.C...hC.....h.....f.',
    '.........hC.f...hC......',
    '....b......b..f.........',
    '......bb......ff...b....',
    '.......h.b.......h......',
    '.C.....hh.m.....hh....C.',
    '.C......h..m.....h....C.',
    '....f........b..........',
    '...fff...b.....b..b.....',
    '......C....fC.....C.....',
    '......b.ff..C..ff.......',
    '..b....fff.....fff...b..',
    '.......ff........f......',
    '..........m.........f...',
  ], [
    // Each country holds its own bank.
    ...Array.from({ length: 16 }, (_, r) => {
      const east = [12, 12, 11, 11, 11, 12, 12, 12, 12, 13, 13, 12, 12, 12, 12, 12][r]!;
      return 'R'.repeat(east) + 'A'.repeat(24 - east);
    }),
  ]);
  m.impassable = new Set();

  // The river, first column of the east bank row by row.
  m.riverAcrossRows({ 0: 12, 1: 12, 2: 11, 3: 11, 4: 11, 5: 12, 6: 12, 7: 12, 8: 12, 9: 13, 10: 13, 11: 12, 12: 12, 13: 12, 14: 12, 15: 12 });

  const scarletton: CellPos = [1, 8];
  const vermilion: CellPos = [10, 3];
  const blueburg: CellPos = [12, 11];
  const cerulean: CellPos = [22, 7];
  const rosewood: CellPos = [5, 2];
  const carmine: CellPos = [6, 11];
  const indigo: CellPos = [17, 3];
  const cobalt: CellPos = [18, 11];
  // Two roads from each capital: the northern one over the bridge at Vermilion City, the
  // southern one over the bridge at Blueburg; a road along each bank joins the villages.
  m.road([0, 7], [1, 7], [5, 4], vermilion);
  m.road(vermilion, [11, 3], indigo, cerulean, [23, 7]);
  m.road(scarletton, carmine, [11, 11], blueburg, cobalt, [22, 8]);
  m.road([5, 0], rosewood, [5, 4], carmine, [6, 15]);
  m.road([17, 0], indigo, cobalt, [18, 15]);

  m.cell(vermilion, { name: 'Vermilion City', victory: { endGame: 10 } })
    .cell([10, 2], { name: 'Vermilion City' })
    .cell(blueburg, { name: 'Blueburg', victory: { endGame: 10 } })
    .cell([12, 12], { name: 'Blueburg' })
    .cell(scarletton, { name: 'Scarletton', victory: { endGame: 5 } })
    .cell([1, 7], { name: 'Scarletton' })
    .cell(cerulean, { name: 'Cerulean City', victory: { endGame: 5 } })
    .cell([22, 8], { name: 'Cerulean City' })
    .cell(rosewood, { name: 'Rosewood' })
    .cell(carmine, { name: 'Carmine Mill' })
    .cell(indigo, { name: 'Indigo' })
    .cell(cobalt, { name: 'Cobalt Cross' });

  const options: ShambattleOptions = {
    days: 2,
    turnsPerDay: 6,
    treachery: 'eachTurn',
    firstSideEdge: 'west',
    secondSideEdge: 'east',
    // The fords: above Blueburg's marshes and below it.
    fords: [m.grid.edgeBetween([11, 6], [12, 6]), m.grid.edgeBetween([11, 14], [12, 14])],
    terrain: { clear: 'clear', woods: 'woods', brush: 'brush', hill: 'hill', marsh: 'marsh', town: 'town' },
  };

  const map = m.mapSection({ value: 40, unit: 'mm' }, TERRAIN_TYPES);
  return exampleScenario({
    id: 'shambattle-hex',
    title: 'Shambattle: Across the River',
    description:
      'Shambattle on a hex-celled grid, after the Archduke Piccolo\u2019s notes (seed 003) on Lt. Harry Dickson\u2019s Shambattle of 1929. ' +
      'Ruberia and Azuria face each other across a river crossed by two bridges, at Vermilion City on the Ruberian bank and at Blueburg on the Azurian, and by two fords between them: ' +
      'urban fighting is needed to force a crossing. Each army fields the seed\u2019s full order of battle of 90 SP (exhausted at 30 lost, routed at 45) under its Army Commander, ' +
      'with 12 SP of infantry garrisoning its river city. Two days of six turns, with a night of resupply between them.',
    tags: ['shambattle', 'hex grid', 'imagi-nations', 'tactical'],
    ruleset: { id: 'shambattle', options },
    sides: [
      { id: RUBERIA, name: 'Ruberia', code: 'R', colour: '#b3261e' },
      { id: AZURIA, name: 'Azuria', code: 'A', colour: '#2f5fa8' },
    ],
    map: { ...map, groundScaleKm: 0.5 },
    calendar: { startDate: '1929-06-21', turns: 12 },
    groundConditions: { initial: 'easy' },
    orderOfBattle: [
      ...stands(RUBERIA, [
        ['r-cmd', 'Gen. Sir Arthur Reddesley', 'commander', 6, [7, 7]],
        ['r-inf-1', '1st Scarlet Rifles', 'infantry', 4, [10, 2]],
        ['r-inf-2', '2nd Scarlet Rifles', 'infantry', 4, [10, 2]],
        ['r-inf-3', '3rd Scarlet Rifles', 'infantry', 4, vermilion],
        ['r-inf-4', '4th Scarlet Rifles', 'infantry', 4, [8, 4]],
        ['r-inf-5', '1st Crimson Fusiliers', 'infantry', 4, [8, 4]],
        ['r-inf-6', '2nd Crimson Fusiliers', 'infantry', 4, [7, 7]],
        ['r-inf-7', '3rd Crimson Fusiliers', 'infantry', 4, [7, 7]],
        ['r-inf-8', '4th Crimson Fusiliers', 'infantry', 4, [9, 6]],
        ['r-inf-9', '1st Madder Light Infantry', 'infantry', 4, [9, 10]],
        ['r-inf-10', '2nd Madder Light Infantry', 'infantry', 4, [9, 10]],
        ['r-inf-11', '3rd Madder Light Infantry', 'infantry', 4, [11, 11]],
        ['r-inf-12', '4th Madder Light Infantry', 'infantry', 4, [11, 11]],
        ['r-cav-1', 'Scarlet Lancers', 'cavalry', 3, [6, 5]],
        ['r-cav-2', 'Crimson Hussars', 'cavalry', 3, [6, 5]],
        ['r-cav-3', 'Rose Dragoons', 'cavalry', 3, [5, 9]],
        ['r-cav-4', 'Cardinal Horse', 'cavalry', 3, [5, 9]],
        ['r-cav-5', 'Ruby Yeomanry', 'cavalry', 3, [7, 13]],
        ['r-cav-6', 'Cerise Mounted Rifles', 'cavalry', 3, [7, 13]],
        ['r-mg-1', '1st Gatling Battery', 'machineGun', 2, vermilion],
        ['r-mg-2', '2nd Gatling Battery', 'machineGun', 2, [9, 6]],
        ['r-mg-3', '3rd Gatling Battery', 'machineGun', 2, [10, 12]],
        ['r-art-1', 'A Battery, Royal Ruberian Artillery', 'artillery', 2, [7, 4]],
        ['r-art-2', 'B Battery, Royal Ruberian Artillery', 'artillery', 2, [6, 8]],
        ['r-art-3', 'C Battery, Royal Ruberian Artillery', 'artillery', 2, [8, 11]],
        ['r-eng', 'Royal Ruberian Engineers', 'engineers', 3, [6, 10]],
        ['r-eng-train', 'Royal Ruberian Engineer Train', 'engineerTrain', 3, [6, 10]],
        ['r-hosp-1', '1st Field Hospital', 'fieldTrain', 1, [4, 5]],
        ['r-hosp-2', '2nd Field Hospital', 'fieldTrain', 1, [4, 11]],
        ['r-hosp-base', 'Scarletton General Hospital', 'baseTrain', 1, scarletton],
      ]),
      ...stands(AZURIA, [
        ['a-cmd', 'Marshal André Azuréna', 'commander', 6, [16, 8]],
        ['a-inf-1', '1er de Ligne', 'infantry', 4, blueburg],
        ['a-inf-2', '2e de Ligne', 'infantry', 4, blueburg],
        ['a-inf-3', '3e de Ligne', 'infantry', 4, [12, 12]],
        ['a-inf-4', '4e de Ligne', 'infantry', 4, [14, 10]],
        ['a-inf-5', '1er Chasseurs à pied', 'infantry', 4, [14, 10]],
        ['a-inf-6', '2e Chasseurs à pied', 'infantry', 4, [16, 8]],
        ['a-inf-7', '3e Chasseurs à pied', 'infantry', 4, [16, 7]],
        ['a-inf-8', '4e Chasseurs à pied', 'infantry', 4, [14, 6]],
        ['a-inf-9', '1er Zouaves d\u2019Azur', 'infantry', 4, [14, 5]],
        ['a-inf-10', '2e Zouaves d\u2019Azur', 'infantry', 4, [14, 5]],
        ['a-inf-11', '3e Zouaves d\u2019Azur', 'infantry', 4, [12, 3]],
        ['a-inf-12', '4e Zouaves d\u2019Azur', 'infantry', 4, [12, 3]],
        ['a-cav-1', '1er Cuirassiers', 'cavalry', 3, [17, 10]],
        ['a-cav-2', '2e Cuirassiers', 'cavalry', 3, [17, 10]],
        ['a-cav-3', '1er Dragons', 'cavalry', 3, [18, 6]],
        ['a-cav-4', '2e Dragons', 'cavalry', 3, [18, 6]],
        ['a-cav-5', '1er Chasseurs à cheval', 'cavalry', 3, [16, 2]],
        ['a-cav-6', '2e Chasseurs à cheval', 'cavalry', 3, [16, 2]],
        ['a-mg-1', '1re Mitrailleuse Nordenfeldt', 'machineGun', 2, [12, 12]],
        ['a-mg-2', '2e Mitrailleuse Nordenfeldt', 'machineGun', 2, [14, 6]],
        ['a-mg-3', '3e Mitrailleuse Nordenfeldt', 'machineGun', 2, [13, 4]],
        ['a-art-1', '1re Batterie d\u2019Azur', 'artillery', 2, [16, 11]],
        ['a-art-2', '2e Batterie d\u2019Azur', 'artillery', 2, [17, 7]],
        ['a-art-3', '3e Batterie d\u2019Azur', 'artillery', 2, [15, 4]],
        ['a-eng', 'Génie d\u2019Azurie', 'engineers', 3, [17, 5]],
        ['a-eng-train', 'Parc du Génie', 'engineerTrain', 3, [17, 5]],
        ['a-log-1', '1er Train des équipages', 'fieldTrain', 1, [19, 4]],
        ['a-log-2', '2e Train des équipages', 'fieldTrain', 1, [19, 10]],
        ['a-log-base', 'Centre d\u2019opérations de Cerulean City', 'baseTrain', 1, cerulean],
      ]),
    ],
  });
}
