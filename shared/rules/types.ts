// The rules-engine interface shared by every ruleset. The saved parts of a game (engine state,
// actions) are described by schemas/savegame.schema.json; their TypeScript types are generated
// from it (npm run gen) and re-exported here, never written twice.
import type { Scenario } from '../format/scenario.types.js';
import type { Action, Combat, EngineState, SupplyStatus, ActivationStatus, PhaseId, StepId } from '../format/savegame.types.js';

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

/**
 * A game in progress: the engine state plus the scenario it is played on. Plain JSON; the
 * scenario is shared by reference between successive states and is not part of a save's
 * `state` (see savegame.ts).
 */
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
  | 'gameOver';

/** Something that happened, with a sentence for people and the dice that decided it. */
export interface GameEvent {
  kind: EventKind;
  text: string;
  turn: number;
  side?: SideId;
  cell?: CellId;
  units?: UnitId[];
  rolls?: DiceRoll[];
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

export type ApplyResult =
  | { ok: true; state: GameState; events: GameEvent[] }
  | { ok: false; error: RuleError };

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
  ground: EngineState['ground'];
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

/** A ruleset: a pure reducer over its actions. */
export interface Ruleset {
  id: string;
  name: string;
  /** Starts a game; runs the automatic phases up to the first decision. */
  newGame(scenario: Scenario, options?: NewGameOptions): GameState;
  /** newGame, with the events of those opening phases (for a game log). */
  start(scenario: Scenario, options?: NewGameOptions): { state: GameState; events: GameEvent[] };
  /** Every action the side that must act now may take; empty only when the game is over. */
  legalActions(state: GameState): Action[];
  /** Applies an action without touching `state`; an illegal action changes nothing. */
  apply(state: GameState, action: Action): ApplyResult;
  view(state: GameState): GameView;
  /** The side that must act now, or null when the game is over. */
  actor(state: GameState): SideId | null;
}
