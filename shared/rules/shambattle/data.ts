// Shambattle's numbers as data (seed 003; README.md of this folder): what each kind of stand may
// do, how far it shoots and moves, which hit-table row strikes it, the hit table itself and the
// dice modifiers. The engine, the play aids (tables.ts) and the previews all read these, so a
// number lives in one place.
import type { StandType, TerrainClass } from '../../format/ruleset-shambattle.types.js';

export type { StandType, TerrainClass };

/** Which hit-table row strikes a stand: the specialists' row 1, cavalry rows 2–3, infantry rows 4–6; none for the Army Commander. */
export type HitGroup = 'specialist' | 'cavalry' | 'infantry' | 'none';

/** Arm a stand's lost SP return to overnight. */
export type Arm = 'infantry' | 'cavalry' | 'specialists' | 'command';

/** Where a stand's kind shoots: in the simultaneous opening fire, in its own side's rifle fire, or not at all. */
export type FireStep = 'opening' | 'rifle' | null;

/**
 * Areas a move may cover when every area entered is of this kind; 0 = may not enter (off-road).
 * A move is as long as the smallest allowance among the areas it enters ("2 hexes in clear areas
 * or on roads; otherwise 1 grid area only").
 */
export interface MoveRates {
  road: number;
  clear: number;
  town: number;
  rough: number;
}

export interface StandRules {
  label: string;
  /** Plural for sentences ("machine guns"). */
  plural: string;
  /** A few letters for counters and tables. */
  code: string;
  fire: FireStep;
  /** Shooting range in grid areas (0: does not shoot). */
  range: number;
  /** Dice added when it shoots (+1 machine guns, +1 artillery). */
  shootBonus: number;
  /** May bring on a close assault. */
  assaults: boolean;
  /** Dice taken off when it is under a close assault (−1 machine guns, artillery, engineer train). */
  underAssault: number;
  move: MoveRates;
  /** May wade a ford (guns and trains may not). */
  fords: boolean;
  hit: HitGroup;
  /** Where its lost SP go overnight; null: it has no SP to return (logistics). */
  arm: Arm | null;
  /** Counts towards the two stands an area may hold (the Army Commander does not). */
  stacks: boolean;
  /** The treachery roll's arm ("1 = artillery/machine guns, 2-3 = cavalry, 4-6 = infantry"); null: never disloyal. */
  treachery: 'guns' | 'cavalry' | 'infantry' | null;
  /** A logistics stand (no SP; a specialists' hit destroys it; stands are resupplied beside it). */
  logistics: boolean;
}

const INF_MOVES: MoveRates = { road: 2, clear: 2, town: 1, rough: 1 };
const CAV_MOVES: MoveRates = { road: 3, clear: 3, town: 1, rough: 1 };
const GUN_MOVES: MoveRates = { road: 2, clear: 1, town: 1, rough: 0 };

export const STANDS: Readonly<Record<StandType, StandRules>> = {
  infantry: { label: 'Infantry', plural: 'infantry', code: 'INF', fire: 'rifle', range: 2, shootBonus: 0, assaults: true, underAssault: 0, move: INF_MOVES, fords: true, hit: 'infantry', arm: 'infantry', stacks: true, treachery: 'infantry', logistics: false },
  cavalry: { label: 'Cavalry', plural: 'cavalry', code: 'CAV', fire: 'rifle', range: 1, shootBonus: 0, assaults: true, underAssault: 0, move: CAV_MOVES, fords: true, hit: 'cavalry', arm: 'cavalry', stacks: true, treachery: 'cavalry', logistics: false },
  machineGun: { label: 'Machine gun', plural: 'machine guns', code: 'MG', fire: 'opening', range: 3, shootBonus: 1, assaults: false, underAssault: -1, move: { road: 2, clear: 2, town: 1, rough: 1 }, fords: true, hit: 'specialist', arm: 'specialists', stacks: true, treachery: 'guns', logistics: false },
  artillery: { label: 'Artillery', plural: 'artillery', code: 'ART', fire: 'opening', range: 8, shootBonus: 1, assaults: false, underAssault: -1, move: GUN_MOVES, fords: false, hit: 'specialist', arm: 'specialists', stacks: true, treachery: 'guns', logistics: false },
  engineers: { label: 'Engineers', plural: 'engineers', code: 'ENG', fire: 'rifle', range: 2, shootBonus: 0, assaults: true, underAssault: 0, move: INF_MOVES, fords: true, hit: 'specialist', arm: 'specialists', stacks: true, treachery: null, logistics: false },
  engineerTrain: { label: 'Engineer train', plural: 'engineer trains', code: 'ETR', fire: null, range: 0, shootBonus: 0, assaults: false, underAssault: -1, move: GUN_MOVES, fords: false, hit: 'specialist', arm: 'specialists', stacks: true, treachery: null, logistics: false },
  commander: { label: 'Army Commander', plural: 'army commanders', code: 'HQ', fire: null, range: 0, shootBonus: 0, assaults: false, underAssault: 0, move: CAV_MOVES, fords: true, hit: 'none', arm: 'command', stacks: false, treachery: null, logistics: false },
  fieldTrain: { label: 'Field logistics train', plural: 'field trains', code: 'LOG', fire: null, range: 0, shootBonus: 0, assaults: false, underAssault: 0, move: GUN_MOVES, fords: false, hit: 'specialist', arm: null, stacks: true, treachery: null, logistics: true },
  baseTrain: { label: 'Fixed logistics centre', plural: 'fixed centres', code: 'BASE', fire: null, range: 0, shootBonus: 0, assaults: false, underAssault: 0, move: { road: 0, clear: 0, town: 0, rough: 0 }, fords: false, hit: 'specialist', arm: null, stacks: true, treachery: null, logistics: true },
};

export const STAND_TYPES = Object.keys(STANDS) as StandType[];

/** Most stands of one side in a grid area ("A grid area may hold 1 or 2 units"); the Army Commander comes on top. */
export const STACKING_LIMIT = 2;

/** What a terrain class is for movement and combat. */
export interface TerrainRules {
  label: string;
  /** Which allowance a stand uses to enter it off-road. */
  move: 'clear' | 'town' | 'rough' | 'none';
  /** Shooting into it is shooting into cover. */
  cover: boolean;
  /** Close assaulting in or into it is at −1. */
  assaultPenalty: boolean;
  /** Higher ground: close assaulting into it from lower ground is "up hill". */
  high: boolean;
}

export const TERRAIN: Readonly<Record<TerrainClass, TerrainRules>> = {
  clear: { label: 'Clear', move: 'clear', cover: false, assaultPenalty: false, high: false },
  town: { label: 'Town', move: 'town', cover: true, assaultPenalty: true, high: false },
  woods: { label: 'Woods', move: 'rough', cover: true, assaultPenalty: true, high: false },
  brush: { label: 'Brush', move: 'rough', cover: true, assaultPenalty: true, high: false },
  hill: { label: 'Hill', move: 'rough', cover: false, assaultPenalty: false, high: true },
  marsh: { label: 'Marsh', move: 'rough', cover: false, assaultPenalty: false, high: false },
  impassable: { label: 'Impassable', move: 'none', cover: false, assaultPenalty: false, high: false },
};

/** A terrain category's Shambattle class when the scenario does not say. */
export const CLASS_OF_CATEGORY: Readonly<Record<string, TerrainClass>> = {
  open: 'clear',
  difficult: 'woods',
  urban: 'town',
  'urban-difficult': 'town',
  impassable: 'impassable',
};

/** One row of the hit table: the die face, whom it strikes and what it does. */
export interface HitRow {
  face: 1 | 2 | 3 | 4 | 5 | 6;
  target: Exclude<HitGroup, 'none'>;
  /** SP lost outright. */
  lose: number;
  /** Retreat one grid area, or lose 1 SP: the owner's choice. */
  retreatOrLose: boolean;
  /** Retreat one grid area as well. */
  retreat: boolean;
  /** The Army Commander in the target area is at hazard. */
  hazard: boolean;
  text: string;
}

/** "My own version of the Command & Colours combat method": one die per SP, each face striking one type of stand. */
export const HIT_TABLE: readonly HitRow[] = [
  { face: 1, target: 'specialist', lose: 1, retreatOrLose: false, retreat: false, hazard: false, text: 'Artillery, machine guns, engineers or engineer train lose 1 SP (a logistics stand is captured)' },
  { face: 2, target: 'cavalry', lose: 0, retreatOrLose: true, retreat: false, hazard: false, text: 'Cavalry retreat 1 grid area, or lose 1 SP' },
  { face: 3, target: 'cavalry', lose: 1, retreatOrLose: false, retreat: false, hazard: false, text: 'Cavalry lose 1 SP' },
  { face: 4, target: 'infantry', lose: 0, retreatOrLose: true, retreat: false, hazard: false, text: 'Infantry retreat 1 grid area, or lose 1 SP' },
  { face: 5, target: 'infantry', lose: 1, retreatOrLose: false, retreat: false, hazard: false, text: 'Infantry lose 1 SP' },
  { face: 6, target: 'infantry', lose: 1, retreatOrLose: false, retreat: true, hazard: true, text: 'Infantry lose 1 SP and retreat 1 grid area; hazard to the Army Commander if present' },
];

/** The Army Commander is lost on a separate roll of 6 for each 6 rolled at his area. */
export const HAZARD_SCORE = 6;

/** The commander's fate, rolled for the story: 1–2 killed, 3–4 wounded, 5–6 taken prisoner. */
export const FATES = ['killed', 'killed', 'wounded', 'wounded', 'taken prisoner', 'taken prisoner'] as const;

/** Treachery: a 6 puts a stand's loyalty in question. */
export const TREACHERY_SCORE = 6;

/** The arm of the disloyal stand, by die score 1..6. */
export const TREACHERY_ARMS = ['guns', 'cavalry', 'cavalry', 'infantry', 'infantry', 'infantry'] as const;

/** What the disloyal stand does, by die score 1..6. */
export const TREACHERY_ACTS = ['mutiny', 'mutiny', 'defection', 'defection', 'fifthColumn', 'fifthColumn'] as const;

/** The dice modifiers, as the play aid lists them. */
export const MODIFIERS: readonly { key: string; dice: number; text: string; when: 'shooting' | 'assault' | 'defence' | 'both' }[] = [
  { key: 'assaultTerrain', dice: -1, text: 'Close assaulting across a river, up hill, or in or into a town, woods, brush or field works (not cumulative)', when: 'assault' },
  { key: 'cover', dice: -1, text: 'Shooting into cover (town, woods, brush, field works)', when: 'shooting' },
  { key: 'crossing', dice: -1, text: 'Shooting after crossing a river this turn (on a bridge or in a ford)', when: 'shooting' },
  { key: 'gunsAssaulted', dice: -1, text: 'Machine guns or artillery under a close assault', when: 'defence' },
  { key: 'trainAssaulted', dice: -1, text: 'Engineer train under a close assault', when: 'defence' },
  { key: 'poor', dice: -1, text: "'Poor' unit shooting or in close combat", when: 'both' },
  { key: 'mg', dice: 1, text: 'Machine guns shooting (range 3)', when: 'shooting' },
  { key: 'artillery', dice: 1, text: 'Artillery shooting (range 8)', when: 'shooting' },
  { key: 'elite', dice: 1, text: "'Elite' unit shooting or in close combat", when: 'both' },
  { key: 'commander', dice: 1, text: 'Army Commander in the same grid area', when: 'both' },
];

/** Engineering tasks, each 1 SP of the train and one turn. */
export const TASKS = {
  mines: 'Lay a minefield in their area',
  fieldWorks: 'Construct field works in their area',
  prepareBridge: 'Prepare a bridge beside their area for demolition',
  prepareBuilding: 'Prepare the buildings of their town area for demolition',
  pontoon: 'Build a pontoon section from a bridge approach (two make a crossing)',
} as const;
export type Task = keyof typeof TASKS;

/** Sections a pontoon bridge needs ("2 being required to complete the river crossing"). */
export const PONTOON_SECTIONS = 2;
