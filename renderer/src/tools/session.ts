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

  /** Whether a scenario is this session's own output (or one only its non-map parts differ from). */
  owns(scenario: Scenario): boolean {
    return scenario === this.lastOutput || (scenario.map === this.lastOutput.map && scenario.sides === this.lastOutput.sides);
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
