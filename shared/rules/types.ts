// The ruleset contract: what every ruleset gives the rest of Gridfront (editor, checks, print,
// test-play UI, bots, simulation), in the spirit of OpenSpiel's game interface and boardgame.io's
// Game. shared/rules/README.md explains it with examples. A ruleset is a pure reducer over plain
// JSON states and actions, plus declarations (its scenario data, tables, markers and counters)
// and public queries, so no UI file ever reads a ruleset's internals.
//
// The saved parts of a game (engine states, actions) are described by schemas/savegame.schema.json
// and each ruleset's fragment (schemas/rulesets/<id>.schema.json); their TypeScript types are
// generated (npm run gen) and never written twice.
//
// The operational ruleset's own types (GameState, Action, GameView...) are re-exported here as
// well: today's test-play screen is written against them, and `Ruleset`'s type parameters default
// to them. Code meant for every ruleset uses `AnyRuleset`, `RulesState` and `RulesAction`.
import type { ValidationIssue } from '../format/issues.js';
import type { GroundCondition, Scenario } from '../format/scenario.types.js';
import type { Action, Combat, DiceState, EngineState, SupplyStatus, ActivationStatus, PhaseId, StepId } from '../format/savegame.types.js';
import type { Direction, GridKind } from '../grid/types.js';

export type {
  Action,
  ActivateAction,
  PassAction,
  MoveAction,
  DropAction,
  EndMovementAction,
  AttackAction,
  ReplaceAction,
  RebuildAction,
  EndReinforcementAction,
  ChooseLossAction,
  RetreatAction,
  StandAction,
  BreakthroughAction,
  EndBreakthroughAction,
  FuelPickAction,
  EndFuelAction,
  InterdictAction,
  SkipInterdictionAction,
  EngineState,
  UnitState,
  Combat,
  SupplyStatus,
  ActivationStatus,
  PhaseId,
  StepId,
  DiceState,
  SaveGame,
} from '../format/savegame.types.js';

export type SideId = string;
export type UnitId = string;
export type CellId = string;

// =============================================================================================
// States and actions every ruleset shares
// =============================================================================================

export interface GameOverInfo {
  /** The winning side, or null for a draw. */
  winner: SideId | null;
  /** A sentence for people. */
  reason: string;
}

/**
 * What every ruleset's game state has, whatever else it holds. Plain JSON (no classes, Maps or
 * functions) apart from `scenario`, which is shared by reference between successive states and
 * is not part of a save. The dice live in the state (a seeded generator or a test script), so
 * `apply` is a pure function and a replay is byte for byte.
 */
export interface RulesState {
  readonly ruleset: string;
  readonly scenarioId: string;
  readonly turn: number;
  readonly dice: DiceState;
  /** Dice rolled so far; undo is offered only while it has not changed. */
  readonly rolls: number;
  readonly gameOver: GameOverInfo | null;
  readonly scenario: Scenario;
}

/** Every action names its type and the side taking it (which is not always the phasing player). */
export interface RulesAction {
  readonly type: string;
  readonly side: SideId;
}

/** The operational ruleset's game: its engine state plus the scenario (by reference). */
export type GameState = EngineState & { readonly scenario: Scenario };

export interface NewGameOptions {
  /** Seed of the built-in generator (default 1). */
  seed?: number;
  /** Scripted d6 scores, used in order; running out is an error (tests). */
  dice?: number[];
}

/** A die roll group as it happened: what it was for, the scores and the score needed. */
export interface DiceRoll {
  purpose: string;
  dice: number[];
  need?: number;
}

export type EventKind =
  | 'turn'
  | 'phase'
  | 'ground'
  | 'supply'
  | 'fuel'
  | 'interdiction'
  | 'reinforcement'
  | 'replacement'
  | 'rebuild'
  | 'playerTurn'
  | 'activate'
  | 'pass'
  | 'move'
  | 'drop'
  | 'attack'
  | 'losses'
  | 'retreat'
  | 'breakthrough'
  | 'control'
  | 'confusion'
  | 'time'
  | 'rally'
  | 'vp'
  | 'gameOver'
  | 'declare'
  | 'advance'
  | 'combat'
  | 'initiative'
  | 'orders'
  | 'fire'
  | 'pin'
  | 'unpin'
  | 'charge'
  | 'withdraw'
  | 'treachery'
  | 'engineering'
  | 'night';

/** Something that happened, with a sentence for people and the dice that decided it. */
export interface GameEvent {
  kind: EventKind;
  text: string;
  turn: number;
  side?: SideId;
  cell?: CellId;
  units?: UnitId[];
  rolls?: DiceRoll[];
  /**
   * A shot (fire events): where it came from, the cell it was aimed at, and where it landed
   * (null: off the map), so the board can draw it and animate fire that drifts off target.
   */
  shot?: { from: CellId; target: CellId; landed: CellId | null };
  /**
   * Sides allowed to see this event; absent means both. A ruleset with hidden units marks the
   * events that would give them away (see `eventsVisibleTo`).
   */
  visibleTo?: SideId[];
}

export type RuleErrorCode =
  | 'gameOver'
  | 'notYourDecision'
  | 'wrongStep'
  | 'unknownUnit'
  | 'unknownCell'
  | 'illegal'
  | 'diceExhausted';

export interface RuleError {
  code: RuleErrorCode;
  /** A sentence for people: what was refused and why. */
  message: string;
}

export type ApplyResult<S extends RulesState = GameState> =
  | { ok: true; state: S; events: GameEvent[] }
  | { ok: false; error: RuleError };

// =============================================================================================
// What a ruleset declares: its scenario data, tables, markers and counters
// =============================================================================================

/**
 * Parts of the scenario format a ruleset reads. The editor shows the panels of the parts in use,
 * the checks skip advice about parts not in use, and the print and kit leave them out.
 */
export type ScenarioFeature =
  | 'calendar'
  | 'groundConditions'
  | 'initiative'
  | 'preparedOffensives'
  | 'fuelShortage'
  | 'airInterdiction'
  | 'airliftedSupply'
  | 'commandConfusion'
  | 'reinforcements'
  | 'replacements'
  | 'replacementBranches'
  | 'pool'
  | 'supplyBases'
  | 'supplyLineLimit'
  | 'victoryCells'
  | 'fortifications'
  | 'entryCells'
  | 'setupMarkers'
  | 'control'
  | 'rivers'
  | 'lakeShores'
  | 'roads'
  | 'rails'
  | 'elite'
  | 'sideFlags';

/**
 * What the rules themselves do, for the UI (what overlays and queries make sense) and for
 * generic tools (a search bot needs to know whether information is hidden).
 */
export interface RulesetTraits {
  /** Grid kinds the ruleset plays on. */
  grids: readonly GridKind[] | 'any';
  /** Units exert zones of control (`zonesOfControl` answers). */
  zonesOfControl: boolean;
  /** Units have a facing (a direction on hex and square grids). */
  facing: boolean;
  /** Fire is traced along a line of sight (`lineOfSight` answers). */
  lineOfSight: boolean;
  /** Some units are hidden from the other side: observations differ per side and `determinize` samples what is unseen. */
  hiddenInformation: boolean;
  /**
   * Some steps are resolved simultaneously: both sides commit orders one after the other
   * (each a normal decision, the other side's orders hidden from it until resolution), then
   * the engine resolves them together. `actor` stays one side at a time.
   */
  simultaneous: boolean;
  /** At most this many units of one side may share a cell (null: no limit). */
  stackingLimit: (scenario: Scenario) => number | null;
}

export type FieldType = 'integer' | 'number' | 'boolean' | 'string' | 'enum';

/**
 * One value a scenario gives the ruleset: a ruleset option or a per-unit value. Validation
 * comes from the JSON Schema (type, range, default, description, title): the declaration is read
 * from it (see declaration.ts), and adds only what a schema has no word for (short column
 * headers, paste header words, enum labels).
 */
export interface FieldDecl {
  /** Property name: in `ruleset.options`, in a unit (core fields), or in `unit.fields`. */
  key: string;
  /** 'core' = a property of every unit (name, branch, strength, elite); 'fields' = `unit.fields[key]`; 'option' = `ruleset.options[key]`; 'position' = a network position's `properties[key]`. */
  where: 'core' | 'fields' | 'option' | 'position';
  /** Label in forms and the unit inspector. */
  label: string;
  /** Column header in tables ("MA", "Str"). */
  short: string;
  /** The schema's description: what it means. */
  help: string;
  type: FieldType;
  required: boolean;
  min?: number;
  max?: number;
  default?: number | string | boolean | null;
  /** Enums: the allowed values with labels, in order. */
  values?: { value: string; label: string }[];
  /** Header words (lower case letters only) a pasted spreadsheet column may use for it. */
  paste?: string[];
}

/** A grid of text a ruleset shows as a play aid: CRT, terrain effects, turn record track, hit tables... */
export interface RulesTable {
  id: string;
  title: string;
  /** One line under the title ("Die roll down, odds across"). */
  caption?: string;
  /** Header of the row-label column, then one entry per data column. */
  corner: string;
  columns: { key: string; label: string }[];
  rows: { key: string; label: string; cells: string[]; /** Row highlight, e.g. a mud turn. */ note?: string }[];
  notes: string[];
  /**
   * Present when the designer may change cells: the values a cell may take (see `Ruleset.editTable`),
   * and the keys of the columns that may change when not every column may (a turn track's weather).
   */
  editable?: { values: { value: string; label: string }[]; hint: string; columns?: string[] };
}

export type MarkerScope = 'unit' | 'cell' | 'track' | 'side';

/** A marker the rules use: the board shows it, the tabletop kit prints it (issue #20). */
export interface MarkerDecl {
  id: string;
  label: string;
  /** A few characters printed on the marker ("OOS", "M"). */
  short: string;
  scope: MarkerScope;
  description: string;
  /** How many a kit prints for a scenario unless the designer says otherwise. */
  defaultCount: (scenario: Scenario) => number;
  colour?: string;
}

/**
 * What a counter shows, front and back. Templates put unit values in braces: "{strength}-{movement}"
 * reads core fields (strength...) and `fields` values by key; "{name}" the unit name. A null back
 * means the counter has one face that matters (the back is blank or shows the side colour).
 */
export interface CounterLayout {
  /** NATO symbol from the unit's branch. */
  symbol: 'nato';
  /** The factor line on the front. */
  front: string;
  /** The factor line on the back (the reduced or flipped side), or null. */
  back: string | null;
  /** What the back stands for ("half strength"). */
  backMeaning?: string;
  /** The name line. */
  label: string;
  /** Marks printed when a value is true, e.g. a star for `elite`. */
  flags?: { key: string; mark: string }[];
  /**
   * The unit value (an enum field) naming the unit's type when the ruleset's types go beyond the
   * format's branches (Shambattle's stands: machine gun, artillery, engineer train...): the
   * counter's symbol shows that type (its label's initials where no symbol is drawn) instead of
   * the branch's.
   */
  typeKey?: string;
  /** The symbol each value of `typeKey` is drawn with (a value not listed: the branch's symbol). */
  symbols?: Readonly<Record<string, UnitSymbol>>;
}

/**
 * The symbols a counter's NATO frame can hold: the format's branches, and the unit types rulesets
 * add (artillery's dot, the engineers' bridge, a headquarters' flag, supply's bar, medical's cross).
 */
export type UnitSymbol = 'infantry' | 'tank' | 'mechanised' | 'cavalry' | 'airborne' | 'artillery' | 'machineGun' | 'engineers' | 'headquarters' | 'supply' | 'medical';

/**
 * How the rules count game turns, for the Calendar panel. Rulesets without it keep no turn
 * record (the panel says so); which per-turn schedules they read is in `features`.
 */
export interface TurnsDecl {
  /** How long a turn stands for, in a sentence ("A week; two weeks on a mud turn"). */
  length: string;
  /** The id of the table in `tables()` that is the turn record track (special turns carry a row `note`). */
  track?: string;
  /** The calendar the rules' text sets (date of turn 1, number of turns): what a new scenario for them starts with. */
  calendar?: { startDate: string; turns: number };
}

/** What a ruleset does with a side feature that blocks movement, supply or line of sight. */
export interface SideFeatureReads {
  movement?: string;
  supply?: string;
  sight?: string;
}

export interface RulesetDeclaration {
  id: string;
  name: string;
  /** One sentence for the ruleset picker. */
  summary: string;
  /** Where the rules come from (seed file, designer, year). */
  source: string;
  /** Bumped whenever a game would play out differently; saves made with another version are reported. */
  version: number;
  /** What each of the scenario's two sides stands for in these rules, in scenario side order. */
  roles: readonly [string, string];
  features: ReadonlySet<ScenarioFeature>;
  /** How the rules count turns and where their turn record track is; absent: no turn record. */
  turns?: TurnsDecl;
  traits: RulesetTraits;
  /** `ruleset.options`, from the ruleset's schema definition. */
  options: readonly FieldDecl[];
  /** What each unit carries: the core fields the ruleset reads, then its own `fields`. OOB columns, inspector and paste follow this order. */
  unitFields: readonly FieldDecl[];
  /**
   * Column order of a pasted spreadsheet without a header row: unit field keys (ruleset fields by
   * their own key) and "cell". Columns left out can still be given under a header.
   */
  pasteColumns: readonly string[];
  /** What the rules read from a network position's `properties` (fortress class, map edge...): the position inspector shows these. */
  positionFields?: readonly FieldDecl[];
  /** Branches the ruleset knows, with its own names for them ("Panzer"). */
  branches: readonly { value: string; label: string }[];
  markers: readonly MarkerDecl[];
  counter: CounterLayout;
  /**
   * Which of a custom side feature's `blocks` (map.sideFeatures: walls, escarpments...) the rules
   * read, each with a few words on what it does in them ("no move, retreat or breakthrough
   * crosses it"); a key left out is not read. The designer's side-feature editor shows this.
   */
  sideFeatureBlocks?: SideFeatureReads;
  /**
   * What `score()` counts, in words for balance reports ("Cities held", "cities-held margin");
   * absent: victory points ("Victory points", "VP margin").
   */
  score?: { name: string; margin: string };
}

// =============================================================================================
// Decisions as described actions
// =============================================================================================

/**
 * How the UI asks for an action: pick a cell on the board, a unit (counter), several units, a
 * unit and where it goes, an entry from a list, or just confirm (a button).
 */
export type ChoiceKind = 'cell' | 'unit' | 'units' | 'move' | 'list' | 'confirm';

/** A legal action with everything the play UI needs to offer it; the UI never builds actions itself. */
export interface DescribedAction<A extends RulesAction = RulesAction> {
  action: A;
  kind: ChoiceKind;
  /** Button or menu text, in the scenario's cell labels and unit names. */
  label: string;
  /** More about it (odds, what it costs), for a tooltip or a second line. */
  detail?: string;
  /** The unit it is about ('unit', 'move'). */
  unit?: UnitId;
  /** The units it names ('units': attackers of a battle...). */
  units?: UnitId[];
  /** The cell it targets ('cell', 'move' destination, a retreat's end...). */
  cell?: CellId;
  /** Where a moving unit starts. */
  from?: CellId;
  /** Cells passed through, when the route matters. */
  path?: CellId[];
  /** Options that belong together (one battle, one unit) share a group. */
  group?: string;
  /** Finishes the current step ("End movement", "Done"): shown as the main button. */
  ends?: boolean;
  /**
   * What the action does on the board, so a UI can draw it without reading the action: a move
   * (path to `cell`), a turn in place, fire at `cell` (a line of fire, not a path), an attack
   * (a close combat or battle), an advance after combat, a retreat or withdrawal.
   */
  intent?: ActionIntent;
  /** The facing the unit ends with, in rulesets with facing (moves and turns: one option per facing). */
  facing?: Direction;
  /** What to pass to `attackPreview` to show this action's odds or die tables (fire, close combat, a move into contact). */
  preview?: AttackSpec;
}

export type ActionIntent = 'move' | 'turn' | 'fire' | 'attack' | 'advance' | 'retreat';

/** The question the side that must act is being asked. */
export interface Decision<A extends RulesAction = RulesAction> {
  side: SideId;
  /** The ruleset's own name for this kind of prompt ("bfm.declare"), for styling and tests. */
  kind: string;
  /** Short heading: "German combat phase: declare battles". */
  title: string;
  /** The question in a sentence. */
  prompt: string;
  /** Every legal action, described; never empty while the game is not over. */
  options: DescribedAction<A>[];
}

// =============================================================================================
// Observations: what one side may see
// =============================================================================================

export interface ObservedUnit {
  /** The unit's id, or an opaque token for a unit the observer may not identify. */
  id: UnitId;
  side: SideId;
  cell: CellId | null;
  /** On the map, in the off-map pool, not yet arrived, or eliminated. */
  where: 'onMap' | 'pool' | 'waiting' | 'eliminated';
  /** True when the observer sees only that a unit is there (a face-down counter). */
  hidden: boolean;
  name?: string;
  branch?: string;
  /** Which face of the counter shows. */
  face: 'front' | 'back';
  /** The factor line as the counter shows it now ("9-6"). */
  factors?: string;
  /** Values the UI may list (current strength, movement...), already resolved. */
  values?: Record<string, number | string | boolean>;
  /** Markers on the unit (ids from the declaration). */
  markers: string[];
  /** The direction the unit faces, in rulesets with facing. */
  facing?: Direction;
  /**
   * An order committed in a simultaneous step and not yet carried out (fire aimed at a cell),
   * shown to the unit's own side only until the step resolves.
   */
  order?: { label: string; cell?: CellId };
}

export interface Observation {
  ruleset: string;
  /** The side this view is for; null for an omniscient view (spectator, replay, both sides human). */
  observer: SideId | null;
  turn: number;
  /** Number of game turns, or null when the rules have no fixed length. */
  turns: number | null;
  /** "Turn 3 of 7 — 16 Oct 1941 (two weeks, mud)". */
  turnLabel: string;
  phase: { id: string; label: string };
  /** Whose player turn it is, if the rules have player turns. */
  player: SideId | null;
  /** Who must act now; null when the game is over. */
  actor: SideId | null;
  /** Short lines for the header: ground, replacements left, clock... */
  status: { label: string; value: string }[];
  units: ObservedUnit[];
  /** Controlling side per cell, for rulesets that track control. */
  control: Record<CellId, SideId> | null;
  /** Markers on cells (ids from the declaration). */
  cellMarkers: Record<CellId, string[]>;
  /** Markers on cell sides, by canonical edge id (a bridge prepared for demolition, a pontoon), for rulesets that change sides. */
  edgeMarkers?: Record<string, string[]>;
  score: Record<SideId, number>;
  gameOver: GameOverInfo | null;
}

// =============================================================================================
// Public queries the UI asks
// =============================================================================================

/** Names an attack to preview: by cell (operational), or attackers and defender (BfM). */
export interface AttackSpec {
  cell?: CellId;
  attackers?: UnitId[];
  defender?: UnitId;
  /** For rulesets where the same units may shoot at or close assault a cell (Shambattle): which one; the ruleset picks by the step when absent. */
  mode?: 'fire' | 'assault';
}

export interface AttackUnitLine {
  id: UnitId;
  name: string;
  branch: string;
  /** Strength as it counts in this attack. */
  strength: number;
  elite: boolean;
}

/** Odds-based combat (a CRT): the ratio, each column shift with its reason, the column used. */
export interface OddsMethod {
  kind: 'odds';
  attack: number;
  defence: number;
  /** Ratio before shifts, e.g. "3:1" (or "1:2" when the attacker is weaker). */
  ratio: string;
  shifts: { reason: string; columns: number }[];
  /** The CRT column used ("2:1"), or null when below the table (no effect). */
  column: string | null;
  /** Result per die score 1..6 in that column. */
  results: string[];
}

/** Dice per strength point against a needed score (operational). */
export interface ToHitMethod {
  kind: 'toHit';
  base: number;
  /** Per attacker: the score needed and the modifiers behind it, each with its reason. */
  attackers: Record<UnitId, { need: number; mods: string[] }>;
  defenderMods: string[];
  absorbCapacity: number;
  absorbCap: number;
}

/**
 * Single-die rolls read against a table (The Portable Wargame's fire and close combat): each roll
 * in the order it is made, with the score it needs and every modifier behind that, and what each
 * score 1..6 would do.
 */
export interface DieRollMethod {
  kind: 'dieRoll';
  rolls: {
    /** What the roll decides: "Drift", "Effect of direct fire", "Attacker's close combat roll". */
    purpose: string;
    /** The side that rolls. */
    side: SideId;
    /** The result of each score 1..6, in words ("Destroyed", "Pinned", "Lands beyond (0604)"). */
    results: string[];
    /** A score at or under this succeeds, when the roll has one (close combat power). */
    atMost?: number;
    /** What made the number what it is, each with its reason ("−1 defender in woods"). */
    mods: { reason: string; value: number }[];
  }[];
}

/**
 * Dice per strength point read on a hit table by target type (Shambattle's Command & Colours
 * style dice): each unit's dice with every modifier and its reason, and what each die face does
 * against this target.
 */
export interface DicePoolMethod {
  kind: 'dicePool';
  /** Per rolling unit: its strength, each modifier with its reason, and the dice it rolls. */
  units: Record<UnitId, { base: number; mods: { reason: string; dice: number }[]; dice: number }>;
  /** All dice rolled. */
  dice: number;
  /** Each die face 1..6: what it does against this target, and whether it counts here (a result counts only if its target type is present). */
  faces: { face: number; result: string; counts: boolean }[];
  /** The other side's dice back at these units, when both sides roll (close combat). */
  reply?: DicePoolMethod;
}

export interface AttackPreview {
  cell: CellId;
  label: string;
  attackerSide: SideId;
  defenderSide: SideId;
  attackers: AttackUnitLine[];
  defenders: AttackUnitLine[];
  /** One sentence: "3:1, −1 forest → 2:1". */
  summary: string;
  method: OddsMethod | ToHitMethod | DieRollMethod | DicePoolMethod;
  /** Chance of each outcome, when the ruleset can say. */
  outcomes?: { result: string; probability: number }[];
}

/** A place a unit may move to now, and how. */
export interface MoveOption {
  cell: CellId;
  /** The route, when the action carries one (start excluded). */
  path?: CellId[];
  /** Movement points spent getting there. */
  cost?: number;
  mode: string;
}

export interface LineOfSight {
  clear: boolean;
  /** Cells the line passes through, from the observer to the target (both cells where it passes exactly between two). */
  cells: CellId[];
  /** The first cell that blocks it. */
  blockedAt?: CellId;
  /** Why, in a sentence with the cell's label ("Woods in 0504 block the view"), when blocked. */
  reason?: string;
}

// =============================================================================================
// The ruleset
// =============================================================================================

/** A computer player: given a state and the actions the rules offer, picks one of them. */
export interface Player<S extends RulesState = GameState, A extends RulesAction = Action> {
  readonly name: string;
  /** One of `legal` (never empty when called). */
  choose(state: S, legal: readonly A[]): A;
}

export interface BotOptions {
  /** Seeds tie-breaks and any sampling; use the game seed so each game is reproducible. */
  seed?: number;
  /** 'fast': the ruleset's quickest sensible player; 'strong': its best (may search, slower). */
  level?: 'fast' | 'strong';
}

export type EditResult = { ok: true; scenario: Scenario } | { ok: false; message: string };

/**
 * The reducer at the heart of a ruleset: new game, who acts, legal actions, apply, and the
 * ruleset's own view. (The operational engine's files implement exactly this; the full contract
 * below adds everything else.) S is the game state, A the action union, V the ruleset's own rich
 * view. Every method is pure: the input state is never changed.
 */
export interface Ruleset<S extends RulesState = GameState, A extends RulesAction = Action, V = GameView> {
  id: string;
  name: string;
  /** Starts a game; runs the automatic phases up to the first decision. */
  newGame(scenario: Scenario, options?: NewGameOptions): S;
  /** newGame, with the events of those opening phases (for a game log). */
  start(scenario: Scenario, options?: NewGameOptions): { state: S; events: GameEvent[] };
  /** Every action the side that must act now may take; empty only when the game is over. */
  legalActions(state: S): A[];
  /** Applies an action without touching `state`; an illegal action changes nothing and says why. */
  apply(state: S, action: A): ApplyResult<S>;
  /** The ruleset's own detailed view (for its own panels). */
  view(state: S): V;
  /** The side that must act now, or null when the game is over. */
  actor(state: S): SideId | null;
}

/**
 * A ruleset as a plug-in: the reducer plus what the editor, checks, print, play UI, bots and
 * simulation need from it (the contract; shared/rules/README.md). Registered in engine.ts.
 */
export interface RulesetPlugin<S extends RulesState = GameState, A extends RulesAction = Action, V = GameView> extends Ruleset<S, A, V> {
  readonly declaration: RulesetDeclaration;

  // ---- the scenario ---------------------------------------------------------------------
  /** Semantic checks of a schema-valid scenario that only this ruleset knows (pointers into the file). */
  checks(scenario: Scenario): ValidationIssue[];
  /** Play aids as data: CRT, terrain effects, turn record track, hit tables... */
  tables(scenario: Scenario): RulesTable[];
  /** Changes one cell of an editable table; the scenario comes back changed (e.g. `ruleset.options.crt`). */
  editTable(scenario: Scenario, tableId: string, rowKey: string, columnKey: string, value: string): EditResult;
  /** The cells whose holder decides the game (victory cells, Moscow), for balance reports. */
  victoryCells(scenario: Scenario): CellId[];

  // ---- decisions (newGame, actor, legalActions, apply come from Ruleset) ------------------
  /** The question being asked, every legal action described for the UI; null when over. */
  decision(state: S): Decision<A> | null;
  /** One action described (e.g. a logged one, for a replay's list). */
  describe(state: S, action: A): DescribedAction<A>;

  // ---- what each side sees ---------------------------------------------------------------
  /** The board as `observer` may see it (null: everything). Never leaks what that side may not know. */
  observe(state: S, observer: SideId | null): Observation;
  // ---- results, for players and search ---------------------------------------------------
  /** +1 for a win, -1 for a loss, 0 for a draw, per side, once over; all 0 before. */
  returns(state: S): Record<SideId, number>;
  /** A number per side for balance reports (VP, cities held...). */
  score(state: S): Record<SideId, number>;
  /** What the score would be if the game ended now (end-of-game awards included). */
  projectedScore(state: S): Record<SideId, number>;
  /** A heuristic value of the state for `side` in [-1, 1] (search cut-offs). */
  evaluate(state: S, side: SideId): number;
  /**
   * A state `observer` cannot tell apart from `state`, drawn at random from `seed`: hidden units
   * sampled, future dice reseeded. Search bots simulate from these, never from the true state.
   */
  determinize(state: S, observer: SideId, seed: number): S;
  /** The ruleset's computer player. */
  bot(options?: BotOptions): Player<S, A>;
  /** What is wrong with a state the rules should never reach (stacking, strengths, control); [] when all holds. Property tests call it after every action. */
  invariants(state: S): string[];

  // ---- public queries for the UI ---------------------------------------------------------
  /** What an attack would be: odds or to-hit numbers, with every modifier and its reason; null if not an attack now. */
  attackPreview(state: S, spec: AttackSpec): AttackPreview | null;
  /** Where a unit may move now (empty when it may not). */
  moves(state: S, unit: UnitId): MoveOption[];
  /** Every legal action involving the unit, described. */
  unitOptions(state: S, unit: UnitId): DescribedAction<A>[];
  /**
   * The move of `unit` to `cell` as a player dropping its counter there asks for it, legal or
   * not (null when the rules have no such move now): a board with drag and drop, given a drop
   * no option ends in, hands it to `apply`, which refuses it with the rules' reason.
   */
  dropMove?(state: S, unit: UnitId, cell: CellId): A | null;
  /** Cells in the zones of control of `side`'s units (empty when the rules have none). */
  zonesOfControl(state: S, side: SideId): CellId[];
  /** The side holding a cell now, for rulesets that track control (null otherwise or off the map). */
  controlOf(state: S, cell: CellId): SideId | null;
  /** Line of sight between two cells, for rulesets that trace it. */
  lineOfSight?(state: S, from: CellId, to: CellId): LineOfSight;
  /** Range between two cells as the rules measure it (orthogonal on squares, hex distance...). */
  range?(state: S, from: CellId, to: CellId): number;
  /** Cells a unit's fire reaches from where it stands now (arc and range), for rulesets with fire; whether it may fire this moment is in `unitOptions`. */
  fireCells?(state: S, unit: UnitId): CellId[];
}

/** A ruleset whatever its state type: what generic code (registry, sim, search bots, saves) holds. */
export type AnyRuleset = RulesetPlugin<RulesState, RulesAction, unknown>;

// =============================================================================================
// The operational ruleset's view (today's test-play screen reads it)
// =============================================================================================

/** What a unit looks like to the UI. */
export interface UnitView {
  id: UnitId;
  side: SideId;
  name: string;
  branch: string;
  elite: boolean;
  strength: number;
  maxStrength: number;
  cell: CellId | null;
  /** 'onMap', 'waiting' (reinforcement not yet arrived) or 'destroyed'. */
  where: 'onMap' | 'waiting' | 'destroyed';
  supply: SupplyStatus;
  activation: ActivationStatus;
  activatedThisTurn: boolean;
  /** Whether the unit could draw supplies now, and if not, why. */
  gettingSupplies: boolean;
  supplyNote: string;
}

/** A cell an active unit may move to, and how. */
export interface Destination {
  cell: CellId;
  path: CellId[];
  mode: 'move' | 'strategic' | 'rail' | 'drop';
}

/** What the player who must act is being asked. */
export interface Prompt {
  side: SideId;
  kind:
    | 'reinforcement'
    | 'activation'
    | 'movement'
    | 'attackOrder'
    | 'lossChoice'
    | 'retreat'
    | 'breakthrough'
    | 'fuelShortage'
    | 'airInterdiction';
  text: string;
}

export interface GameView {
  phase: PhaseId;
  step: StepId | null;
  turn: number;
  turns: number;
  date: string;
  ground: GroundCondition;
  clock: number;
  duration: number;
  /** Side whose player turn it is (null between player turns). */
  player: SideId | null;
  /** Who must act now, and about what; null when the game is over. */
  prompt: Prompt | null;
  initiative: SideId;
  preparedLeft: Record<SideId, number>;
  vp: Record<SideId, number>;
  units: UnitView[];
  /** Controlling side of every cell. */
  control: Record<CellId, SideId>;
  /** Cells from which each side could trace a supply line now. */
  supplyCells: Record<SideId, CellId[]>;
  /** Legal destinations of the active units that may still move. */
  destinations: Record<UnitId, Destination[]>;
  /** Cells where a mandatory attack is still to be made. */
  pendingAttacks: CellId[];
  /** The attack being resolved, while it waits for a decision. */
  combat: Combat | null;
  gameOver: { winner: SideId | null; reason: string } | null;
}
