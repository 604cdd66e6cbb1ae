// A small demonstration of the offset-square ("brick") grid: alternate rows are shifted half
// a cell, so every cell has six neighbours like a hex. Lake Balaton, March 1945.
import type { Scenario } from '../../../shared/format/scenario.types.js';
import { GERMANS, MapBuilder, SOVIETS, TERRAIN, easternFrontSides, exampleScenario, placeUnits, type CellPos } from '../lib.js';

export function brickGridDemo(): Scenario {
  const grid = { kind: 'offsetSquare', offset: 'odd', cols: 12, rows: 10, labels: 'CCRR' } as const;
  // prettier-ignore
  const m = new MapBuilder(grid, [
    '..hh......C.',
    '.hh.f.......',
    'hh....C.....',
    'h....~..f...',
    '.~~~.s......',
    '..~~~.......',
    '......s.....',
    '..f......f..',
    '.f...C......',
    '....f...C...',
  ], [
    // Soviets east of a line from the Vértes hills past Lake Velence and along the Sió;
    // the Germans hold Transdanubia west and south of it.
    'GGGGSSSSSSSS',
    'GGGGGSSSSSSS',
    'GGGGGSSSSSSS',
    'GGGGGSSSSSSS',
    'GGGGGSSSSSSS',
    'GGGGGGSSSSSS',
    'GGGGGGGSSSSS',
    'GGGGGGGSSSSS',
    'GGGGGGSSSSSS',
    'GGGGGGSSSSSS',
  ]);

  // The Danube, first column of the east bank per row; the Sió from Balaton to the Danube.
  m.riverAcrossRows({ 0: 10, 1: 10, 2: 10, 3: 10, 4: 10, 5: 11, 6: 11, 7: 11, 8: 11, 9: 11 });
  m.riverThrough([4, 5], [7, 6], [10, 7], [11, 7]);

  const budapest: CellPos = [10, 0];
  const fehervar: CellPos = [6, 2];
  const kaposvar: CellPos = [5, 8];
  const pecs: CellPos = [8, 9];
  m.road(budapest, fehervar, [0, 2]);
  m.road(fehervar, [6, 5], kaposvar, [1, 9]);
  m.road(kaposvar, pecs, [11, 9]);
  m.road(budapest, [11, 4]);
  m.rail(budapest, fehervar, [0, 3]);
  m.rail(fehervar, [7, 6], pecs);
  m.rail(kaposvar, [0, 8]);

  m.cell(budapest, { name: 'Budapest', victory: { perTurn: 2, endGame: 6 } })
    .cell(fehervar, { name: 'Székesfehérvár', fortification: true, victory: { perTurn: 2, endGame: 5 } })
    .cell(kaposvar, { name: 'Kaposvár', victory: { perTurn: 2, endGame: 4 } })
    .cell(pecs, { name: 'Pécs' })
    .cell([5, 3], { name: 'Lake Velence' })
    .cell([2, 4], { name: 'Lake Balaton' });
  m.supplyBases(GERMANS, [[0, 0], [0, 5], [0, 9]]).supplyBases(SOVIETS, [[11, 0], [11, 5], [11, 9]]);

  return exampleScenario({
    id: 'brick-grid-demo',
    title: 'Brick Grid Demo: Lake Balaton',
    description:
      'A 12 × 10 offset-square (brick) grid: odd rows sit half a cell to the right, so each cell touches six others, just as on a hex map. ' +
      'In March 1945 German panzer corps strike east between Lake Balaton and Lake Velence towards the Danube, in thawing mud and short of fuel. ' +
      'A small teaching game with an illustrative order of battle.',
    tags: ['demo', 'offset square', 'brick', '1945', 'small'],
    ruleset: { id: 'operational', options: { victoryCellVpPerTurn: 2 } },
    sides: easternFrontSides(),
    map: m.mapSection({ value: 4, unit: 'in' }, [TERRAIN.open, TERRAIN.woods, TERRAIN.swamp, TERRAIN.rough, TERRAIN.urban, TERRAIN.lake]),
    calendar: { startDate: '1945-03-06', turns: 8 },
    groundConditions: {
      initial: 'mud',
      // The spring thaw drains away: from turn 3 a 1–2 dries the ground.
      changes: [{ fromTurn: 3, when: ['mud'], outcomes: [{ min: 1, max: 2, condition: 'easy' }] }],
    },
    initiative: [
      { side: GERMANS, fromTurn: 1, toTurn: 4 },
      { side: SOVIETS, fromTurn: 5, toTurn: 8 },
    ],
    preparedOffensives: [
      { side: GERMANS, turn: 1, count: 2 },
      { side: GERMANS, turn: 2, count: 1 },
      { side: SOVIETS, turn: 5, count: 2 },
    ],
    fuelShortage: [{ side: GERMANS, fromTurn: 1, toTurn: 8, units: 2 }],
    // Air interdiction needs easy ground, and the mud cannot dry before turn 3.
    airInterdiction: [{ side: SOVIETS, fromTurn: 3, toTurn: 8 }],
    orderOfBattle: [
      ...placeUnits(GERMANS, [
        ['g-1sspz', 'I SS Panzer Corps', 'tank', 7, [4, 3], 'elite'],
        ['g-2sspz', 'II SS Panzer Corps', 'tank', 6, [4, 2], 'elite'],
        ['g-3pz', 'III Panzer Corps', 'tank', 5, [3, 2]],
        ['g-68ak', 'LXVIII Army Corps', 'infantry', 4, [5, 7]],
        ['g-hu3', 'Hungarian III Corps', 'infantry', 3, [1, 1]],
      ]),
      ...placeUnits(SOVIETS, [
        ['s-4ga', '4th Guards Army', 'infantry', 6, [5, 2]],
        ['s-26a', '26th Army', 'infantry', 6, [5, 4]],
        ['s-57a', '57th Army', 'infantry', 5, [7, 7]],
        ['s-18tc', '18th Tank Corps', 'tank', 3, [7, 3]],
        ['s-1gmc', '1st Guards Mechanised Corps', 'mechanised', 4, [8, 1]],
        ['s-5gcc', '5th Guards Cavalry Corps', 'cavalry', 3, [6, 5]],
      ]),
    ],
  });
}
