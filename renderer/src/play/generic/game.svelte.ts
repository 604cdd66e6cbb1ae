// A test-play game of any ruleset, driven through the ruleset contract only (shared/rules
// index: getRuleset, decisions as described actions, observations per side, public queries):
// the game in progress, the action and event logs, who plays each side, the ruleset's own bot
// taking its decisions by itself, undo while no die has been rolled, and the last attack with
// its odds, roll and result; a saved game loaded back (its log replayed through the same steps, so
// the log, the attack cards and what each side may see come back as they were) and replays of one.
// The operational ruleset keeps its own screen (play.svelte.ts); saving, the autosave and resuming
// are PlayState's for both.
import type { Scenario } from '../../../../shared/format/scenario.types.js';
import {
  attackPreview,
  eventsVisibleTo,
  getRuleset,
  loadSaveGame,
  observe,
  toSaveGame,
  zonesOfControl,
  type AnyRuleset,
  type AttackPreview,
  type Decision,
  type DescribedAction,
  type DiceRoll,
  type GameEvent,
  type Observation,
  type Player,
  type RulesAction,
  type RulesState,
  type SaveGame,
} from '../../../../shared/rules/index.js';
import { NONE, type Pick } from './intent.js';

export type Controller = 'human' | 'bot';

export interface GenericLoggedEvent extends GameEvent {
  seq: number;
  /** Index of the action that caused it (-1: the opening phases). */
  action: number;
}

/** An attack, shot or close combat as it was made: the odds or dice before, the dice and what came of it. */
export interface AttackRecord {
  /** What the rules showed before (null when the dice came from a side's orders the player did not see previewed). */
  preview: AttackPreview | null;
  /** The label of the option taken ("Resolve the attack on 16th Army in 0508"). */
  label: string;
  rolls: DiceRoll[];
  /** The sentences the rules wrote about it (the roll, the result, losses, retreats). */
  lines: string[];
  /** The CRT result, when the method is odds and one die decided it. */
  result: string | null;
  die: number | null;
}

interface Snapshot {
  state: RulesState;
  logLength: number;
  eventCount: number;
  lastAttack: AttackRecord | null;
  attacks: AttackRecord[];
}

export interface GenericSetup {
  controllers: Record<string, Controller>;
  seed: number;
  speedMs: number;
}

export class GenericGame {
  readonly rules: AnyRuleset;
  setup = $state<GenericSetup>({ controllers: {}, seed: 1, speedMs: 400 });
  state = $state.raw<RulesState>(null as unknown as RulesState);
  log = $state.raw<RulesAction[]>([]);
  events = $state.raw<GenericLoggedEvent[]>([]);
  lastAttack = $state.raw<AttackRecord | null>(null);
  /** The attacks, shots and close combats of the game so far, newest first (the first is `lastAttack`). */
  attacks = $state.raw<AttackRecord[]>([]);
  pick = $state.raw<Pick>(NONE);
  error = $state('');
  botBusy = $state(false);
  undoable = $state(false);
  zocOverlay = $state(false);
  /** A saved game shown step by step: the board after 0..n actions, and where it is. */
  replaying = $state.raw<{ steps: Snapshot[]; at: number; log: RulesAction[]; events: GenericLoggedEvent[] } | null>(null);
  /** A person has taken an action in this game (not only the bots) since it was started or loaded. */
  personActed = $state(false);
  /** Called after every action taken on the board (a person's or a bot's) and every undo: the autosave listens. */
  onChange: (() => void) | null = null;

  private undoStack: Snapshot[] = [];
  private bots = new Map<string, Player<RulesState, RulesAction>>();
  private runToken = 0;
  private seq = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;

  readonly actor = $derived.by((): string | null => this.rules.actor(this.state));
  /** The sides people play. */
  readonly humans = $derived.by((): string[] => this.scenario.sides.filter((s) => this.setup.controllers[s.id] === 'human').map((s) => s.id));
  /** Whose eyes the board shows: the one human side; with two people, the side to act (hot seat); with none, everything. */
  readonly observer = $derived.by((): string | null => (this.humans.length === 1 ? this.humans[0]! : this.humans.length === 2 ? this.actor : null));
  readonly observation = $derived.by((): Observation => observe(this.state, this.observer));
  readonly humanTurn = $derived(this.actor !== null && this.setup.controllers[this.actor] === 'human' && this.replaying === null);
  /** The question a person is being asked now (null while a bot decides or the game is over). */
  readonly decision = $derived.by((): Decision<RulesAction> | null => (this.humanTurn ? this.rules.decision(this.state) : null));
  /** Cells in the zones of control of the side not acting (what limits the mover). */
  readonly zoc = $derived.by((): string[] => {
    if (!this.zocOverlay || !this.rules.declaration.traits.zonesOfControl) return [];
    const mover = this.actor ?? this.scenario.sides[0].id;
    const enemy = this.scenario.sides.find((s) => s.id !== mover)!.id;
    return zonesOfControl(this.state, enemy);
  });
  /** The attack being put together on the board, as it would be. */
  readonly preview = $derived.by((): AttackPreview | null => {
    const p = this.pick;
    if (p.kind !== 'target' || p.chosen.length === 0) return null;
    return attackPreview(this.state, { defender: p.target, attackers: p.chosen, ...(p.cell ? { cell: p.cell } : {}) });
  });
  /** An attack the rules are putting together unit by unit (Barbarossa Fast), as it stands now. */
  readonly building = $derived.by((): AttackPreview | null => (this.humanTurn ? attackPreview(this.state, {}) : null));
  /** Previews of shots ordered but not yet fired (simultaneous fire), by the unit that fires, shown again with their dice. */
  private ordered = new Map<string, { preview: AttackPreview; label: string }>();

  constructor(
    readonly scenario: Scenario,
    setup: GenericSetup,
  ) {
    this.rules = getRuleset(scenario.ruleset.id);
    this.setup = { ...setup, controllers: { ...setup.controllers } };
    const opened = this.rules.start(scenario, { seed: setup.seed });
    this.bots = new Map(scenario.sides.map((s) => [s.id, this.rules.bot({ seed: setup.seed, level: 'fast' })]));
    this.state = opened.state;
    this.events = this.stamp(opened.events, -1);
  }

  /**
   * The game of a save (schemas/savegame.schema.json) on `scenario`: the save is checked and its
   * log replayed by the rules (shared/rules/savegame.ts), then taken again here action by action
   * so the event log and the attack cards are those of the game as it was played. An error
   * sentence when the save does not fit the scenario or its log does not replay.
   */
  static fromSave(scenario: Scenario, save: unknown, setup: Omit<GenericSetup, 'seed'>, opts: { replay?: boolean } = {}): GenericGame | string {
    const loaded = loadSaveGame<RulesState, RulesAction>(save, scenario);
    if (!loaded.ok) return loaded.message;
    const seed = (save as SaveGame).dice.seed ?? 1;
    const game = new GenericGame(scenario, { ...setup, seed });
    const steps: Snapshot[] = [game.snapshot()];
    for (const action of loaded.log) {
      if (!game.choose(game.rules.describe(game.state, action), false)) return `The saved log could not be replayed: ${game.error}`;
      if (opts.replay) steps.push(game.snapshot());
    }
    if (JSON.stringify(withoutScenario(game.state)) !== JSON.stringify(withoutScenario(loaded.state))) return 'Replaying the saved actions does not reach the saved state.';
    if (opts.replay) {
      game.replaying = { steps, at: 0, log: game.log, events: game.events };
      game.restore(steps[0]!);
    }
    return game;
  }

  private snapshot(): Snapshot {
    return { state: this.state, logLength: this.log.length, eventCount: this.events.length, lastAttack: this.lastAttack, attacks: this.attacks };
  }

  private restore(s: Snapshot, log: readonly RulesAction[] = this.log, events: readonly GenericLoggedEvent[] = this.events): void {
    // Each step shows a prefix of the whole game's log and events.
    this.state = s.state;
    this.log = log.slice(0, s.logLength);
    this.events = events.slice(0, s.eventCount);
    this.lastAttack = s.lastAttack;
    this.attacks = s.attacks;
    this.pick = NONE;
  }

  /** Shows the replayed game after `at` actions. */
  replayTo(at: number): void {
    const rp = this.replaying;
    if (!rp) return;
    const k = Math.max(0, Math.min(rp.steps.length - 1, at));
    this.replaying = { ...rp, at: k };
    this.restore(rp.steps[k]!, rp.log, rp.events);
  }

  /** Leaves the replay and plays on from the position shown. */
  takeOver(): void {
    if (!this.replaying) return;
    this.replaying = null;
    this.undoStack = [];
    this.undoable = false;
    this.onChange?.();
    this.kickBots();
  }

  private stamp(events: readonly GameEvent[], action: number): GenericLoggedEvent[] {
    return events.map((e) => ({ ...e, seq: this.seq++, action }));
  }

  /** Takes one of the options the rules offered; false (with `error`) when refused. */
  choose(option: DescribedAction<RulesAction>, fromHuman = true): boolean {
    if (this.replaying) return false;
    const s = this.state;
    const spec = option.preview ?? (option.units?.length ? { attackers: option.units, ...(option.unit ? { defender: option.unit } : {}), ...(option.cell ? { cell: option.cell } : {}) } : null);
    const before = spec ? attackPreview(s, spec) : null;
    const r = this.rules.apply(s, option.action);
    if (!r.ok) {
      this.error = r.error.message;
      return false;
    }
    this.error = '';
    if (fromHuman) {
      this.personActed = true;
      this.undoStack.push(this.snapshot());
      if (this.undoStack.length > 50) this.undoStack.shift();
    }
    const stamped = this.stamp(r.events, this.log.length);
    this.log = [...this.log, option.action];
    this.events = [...this.events, ...stamped];
    // Only what the side whose eyes the board shows may see (hidden units stay hidden in the cards).
    const seen = eventsVisibleTo(r.events, this.observer);
    const rolled = seen.filter((e) => e.rolls?.length);
    const strikes = rolled.filter((e) => STRIKES.has(e.kind));
    if (before && option.unit && strikes.length === 0 && (option.intent === 'fire' || option.intent === 'attack')) this.ordered.set(option.unit, { preview: before, label: option.label });
    if (option.preview && strikes.length) this.lastAttack = attackRecord(before, option.label, seen.filter((e) => e.kind !== 'orders'));
    else if (!before && (strikes.length || seen.some((e) => e.kind === 'combat'))) {
      // A fight this action set off without a preview of its own: shots ordered earlier and fired
      // together now, a close combat the rules fight by themselves, or an attack put together unit
      // by unit (its preview is the rules' attack in progress before this action).
      const fought = strikes.length ? strikes : seen.filter((e) => e.kind === 'combat');
      const from =
        fought.flatMap((e) => e.units ?? []).map((u) => this.ordered.get(u)).find((x) => x !== undefined) ??
        [...this.ordered.values()].find((x) => fought.some((e) => e.cell === x.preview.cell));
      const building = from ? null : attackPreview(s, {});
      if (strikes.length || from || building) {
        this.lastAttack = attackRecord(from?.preview ?? building, from?.label ?? option.label, seen.filter((e) => OUTCOMES.has(e.kind)));
        this.ordered.clear();
      }
    } else if (before && rolled.length) this.lastAttack = attackRecord(before, option.label, seen);
    else if (before && seen.some((e) => e.kind === 'combat' || e.kind === 'attack')) this.lastAttack = attackRecord(before, option.label, seen);
    else if (this.lastAttack && rolled.length === 0 && seen.some((e) => e.cell === this.lastAttack!.preview?.cell || e.kind === 'retreat' || e.kind === 'losses')) {
      this.lastAttack = { ...this.lastAttack, lines: [...this.lastAttack.lines, ...seen.map((e) => e.text)] };
      this.attacks = [this.lastAttack, ...this.attacks.slice(1)];
    }
    if (this.lastAttack && this.lastAttack !== this.attacks[0]) this.attacks = [this.lastAttack, ...this.attacks].slice(0, 12);
    this.state = r.state;
    this.pick = NONE;
    this.undoable = this.computeUndoable();
    this.onChange?.();
    if (fromHuman) this.kickBots();
    return true;
  }

  private computeUndoable(): boolean {
    const top = this.undoStack.at(-1);
    return !!top && top.logLength === this.log.length - 1 && top.state.rolls === this.state.rolls;
  }

  /** Takes back a person's last action while no die has been rolled since. */
  undo(): void {
    if (!this.computeUndoable()) return;
    this.restore(this.undoStack.pop()!);
    this.undoable = this.computeUndoable();
    this.onChange?.();
  }

  setController(side: string, c: Controller): void {
    this.setup = { ...this.setup, controllers: { ...this.setup.controllers, [side]: c } };
    this.pick = NONE;
    this.kickBots();
  }

  /** The bots take their decisions by themselves, one per `speedMs`, until a person must act. */
  kickBots(): void {
    if (this.botBusy || this.replaying) return;
    const token = ++this.runToken;
    const step = () => {
      this.timer = null;
      if (token !== this.runToken) return;
      const side = this.actor;
      if (side === null || this.setup.controllers[side] !== 'bot') {
        this.botBusy = false;
        return;
      }
      this.botBusy = true;
      const legal = this.rules.legalActions(this.state);
      let action: RulesAction;
      try {
        action = this.bots.get(side)!.choose(this.state, legal);
      } catch (err) {
        this.error = `The bot could not decide: ${err instanceof Error ? err.message : String(err)}`;
        this.botBusy = false;
        return;
      }
      if (!this.choose(this.rules.describe(this.state, action), false)) {
        this.error = `The bot's action was refused: ${this.error}`;
        this.botBusy = false;
        return;
      }
      this.timer = setTimeout(step, this.setup.speedMs);
    };
    this.timer = setTimeout(step, this.setup.speedMs);
  }

  stop(): void {
    this.runToken++;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.botBusy = false;
  }

  /** "Turn 3, Germans to act", "Turn 7, game over: Soviets win": how the game is named in the library. */
  describe(): string {
    const o = observe(this.state, null);
    const name = (id: string | null | undefined) => this.scenario.sides.find((s) => s.id === id)?.name ?? id ?? '';
    if (o.gameOver) return `Turn ${o.turn}, game over: ${o.gameOver.winner ? `${name(o.gameOver.winner)} win` : 'a draw'}`;
    return o.actor ? `Turn ${o.turn}, ${name(o.actor)} to act` : `Turn ${o.turn}`;
  }

  toSave(revision?: number): SaveGame {
    return toSaveGame(this.state, this.log, { dice: { seed: this.setup.seed }, ...(revision !== undefined ? { revision } : {}) }) as SaveGame;
  }
}

function withoutScenario(state: RulesState): Omit<RulesState, 'scenario'> {
  const { scenario: _s, ...engine } = state;
  void _s;
  return engine;
}

/** Events whose dice are a shot or a combat (what the attack card shows). */
const STRIKES = new Set<GameEvent['kind']>(['fire', 'combat', 'attack']);
/** Events of the turn's flow rather than of a fight. */
const NOT_OF_AN_ATTACK = new Set<GameEvent['kind']>(['activate', 'initiative', 'turn', 'playerTurn', 'phase', 'pass', 'orders']);
/** Events that tell what came of one. */
const OUTCOMES = new Set<GameEvent['kind']>(['fire', 'combat', 'attack', 'pin', 'losses', 'retreat', 'withdraw', 'advance', 'control']);

/** The record of an attack from its preview and the events the action produced. */
export function attackRecord(preview: AttackPreview | null, label: string, all: readonly GameEvent[]): AttackRecord {
  // The same action may go on to the next step (the other side's activation dice...): those are not this attack's.
  const events = all.filter((e) => !NOT_OF_AN_ATTACK.has(e.kind));
  const struck = events.filter((e) => STRIKES.has(e.kind) && e.rolls?.length);
  const rolls = (struck.length ? struck : events).flatMap((e) => e.rolls ?? []);
  const die = rolls.length === 1 && rolls[0]!.dice.length === 1 ? rolls[0]!.dice[0]! : null;
  const result = preview?.method.kind === 'odds' && die !== null ? (preview.method.results[die - 1] ?? null) : null;
  return { preview, label, rolls, lines: events.map((e) => e.text), result, die };
}
