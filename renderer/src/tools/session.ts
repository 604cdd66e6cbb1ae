// One open map in the designer: the editable document, its undo history and the live map
// model the renderer draws. `output(latest)` writes the scenario as it now stands, keeping
// parts other editors changed since it was opened (title, calendar, units...).
import { History, MapDocument } from '../../../shared/editor/index.js';
import type { Scenario } from '../../../shared/format/scenario.types.js';
import { LiveMapModel } from './liveModel.js';

export class MapSession {
  readonly doc: MapDocument;
  readonly history: History;
  readonly model: LiveMapModel;
  /** The last scenario `output` produced (the app shows it; updates with it keep this session). */
  lastOutput: Scenario;
  /** True once an edit moved units (a resize); then the document's units are written out. */
  private unitsTouched = false;
  private sideListeners = new Set<() => void>();

  /** Throws a RangeError naming the field when the map cannot be read. */
  constructor(scenario: Scenario) {
    this.doc = MapDocument.fromScenario(scenario);
    this.history = new History(this.doc);
    this.model = new LiveMapModel(this.doc, scenario);
    this.lastOutput = scenario;
    this.doc.subscribe((change) => {
      this.model.sync(change);
      if (change.units) this.unitsTouched = true;
    });
  }

  /**
   * Takes in a version of the scenario another editor changed (the panels). True when this
   * session goes on showing it: the map is still this session's and the sides kept their ids
   * and codes (renaming, recolouring a side or changing its flags refreshes them here, so the
   * designer's undo history survives). False when the map must be loaded afresh.
   */
  adopt(scenario: Scenario): boolean {
    const last = this.lastOutput;
    if (scenario === last) return true;
    if (scenario.map !== last.map) return false;
    const sides = scenario.sides;
    const newSides = sides !== last.sides;
    if (newSides && !sides.every((s, i) => s.id === this.doc.sides[i]?.id && s.code === this.doc.sides[i]?.code)) return false;
    this.doc.adoptOutside({
      ...(newSides ? { sides } : {}),
      // The document's units only matter to a resize, which must shift the current ones.
      ...(scenario.orderOfBattle !== last.orderOfBattle ? { orderOfBattle: scenario.orderOfBattle } : {}),
      ...(scenario.reinforcements !== last.reinforcements ? { reinforcements: scenario.reinforcements } : {}),
    });
    this.lastOutput = scenario;
    if (newSides) {
      this.model.refreshSides();
      for (const fn of this.sideListeners) fn();
    }
    return true;
  }

  /** Called after `adopt` took in new side names or colours (the map redraws its control tint). */
  onSidesChanged(fn: () => void): () => void {
    this.sideListeners.add(fn);
    return () => this.sideListeners.delete(fn);
  }

  output(latest: Scenario): Scenario {
    const fresh = this.doc.toScenario();
    const next: Scenario = { ...latest, map: fresh.map };
    if (this.unitsTouched) {
      next.orderOfBattle = fresh.orderOfBattle;
      if (fresh.reinforcements) next.reinforcements = fresh.reinforcements;
    }
    this.lastOutput = next;
    return next;
  }
}
