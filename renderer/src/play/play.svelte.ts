// Test-play state: the game in progress (engine state, action log, event log), who plays
// each side, the bot loop, undo, the last combat for the combat panel, and replays of saved
// games. The rules engine does the game; this class only drives it and remembers.
import { getContext, setContext } from 'svelte';
import type { Scenario } from '../../../shared/format/scenario.types.js';
import { rulesetFor, replay, toSaveGame, loadSaveGame } from '../../../shared/rules/index.js';
import type { Action, GameEvent, GameState, GameView, Ruleset, SaveGame } from '../../../shared/rules/types.js';
import { heuristicBot, type Player } from '../../../shared/bot/index.js';
import { beforeAttack, withDice, type CombatRecord } from './combat.js';
import { GenericGame } from './generic/game.svelte.js';

export type Controller = 'human' | 'bot';
export type PlayScreen = 'setup' | 'board' | 'balance';

export interface PlaySetup {
  controllers: Record<string, Controller>;
  seed: number;
  /** Pause between bot actions, ms. */
  speedMs: number;
}

export interface LoggedEvent extends GameEvent {
  /** Running number, for keys and the log's order. */
  seq: number;
  /** Index of the action that caused it in the action log (-1: the opening phases). */
  action: number;
}

interface Snapshot {
  state: GameState;
  logLength: number;
  eventCount: number;
  combat: CombatRecord | null;
}

export const SPEEDS: readonly { label: string; ms: number }[] = [
  { label: 'Slow', ms: 900 },
  { label: 'Normal', ms: 400 },
  { label: 'Fast', ms: 120 },
];

export function randomSeed(): number {
  const a = new Uint32Array(1);
  crypto.getRandomValues(a);
  return a[0]! % 1_000_000;
}

export class PlayState {
  screen = $state<PlayScreen | null>(null);
  scenario = $state.raw<Scenario | null>(null);
  /** Library revision the game was started from, when known. */
  revision = $state<number | undefined>(undefined);
  setup = $state<PlaySetup>({ controllers: {}, seed: 1, speedMs: 400 });
  game = $state.raw<GameState | null>(null);
  log = $state.raw<Action[]>([]);
  events = $state.raw<LoggedEvent[]>([]);
  combat = $state.raw<CombatRecord | null>(null);
  /** Unit picked to move (movement or breakthrough). */
  selectedUnit = $state<string | null>(null);
  supplyOverlay = $state(false);
  botBusy = $state(false);
  error = $state('');
  /** Replay of a saved game: the states after 0..n actions, and where we are. */
  replaying = $state.raw<{ states: GameState[]; events: LoggedEvent[][]; at: number } | null>(null);
  /** A game of a ruleset other than the operational one, played through the contract (play/generic). */
  generic = $state.raw<GenericGame | null>(null);

  private rules: Ruleset | null = null;
  private undoStack: Snapshot[] = [];
  private bots = new Map<string, Player>();
  private skipping = false;
  private runToken = 0;
  private seq = 0;
  undoable = $state(false);

  view = $derived.by((): GameView | null => (this.game && this.rules ? this.rules.view(this.game) : null));
  actor = $derived.by((): string | null => (this.game && this.rules ? this.rules.actor(this.game) : null));
  legal = $derived.by((): Action[] => (this.game && this.rules && !this.replaying ? this.rules.legalActions(this.game) : []));
  /** True when a person must act now. */
  humanTurn = $derived(this.actor !== null && this.setup.controllers[this.actor] === 'human' && !this.replaying);

  /** Opens the setup for `scenario`: both sides human, a fresh random seed. */
  openSetup(scenario: Scenario, revision?: number): void {
    this.stop();
    this.scenario = scenario;
    this.revision = revision;
    this.error = '';
    const controllers: Record<string, Controller> = {};
    scenario.sides.forEach((s, k) => (controllers[s.id] = k === 0 ? 'human' : 'bot'));
    this.setup = { controllers, seed: randomSeed(), speedMs: this.setup.speedMs || 400 };
    this.screen = 'setup';
  }

  openBalance(scenario: Scenario, revision?: number): void {
    this.stop();
    this.scenario = scenario;
    this.revision = revision;
    this.screen = 'balance';
  }

  close(): void {
    this.stop();
    this.screen = null;
    this.game = null;
    this.generic = null;
    this.replaying = null;
  }

  /** Starts a new game with the current setup. */
  start(): void {
    const scenario = this.scenario;
    if (!scenario) return;
    this.stop();
    if (scenario.ruleset.id !== 'operational') return this.startGeneric(scenario);
    this.generic = null;
    let opened: { state: GameState; events: GameEvent[] };
    try {
      this.rules = rulesetFor(scenario.ruleset.id);
      opened = this.rules.start(scenario, { seed: this.setup.seed });
    } catch (err) {
      // A scenario the checks would flag (a unit off the map, an unknown ruleset) cannot start.
      this.error = `The game cannot start: ${err instanceof Error ? err.message : String(err)}`;
      return;
    }
    const { state, events } = opened;
    this.bots = new Map(scenario.sides.map((s) => [s.id, heuristicBot({ seed: this.setup.seed })]));
    this.seq = 0;
    this.game = state;
    this.log = [];
    this.events = this.stamp(events, -1);
    this.combat = null;
    this.selectedUnit = null;
    this.undoStack = [];
    this.undoable = false;
    this.replaying = null;
    this.error = '';
    this.screen = 'board';
    this.kickBots();
  }

  private stamp(events: readonly GameEvent[], action: number): LoggedEvent[] {
    return events.map((e) => ({ ...e, seq: this.seq++, action }));
  }

  /** Applies one action; false (with `error` set) when the engine refuses it. */
  act(action: Action, fromHuman = true): boolean {
    const s = this.game;
    const rules = this.rules;
    if (!s || !rules || this.replaying) return false;
    let record = action.type === 'attack' ? beforeAttack(s, action.cell) : null;
    const r = rules.apply(s, action);
    if (!r.ok) {
      this.error = r.error.message;
      return false;
    }
    this.error = '';
    if (fromHuman) {
      this.undoStack.push({ state: s, logLength: this.log.length, eventCount: this.events.length, combat: this.combat });
      if (this.undoStack.length > 50) this.undoStack.shift();
    }
    const stamped = this.stamp(r.events, this.log.length);
    this.log = [...this.log, action];
    this.events = [...this.events, ...stamped];
    if (record) {
      record = withDice(record, r.events.find((e) => e.kind === 'attack'));
      this.combat = this.followCombat(record, r.events.filter((e) => e.kind !== 'attack'), r.state);
    } else if (this.combat?.open) {
      this.combat = this.followCombat(this.combat, r.events, r.state);
    }
    this.game = r.state;
    if (this.selectedUnit && !this.canStillMove(this.selectedUnit)) this.selectedUnit = null;
    this.undoable = this.computeUndoable();
    return true;
  }

  private followCombat(rec: CombatRecord, events: readonly GameEvent[], after: GameState): CombatRecord {
    const outcome = events.filter((e) => ['losses', 'retreat', 'breakthrough', 'control'].includes(e.kind) && (e.cell === rec.cell || e.kind !== 'control'));
    return { ...rec, outcome: [...rec.outcome, ...outcome], open: after.combat !== null && after.combat.cell === rec.cell };
  }

  private canStillMove(unit: string): boolean {
    const v = this.view;
    if (!v) return false;
    if ((v.destinations[unit]?.length ?? 0) > 0) return true;
    return this.legal.some((a) => a.type === 'breakthrough' && a.unit === unit);
  }

  /** Undo is offered for a person's last action while no die has been rolled since. */
  private computeUndoable(): boolean {
    const top = this.undoStack.at(-1);
    const s = this.game;
    if (!top || !s) return false;
    return top.logLength === this.log.length - 1 && top.state.rolls === s.rolls;
  }

  undo(): void {
    if (!this.computeUndoable()) return;
    const top = this.undoStack.pop()!;
    this.game = top.state;
    this.log = this.log.slice(0, top.logLength);
    this.events = this.events.slice(0, top.eventCount);
    this.combat = top.combat;
    this.selectedUnit = null;
    this.undoable = this.computeUndoable();
  }

  setController(side: string, c: Controller): void {
    this.setup = { ...this.setup, controllers: { ...this.setup.controllers, [side]: c } };
    this.kickBots();
  }

  /** Lets the bots play while it is their decision, one action per `speedMs`. */
  kickBots(): void {
    if (this.botBusy || !this.game || this.replaying) return;
    const token = ++this.runToken;
    const step = () => {
      if (token !== this.runToken) return;
      const s = this.game;
      const side = this.actor;
      if (!s || side === null || this.setup.controllers[side] !== 'bot') {
        this.botBusy = false;
        this.skipping = false;
        return;
      }
      this.botBusy = true;
      // While skipping, play a batch per frame so the page stays responsive.
      const deadline = performance.now() + (this.skipping ? 30 : 0);
      do {
        const who = this.actor;
        if (who === null || this.setup.controllers[who] !== 'bot') break;
        let action: Action;
        try {
          action = this.bots.get(who)!.choose(this.game!, this.legal);
        } catch (err) {
          this.error = `The bot could not decide: ${err instanceof Error ? err.message : String(err)}`;
          this.botBusy = false;
          this.skipping = false;
          return;
        }
        if (!this.act(action, false)) {
          this.error = `The bot's action was refused: ${this.error}`;
          this.botBusy = false;
          this.skipping = false;
          return;
        }
      } while (this.skipping && performance.now() < deadline);
      setTimeout(step, this.skipping ? 0 : this.setup.speedMs);
    };
    setTimeout(step, this.skipping ? 0 : this.setup.speedMs);
  }

  /** Plays the bots' decisions at once, up to the next human decision or the end. */
  skip(): void {
    this.skipping = true;
    if (!this.botBusy) this.kickBots();
  }

  private startGeneric(scenario: Scenario): void {
    try {
      this.generic = new GenericGame(scenario, { ...this.setup, controllers: { ...this.setup.controllers } });
    } catch (err) {
      this.error = `The game cannot start: ${err instanceof Error ? err.message : String(err)}`;
      return;
    }
    this.game = null;
    this.error = '';
    this.screen = 'board';
  }

  stop(): void {
    this.generic?.stop();
    this.runToken++;
    this.botBusy = false;
    this.skipping = false;
  }

  // --- saving and replays ---------------------------------------------------------------

  toSave(): SaveGame | null {
    if (!this.game) return null;
    return toSaveGame(this.game, this.log, { dice: { seed: this.setup.seed }, revision: this.revision });
  }

  /** Continues a saved game; returns an error sentence or ''. */
  loadSave(save: unknown, controllers?: Record<string, Controller>): string {
    const scenario = this.scenario;
    if (!scenario) return 'No scenario is open.';
    const r = loadSaveGame(save, scenario);
    if (!r.ok) return r.message;
    this.stop();
    const data = save as SaveGame;
    this.rules = rulesetFor(scenario.ruleset.id);
    const seed = data.dice.seed ?? 1;
    this.setup = { ...this.setup, seed, controllers: controllers ?? this.setup.controllers };
    this.bots = new Map(scenario.sides.map((s) => [s.id, heuristicBot({ seed })]));
    const steps = this.replayAll(scenario, seed, r.log);
    if (!steps) return 'The saved log could not be replayed.';
    this.seq = 0;
    this.game = r.state;
    this.log = r.log;
    this.events = steps.events.flat();
    this.combat = null;
    this.selectedUnit = null;
    this.undoStack = [];
    this.undoable = false;
    this.replaying = null;
    this.screen = 'board';
    this.kickBots();
    return '';
  }

  /** Opens a saved game as a replay, at its first state. */
  openReplay(save: unknown): string {
    const scenario = this.scenario;
    if (!scenario) return 'No scenario is open.';
    const r = loadSaveGame(save, scenario);
    if (!r.ok) return r.message;
    this.stop();
    this.rules = rulesetFor(scenario.ruleset.id);
    const seed = (save as SaveGame).dice.seed ?? 1;
    const steps = this.replayAll(scenario, seed, r.log);
    if (!steps) return 'The saved log could not be replayed.';
    this.log = r.log;
    this.replaying = { states: steps.states, events: steps.events, at: 0 };
    this.game = steps.states[0]!;
    this.events = steps.events[0]!;
    this.combat = null;
    this.screen = 'board';
    return '';
  }

  replayTo(at: number): void {
    const rp = this.replaying;
    if (!rp) return;
    const k = Math.max(0, Math.min(rp.states.length - 1, at));
    this.replaying = { ...rp, at: k };
    this.game = rp.states[k]!;
    this.events = rp.events.slice(0, k + 1).flat();
  }

  /** Leaves a replay and plays on from the state shown. */
  takeOver(): void {
    const rp = this.replaying;
    if (!rp) return;
    this.log = this.log.slice(0, rp.at);
    this.replaying = null;
    this.undoStack = [];
    this.kickBots();
  }

  private replayAll(scenario: Scenario, seed: number, log: readonly Action[]): { states: GameState[]; events: LoggedEvent[][] } | null {
    const rules = rulesetFor(scenario.ruleset.id);
    this.seq = 0;
    const first = rules.start(scenario, { seed });
    const states = [first.state];
    const events = [this.stamp(first.events, -1)];
    let s = first.state;
    for (let k = 0; k < log.length; k++) {
      const r = rules.apply(s, log[k]!);
      if (!r.ok) return null;
      s = r.state;
      states.push(s);
      events.push(this.stamp(r.events, k));
    }
    // The replay must land where the engine's own replay does.
    const check = replay(scenario, { seed }, log);
    if (!check.ok) return null;
    return { states, events };
  }
}

const KEY = Symbol('gridfront.play');

export function providePlay(play: PlayState): PlayState {
  return setContext(KEY, play);
}

export function usePlay(): PlayState {
  const play = getContext<PlayState | undefined>(KEY);
  if (!play) throw new Error('usePlay() needs providePlay() in App.svelte above this component');
  return play;
}
