// Shared UI state of the app shell: which screen is open, the bundled scenario list, the
// open scenario (its one document store, state/store.ts) and what the map view reports
// (hovered/selected cell, zoom).

import type { Scenario } from '../../../shared/format/scenario.types.js';
import type { Cell } from '../../../shared/grid/types.js';
import { host, HostError, type BundledScenarioSummary } from '../host/index.js';
import type { MapRenderer } from '../map/MapRenderer.js';
import { cellInfo, type CellInfo, type MapModel } from '../map/model.js';
import { ScenarioStore } from './store.js';

export type Screen = 'start' | 'map';

export interface OpenScenario {
  /** The open scenario's document store and undo history: every edit goes there. */
  readonly store: ScenarioStore;
  /** The scenario as it now stands (reactive: re-read after every step, undo and redo). */
  readonly scenario: Scenario;
  /** What the map painter draws (the store's live model). */
  readonly model: MapModel;
  /** performance.now() when the document arrived, to time the first paint from. */
  readonly loadedAt: number;
}

function message(err: unknown): string {
  if (err instanceof HostError) return err.message;
  return err instanceof Error ? err.message : String(err);
}

export class AppState {
  screen = $state<Screen>('start');
  scenarios = $state.raw<BundledScenarioSummary[]>([]);
  listStatus = $state<'loading' | 'ready' | 'error'>('loading');
  listError = $state('');
  open = $state.raw<OpenScenario | null>(null);
  openError = $state('');
  opening = $state('');
  /** Bumps after every step, undo, redo and saved mark of the open store (what reactive reads of it track). */
  storeVersion = $state(0);
  hover = $state.raw<Cell | null>(null);
  selected = $state.raw<Cell | null>(null);
  /** Fraction of physical size. */
  zoom = $state(1);
  /** True once the open map has been painted (for tests and the status bar). */
  mapReady = $state(false);
  firstDrawMs = $state<number | null>(null);
  /** The live map canvas, set by MapView while it is mounted (not reactive: commands only). */
  renderer: MapRenderer | null = null;

  private unsubscribeStore: (() => void) | null = null;

  hoverInfo = $derived.by((): CellInfo | null => (this.open && this.hover ? cellInfo(this.open.model, this.hover) : null));
  selectedInfo = $derived.by((): CellInfo | null =>
    this.open && this.selected ? cellInfo(this.open.model, this.selected) : null,
  );

  async loadList(): Promise<void> {
    this.listStatus = 'loading';
    try {
      const list = await host.scenarios.listBundled();
      this.scenarios = [...list].sort((a, b) => a.title.localeCompare(b.title));
      this.listStatus = 'ready';
    } catch (err) {
      this.listError = message(err);
      this.listStatus = 'error';
    }
  }

  async openBundled(id: string): Promise<void> {
    this.opening = id;
    this.openError = '';
    try {
      const { scenario } = await host.scenarios.getBundled({ id });
      this.show(scenario);
    } catch (err) {
      this.openError = message(err);
    } finally {
      this.opening = '';
    }
  }

  /** Show a scenario document already in memory. Throws if its map cannot be built. */
  show(scenario: Scenario): void {
    const loadedAt = performance.now();
    const store = new ScenarioStore(scenario);
    this.unsubscribeStore?.();
    this.unsubscribeStore = store.subscribe(() => this.storeVersion++);
    this.hover = null;
    this.selected = null;
    this.mapReady = false;
    this.firstDrawMs = null;
    const app = this;
    this.open = {
      store,
      model: store.model,
      loadedAt,
      get scenario() {
        void app.storeVersion;
        return store.scenario;
      },
    };
    this.screen = 'map';
  }

  close(): void {
    this.unsubscribeStore?.();
    this.unsubscribeStore = null;
    this.screen = 'start';
    this.open = null;
    this.hover = null;
    this.selected = null;
  }
}
