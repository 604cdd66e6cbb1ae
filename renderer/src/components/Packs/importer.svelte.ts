// The import dialog's state: the staged pack's preview, a conflict choice per scenario, and
// the running job's progress, polled from the host until it is done or failed.
import { host, HostError, type PackConflictChoice, type PackJobStatus, type PackPreview } from '../../host/index.js';

export type ImportStep = 'idle' | 'loading' | 'preview' | 'importing' | 'done' | 'failed';

const POLL_MS = 80;

export function errorText(err: unknown): string {
  if (err instanceof HostError) return err.message;
  return err instanceof Error ? err.message : String(err);
}

export class PackImport {
  step = $state<ImportStep>('idle');
  preview = $state.raw<PackPreview | null>(null);
  choices = $state<Record<string, PackConflictChoice>>({});
  job = $state.raw<PackJobStatus | null>(null);
  /** A failure talking to the host (not a problem with the pack, which the preview lists). */
  error = $state('');
  loadingName = $state('');

  conflicts = $derived(this.preview?.items.filter((i) => i.conflict) ?? []);
  importable = $derived(!!this.preview && this.preview.problems.length === 0 && !!this.preview.manifest && this.preview.items.length > 0);
  /** 0…100 for the bar. */
  percent = $derived(Math.round((this.job?.fraction ?? 0) * 100));

  private pollTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly onImported: (status: PackJobStatus) => void) {}

  /** Shows the dialog while a preview is fetched (a file read, a native dialog). */
  async load(name: string, fetch: () => Promise<PackPreview | null>): Promise<void> {
    this.reset();
    this.step = 'loading';
    this.loadingName = name;
    try {
      const preview = await fetch();
      if (!preview) {
        this.step = 'idle';
        return;
      }
      this.show(preview);
    } catch (err) {
      this.error = errorText(err);
      this.step = 'failed';
    }
  }

  show(preview: PackPreview): void {
    this.preview = preview;
    // Keeping both never loses anything, so it is the default for every conflict.
    this.choices = Object.fromEntries(preview.items.filter((i) => i.conflict).map((i) => [i.id, 'keepBoth' as PackConflictChoice]));
    this.step = 'preview';
  }

  choose(id: string, choice: PackConflictChoice): void {
    this.choices = { ...this.choices, [id]: choice };
  }

  chooseAll(choice: PackConflictChoice): void {
    this.choices = Object.fromEntries(Object.keys(this.choices).map((id) => [id, choice]));
  }

  async start(): Promise<void> {
    const preview = this.preview;
    if (!preview || !this.importable || this.step === 'importing') return;
    this.step = 'importing';
    this.error = '';
    this.job = { jobId: '', phase: 'queued', done: 0, total: 0, fraction: 0 };
    try {
      const { jobId } = await host.packs.import({ uploadId: preview.uploadId, choices: { ...this.choices } });
      await this.poll(jobId);
    } catch (err) {
      this.error = errorText(err);
      this.step = 'failed';
    }
  }

  private poll(jobId: string): Promise<void> {
    return new Promise((resolve, reject) => {
      const tick = async () => {
        try {
          const status = await host.packs.progress({ jobId });
          this.job = status;
          if (status.phase === 'done') {
            this.step = 'done';
            this.onImported(status);
            resolve();
          } else if (status.phase === 'failed') {
            this.step = 'failed';
            resolve();
          } else this.pollTimer = setTimeout(tick, POLL_MS);
        } catch (err) {
          reject(err);
        }
      };
      void tick();
    });
  }

  /** Closes the dialog; a staged pack nobody imported is let go on the host. */
  close(): void {
    const preview = this.preview;
    if (preview && this.step === 'preview') void host.packs.discard({ uploadId: preview.uploadId }).catch(() => {});
    this.reset();
  }

  private reset(): void {
    clearTimeout(this.pollTimer);
    this.step = 'idle';
    this.preview = null;
    this.choices = {};
    this.job = null;
    this.error = '';
    this.loadingName = '';
  }
}
