// The example game of the operational ruleset's text: a 240 km square of front in late
// January 1944, about 55 strength points a side. The setting is a salient on the Ros river
// in the manner of the Korsun battles; places are real names arranged freely.
import type { Scenario } from '../../../shared/format/scenario.types.js';
import { GERMANS, MapBuilder, SOVIETS, TERRAIN, easternFrontSides, exampleScenario, placeUnits } from '../lib.js';

export function seed000Example(): Scenario {
  const grid = { kind: 'hex', orientation: 'flat', offset: 'odd', cols: 7, rows: 7, labels: 'CCRR' } as const;
  // prettier-ignore
  const m = new MapBuilder(grid, [
    '..f..s.',
    '...f...',
    'f..s.f.',
    '.f..C.s',
    '...f...',
    '.~..sf.',
    '..f..C.',
  ], [
    'GGGSSSS',
    'GGGSSSS',
    'GGGGSSS',
    'GGGGGSS',
    'GGGGGSS',
    'GGGSSSS',
    'GGGSSSS',
  ]);

  // The Ros bends south around Korsun; the Gniloy Tikich crosses the south of the map and
  // runs out at Zvenigorodka.
  m.riverAcrossColumns({ 0: 2, 1: 2, 2: 2, 3: 3, 4: 3, 5: 2, 6: 2 });
  m.riverAcrossColumns({ 0: 5, 1: 5, 2: 5, 3: 5, 4: 5, 5: 5 });

  // Rail: east–west through Korsun, and a north–south branch from Korsun to Zvenigorodka.
  m.rail([0, 3], [4, 3], [6, 2]);
  m.rail([4, 0], [4, 3], [5, 6]);
  m.road([0, 1], [2, 1], [4, 3]);
  m.road([1, 6], [2, 6], [2, 4], [4, 3], [6, 4]);
  m.road([5, 6], [6, 6]);

  m.cell([4, 3], { name: 'Korsun', fortification: true, victory: { perTurn: 2, endGame: 6 } })
    .cell([5, 6], { name: 'Zvenigorodka', victory: { perTurn: 2, endGame: 5 } })
    .cell([2, 4], { name: 'Lysyanka', victory: { perTurn: 2, endGame: 4 } })
    .cell([6, 4], { name: 'Shpola', victory: { perTurn: 2, endGame: 4 } })
    .cell([1, 1], { name: 'Boguslav' })
    .cell([3, 3], { name: 'Steblev' })
    .cell([5, 4], { fortification: true })
    .cell([1, 5], { name: 'Lake Tikich' });

  // Supply bases on the table edges: Germans to the west, Soviets north, east and south.
  m.supplyBases(GERMANS, [[0, 1], [0, 3], [0, 5], [1, 6]]).supplyBases(SOVIETS, [[3, 0], [6, 0], [6, 3], [6, 5], [4, 6]]);

  return exampleScenario({
    id: 'seed-000-example',
    title: 'The Ros Salient, January 1944',
    description:
      'The example game of the operational rules: a German-held salient around Korsun on the Ros, ringed by two Soviet fronts, on a 7 × 7 hex table of 40 km cells. ' +
      'The Germans open with three turns of prepared offensives and keep the initiative until turn 18; from turn 3 every turn risks the snow giving way to mud. ' +
      'Town names are borrowed from the Korsun battles but the map and order of battle are illustrative, not a historical study.',
    tags: ['example', 'eastern front', '1944', 'small', 'hex'],
    ruleset: { id: 'operational', options: { supplyLineLimit: null, victoryCellVpPerTurn: 2 } },
    sides: easternFrontSides(),
    map: m.mapSection({ value: 10, unit: 'cm' }, [TERRAIN.open, TERRAIN.woods, TERRAIN.swamp, TERRAIN.urban, TERRAIN.lake]),
    calendar: { startDate: '1944-01-24', turns: 22 },
    groundConditions: {
      initial: 'snow',
      // The text gives only the chance of mud, so once mud comes it stays.
      changes: [{ fromTurn: 3, outcomes: [{ min: 1, max: 2, condition: 'mud' }] }],
    },
    initiative: [
      { side: GERMANS, fromTurn: 1, toTurn: 18 },
      { side: SOVIETS, fromTurn: 19, toTurn: 22 },
    ],
    preparedOffensives: [
      { side: GERMANS, turn: 1, count: 3 },
      { side: GERMANS, turn: 2, count: 2 },
      { side: GERMANS, turn: 3, count: 1 },
    ],
    orderOfBattle: [
      ...placeUnits(GERMANS, [
        ['g-3pz', 'III Panzer Corps', 'tank', 8, [2, 5], 'elite'],
        ['g-47pz', 'XXXXVII Panzer Corps', 'tank', 7, [2, 6]],
        ['g-46pz', 'XXXXVI Panzer Corps', 'tank', 6, [2, 3]],
        ['g-24pz', 'XXIV Panzer Corps', 'tank', 5, [1, 2]],
        ['g-wiking', 'SS Panzergrenadier Wiking', 'mechanised', 4, [4, 4], 'elite'],
        ['g-11ak', 'XI Army Corps', 'infantry', 6, [4, 3]],
        ['g-42ak', 'XXXXII Army Corps', 'infantry', 6, [3, 2]],
        ['g-7ak', 'VII Army Corps', 'infantry', 5, [2, 1]],
        ['g-kgb', 'Corps Group B', 'infantry', 4, [3, 4]],
        ['g-kabt', 'Corps Detachment C', 'infantry', 4, [2, 0]],
      ]),
      ...placeUnits(SOVIETS, [
        ['s-5gta', '5th Guards Tank Army', 'tank', 8, [5, 4], 'elite'],
        ['s-6ta', '6th Tank Army', 'tank', 7, [4, 2]],
        ['s-5mc', '5th Mechanised Corps', 'mechanised', 4, [5, 5]],
        ['s-5gcc', '5th Guards Cavalry Corps', 'cavalry', 4, [3, 6]],
        ['s-27a', '27th Army', 'infantry', 6, [3, 1]],
        ['s-40a', '40th Army', 'infantry', 5, [3, 0]],
        ['s-4ga', '4th Guards Army', 'infantry', 6, [3, 5]],
        ['s-52a', '52nd Army', 'infantry', 6, [5, 3]],
        ['s-53a', '53rd Army', 'infantry', 6, [4, 5]],
        ['s-1abc', '1st Airborne Corps', 'airborne', 3, [6, 3]],
      ]),
    ],
  });
}
