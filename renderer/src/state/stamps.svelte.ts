// The stamps the designer paints with: the library's list (host `stamps.*` channels), which of
// them are chosen in the Stamps panel, their clips once fetched, and the seed of the random
// choice among several. The Stamp tool asks it for a chooser (tools/stamp.ts).
import {
  extractClip, latticeOf, newStampSeed, pickStamp, stampFitProblem, type Clip, type Lattice, type MapDocument,
} from '../../../shared/editor/index.js';
import type { StampEntry } from '../../../shared/host/contract.js';
import { host, HostError } from '../host/index.js';
import { stampThumbnail } from '../map/stamp-thumbnail.js';
import { victoryVpOf } from '../tools/liveModel.js';
import type { StampChooser } from '../tools/region.svelte.js';
import type { StampSource, ToolContext } from '../tools/index.js';

const message = (err: unknown) => (err instanceof HostError || err instanceof Error ? err.message : String(err));

export class StampShelf implements StampSource {
  entries = $state.raw<StampEntry[]>([]);
  /** Ids chosen in the panel, in the order they were chosen. */
  chosen = $state.raw<string[]>([]);
  /** Painting with several: the seed of the choice (the same seed and cells, the same stamps). */
  seed = $state(newStampSeed());
  loaded = $state(false);
  /** Why the list could not be read, if it could not. */
  problem = $state('');
  /** The selection bar asked for "Save as stamp…" (the Stamps panel opens its dialog). */
  saveRequested = $state(false);

  private clips = new Map<string, Clip>();
  private fetching = new Map<string, Promise<Clip>>();

  async refresh(): Promise<void> {
    try {
      this.entries = await host.stamps.list();
      this.problem = '';
      const ids = new Set(this.entries.map((e) => e.id));
      this.chosen = this.chosen.filter((id) => ids.has(id));
    } catch (err) {
      this.problem = `The stamps could not be read: ${message(err)}`;
    }
    this.loaded = true;
  }

  entry(id: string): StampEntry | undefined {
    return this.entries.find((e) => e.id === id);
  }

  /** Chooses a stamp (`add`: one more for a random choice, or takes it out again); fetches the clips. */
  choose(id: string, add = false): void {
    if (add) this.chosen = this.chosen.includes(id) ? this.chosen.filter((x) => x !== id) : [...this.chosen, id];
    else this.chosen = [id];
    for (const c of this.chosen) void this.clip(c).catch(() => {});
  }

  private clip(id: string): Promise<Clip> {
    const have = this.clips.get(id);
    if (have) return Promise.resolve(have);
    let p = this.fetching.get(id);
    if (!p) {
      p = host.stamps.get({ id }).then((r) => {
        const clip = r.clip as unknown as Clip;
        this.clips.set(id, clip);
        return clip;
      });
      p.finally(() => this.fetching.delete(id)).catch(() => {});
      this.fetching.set(id, p);
    }
    return p;
  }

  /** Waits until every chosen stamp's clip is here (tests and the panel's busy state). */
  async ready(): Promise<void> {
    await Promise.all(this.chosen.map((id) => this.clip(id)));
  }

  reseed(): void {
    this.seed = newStampSeed();
  }

  chooser(ctx: ToolContext): StampChooser | string {
    return this.chooserFor(ctx.doc);
  }

  chooserFor(doc: MapDocument): StampChooser | string {
    const picked = this.chosen.map((id) => this.entry(id)).filter((e): e is StampEntry => e !== undefined);
    if (picked.length === 0) return 'Choose a stamp in the Stamps panel first (select cells and press “Save as stamp” to make one).';
    let lattice: Lattice | null;
    try {
      lattice = latticeOf(doc.grid);
    } catch {
      lattice = null;
    }
    for (const e of picked) {
      const problem = stampFitProblem(e.name, e.lattice, lattice);
      if (problem) return problem;
    }
    const clips = picked.map((e) => this.clips.get(e.id));
    if (clips.some((c) => !c)) {
      void this.ready().catch(() => {});
      return 'The stamp is still being read from the library; try again in a moment.';
    }
    const seed = this.seed;
    return (cell) => {
      const k = pickStamp(seed, cell.col, cell.row, picked.length);
      return { clip: clips[k]!, name: picked[k]!.name };
    };
  }

  /** Keeps the selected cells of `doc` as a new stamp named `name` and chooses it; answers the entry. */
  async saveSelection(doc: MapDocument, cells: readonly number[], name: string): Promise<StampEntry> {
    const clip = extractClip(doc, cells);
    const thumbnail = stampThumbnail(doc.grid, clip, { sides: doc.sides, defaultVictoryVp: victoryVpOf(doc) });
    const entry = await host.stamps.save({ name, clip: clip as unknown as Record<string, unknown>, ...(thumbnail ? { thumbnail } : {}) });
    this.clips.set(entry.id, clip);
    await this.refresh();
    this.chosen = [entry.id];
    return entry;
  }

  async rename(id: string, name: string): Promise<void> {
    const next = await host.stamps.rename({ id, name });
    this.entries = this.entries.map((e) => (e.id === id ? next : e)).sort((a, b) => a.name.localeCompare(b.name, undefined, { sensitivity: 'base' }) || a.created - b.created);
  }

  async remove(id: string): Promise<void> {
    await host.stamps.delete({ id });
    this.clips.delete(id);
    this.chosen = this.chosen.filter((x) => x !== id);
    this.entries = this.entries.filter((e) => e.id !== id);
  }
}
