// A small valid scenario for tests: a 6×5 flat-top hex map (odd columns shifted down) with two
// sides, five terrain types, a river with a rail bridge, a road, a lake shore, supply bases,
// victory cells, entry cells, four units and a schedule of every kind. Each call returns a
// fresh deep copy, so a test may break it freely.
import type { Scenario } from './scenario.types.js';
import networkFront from './fixtures/network-front.json' with { type: 'json' };

const tiny: Scenario = {
  formatVersion: 1,
  id: 'tiny-test',
  title: 'Tiny test front',
  author: 'Gridfront tests',
  description: 'A small map exercising every part of the format.',
  tags: ['test', 'hex'],
  ruleset: { id: 'operational', options: { stackingLimit: 3 } },
  sides: [
    {
      id: 'ger',
      name: 'Germans',
      code: 'G',
      colour: '#5a6b7c',
      flags: { mudSlows: true, losesDifficultInSnow: true },
    },
    {
      id: 'sov',
      name: 'Soviets',
      code: 'S',
      colour: '#a83232',
      flags: { railMovement: true, breakthroughInSnow: true },
    },
  ],
  map: {
    grid: { kind: 'hex', orientation: 'flat', offset: 'odd', cols: 6, rows: 5, labels: 'CCRR' },
    cellSize: { value: 10, unit: 'cm' },
    groundScaleKm: 40,
    terrainTypes: [
      { id: 'clear', code: '.', name: 'Clear', colour: '#e8e4c9', category: 'open' },
      { id: 'woods', code: 'f', name: 'Woods', colour: '#4f7942', category: 'difficult' },
      { id: 'city', code: 'u', name: 'City', colour: '#9a9a9a', category: 'urban' },
      { id: 'lake', code: '~', name: 'Lake', colour: '#6fa8dc', category: 'impassable', freezes: true },
      { id: 'mountain', code: '^', name: 'Mountains', colour: '#7b5e3b', category: 'impassable' },
    ],
    terrain: ['..f...', '.ff.u.', '..~...', 'u...^.', '......'],
    control: ['GGGSSS', 'GGGSSS', 'GGGSSS', 'GGGSSS', 'GGGSSS'],
    cells: {
      '0,0': { entry: ['ger'] },
      '0,3': { name: 'Smolensk', supplyBase: 'ger', victory: { perTurn: 2, endGame: 5 } },
      '4,1': { name: 'Vyazma', victory: { endGame: 4 } },
      '3,2': { fortification: true },
      '5,2': { supplyBase: 'sov' },
      '5,4': { entry: ['sov'] },
    },
    rivers: ['2,0,SE', '2,1,NE', '2,1,SE', '2,2,NE'],
    lakeShores: ['2,2,N'],
    roads: ['0,3,SE', '1,3,NE', '2,3,SE'],
    rails: ['0,1,SE', '1,1,NE', '2,1,SE'],
  },
  calendar: { startDate: '1941-10-02', turns: 6 },
  groundConditions: {
    initial: 'easy',
    changes: [
      { fromTurn: 3, toTurn: 6, when: ['easy'], outcomes: [{ min: 1, max: 2, condition: 'mud' }] },
      { fromTurn: 4, when: ['mud'], outcomes: [{ min: 5, max: 6, condition: 'easy' }] },
    ],
  },
  initiative: [
    { side: 'ger', fromTurn: 1, toTurn: 4 },
    { side: 'sov', fromTurn: 5, toTurn: 6 },
  ],
  preparedOffensives: [{ side: 'ger', turn: 1, count: 2 }],
  fuelShortage: [{ side: 'ger', fromTurn: 5, toTurn: 6, units: 1 }],
  airInterdiction: [{ side: 'ger', fromTurn: 1, toTurn: 2 }],
  airliftedSupply: [{ side: 'ger', fromTurn: 4, toTurn: 6 }],
  commandConfusion: [{ side: 'sov', fromTurn: 1, toTurn: 2 }],
  orderOfBattle: [
    { id: 'g-inf-1', side: 'ger', name: 'IX Corps', branch: 'infantry', strength: 4, cell: '1,2' },
    { id: 'g-pz-1', side: 'ger', name: 'XLVI Panzer Corps', branch: 'tank', strength: 5, elite: true, cell: '1,2' },
    { id: 's-inf-1', side: 'sov', name: '16th Army', branch: 'infantry', strength: 4, cell: '4,2' },
    { id: 's-cav-1', side: 'sov', name: '1st Guards Cavalry Corps', branch: 'cavalry', strength: 3, cell: '5,3' },
  ],
  reinforcements: [
    { turn: 2, entryCell: '0,0', unit: { id: 'g-pz-2', side: 'ger', name: 'LVII Panzer Corps', branch: 'tank', strength: 4 } },
    { turn: 3, entryCell: '5,4', unit: { id: 's-inf-2', side: 'sov', name: '49th Army', branch: 'infantry', strength: 3 } },
  ],
  replacements: [{ side: 'sov', turn: 3, points: 2, branches: ['infantry', 'cavalry'] }],
};

/** A fresh, valid, fully featured 6×5 hex scenario. */
export function makeTinyScenario(): Scenario {
  return JSON.parse(JSON.stringify(tiny)) as Scenario;
}

/**
 * A fresh, valid network scenario (fixtures/network-front.json): fourteen positions from the
 * border to Moscow, 21 links (roads, railways, ordinary; two bent), victory cities,
 * fortresses, supply bases, a map-edge entry, army-group sectors as position properties,
 * units on positions and reinforcements entering at them.
 */
export function makeNetworkScenario(): Scenario {
  return JSON.parse(JSON.stringify(networkFront)) as Scenario;
}
