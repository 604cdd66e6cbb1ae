// A larger operational game of my own design: the Soviet autumn offensives over the lower
// Dnieper, late October to December 1943, on a 28 × 20 pointy-top hex map. Geography is
// stylised (towns sit roughly where they belong, rivers are simplified).
import type { Reinforcement, Replacement, Scenario } from '../../../shared/format/scenario.types.js';
import {
  GERMANS,
  MapBuilder,
  SOVIETS,
  TERRAIN,
  arrival,
  easternFrontSides,
  exampleScenario,
  placeUnits,
  replacementPoints,
  type CellPos,
  type UnitTuple,
} from '../lib.js';

const G = GERMANS;
const S = SOVIETS;

export function dnieperBend1943(): Scenario {
  const grid = { kind: 'hex', orientation: 'pointy', offset: 'odd', cols: 28, rows: 20, labels: 'CCRR' } as const;
  // prettier-ignore
  const m = new MapBuilder(grid, [
    'sssss......s................',
    'ssff.f....s.s............C..',
    '.ff.f.fW.........C...f......',
    'ff.f.............f..........',
    'f.f....h..........f.........',
    '........h.Cf...s......f.....',
    'C........ff..C..............',
    '...C........s...............',
    '..f......C.....s..C...f....C',
    '...f.....ff............f..h.',
    '........f.....h.....h......h',
    '.f...........C.....Ch.....h.',
    '.............h......h......h',
    '....f...........s...........',
    '................C...........',
    '.....C...........s....C.....',
    '===~........s...............',
    '=======...C.....s....~..====',
    '===========......sss.=======',
    '==============......========',
  ], [
    // The Germans hold the right bank and the Nogai steppe behind the Molochnaya; the Soviets
    // have five bridgeheads over the Dnieper (Lyutezh, Bukrin, two below Kremenchug, one at
    // Dnepropetrovsk). Control of sea cells has no effect.
    'GGGGGGGGSSSSSSSSSSSSSSSSSSSS',
    'GGGGGGGSSSSSSSSSSSSSSSSSSSSS',
    'GGGGGGGGSSSSSSSSSSSSSSSSSSSS',
    'GGGGGGGGSSSSSSSSSSSSSSSSSSSS',
    'GGGGGGGGSGSSSSSSSSSSSSSSSSSS',
    'GGGGGGGGGGGGGSSSSSSSSSSSSSSS',
    'GGGGGGGGGGGGGSSSSSSSSSSSSSSS',
    'GGGGGGGGGGGGGGSSSSSSSSSSSSSS',
    'GGGGGGGGGGGGGSSGGGSSSSSSSSSS',
    'GGGGGGGGGGGGGGGGGSSSSSSSSSSS',
    'GGGGGGGGGGGGGGGGGGGGSSSSSSSS',
    'GGGGGGGGGGGGGGGGGGGSSSSSSSSS',
    'GGGGGGGGGGGGGGGGGGGGGGGSSSSS',
    'GGGGGGGGGGGGGGGGGGGGGGGSSSSS',
    'GGGGGGGGGGGGGGGGGGGGGGGGSSSS',
    'GGGGGGGGGGGGGGGGGGGGGGGSSSSS',
    'GGGGGGGGGGGGGGGGGGGGGGGGSSSS',
    'GGGGGGGGGGGGGGGGGGGGGGGSSSSS',
    'GGGGGGGGGGGGGGGGGGGGGGGSSSSS',
    'GGGGGGGGGGGGGGGGGGGGGGGSSSSS',
  ]);

  // Rivers, drawn through cell centres from source to mouth.
  const dnieperCourse: CellPos[] = [[7, -1], [7, 3], [9, 4], [11, 4], [12, 5], [12, 6], [13, 7], [16, 7], [17, 9], [19, 10], [19, 12], [17, 14], [14, 15], [11, 16], [10, 17], [9, 18]];
  m.riverThrough(...dnieperCourse);
  m.riverThrough([22, 11], [23, 12], [23, 14], [23, 16], [22, 18]); // Molochnaya
  m.riverThrough([13, 0], [11, 2], [8, 2], [7, 3]); // Desna
  m.riverThrough([21, 3], [18, 5], [16, 7]); // Psel
  m.riverThrough([25, 5], [22, 7], [19, 10]); // Samara
  m.riverThrough([12, 8], [13, 10], [12, 13], [11, 16]); // Ingulets
  m.riverThrough([0, 5], [2, 9], [4, 12], [5, 14], [6, 17]); // Southern Bug
  m.riverThrough([3, 4], [6, 5], [9, 4]); // Ros

  const kiev: CellPos = [7, 2];
  const cherkassy: CellPos = [10, 5];
  const kremenchug: CellPos = [13, 6];
  const poltava: CellPos = [17, 2];
  const kharkov: CellPos = [25, 1];
  const dnepropetrovsk: CellPos = [18, 8];
  const zaporozhye: CellPos = [19, 11];
  const krivoiRog: CellPos = [13, 11];
  const kirovograd: CellPos = [9, 8];
  const nikopol: CellPos = [16, 14];
  const kherson: CellPos = [10, 17];
  const nikolaev: CellPos = [5, 15];
  const uman: CellPos = [3, 7];
  const melitopol: CellPos = [22, 15];
  const stalino: CellPos = [27, 8];
  const vinnitsa: CellPos = [0, 6];
  const pervomaisk: CellPos = [3, 11];
  const lozovaya: CellPos = [22, 5];
  const perekop: CellPos = [16, 19];

  // Roads. Where one crosses a river it is a bridge.
  m.road(vinnitsa, uman, kirovograd, krivoiRog, nikopol);
  m.road(kiev, uman);
  m.road(kiev, cherkassy, kirovograd);
  m.road(kiev, [12, 2], poltava, kharkov);
  m.road(poltava, kremenchug, [12, 8], kirovograd);
  m.road(poltava, dnepropetrovsk, zaporozhye, melitopol, [18, 17], perekop);
  m.road(stalino, dnepropetrovsk, krivoiRog, kherson, nikolaev, pervomaisk, uman);
  // Railways.
  m.rail(vinnitsa, [4, 3], kiev, [12, 1], [16, 0]);
  m.rail(kharkov, poltava, kremenchug, [11, 8], kirovograd, pervomaisk, [0, 13]);
  m.rail(kharkov, lozovaya, dnepropetrovsk, krivoiRog, [10, 12], nikolaev);
  m.rail(lozovaya, zaporozhye, melitopol, perekop);
  m.rail(stalino, lozovaya);
  m.rail(zaporozhye, nikopol, krivoiRog);

  // Cities on the river line score every turn for whoever holds them; the deep objectives
  // behind the German line score only at the end, so each side starts level at 8 VP a turn.
  const town = (pos: CellPos, name: string, victory?: { perTurn: number; endGame: number }, fortification = false) =>
    m.cell(pos, { name, ...(fortification ? { fortification } : {}), ...(victory ? { victory } : {}) });
  const line = (endGame: number) => ({ perTurn: 2, endGame });
  const deep = (endGame: number) => ({ perTurn: 0, endGame });
  town(kiev, 'Kiev', line(6), true);
  town(cherkassy, 'Cherkassy', line(4));
  town(kremenchug, 'Kremenchug', line(4));
  town(poltava, 'Poltava', line(3));
  town(kharkov, 'Kharkov');
  town(dnepropetrovsk, 'Dnepropetrovsk', line(5));
  town(zaporozhye, 'Zaporozhye', line(5));
  town(krivoiRog, 'Krivoi Rog', deep(6));
  town(kirovograd, 'Kirovograd', deep(6));
  town(nikopol, 'Nikopol', line(4), true);
  town(kherson, 'Kherson', deep(5));
  town(nikolaev, 'Nikolaev', deep(5));
  town(uman, 'Uman', deep(5));
  town(melitopol, 'Melitopol', line(4), true);
  town(stalino, 'Stalino');
  town(vinnitsa, 'Vinnitsa');
  town(pervomaisk, 'Pervomaisk');
  town(lozovaya, 'Lozovaya');
  town(perekop, 'Perekop');
  town([7, 1], 'Lyutezh');
  town([8, 4], 'Bukrin');
  town([7, 4], 'Kanev');
  town([11, 8], 'Znamenka');
  town([4, 3], 'Fastov');
  town([14, 13], 'Apostolovo');
  town([3, 16], 'Tiligul Liman');
  town([21, 17], 'Molochny Liman');
  m.cell([18, 12], { fortification: true }).cell([22, 13], { fortification: true });

  m.supplyBases(G, [[0, 1], [5, 0], [0, 7], [0, 13], perekop]).supplyBases(S, [[10, 0], [20, 0], [27, 4], [27, 9], [27, 14]]);
  const gWest: CellPos = [0, 3];
  const gSouthWest: CellPos = [0, 10];
  const gCrimea: CellPos = [15, 19];
  const sNorth: CellPos = [16, 0];
  const sEast: CellPos = [27, 3];
  const sSouthEast: CellPos = [27, 11];
  for (const pos of [gWest, gSouthWest, gCrimea]) m.cell(pos, { entry: [G] });
  for (const pos of [sNorth, sEast, sSouthEast]) m.cell(pos, { entry: [S] });

  const germans: UnitTuple[] = [
    // Kiev sector
    ['g-13ak', 'XIII Army Corps', 'infantry', 5, [7, 0]],
    ['g-7ak', 'VII Army Corps', 'infantry', 5, kiev],
    ['g-48pz', 'XXXXVIII Panzer Corps', 'tank', 7, [6, 2], 'elite'],
    ['g-59ak', 'LIX Army Corps', 'infantry', 4, [5, 1]],
    ['g-24pz', 'XXIV Panzer Corps', 'tank', 6, [6, 3]],
    // Cherkassy and Kremenchug
    ['g-42ak', 'XXXXII Army Corps', 'infantry', 5, [9, 4]],
    ['g-11ak', 'XI Army Corps', 'infantry', 5, cherkassy],
    ['g-47pz', 'XXXXVII Panzer Corps', 'tank', 6, [11, 6]],
    ['g-52ak', 'LII Army Corps', 'infantry', 4, [12, 6]],
    ['g-3ak', 'III Army Corps', 'infantry', 4, [12, 7]],
    ['g-3pz', 'III Panzer Corps', 'tank', 7, [12, 8], 'elite'],
    // Dnepropetrovsk bend
    ['g-30ak', 'XXX Army Corps', 'infantry', 5, [15, 8]],
    ['g-17ak', 'XVII Army Corps', 'infantry', 5, [16, 8]],
    ['g-40pz', 'XXXX Panzer Corps', 'tank', 6, [15, 9]],
    ['g-57pz', 'LVII Panzer Corps', 'tank', 5, [16, 9]],
    // Zaporozhye, Nikopol and the Molochnaya
    ['g-4ak', 'IV Army Corps', 'infantry', 5, [18, 10]],
    ['g-29ak', 'XXIX Army Corps', 'infantry', 5, [18, 12]],
    ['g-gd', 'Panzergrenadier Division Grossdeutschland', 'mechanised', 4, [19, 12], 'elite'],
    ['g-44ak', 'XXXXIV Army Corps', 'infantry', 5, [22, 13]],
    ['g-5ak', 'V Army Corps', 'infantry', 5, melitopol],
    ['g-romg', 'Romanian Mountain Corps', 'infantry', 3, [22, 16]],
    // Reserves behind the river
    ['g-46pz', 'XXXXVI Panzer Corps', 'tank', 5, krivoiRog],
    ['g-tk', 'SS Panzergrenadier Totenkopf', 'mechanised', 4, kirovograd, 'elite'],
    ['g-cav', 'Cavalry Corps Harteneck', 'cavalry', 3, [15, 12]],
    ['g-mieth', 'Corps Group Mieth', 'infantry', 3, nikolaev],
    ['g-sec', 'Security Command Uman', 'infantry', 2, uman],
  ];
  const soviets: UnitTuple[] = [
    // 1st Ukrainian Front
    ['s-60a', '60th Army', 'infantry', 5, [8, 0]],
    ['s-38a', '38th Army', 'infantry', 6, [7, 1]],
    ['s-3gta', '3rd Guards Tank Army', 'tank', 8, [8, 1], 'elite'],
    ['s-1gcc', '1st Guards Cavalry Corps', 'cavalry', 3, [9, 1]],
    ['s-40a', '40th Army', 'infantry', 6, [8, 4]],
    ['s-27a', '27th Army', 'infantry', 5, [9, 3]],
    ['s-1gab', '1st Guards Airborne Corps', 'airborne', 3, [12, 3]],
    // 2nd Ukrainian Front
    ['s-52a', '52nd Army', 'infantry', 5, [11, 4]],
    ['s-4ga', '4th Guards Army', 'infantry', 6, [12, 4]],
    ['s-37a', '37th Army', 'infantry', 5, kremenchug],
    ['s-5ga', '5th Guards Army', 'infantry', 6, [13, 8]],
    ['s-7ga', '7th Guards Army', 'infantry', 6, [14, 8]],
    ['s-5gta', '5th Guards Tank Army', 'tank', 8, [14, 7], 'elite'],
    ['s-53a', '53rd Army', 'infantry', 5, [15, 7]],
    ['s-57a', '57th Army', 'infantry', 5, [16, 7]],
    // 3rd Ukrainian Front
    ['s-46a', '46th Army', 'infantry', 5, [17, 9]],
    ['s-8ga', '8th Guards Army', 'infantry', 6, [18, 9], 'elite'],
    ['s-1gmc', '1st Guards Mechanised Corps', 'mechanised', 4, dnepropetrovsk],
    ['s-6a', '6th Army', 'infantry', 5, [20, 10]],
    ['s-12a', '12th Army', 'infantry', 4, zaporozhye],
    // 4th Ukrainian Front
    ['s-3ga', '3rd Guards Army', 'infantry', 5, [20, 11]],
    ['s-5sa', '5th Shock Army', 'infantry', 6, [21, 11]],
    ['s-4gmc', '4th Guards Mechanised Corps', 'mechanised', 4, [23, 12]],
    ['s-51a', '51st Army', 'infantry', 5, [23, 13]],
    ['s-19tc', '19th Tank Corps', 'tank', 4, [24, 13]],
    ['s-2ga', '2nd Guards Army', 'infantry', 6, [24, 14]],
    ['s-28a', '28th Army', 'infantry', 5, [23, 15]],
    ['s-4gcc', '4th Guards Cavalry Corps', 'cavalry', 4, [24, 15]],
    ['s-44a', '44th Army', 'infantry', 4, [24, 16]],
  ];

  const reinforcements: Reinforcement[] = [
    arrival(2, sNorth, S, ['s-2ta', '2nd Tank Army', 'tank', 7]),
    arrival(3, gSouthWest, G, ['g-56pz', 'LVI Panzer Corps', 'tank', 5]),
    arrival(3, sNorth, S, ['s-18tc', '18th Tank Corps', 'tank', 3]),
    arrival(4, sSouthEast, S, ['s-69a', '69th Army', 'infantry', 5]),
    arrival(5, gWest, G, ['g-raus', 'Corps Group Raus', 'infantry', 4]),
    arrival(6, sSouthEast, S, ['s-5gcc', '5th Guards Cavalry Corps', 'cavalry', 3]),
    arrival(7, gSouthWest, G, ['g-14pz', 'XIV Panzer Corps', 'tank', 5]),
    arrival(8, sNorth, S, ['s-1ga', '1st Guards Army', 'infantry', 6]),
    arrival(9, gWest, G, ['g-67ak', 'LXVII Army Corps', 'infantry', 4]),
    arrival(10, sEast, S, ['s-6ta', '6th Tank Army', 'tank', 6]),
    arrival(12, gSouthWest, G, ['g-sspz', 'SS Panzer Corps', 'tank', 7, 'elite']),
    arrival(12, sNorth, S, ['s-47a', '47th Army', 'infantry', 5]),
    arrival(13, gCrimea, G, ['g-49mk', 'XXXXIX Mountain Corps', 'infantry', 4]),
    arrival(14, sSouthEast, S, ['s-2gmc', '2nd Guards Mechanised Corps', 'mechanised', 4]),
    arrival(15, gWest, G, ['g-72ak', 'LXXII Army Corps', 'infantry', 4]),
    arrival(17, sEast, S, ['s-1ta', '1st Tank Army', 'tank', 7, 'elite']),
  ];

  const replacements: Replacement[] = [
    replacementPoints(S, 3, 4),
    replacementPoints(G, 4, 3, ['tank']),
    replacementPoints(S, 5, 3, ['tank']),
    replacementPoints(S, 7, 4),
    replacementPoints(G, 8, 3),
    replacementPoints(S, 9, 4, ['tank', 'mechanised']),
    replacementPoints(S, 11, 4),
    replacementPoints(G, 12, 4, ['tank', 'mechanised']),
    replacementPoints(S, 13, 3),
    replacementPoints(S, 15, 4),
    replacementPoints(G, 16, 3),
    replacementPoints(S, 19, 4),
    replacementPoints(G, 20, 3, ['tank']),
    replacementPoints(S, 21, 3, ['tank']),
  ];

  return exampleScenario({
    id: 'dnieper-bend-1943',
    title: 'The Dnieper Bend, Autumn 1943',
    description:
      'Four Soviet fronts have closed up to the Dnieper from Kiev to Zaporozhye and hold five bridgeheads on the right bank; the Germans cling to the river line and to the Nogai steppe behind the Molochnaya. ' +
      'The Soviets open with prepared offensives and the initiative, the autumn rains bring mud from turn 3 and frost from turn 8, and around turn 13 a German panzer counterstroke gets its chance. ' +
      'Cities on the river line score every turn and the deep objectives only at the end. ' +
      'A 28 × 20 pointy-top hex map at 40 km a cell; geography is simplified and the order of battle is illustrative.',
    tags: ['eastern front', '1943', 'large', 'hex', 'campaign'],
    ruleset: { id: 'operational', options: { supplyLineLimit: 14 } },
    sides: easternFrontSides({ soviets: { deepPenetration: true } }),
    map: m.mapSection({ value: 10, unit: 'cm' }, [TERRAIN.open, TERRAIN.woods, TERRAIN.swamp, TERRAIN.rough, TERRAIN.urban, TERRAIN.urbanWoods, TERRAIN.lake, TERRAIN.sea]),
    calendar: { startDate: '1943-10-26', turns: 24 },
    groundConditions: {
      initial: 'easy',
      changes: [
        // Autumn rains: dry ground turns to mud.
        { fromTurn: 3, toTurn: 9, when: ['easy'], outcomes: [{ min: 1, max: 3, condition: 'mud' }] },
        // The first frosts harden the mud, and by turn 12 winter has certainly come.
        { fromTurn: 8, toTurn: 11, when: ['mud'], outcomes: [{ min: 1, max: 2, condition: 'frozen' }] },
        { fromTurn: 10, toTurn: 11, when: ['easy'], outcomes: [{ min: 1, max: 4, condition: 'frozen' }] },
        { fromTurn: 12, toTurn: 12, when: ['easy', 'mud'], outcomes: [{ min: 1, max: 6, condition: 'frozen' }] },
        // Snow settles from mid-December.
        { fromTurn: 14, when: ['frozen'], outcomes: [{ min: 1, max: 3, condition: 'snow' }] },
      ],
    },
    initiative: [
      { side: S, fromTurn: 1, toTurn: 12 },
      { side: G, fromTurn: 13, toTurn: 16 },
      { side: S, fromTurn: 17, toTurn: 24 },
    ],
    preparedOffensives: [
      { side: S, turn: 1, count: 3 },
      { side: S, turn: 2, count: 2 },
      { side: S, turn: 9, count: 2 },
      { side: G, turn: 13, count: 2 },
      { side: G, turn: 14, count: 1 },
      { side: S, turn: 17, count: 3 },
      { side: S, turn: 18, count: 1 },
    ],
    fuelShortage: [{ side: G, fromTurn: 10, toTurn: 20, units: 2 }],
    // Air interdiction needs easy ground; from turn 12 the ground is frozen or snow for good.
    airInterdiction: [
      { side: G, fromTurn: 1, toTurn: 4 },
      { side: S, fromTurn: 1, toTurn: 11 },
    ],
    airliftedSupply: [{ side: G, fromTurn: 13, toTurn: 24 }],
    commandConfusion: [
      { side: G, fromTurn: 1, toTurn: 2 },
      { side: S, fromTurn: 13, toTurn: 14 },
    ],
    orderOfBattle: [...placeUnits(G, germans), ...placeUnits(S, soviets)],
    reinforcements,
    replacements,
  });
}
