// Barbarossa Fast (seed 001): June–December 1941 on a point-to-point map of our own drawing, from
// East Prussia, Poland and the Carpathians to Leningrad, Moscow, Rostov and the Crimea. Seven
// frontline positions, the second line behind them, eleven victory cities, the fortresses of
// Brest, Novgorod, Tula and Perekop, the Pripyat forest cover line, the three army-group sectors
// and the Russian map edge to the east and south. 32 face-down Russian units set up as written
// (two on each frontline position, one on each position behind it, one on each victory city), 16
// extra units and the Siberian reserve off the map; the three German army groups on their bases.
import type {
  Link,
  NewUnit,
  PlacedUnit,
  PoolUnit,
  Position,
  Reinforcement,
  Scenario,
  Side,
  TerrainType,
} from "../../../shared/format/scenario.types.js";
import { exampleScenario, PALETTE, TERRAIN } from "../lib.js";

const GERMANS = "germans";
const RUSSIANS = "russians";

const TERRAIN_TYPES: TerrainType[] = [
  TERRAIN.open,
  TERRAIN.urban,
  {
    id: "fortress",
    code: "F",
    name: "Fortress",
    colour: PALETTE.rough,
    category: "urban",
  },
  {
    id: "forest",
    code: "f",
    name: "Forest and marsh",
    colour: PALETTE.woods,
    category: "difficult",
  },
  {
    id: "base",
    code: "B",
    name: "German home base",
    colour: "#c9c9bd",
    category: "open",
  },
  {
    id: "edge",
    code: "E",
    name: "Russian map edge",
    colour: "#e9d7c4",
    category: "open",
  },
];

type Sector = "N" | "C" | "S";
interface Spec {
  id: string;
  code: string;
  name: string;
  x: number;
  y: number;
  sector: Sector;
  /** Victory points of a victory city. */
  vp?: number;
  fortress?: "major" | "minor";
  base?: boolean;
  edge?: "east" | "south";
  frontline?: boolean;
  /** Russian units set up there. */
  russians?: number;
  more?: Record<string, string | number | boolean>;
}

// prettier-ignore
const POSITIONS: Spec[] = [
  // Army Group North's sector: the Baltic states to Leningrad.
  { id: 'east-prussia', code: 'OPR', name: 'East Prussia', x: 30, y: 110, sector: 'N', base: true },
  { id: 'siauliai', code: 'SIA', name: 'Siauliai', x: 105, y: 65, sector: 'N', frontline: true, russians: 2 },
  { id: 'kaunas', code: 'KAU', name: 'Kaunas', x: 105, y: 120, sector: 'N', frontline: true, russians: 2 },
  { id: 'riga', code: 'RIG', name: 'Riga', x: 165, y: 40, sector: 'N', vp: 1, russians: 1 },
  { id: 'daugavpils', code: 'DAU', name: 'Daugavpils', x: 180, y: 95, sector: 'N', russians: 1 },
  { id: 'tallinn', code: 'TAL', name: 'Tallinn', x: 225, y: 18, sector: 'N', vp: 1, russians: 1 },
  { id: 'pskov', code: 'PSK', name: 'Pskov', x: 250, y: 75, sector: 'N' },
  { id: 'luga', code: 'LUG', name: 'Luga', x: 305, y: 50, sector: 'N' },
  { id: 'leningrad', code: 'LEN', name: 'Leningrad', x: 345, y: 18, sector: 'N', vp: 2, fortress: 'major', russians: 1, more: { cutOffValue: 1, alwaysReplaces: 3, supplyCap: 3 } },
  { id: 'novgorod', code: 'NOV', name: 'Novgorod', x: 345, y: 80, sector: 'N', fortress: 'minor' },
  { id: 'volkhov', code: 'VOL', name: 'Volkhov', x: 410, y: 40, sector: 'N' },
  { id: 'velikiye-luki', code: 'VLU', name: 'Velikiye Luki', x: 270, y: 125, sector: 'N' },
  { id: 'vologda', code: 'VGD', name: 'Vologda (east edge)', x: 565, y: 30, sector: 'N', edge: 'east' },
  // Army Group Centre's sector: Belorussia to Moscow.
  { id: 'poland', code: 'POL', name: 'Central Poland', x: 30, y: 205, sector: 'C', base: true },
  { id: 'grodno', code: 'GRO', name: 'Grodno', x: 105, y: 175, sector: 'C', frontline: true, russians: 2 },
  { id: 'brest', code: 'BRE', name: 'Brest-Litovsk', x: 105, y: 230, sector: 'C', fortress: 'minor', frontline: true, russians: 2 },
  { id: 'vilnius', code: 'VIL', name: 'Vilnius', x: 170, y: 150, sector: 'C', russians: 1 },
  { id: 'baranovichi', code: 'BAR', name: 'Baranovichi', x: 175, y: 205, sector: 'C', russians: 1 },
  { id: 'pinsk', code: 'PIN', name: 'Pinsk', x: 175, y: 255, sector: 'C', russians: 1, more: { southOfForest: true } },
  { id: 'minsk', code: 'MIN', name: 'Minsk', x: 235, y: 180, sector: 'C', vp: 1, russians: 1 },
  { id: 'vitebsk', code: 'VIT', name: 'Vitebsk', x: 290, y: 155, sector: 'C' },
  { id: 'bobruisk', code: 'BOB', name: 'Bobruisk', x: 265, y: 230, sector: 'C' },
  { id: 'gomel', code: 'GOM', name: 'Gomel', x: 320, y: 262, sector: 'C', more: { southOfForest: true } },
  { id: 'smolensk', code: 'SMO', name: 'Smolensk', x: 340, y: 185, sector: 'C', vp: 1, russians: 1 },
  { id: 'kalinin', code: 'KAL', name: 'Kalinin', x: 440, y: 110, sector: 'C' },
  { id: 'vyazma', code: 'VYA', name: 'Vyazma', x: 410, y: 175, sector: 'C' },
  { id: 'bryansk', code: 'BRY', name: 'Bryansk', x: 395, y: 240, sector: 'C' },
  { id: 'moscow', code: 'MOS', name: 'Moscow', x: 490, y: 160, sector: 'C', vp: 3, fortress: 'major', russians: 1, more: { capital: true, replacements: 2 } },
  { id: 'tula', code: 'TUL', name: 'Tula', x: 485, y: 220, sector: 'C', fortress: 'minor' },
  { id: 'yaroslavl', code: 'YAR', name: 'Yaroslavl (east edge)', x: 560, y: 95, sector: 'C', edge: 'east' },
  { id: 'gorky', code: 'GOR', name: 'Gorky (east edge)', x: 575, y: 160, sector: 'C', edge: 'east' },
  { id: 'ryazan', code: 'RYA', name: 'Ryazan (east edge)', x: 565, y: 225, sector: 'C', edge: 'east' },
  // Army Group South's sector, south of the Pripyat forest cover line: the Ukraine to Rostov and the Crimea.
  { id: 'southern-poland', code: 'SPL', name: 'Southern Poland', x: 30, y: 320, sector: 'S', base: true },
  { id: 'kovel', code: 'KOV', name: 'Kovel', x: 105, y: 280, sector: 'S', frontline: true, russians: 2 },
  { id: 'lvov', code: 'LVO', name: 'Lvov', x: 105, y: 330, sector: 'S', frontline: true, russians: 2 },
  { id: 'chernovtsy', code: 'CHE', name: 'Chernovtsy', x: 105, y: 385, sector: 'S', frontline: true, russians: 2 },
  { id: 'rovno', code: 'ROV', name: 'Rovno', x: 175, y: 305, sector: 'S', russians: 1 },
  { id: 'ternopol', code: 'TER', name: 'Ternopol', x: 175, y: 350, sector: 'S', russians: 1 },
  { id: 'kishinev', code: 'KIS', name: 'Kishinev', x: 175, y: 405, sector: 'S', russians: 1 },
  { id: 'zhitomir', code: 'ZHI', name: 'Zhitomir', x: 245, y: 300, sector: 'S' },
  { id: 'kiev', code: 'KIE', name: 'Kiev', x: 315, y: 305, sector: 'S', vp: 1, russians: 1 },
  { id: 'uman', code: 'UMA', name: 'Uman', x: 260, y: 360, sector: 'S' },
  { id: 'odessa', code: 'ODE', name: 'Odessa', x: 255, y: 420, sector: 'S', vp: 1, russians: 1 },
  { id: 'nikolaev', code: 'NIK', name: 'Nikolaev', x: 330, y: 400, sector: 'S' },
  { id: 'kremenchug', code: 'KRE', name: 'Kremenchug', x: 370, y: 325, sector: 'S' },
  { id: 'dnepropetrovsk', code: 'DNE', name: 'Dnepropetrovsk', x: 430, y: 345, sector: 'S' },
  { id: 'kursk', code: 'KUR', name: 'Kursk', x: 450, y: 270, sector: 'S' },
  { id: 'kharkov', code: 'KHA', name: 'Kharkov', x: 470, y: 310, sector: 'S', vp: 1, russians: 1 },
  { id: 'perekop', code: 'PER', name: 'Perekop', x: 400, y: 400, sector: 'S', fortress: 'minor' },
  { id: 'sevastopol', code: 'SEV', name: 'Sevastopol', x: 400, y: 440, sector: 'S', vp: 1, russians: 1, more: { replacements: 0 } },
  { id: 'stalino', code: 'STA', name: 'Stalino', x: 500, y: 365, sector: 'S' },
  { id: 'rostov', code: 'ROS', name: 'Rostov', x: 545, y: 395, sector: 'S', vp: 1, russians: 1 },
  { id: 'voronezh', code: 'VOR', name: 'Voronezh (east edge)', x: 560, y: 290, sector: 'S', edge: 'east' },
  { id: 'stalingrad', code: 'STG', name: 'Stalingrad (east edge)', x: 585, y: 355, sector: 'S', edge: 'east' },
  { id: 'krasnodar', code: 'KRA', name: 'Krasnodar (south edge)', x: 565, y: 440, sector: 'S', edge: 'south' },
];

// Links: [from, to, type]. Railways carry the main lines, roads the rest.
// prettier-ignore
const LINKS: [string, string, Link['type']?][] = [
  ['east-prussia', 'siauliai'], ['east-prussia', 'kaunas', 'rail'], ['east-prussia', 'grodno'],
  ['poland', 'grodno'], ['poland', 'brest', 'rail'], ['poland', 'kovel'],
  ['southern-poland', 'kovel'], ['southern-poland', 'lvov', 'rail'], ['southern-poland', 'chernovtsy'],
  ['siauliai', 'kaunas'], ['kaunas', 'grodno'], ['grodno', 'brest'], ['brest', 'kovel'], ['kovel', 'lvov'], ['lvov', 'chernovtsy'],
  ['siauliai', 'riga', 'rail'], ['siauliai', 'daugavpils'], ['kaunas', 'daugavpils', 'rail'], ['kaunas', 'vilnius', 'rail'],
  ['grodno', 'vilnius'], ['grodno', 'baranovichi'], ['brest', 'baranovichi', 'rail'], ['brest', 'pinsk'], ['kovel', 'pinsk'],
  ['kovel', 'rovno', 'rail'], ['lvov', 'rovno'], ['lvov', 'ternopol', 'rail'], ['chernovtsy', 'ternopol'], ['chernovtsy', 'kishinev'],
  ['riga', 'daugavpils', 'rail'], ['daugavpils', 'vilnius', 'rail'], ['vilnius', 'baranovichi'], ['baranovichi', 'pinsk'],
  ['rovno', 'ternopol'], ['ternopol', 'kishinev'],
  ['riga', 'tallinn', 'road'], ['riga', 'pskov', 'road'], ['daugavpils', 'pskov', 'rail'], ['tallinn', 'luga', 'road'],
  ['pskov', 'luga', 'rail'], ['luga', 'leningrad', 'rail'], ['luga', 'novgorod'], ['pskov', 'novgorod', 'road'],
  ['pskov', 'velikiye-luki'], ['daugavpils', 'velikiye-luki', 'rail'], ['novgorod', 'volkhov', 'road'],
  ['leningrad', 'volkhov', 'rail'], ['volkhov', 'vologda', 'rail'], ['novgorod', 'kalinin', 'rail'],
  ['velikiye-luki', 'kalinin'], ['velikiye-luki', 'vitebsk'],
  ['vilnius', 'minsk', 'rail'], ['baranovichi', 'minsk', 'rail'], ['minsk', 'vitebsk'], ['minsk', 'bobruisk', 'road'],
  ['pinsk', 'gomel'], ['bobruisk', 'gomel', 'rail'], ['vitebsk', 'smolensk', 'rail'], ['bobruisk', 'smolensk', 'road'],
  ['smolensk', 'vyazma', 'rail'], ['smolensk', 'bryansk'], ['gomel', 'bryansk', 'rail'], ['vyazma', 'moscow', 'rail'],
  ['vyazma', 'kalinin'], ['kalinin', 'moscow', 'rail'], ['kalinin', 'yaroslavl'], ['moscow', 'yaroslavl', 'rail'],
  ['moscow', 'gorky', 'rail'], ['moscow', 'ryazan', 'rail'], ['moscow', 'tula', 'rail'], ['bryansk', 'tula', 'road'],
  ['tula', 'ryazan'], ['bryansk', 'kursk', 'rail'], ['gomel', 'kiev', 'rail'],
  ['rovno', 'zhitomir', 'rail'], ['ternopol', 'uman'], ['kishinev', 'odessa', 'rail'], ['kishinev', 'uman'],
  ['zhitomir', 'kiev', 'rail'], ['uman', 'kiev'], ['odessa', 'nikolaev', 'road'], ['uman', 'nikolaev'],
  ['kiev', 'kremenchug', 'road'], ['kremenchug', 'kharkov', 'rail'], ['kremenchug', 'dnepropetrovsk', 'rail'],
  ['nikolaev', 'perekop'], ['perekop', 'sevastopol', 'rail'], ['perekop', 'dnepropetrovsk'],
  ['dnepropetrovsk', 'stalino', 'rail'], ['dnepropetrovsk', 'kharkov', 'rail'], ['kharkov', 'kursk', 'rail'],
  ['kursk', 'voronezh', 'rail'], ['kharkov', 'voronezh'], ['stalino', 'rostov', 'rail'], ['rostov', 'stalingrad', 'rail'],
  ['rostov', 'krasnodar', 'rail'], ['stalino', 'kharkov'],
];

type Kind = "army" | "panzer" | "air";
// [id, name, kind, army group, start position]
// prettier-ignore
const GERMAN_SETUP: [string, string, Kind, Sector, string][] = [
  ['g-16a', '16. Army', 'army', 'N', 'east-prussia'],
  ['g-18a', '18. Army', 'army', 'N', 'east-prussia'],
  ['g-xli', 'XLI PzKps', 'panzer', 'N', 'east-prussia'],
  ['g-lvi', 'LVI PzKps', 'panzer', 'N', 'east-prussia'],
  // Panzer Group 3 of Army Group Centre jumps off from East Prussia (up to 3 AGC units may).
  ['g-xxxix', 'XXXIX PzKps', 'panzer', 'C', 'east-prussia'],
  ['g-lvii', 'LVII PzKps', 'panzer', 'C', 'east-prussia'],
  ['g-4a', '4. Army', 'army', 'C', 'poland'],
  ['g-9a', '9. Army', 'army', 'C', 'poland'],
  ['g-xxiv', 'XXIV PzKps', 'panzer', 'C', 'poland'],
  ['g-xlvi', 'XLVI PzKps', 'panzer', 'C', 'poland'],
  ['g-xlvii', 'XLVII PzKps', 'panzer', 'C', 'poland'],
  ['g-6a', '6. Army', 'army', 'S', 'southern-poland'],
  ['g-17a', '17. Army', 'army', 'S', 'southern-poland'],
  ['g-iii', 'III PzKps', 'panzer', 'S', 'southern-poland'],
  ['g-xiv', 'XIV PzKps', 'panzer', 'S', 'southern-poland'],
  ['g-xlviii', 'XLVIII PzKps', 'panzer', 'S', 'southern-poland'],
];

function germanUnit(
  id: string,
  name: string,
  kind: Kind,
  ag: Sector,
  extra: Record<string, number> = {},
): NewUnit {
  return {
    id,
    side: GERMANS,
    name,
    branch:
      kind === "panzer" ? "tank" : kind === "air" ? "airborne" : "infantry",
    strength: kind === "army" ? 2 : 1,
    fields: { kind, armyGroup: ag, ...extra },
  };
}

const russian = (n: number): NewUnit => ({
  id: `r-${String(n).padStart(2, "0")}`,
  side: RUSSIANS,
  name: `Rifle army ${n}`,
  branch: "infantry",
  strength: 1,
  fields: { kind: "rifle" },
});

export function barbarossaFast(): Scenario {
  const positions: Position[] = POSITIONS.map((p) => {
    const properties: Record<string, string | number | boolean> = {
      sector: p.sector,
    };
    if (p.fortress) properties.fortress = p.fortress;
    if (p.edge) properties.edge = p.edge;
    if (p.frontline) properties.frontline = true;
    if (p.sector === "S") properties.southOfForest = true;
    Object.assign(properties, p.more ?? {});
    const city = (p.vp ?? 0) > 0;
    return {
      id: p.id,
      label: p.code,
      x: p.x,
      y: p.y,
      terrain: p.base
        ? "base"
        : p.edge
          ? "edge"
          : city
            ? "urban"
            : p.fortress
              ? "fortress"
              : p.id === "pinsk" || p.id === "gomel"
                ? "forest"
                : "open",
      control: p.base ? GERMANS : RUSSIANS,
      ...(city || p.base || p.edge
        ? { width: p.base || p.edge ? 30 : 24, height: 12 }
        : {}),
      ...(p.vp && p.vp > 1 ? { shape: "box" as const } : {}),
      properties,
    };
  });
  const links: Link[] = LINKS.map(([from, to, type], k) => ({
    id: `l${String(k + 1).padStart(3, "0")}`,
    from,
    to,
    ...(type && type !== "ordinary" ? { type } : {}),
  }));
  // Two links bend round the Pripyat marshes and the Gulf of Riga.
  for (const l of links) {
    if (l.from === "pinsk" && l.to === "gomel")
      l.waypoints = [{ x: 240, y: 275 }];
    if (l.from === "riga" && l.to === "tallinn")
      l.waypoints = [{ x: 180, y: 15 }];
  }
  const cells: NonNullable<Scenario["map"]["cells"]> = {};
  for (const p of POSITIONS) {
    cells[p.id] = {
      name: p.name,
      ...(p.vp ? { victory: { endGame: p.vp } } : {}),
      ...(p.fortress === "minor" || p.fortress === "major"
        ? { fortification: true }
        : {}),
      ...(p.base ? { supplyBase: GERMANS, entry: [GERMANS] } : {}),
      ...(p.edge ? { supplyBase: RUSSIANS, entry: [RUSSIANS] } : {}),
    };
  }
  const placed: PlacedUnit[] = GERMAN_SETUP.map(([id, name, kind, ag, at]) => ({
    ...germanUnit(id, name, kind, ag),
    cell: at,
  }));
  // Luftflotten: not on a position (the engine keeps them off the map); listed at their army group's base.
  placed.push({
    ...germanUnit("g-lfl1", "1. Luftflotte", "air", "N"),
    cell: "east-prussia",
  });
  placed.push({
    ...germanUnit("g-lfl2", "2. Luftflotte", "air", "C", {
      airBonus: 1,
      withdrawTurn: 6,
    }),
    cell: "poland",
  });
  placed.push({
    ...germanUnit("g-lfl4", "4. Luftflotte", "air", "S"),
    cell: "southern-poland",
  });
  let n = 0;
  for (const p of POSITIONS)
    for (let k = 0; k < (p.russians ?? 0); k++)
      placed.push({ ...russian(++n), cell: p.id });
  const pool: PoolUnit[] = [];
  for (let k = 0; k < 16; k++) pool.push({ unit: russian(++n) });
  pool.push({
    unit: {
      id: "r-1shock",
      side: RUSSIANS,
      name: "1. Shock Army",
      branch: "infantry",
      strength: 2,
      fields: { kind: "army" },
    },
  });
  for (const [id, name] of [
    ["r-sib-1", "Siberian Reserve I"],
    ["r-sib-2", "Siberian Reserve II"],
    ["r-sib-3", "Siberian Reserve III"],
  ] as const)
    pool.push({
      unit: {
        id,
        side: RUSSIANS,
        name,
        branch: "infantry",
        strength: 1,
        fields: { kind: "siberian" },
      },
    });
  const reinforcements: Reinforcement[] = [
    {
      turn: 2,
      entryCell: "poland",
      unit: germanUnit("g-2a", "2. Army", "army", "C"),
    },
    {
      turn: 2,
      entryCell: "southern-poland",
      unit: germanUnit("g-11a", "11. Army", "army", "S"),
    },
    {
      turn: 4,
      entryCell: "poland",
      unit: germanUnit("g-xl", "XL PzKps", "panzer", "C"),
    },
  ];
  const sides: [Side, Side] = [
    { id: GERMANS, name: "Germans", code: "G", colour: "#6f7565" },
    { id: RUSSIANS, name: "Russians", code: "R", colour: "#b3261e" },
  ];
  return exampleScenario({
    id: "barbarossa-fast",
    title: "Barbarossa Fast, June–December 1941",
    description:
      "Operation Barbarossa in seven monthly turns on a point-to-point map of our own drawing, for the Barbarossa Fast rules (seed 001). " +
      "Three German army groups jump off from East Prussia, central Poland and southern Poland against seven frontline positions; 32 Russian units set up face down, their overall strength drawn unseen by the pre-sort. " +
      "The Germans must hold victory cities worth 7 points in December (9 against a Weak Russian array, 5 against a Strong one); taking Moscow may end the war at once. " +
      "Victory cities: Leningrad 2, Moscow 3, Riga, Tallinn, Minsk, Smolensk, Kiev, Odessa, Sevastopol, Kharkov and Rostov 1 each.",
    tags: [
      "example",
      "eastern front",
      "1941",
      "barbarossa fast",
      "network",
      "point-to-point",
    ],
    ruleset: { id: "bf" },
    sides,
    map: {
      grid: { kind: "network", width: 600, height: 460, positions, links },
      cellSize: { value: 16, unit: "mm" },
      groundScaleKm: 100,
      terrainTypes: TERRAIN_TYPES,
      cells,
    },
    calendar: { startDate: "1941-06-22", turns: 7 },
    groundConditions: { initial: "easy" },
    orderOfBattle: placed,
    reinforcements,
    pool,
  });
}
