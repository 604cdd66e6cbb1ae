// Battle for Moscow (seed 002): Operation Typhoon from 2 October 1941, on a hex map of our own
// drawing from Smolensk to Kolomna and from Torzhok to Orel (about 28 km a hex). Forests, cities
// and Moscow, the Mozhaisk line and Moscow's fortifications, the Volga, Oka, Ugra, Desna, Dnieper
// and Moskva, and the railroads radiating from Moscow; setup markers for 13 German corps and 22
// Soviet armies, four more Soviet armies (1st Shock from turn 4) in the replacement pool.
import type { NewUnit, PlacedUnit, PoolUnit, Replacement, Scenario, Side, TerrainType } from '../../../shared/format/scenario.types.js';
import { MapBuilder, PALETTE, exampleScenario, type CellPos } from '../lib.js';

const COLS = 19;
const ROWS = 17;
const GERMANS = 'germans';
const SOVIETS = 'soviets';

const TERRAIN_TYPES: TerrainType[] = [
  { id: 'clear', code: '.', name: 'Clear', colour: PALETTE.open, category: 'open' },
  { id: 'forest', code: 'f', name: 'Forest', colour: PALETTE.woods, category: 'difficult' },
  { id: 'city', code: 'C', name: 'City', colour: PALETTE.urban, category: 'urban' },
];

const CITIES: [CellPos, string][] = [
  [[8, 0], 'Torzhok'],
  [[10, 1], 'Kalinin'],
  [[6, 3], 'Rzhev'],
  [[13, 3], 'Klin'],
  [[10, 4], 'Volokolamsk'],
  [[15, 5], 'Moscow'],
  [[8, 6], 'Gzhatsk'],
  [[11, 6], 'Mozhaisk'],
  [[6, 7], 'Vyazma'],
  [[12, 8], 'Maloyaroslavets'],
  [[18, 8], 'Kolomna'],
  [[0, 9], 'Smolensk'],
  [[14, 9], 'Serpukhov'],
  [[3, 10], 'Yelnya'],
  [[11, 10], 'Kaluga'],
  [[15, 11], 'Tula'],
  [[2, 12], 'Roslavl'],
  [[9, 12], 'Sukhinichi'],
  [[6, 15], 'Bryansk'],
  [[12, 15], 'Mtsensk'],
  [[11, 16], 'Orel'],
];

// Forest belts: the Valdai edge west of Rzhev, the Belyi and Vyazma woods, the Volokolamsk–
// Mozhaisk belt in front of Moscow, the Ugra woods west of Kaluga, the Bryansk forests, the
// woods south of Tula and the Meshchera east of Moscow.
// prettier-ignore
const FORESTS: CellPos[] = [
  [3, 0], [4, 0], [5, 0], [6, 0], [5, 1], [6, 1], [7, 1], [5, 2], [6, 2],
  [3, 5], [3, 6], [5, 5], [6, 5], [5, 6],
  [7, 6], [7, 7], [8, 7], [9, 7],
  [9, 3], [9, 4], [9, 5], [10, 5], [12, 4], [12, 5], [12, 6],
  [5, 9], [8, 9], [9, 9], [10, 9], [8, 10], [9, 10], [8, 11], [10, 11],
  [4, 13], [4, 14], [4, 15], [5, 15], [6, 13], [6, 14], [7, 13], [7, 14], [7, 15], [8, 15],
  [13, 12], [14, 12], [16, 12], [16, 13],
  [16, 4], [17, 4], [16, 6], [17, 5], [17, 6], [17, 7],
  [14, 2], [15, 2], [16, 2],
];

// The Mozhaisk defence line (Volokolamsk, Mozhaisk, Maloyaroslavets), the fortified approach west
// of Moscow and Tula.
const FORTIFICATIONS: CellPos[] = [[10, 4], [11, 6], [12, 8], [13, 5], [15, 11]];

type UnitSpec = [id: string, name: string, branch: 'infantry' | 'tank', full: number, half: number, movement: number];

// German corps, full strength: panzer corps 9-6 (half 4-6), infantry corps 8-4 or 7-4.
// prettier-ignore
const GERMAN_SETUP: [UnitSpec, CellPos][] = [
  [['g-ix', 'IX Corps', 'infantry', 7, 3, 4], [1, 2]],
  [['g-lvi-pz', 'LVI Panzer Corps', 'tank', 9, 4, 6], [2, 4]],
  [['g-xli-pz', 'XLI Panzer Corps', 'tank', 9, 4, 6], [2, 5]],
  [['g-v', 'V Corps', 'infantry', 8, 4, 4], [1, 6]],
  [['g-vi', 'VI Corps', 'infantry', 7, 3, 4], [2, 7]],
  [['g-viii', 'VIII Corps', 'infantry', 8, 4, 4], [0, 9]],
  [['g-xx', 'XX Corps', 'infantry', 7, 3, 4], [2, 9]],
  [['g-xlvi-pz', 'XLVI Panzer Corps', 'tank', 9, 4, 6], [2, 10]],
  [['g-xii', 'XII Corps', 'infantry', 7, 3, 4], [2, 12]],
  [['g-xliii', 'XLIII Corps', 'infantry', 7, 3, 4], [3, 13]],
  [['g-xlvii-pz', 'XLVII Panzer Corps', 'tank', 9, 4, 6], [3, 14]],
  [['g-xxiv-pz', 'XXIV Panzer Corps', 'tank', 9, 4, 6], [3, 15]],
  [['g-xiii', 'XIII Corps', 'infantry', 7, 3, 4], [2, 16]],
];

// Soviet armies on their hammer-and-sickle hexes, set up at half strength.
// prettier-ignore
const SOVIET_SETUP: [UnitSpec, CellPos][] = [
  [['s-22', '22nd Army', 'infantry', 6, 3, 4], [4, 1]],
  [['s-29', '29th Army', 'infantry', 6, 3, 4], [4, 3]],
  [['s-30', '30th Army', 'infantry', 6, 3, 4], [5, 4]],
  [['s-19', '19th Army', 'infantry', 6, 3, 4], [4, 6]],
  [['s-16', '16th Army', 'infantry', 7, 3, 4], [4, 7]],
  [['s-20', '20th Army', 'infantry', 7, 3, 4], [4, 9]],
  [['s-24', '24th Army', 'infantry', 6, 3, 4], [3, 10]],
  [['s-43', '43rd Army', 'infantry', 7, 3, 4], [4, 11]],
  [['s-50', '50th Army', 'infantry', 7, 3, 4], [5, 13]],
  [['s-3', '3rd Army', 'infantry', 6, 3, 4], [5, 14]],
  [['s-13', '13th Army', 'infantry', 6, 3, 4], [5, 16]],
  [['s-31', '31st Army', 'infantry', 5, 2, 4], [6, 3]],
  [['s-34', '34th Army', 'infantry', 5, 2, 4], [8, 2]],
  [['s-18', '18th Army', 'infantry', 5, 2, 4], [7, 5]],
  [['s-32', '32nd Army', 'infantry', 6, 3, 4], [6, 7]],
  [['s-33', '33rd Army', 'infantry', 6, 3, 4], [7, 9]],
  [['s-49', '49th Army', 'infantry', 6, 3, 4], [7, 11]],
  [['s-ermakov', 'Group Ermakov', 'infantry', 5, 2, 4], [6, 15]],
  [['s-40', '40th Army', 'infantry', 5, 2, 4], [10, 1]],
  [['s-5', '5th Army', 'infantry', 6, 3, 4], [11, 6]],
  [['s-28', '28th Army', 'infantry', 5, 2, 4], [11, 10]],
  [['s-1gd', '1st Guards Rifle Corps', 'infantry', 5, 2, 4], [12, 15]],
];

// The four armies left over: three available as replacements from the start, 1st Shock from turn 4.
// prettier-ignore
const SOVIET_POOL: [UnitSpec, number][] = [
  [['s-10', '10th Army', 'infantry', 6, 3, 4], 1],
  [['s-26', '26th Army', 'infantry', 6, 3, 4], 1],
  [['s-61', '61st Army', 'infantry', 5, 2, 4], 1],
  [['s-1-shock', '1st Shock Army', 'infantry', 10, 5, 4], 4],
];

function unit(side: string, [id, name, branch, full, half, movement]: UnitSpec, startsReduced: boolean): NewUnit {
  return { id, side, name, branch, strength: full, fields: { reducedStrength: half, movement, ...(startsReduced ? { startsReduced: true } : {}) } };
}

export function battleForMoscow(): Scenario {
  const grid = { kind: 'hex', orientation: 'flat', offset: 'odd', cols: COLS, rows: ROWS, labels: 'CCRR' } as const;
  const terrain = Array.from({ length: ROWS }, () => Array.from({ length: COLS }, () => '.'));
  for (const [c, r] of FORESTS) terrain[r]![c] = 'f';
  for (const [[c, r]] of CITIES) terrain[r]![c] = 'C';
  // The Germans hold the ground west of the front: the first three columns and the hexes their
  // southern corps stand in; everything else, every city without a German unit included, is Soviet.
  const germanHexes = new Set(GERMAN_SETUP.map(([, [c, r]]) => `${c},${r}`));
  const control = Array.from({ length: ROWS }, (_, r) =>
    Array.from({ length: COLS }, (_, c) => (c <= 2 || germanHexes.has(`${c},${r}`) ? 'G' : 'S')).join(''),
  );
  const m = new MapBuilder(grid, terrain.map((row) => row.join('')), control);

  // Rivers (drawn through hex centres; the river runs on the sides the line crosses).
  m.riverThrough([4, 3], [6, 4], [8, 2], [10, 2], [12, 1], [14, 1], [18, 0]); // Volga: past Rzhev, Kalinin
  m.riverThrough([11, 16], [10, 14], [10, 12], [12, 11], [13, 10], [14, 10], [16, 10], [17, 9], [18, 9]); // Oka: Orel, Kaluga, Serpukhov
  m.riverThrough([2, 8], [4, 10], [6, 10], [8, 12], [10, 12]); // Ugra, into the Oka west of Kaluga
  m.riverThrough([3, 7], [3, 9], [4, 12], [5, 14], [6, 16]); // Desna: down to Bryansk
  m.riverThrough([6, 6], [4, 8], [1, 8], [0, 10]); // Dnieper: out past Smolensk
  m.riverThrough([10, 7], [12, 7], [14, 7], [16, 7], [17, 8]); // Moskva: south of Moscow to Kolomna

  // Railroads radiating from Moscow, and the lateral lines behind the front.
  const MOSCOW: CellPos = [15, 5];
  m.rail(MOSCOW, [13, 3], [10, 1], [8, 0]); // Kalinin line
  m.rail(MOSCOW, [10, 4], [6, 3], [3, 2], [0, 2]); // Rzhev line
  m.rail(MOSCOW, [11, 6], [8, 6], [6, 7], [0, 9]); // Smolensk line
  m.rail(MOSCOW, [12, 8], [11, 10], [9, 12], [6, 15]); // Kaluga–Bryansk line
  m.rail(MOSCOW, [14, 9], [15, 11], [12, 15], [11, 16]); // Tula–Orel line
  m.rail(MOSCOW, [18, 8]); // Kolomna
  m.rail(MOSCOW, [15, 0]); // north
  m.rail([6, 3], [6, 7], [6, 11], [6, 15]); // Rzhev–Vyazma–Bryansk
  m.rail([0, 9], [2, 12], [9, 12]); // Smolensk–Roslavl–Sukhinichi
  m.rail([15, 11], [18, 11]); // Tula eastward

  for (const [pos, name] of CITIES) m.cell(pos, { name });
  m.cell(MOSCOW, { victory: {} });
  for (const pos of FORTIFICATIONS) m.cell(pos, { fortification: true });
  for (const [, pos] of GERMAN_SETUP) m.cell(pos, { setup: GERMANS });
  for (const [, pos] of SOVIET_SETUP) m.cell(pos, { setup: SOVIETS });

  const sides: [Side, Side] = [
    { id: GERMANS, name: 'Germans', code: 'G', colour: '#5f6b52' },
    { id: SOVIETS, name: 'Soviets', code: 'S', colour: '#c0392b' },
  ];
  const placed = (side: string, list: [UnitSpec, CellPos][], reduced: boolean): PlacedUnit[] =>
    list.map(([spec, [c, r]]) => ({ ...unit(side, spec, reduced), cell: `${c},${r}` }));
  const pool: PoolUnit[] = SOVIET_POOL.map(([spec, fromTurn]) => ({ ...(fromTurn > 1 ? { fromTurn } : {}), unit: unit(SOVIETS, spec, false) }));
  const replacements: Replacement[] = [];
  for (let turn = 1; turn <= 7; turn++) {
    // Germans: one a turn, none on turn 1 (all their units start at full strength).
    if (turn > 1) replacements.push({ side: GERMANS, turn, points: 1 });
    replacements.push({ side: SOVIETS, turn, points: 5 });
  }

  return exampleScenario({
    id: 'battle-for-moscow',
    title: 'Battle for Moscow, October–December 1941',
    description:
      'Operation Typhoon in seven turns (the two mud turns of late October and early November count two weeks each), for the Battle for Moscow rules (seed 002). ' +
      'Thirteen German corps set up at full strength on the black crosses west of Vyazma and Bryansk; twenty-two Soviet armies at half strength on the hammer-and-sickle hexes, with three more armies in the replacement pool and the 1st Shock Army from turn 4. ' +
      'Germans get one replacement a turn from turn 2, Soviets five. Whoever holds Moscow at the end wins. The map is our own drawing of the ground from Smolensk to Kolomna and from Torzhok to Orel, about 28 km a hex.',
    tags: ['example', 'eastern front', '1941', 'battle for moscow', 'hex', 'introductory'],
    ruleset: { id: 'bfm' },
    sides,
    map: { ...m.mapSection({ value: 19, unit: 'mm' }, TERRAIN_TYPES), groundScaleKm: 28 },
    calendar: { startDate: '1941-10-02', turns: 7 },
    groundConditions: {
      initial: 'easy',
      changes: [
        { fromTurn: 3, toTurn: 4, outcomes: [{ min: 1, max: 6, condition: 'mud' }] },
        { fromTurn: 5, outcomes: [{ min: 1, max: 6, condition: 'easy' }] },
      ],
    },
    orderOfBattle: [...placed(GERMANS, GERMAN_SETUP, false), ...placed(SOVIETS, SOVIET_SETUP, true)],
    replacements,
    pool,
  });
}
