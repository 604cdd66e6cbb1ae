// A small demonstration of the square grid (4-way adjacency): a Vistula bridgehead in
// August 1944, with rivers, roads and railways along square sides.
import type { Scenario } from '../../../shared/format/scenario.types.js';
import { GERMANS, MapBuilder, SOVIETS, TERRAIN, easternFrontSides, exampleScenario, placeUnits, type CellPos } from '../lib.js';

export function squareGridDemo(): Scenario {
  const grid = { kind: 'square', adjacency: 4, cols: 12, rows: 10, labels: 'CCRR' } as const;
  // prettier-ignore
  const m = new MapBuilder(grid, [
    '..f...s.....',
    '.ff.....f...',
    '....C.......',
    '..s...h....f',
    '.f.....~..f.',
    '...h........',
    'f....C...s..',
    '..f......ss.',
    '.....f....C.',
    '..C.....f...',
  ], [
    // The Soviets hold the east bank and a bridgehead round Sandomierz on the west bank.
    'GGGGGGSSSSSS',
    'GGGGGGSSSSSS',
    'GGGGGSSSSSSS',
    'GGGGGSSSSSSS',
    'GGGGGGSSSSSS',
    'GGGGGGSSSSSS',
    'GGGGGSSSSSSS',
    'GGGGGSSSSSSS',
    'GGGGGGSSSSSS',
    'GGGGGGSSSSSS',
  ]);

  // The Vistula: first column of the east bank, row by row.
  m.riverAcrossRows({ 0: 6, 1: 6, 2: 5, 3: 5, 4: 6, 5: 6, 6: 7, 7: 7, 8: 6, 9: 6 });
  // The San joins from the south-east; the Kamienna from the west.
  m.riverAcrossColumns({ 7: 7, 8: 7, 9: 8, 10: 8, 11: 8 });
  m.riverAcrossColumns({ 0: 3, 1: 3, 2: 4, 3: 4, 4: 4 });

  const radom: CellPos = [4, 2];
  const sandomierz: CellPos = [5, 6];
  const rzeszow: CellPos = [10, 8];
  const busko: CellPos = [2, 9];
  m.road([0, 2], radom, [11, 2]);
  m.road(radom, sandomierz, rzeszow, [11, 9]);
  m.road(busko, sandomierz);
  m.rail([0, 7], [11, 7]);
  m.rail([10, 9], [10, 0]);
  m.rail(radom, [4, 0]);

  m.cell(radom, { name: 'Radom', victory: { perTurn: 2, endGame: 4 } })
    .cell(sandomierz, { name: 'Sandomierz', fortification: true, victory: { perTurn: 2, endGame: 5 } })
    .cell(rzeszow, { name: 'Rzeszów', victory: { perTurn: 2, endGame: 3 } })
    .cell(busko, { name: 'Busko' })
    .cell([7, 4], { name: 'Lake Tarnobrzeg' });
  m.supplyBases(GERMANS, [[0, 1], [0, 5], [0, 8]]).supplyBases(SOVIETS, [[11, 1], [11, 5], [11, 9]]);

  return exampleScenario({
    id: 'square-grid-demo',
    title: 'Square Grid Demo: The Vistula Bridgehead',
    description:
      'A 12 × 10 square grid with 4-way (orthogonal) adjacency: rivers, roads and railways run along the square sides, and there are no diagonal moves. ' +
      'In August 1944 the Soviets hold a bridgehead over the Vistula at Sandomierz and the Germans have ten turns of summer weather to throw them back. ' +
      'A small, quick teaching game; the setting is illustrative.',
    tags: ['demo', 'square grid', '1944', 'small'],
    ruleset: { id: 'operational' },
    sides: easternFrontSides(),
    map: m.mapSection({ value: 10, unit: 'cm' }, [TERRAIN.open, TERRAIN.woods, TERRAIN.swamp, TERRAIN.rough, TERRAIN.urban, TERRAIN.lake]),
    calendar: { startDate: '1944-08-10', turns: 10 },
    groundConditions: {
      initial: 'easy',
      // Late-summer storms: a 1 turns the ground to mud, a 5 or 6 dries it again.
      changes: [
        { fromTurn: 4, when: ['easy'], outcomes: [{ min: 1, max: 1, condition: 'mud' }] },
        { fromTurn: 4, when: ['mud'], outcomes: [{ min: 5, max: 6, condition: 'easy' }] },
      ],
    },
    initiative: [
      { side: GERMANS, fromTurn: 1, toTurn: 6 },
      { side: SOVIETS, fromTurn: 7, toTurn: 10 },
    ],
    preparedOffensives: [
      { side: GERMANS, turn: 1, count: 2 },
      { side: SOVIETS, turn: 7, count: 1 },
    ],
    airInterdiction: [{ side: SOVIETS, fromTurn: 1, toTurn: 10 }],
    orderOfBattle: [
      ...placeUnits(GERMANS, [
        ['g-48pz', 'XXXXVIII Panzer Corps', 'tank', 6, [4, 6], 'elite'],
        ['g-3pz', 'III Panzer Corps', 'tank', 5, [4, 7]],
        ['g-42ak', 'XXXXII Army Corps', 'infantry', 5, [4, 5]],
        ['g-59ak', 'LIX Army Corps', 'infantry', 4, [5, 1]],
        ['g-8ak', 'VIII Army Corps', 'infantry', 4, [5, 8]],
      ]),
      ...placeUnits(SOVIETS, [
        ['s-3gta', '3rd Guards Tank Army', 'tank', 7, [6, 6], 'elite'],
        ['s-13a', '13th Army', 'infantry', 6, sandomierz],
        ['s-5ga', '5th Guards Army', 'infantry', 6, [5, 7]],
        ['s-4ta', '4th Tank Army', 'tank', 6, [7, 5]],
        ['s-1gcc', '1st Guards Cavalry Corps', 'cavalry', 3, [7, 8]],
        ['s-60a', '60th Army', 'infantry', 4, [6, 2]],
      ]),
    ],
  });
}
