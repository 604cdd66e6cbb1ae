// Test-play state: the game in progress (engine state, action log, event log), who plays
// each side, the bot loop, undo, the last combat for the combat panel, and replays of saved
// games. The rules engine does the game; this class only drives it and remembers.
import { getContext, setContext } from 'svelte';
import type { Scenario } from '../../../shared/format/scenario.types.js';
import { rulesetFor, replay, toSaveGame, loadSaveGame } from '../../../shared/rules/index.js';
import type { Action, GameEvent, GameState, GameView, Ruleset, SaveGame } from '../../../shared/rules/types.js';
import { heuristicBot, type Player } from '../../../shared/bot/index.js';
import { beforeAttack, withDice, type CombatRecord } from './combat.js';
import { deleteGame, readAutosave, writeAutosave, type AutosaveData, type GameEntry } from './storage.js';
import { GenericGame } from './generic/game.svelte.js';
import type { Dialogs } from '../ui/dialogs.svelte.js';

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

/** Bot speeds: a pause before each bot action; instant plays a batch per frame. */
export const SPEEDS: readonly { label: string; ms: number; title: string }[] = [
  { label: 'Slow', ms: 1000, title: 'A second per bot action, to follow each move' },
  { label: 'Fast', ms: 250, title: 'A short pause per bot action' },
  { label: 'Instant', ms: 0, title: 'The bot answers at once' },
];
const DEFAULT_SPEED_MS = 250;
/** The game in progress is written to the library this long after its last action (and on leaving). */
const AUTOSAVE_DELAY_MS = 800;

export interface Resumable {
  entry: GameEntry;
  data: AutosaveData;
}

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
  setup = $state<PlaySetup>({ controllers: {}, seed: 1, speedMs: DEFAULT_SPEED_MS });
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

  /** The scenario's game in progress kept in the library, offered as "Resume" in the setup. */
  resumable = $state.raw<Resumable | null>(null);
  /** The log as last saved by the person or loaded: a live game with another log has unsaved actions. */
  private savedLog = $state.raw<readonly unknown[] | null>(null);
  private autosavedLog: readonly unknown[] | null = null;
  private autosaveTimer: ReturnType<typeof setTimeout> | undefined;

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

  /** The action log of the game on the board, of either screen. */
  private currentLog = $derived.by((): readonly unknown[] => (this.generic ? this.generic.log : this.log));
  /** True while a saved game is shown as a replay (on either screen). */
  isReplaying = $derived(this.replaying !== null || (this.generic?.replaying ?? null) !== null);
  /** A game is on the board (operational or any other ruleset). */
  private inGame = $derived(this.game !== null || this.generic !== null);
  /** How many actions the game on the board has. */
  actionCount = $derived(this.currentLog.length);

  /** A person has taken an action in the operational game on the board since it was started or loaded. */
  private personActedHere = $state(false);
  /** A person (not only the bot) has played in the game on the board since it was started or loaded. */
  personActed = $derived(this.generic ? this.generic.personActed : this.personActedHere);

  /** A live game (not a replay) with actions that no saved game holds (the autosave aside). */
  hasUnsavedGame = $derived(this.inGame && !this.isReplaying && this.currentLog.length > 0 && this.currentLog !== this.savedLog);

  /** The name a saved game gets in the Games list. */
  saveName(): string {
    const n = this.actionCount;
    if (this.generic) return `${this.generic.describe()}, ${n} action${n === 1 ? '' : 's'}`;
    const v = this.view;
    return v ? `Turn ${v.turn}, ${v.date}, ${n} actions` : `${n} actions`;
  }

  /** "Turn 5, Germans to act", "Turn 22, game over: Soviets win": how a game in progress is named. */
  describeGame(): string {
    if (this.generic) return this.generic.describe();
    const v = this.view;
    if (!v) return 'Game';
    const name = (id: string | null | undefined) => this.scenario?.sides.find((s) => s.id === id)?.name ?? id ?? '';
    if (v.gameOver) return `Turn ${v.turn}, game over: ${v.gameOver.winner ? `${name(v.gameOver.winner)} win` : 'a draw'}`;
    return this.actor ? `Turn ${v.turn}, ${name(this.actor)} to act` : `Turn ${v.turn}`;
  }

  /** Opens the setup for `scenario`: the first side human, the other the bot, a fresh random seed; looks for a game to resume. */
  openSetup(scenario: Scenario, revision?: number): void {
    void this.flushAutosave();
    this.stop();
    this.scenario = scenario;
    this.revision = revision;
    this.error = '';
    const controllers: Record<string, Controller> = {};
    scenario.sides.forEach((s, k) => (controllers[s.id] = k === 0 ? 'human' : 'bot'));
    this.setup = { controllers, seed: randomSeed(), speedMs: this.setup.speedMs };
    this.screen = 'setup';
    this.resumable = null;
    void this.findResumable(scenario);
  }

  private async findResumable(scenario: Scenario): Promise<void> {
    try {
      const found = await readAutosave(scenario.id);
      if (this.scenario === scenario && this.screen === 'setup') this.resumable = found;
    } catch {
      // A scenario not in the library has no autosave; the setup simply offers a new game.
    }
  }

  /** Continues the autosaved game with the players it had; an error sentence or ''. */
  resume(): string {
    const r = this.resumable;
    if (!r) return '';
    const controllers = { ...this.setup.controllers, ...r.data.controllers };
    const problem = this.loadSave(r.data.savegame, controllers);
    if (problem) return `The game in progress cannot be continued: ${problem}`;
    // The autosave holds exactly this game: nothing to write until the next action.
    this.autosavedLog = this.currentLog;
    this.resumable = null;
    return '';
  }

  /** The person saved the game shown (Games ▸ Save): nothing of it is unsaved. */
  markSaved(): void {
    this.savedLog = this.currentLog;
  }

  /**
   * Leaves test-play throwing the game in progress away: no autosave is written for it and the
   * one the library holds for the scenario is deleted (named saves stay).
   */
  async discardAndClose(): Promise<void> {
    clearTimeout(this.autosaveTimer);
    this.autosaveTimer = undefined;
    const scenario = this.scenario;
    this.autosavedLog = this.currentLog;
    this.close();
    if (!scenario) return;
    try {
      const found = await readAutosave(scenario.id);
      if (found) await deleteGame(found.entry.id);
    } catch (err) {
      console.warn('The game in progress could not be discarded:', err);
    }
  }

  // --- the autosave --------------------------------------------------------------------

  private scheduleAutosave(): void {
    clearTimeout(this.autosaveTimer);
    this.autosaveTimer = setTimeout(() => void this.flushAutosave(), AUTOSAVE_DELAY_MS);
  }

  /** Writes the game in progress to the library now, when it changed since the last write. */
  async flushAutosave(): Promise<void> {
    clearTimeout(this.autosaveTimer);
    this.autosaveTimer = undefined;
    const scenario = this.scenario;
    const savegame = this.toSave();
    const log = this.currentLog;
    if (!scenario || !savegame || this.isReplaying || log.length === 0 || log === this.autosavedLog) return;
    const data: AutosaveData = { savegame, controllers: { ...(this.generic ? this.generic.setup.controllers : this.setup.controllers) } };
    this.autosavedLog = log;
    try {
      await writeAutosave(scenario.id, this.describeGame(), data);
    } catch (err) {
      // Not in the library (opened from a file by the test hook) or the write failed: the
      // game is still on the board; try again after the next action.
      if (this.autosavedLog === log) this.autosavedLog = null;
      console.warn('The game in progress was not autosaved:', err);
    }
  }

  openBalance(scenario: Scenario, revision?: number): void {
    this.stop();
    this.scenario = scenario;
    this.revision = revision;
    this.screen = 'balance';
  }

  /**
   * Leaves test-play as a person asked to (Back to editor, the Library crumb, opening another
   * scenario): a game with actions no saved game holds asks first whether to keep it to resume
   * later (the default) or discard it. False when the person stayed.
   */
  async leave(dialogs: Dialogs): Promise<boolean> {
    if (!this.screen) return true;
    // Nothing of the person's is at stake in a game where only the bot has played yet (it is autosaved all the same).
    if (!this.hasUnsavedGame || !this.personActed) {
      this.close();
      return true;
    }
    const n = this.actionCount;
    const choice = await dialogs.ask({
      title: 'Leave the game in progress?',
      message: `${this.describeGame()}, ${n} action${n === 1 ? '' : 's'} not in a saved game. Keep it to resume later from Test-play, or discard it.`,
      buttons: [
        { key: 'cancel', label: 'Stay' },
        { key: 'discard', label: 'Discard it', kind: 'danger' },
        { key: 'keep', label: 'Keep it', kind: 'primary' },
      ],
    });
    if (choice === 'cancel') return false;
    if (choice === 'discard') await this.discardAndClose();
    else this.close();
    return true;
  }

  /** Leaves test-play; the game in progress is kept as the scenario's autosave. */
  close(): void {
    void this.flushAutosave();
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
    this.savedLog = this.log;
    this.autosavedLog = null;
    this.resumable = null;
    this.personActedHere = false;
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
      this.personActedHere = true;
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
    this.scheduleAutosave();
    // A person's decision may hand the game to the bot: it answers by itself.
    if (fromHuman) this.kickBots();
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
    this.kickBots();
  }

  setController(side: string, c: Controller): void {
    this.setup = { ...this.setup, controllers: { ...this.setup.controllers, [side]: c } };
    if (this.generic) return this.generic.setController(side, c);
    this.kickBots();
  }

  /** True when the side to act now is played by the bot (and the game is live, not a replay). */
  private botToAct(): boolean {
    const side = this.actor;
    return this.game !== null && !this.replaying && side !== null && this.setup.controllers[side] === 'bot';
  }

  /** A new bot speed takes effect at once, not after the pause already under way. */
  setSpeed(ms: number): void {
    this.setup = { ...this.setup, speedMs: ms };
    const g = this.generic;
    if (g) {
      g.setup = { ...g.setup, speedMs: ms };
      g.stop();
      g.kickBots();
      return;
    }
    this.restartBots();
  }

  private restartBots(): void {
    if (!this.botBusy) return this.kickBots();
    this.runToken++;
    this.botBusy = false;
    this.kickBots();
  }

  /**
   * Lets the bots play while it is their decision: one action per `speedMs` (so a person sees
   * each move land), or a batch per frame at instant speed and while skipping. Called after
   * every change of who is to act: a start, a person's action, an undo, a load, a take-over,
   * a side handed to the bot. A run already under way carries on by itself.
   */
  kickBots(): void {
    if (this.botBusy) return;
    if (!this.botToAct()) {
      this.skipping = false;
      return;
    }
    const token = ++this.runToken;
    this.botBusy = true;
    const batching = () => this.skipping || this.setup.speedMs <= 0;
    const finish = () => {
      this.botBusy = false;
      this.skipping = false;
    };
    const step = () => {
      if (token !== this.runToken) return;
      // While batching, play for a slice of a frame so the page stays responsive.
      const deadline = performance.now() + (batching() ? 30 : 0);
      do {
        if (!this.botToAct()) return finish();
        const who = this.actor!;
        let action: Action;
        try {
          action = this.bots.get(who)!.choose(this.game!, this.legal);
        } catch (err) {
          this.error = `The bot could not decide: ${err instanceof Error ? err.message : String(err)}`;
          return finish();
        }
        if (!this.act(action, false)) {
          this.error = `The bot's action was refused: ${this.error}`;
          return finish();
        }
      } while (batching() && performance.now() < deadline);
      if (!this.botToAct()) return finish();
      setTimeout(step, batching() ? 0 : this.setup.speedMs);
    };
    setTimeout(step, batching() ? 0 : this.setup.speedMs);
  }

  /** Plays the bots' decisions at once, up to the next human decision or the end. */
  skip(): void {
    this.skipping = true;
    this.restartBots();
  }

  private startGeneric(scenario: Scenario): void {
    let game: GenericGame;
    try {
      game = new GenericGame(scenario, { ...this.setup, controllers: { ...this.setup.controllers } });
    } catch (err) {
      this.error = `The game cannot start: ${err instanceof Error ? err.message : String(err)}`;
      return;
    }
    this.showGeneric(game);
    this.savedLog = game.log;
    this.autosavedLog = null;
    this.resumable = null;
  }

  /** Puts a game of another ruleset on the board; its actions are autosaved like the operational screen's. */
  private showGeneric(game: GenericGame): void {
    this.generic?.stop();
    game.onChange = () => this.scheduleAutosave();
    this.generic = game;
    this.game = null;
    this.log = [];
    this.replaying = null;
    this.error = '';
    this.screen = 'board';
  }

  /** Continues (or replays) a saved game of another ruleset; an error sentence or ''. */
  private loadGeneric(scenario: Scenario, save: unknown, controllers: Record<string, Controller> | undefined, replaying: boolean): string {
    const made = GenericGame.fromSave(scenario, save, { controllers: { ...(controllers ?? this.setup.controllers) }, speedMs: this.setup.speedMs }, { replay: replaying });
    if (typeof made === 'string') return made;
    this.stop();
    clearTimeout(this.autosaveTimer);
    this.setup = { ...this.setup, seed: made.setup.seed, controllers: { ...made.setup.controllers } };
    this.showGeneric(made);
    if (replaying) return '';
    this.savedLog = made.log;
    this.autosavedLog = null;
    this.scheduleAutosave();
    made.kickBots();
    return '';
  }

  stop(): void {
    this.generic?.stop();
    this.runToken++;
    this.botBusy = false;
    this.skipping = false;
  }

  // --- saving and replays ---------------------------------------------------------------

  toSave(): SaveGame | null {
    if (this.generic) return this.generic.toSave(this.revision);
    if (!this.game) return null;
    return toSaveGame(this.game, this.log, { dice: { seed: this.setup.seed }, revision: this.revision });
  }

  /** Continues a saved game; returns an error sentence or ''. */
  loadSave(save: unknown, controllers?: Record<string, Controller>): string {
    const scenario = this.scenario;
    if (!scenario) return 'No scenario is open.';
    if (scenario.ruleset.id !== 'operational') return this.loadGeneric(scenario, save, controllers, false);
    const r = loadSaveGame(save, scenario);
    if (!r.ok) return r.message;
    this.stop();
    this.generic = null;
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
    this.savedLog = this.log;
    this.autosavedLog = null;
    this.personActedHere = false;
    this.screen = 'board';
    // The loaded game is now the one in progress.
    this.scheduleAutosave();
    this.kickBots();
    return '';
  }

  /** Opens a saved game as a replay, at its first state. */
  openReplay(save: unknown): string {
    const scenario = this.scenario;
    if (!scenario) return 'No scenario is open.';
    if (scenario.ruleset.id !== 'operational') return this.loadGeneric(scenario, save, undefined, true);
    const r = loadSaveGame(save, scenario);
    if (!r.ok) return r.message;
    this.stop();
    this.generic = null;
    clearTimeout(this.autosaveTimer);
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
    this.savedLog = null;
    this.scheduleAutosave();
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
