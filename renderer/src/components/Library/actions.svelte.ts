// What the library's toolbar, list, keys and details panel do to scenarios: open, test-play,
// duplicate, rename, delete (with Undo), restore, empty the trash, restore a revision, import
// files. Failures become messages naming what could not be done.
import type { LibrarySummary } from '../../host/index.js';
import type { AppState } from '../../state/app.svelte.js';
import { clearForHandOff } from '../../state/handoff.js';
import { errorText, issuePointer, issueText, WriteRefused } from '../../state/library.svelte.js';
import type { Workbench } from '../../state/workbench.js';
import type { PlayState } from '../../play/play.svelte.js';
import { testPlayBlock } from './describe.js';

export class LibraryActions {
  /** The id of the scenario being opened ('' when none). */
  opening = $state('');
  /** The scenario the Rename dialog is open for. */
  renaming = $state.raw<LibrarySummary | null>(null);

  constructor(
    private readonly wb: Workbench,
    private readonly app: AppState,
    private readonly play: PlayState,
    /** After a change that moves the selection: puts the keyboard focus back on it. */
    private readonly afterChange: () => Promise<void>,
  ) {}

  fail(what: string, err: unknown): void {
    if (err instanceof WriteRefused)
      this.wb.toasts.show(`${what}: the library refused it`, {
        tone: 'error',
        details: err.issues.map((i) => issueText(i)),
        technical: err.issues.map((i) => `${issuePointer(i)}: ${i.message}`),
      });
    else this.wb.toasts.show(`${what}: ${errorText(err)}`, { tone: 'error' });
  }

  async open(id: string): Promise<void> {
    if (this.opening) return;
    this.opening = id;
    try {
      await this.wb.doc.open(id);
    } catch (err) {
      this.fail('Could not open the scenario', err);
    } finally {
      this.opening = '';
    }
  }

  /** Opens the scenario as the open document, then the test-play setup instead of the editor. */
  async testPlay(s: LibrarySummary): Promise<void> {
    if (s.trashedAt !== null) {
      this.wb.toasts.show(testPlayBlock(s)!, { tone: 'error' });
      return;
    }
    if (this.opening) return;
    this.opening = s.id;
    try {
      if (!(await this.wb.doc.open(s.id)) || !this.app.open) return;
      // A draft opens in the editor, with the list of what to fix before it can be played.
      if (await clearForHandOff(this.wb.dialogs, this.app.open.scenario, 'test-play')) this.play.openSetup(this.app.open.scenario);
    } catch (err) {
      this.fail('Could not test-play the scenario', err);
    } finally {
      this.opening = '';
    }
  }

  async duplicate(s: LibrarySummary) {
    try {
      const copy = await this.wb.library.duplicate(s.id);
      this.wb.toasts.show(`Duplicated as “${copy.title}”`);
      await this.afterChange();
    } catch (err) {
      this.fail('Could not duplicate', err);
    }
  }

  async rename(s: LibrarySummary, title: string): Promise<string | null> {
    try {
      await this.wb.library.rename(s.id, title);
      this.renaming = null;
      await this.afterChange();
      return null;
    } catch (err) {
      return err instanceof WriteRefused ? err.issues.map((i) => issueText(i)).join('; ') : errorText(err);
    }
  }

  async remove(s: LibrarySummary) {
    try {
      await this.wb.library.trash(s.id);
      this.wb.toasts.show(`Deleted “${s.title}”`, {
        action: {
          label: 'Undo',
          run: async () => {
            try {
              await this.wb.library.restore(s.id);
              this.wb.library.select(s.id);
            } catch (err) {
              this.fail('Could not undo', err);
            }
          },
        },
      });
      await this.afterChange();
    } catch (err) {
      this.fail('Could not delete', err);
    }
  }

  async restore(s: LibrarySummary) {
    try {
      await this.wb.library.restore(s.id);
      this.wb.toasts.show(`Restored “${s.title}”`);
    } catch (err) {
      this.fail('Could not restore', err);
    }
  }

  async emptyTrash() {
    const n = this.wb.library.items.length;
    const ok = await this.wb.dialogs.confirm(
      'Empty the trash?',
      `${n === 1 ? 'The scenario' : `All ${n} scenarios`} in the trash and ${n === 1 ? 'its' : 'their'} revisions will be deleted for good. This cannot be undone.`,
      'Empty trash',
      true,
    );
    if (!ok) return;
    try {
      const removed = await this.wb.library.emptyTrash();
      this.wb.toasts.show(`Deleted ${removed} ${removed === 1 ? 'scenario' : 'scenarios'} for good`);
    } catch (err) {
      this.fail('Could not empty the trash', err);
    }
  }

  async restoreRevision(s: LibrarySummary, rev: number, title: string) {
    const ok = await this.wb.dialogs.confirm(
      'Restore this revision?',
      `“${s.title}” goes back to the version titled “${title}”. The current version is kept as a revision, so this can be undone.`,
      'Restore',
    );
    if (!ok) return;
    try {
      await this.wb.library.restoreRevision(s.id, rev);
      this.wb.toasts.show('Revision restored');
    } catch (err) {
      this.fail('Could not restore the revision', err);
    }
  }

  async importFiles(files: File[]) {
    try {
      const problem = await this.wb.library.importFileList(files);
      if (problem) this.wb.toasts.show(problem, { tone: 'error' });
    } catch (err) {
      this.fail('Could not import', err);
    }
  }
}
