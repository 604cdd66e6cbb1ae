// The stores every screen shares (library, open document, toasts, dialogs); components get them
// from context, set up once in App.svelte by provideWorkbench.
import { getContext, setContext } from 'svelte';
import type { AppState } from './app.svelte.js';
import { DocumentState } from './document.svelte.js';
import { LibraryState } from './library.svelte.js';
import { Dialogs } from '../ui/dialogs.svelte.js';
import { Toasts } from '../ui/toasts.svelte.js';

export interface Workbench {
  library: LibraryState;
  doc: DocumentState;
  toasts: Toasts;
  dialogs: Dialogs;
}

const KEY = Symbol('gridfront.workbench');

export function provideWorkbench(app: AppState): Workbench {
  const toasts = new Toasts();
  const dialogs = new Dialogs();
  const library = new LibraryState();
  // The latest "not saved" message goes away once a save succeeds.
  let saveProblem: number | null = null;
  const doc = new DocumentState(app, {
    async askLeave(title) {
      const key = await dialogs.ask({
        title: 'Save changes?',
        message: `“${title}” has changes that are not saved yet.`,
        buttons: [
          { key: 'cancel', label: 'Cancel' },
          { key: 'discard', label: 'Discard', kind: 'danger' },
          { key: 'save', label: 'Save', kind: 'primary' },
        ],
      });
      return key === 'save' || key === 'discard' ? key : 'cancel';
    },
    report(message, details, technical) {
      if (saveProblem !== null) toasts.dismiss(saveProblem);
      saveProblem = toasts.show(message, { tone: 'error', details, technical, ms: 0 });
    },
    saved(id, summary) {
      if (saveProblem !== null) toasts.dismiss(saveProblem);
      saveProblem = null;
      const n = summary.errorCount;
      if (summary.checkStatus === 'errors') {
        // About a problem: it stays until the problem is fixed (or the scenario is left). The
        // screen's own checks run a moment after an edit: saved straight after one, they may not
        // count the problem yet, so "fixed" is a count that falls to 0 after the problem was seen.
        let seen = false;
        saveProblem = toasts.show(
          `Saved “${summary.title}” as a draft with ${n === 1 ? 'one problem' : `${n} problems`}: fix ${n === 1 ? 'it' : 'them'} (Checks) before test-play or export.`,
          {
            until: () => {
              if ((doc.problems ?? 0) > 0) seen = true;
              return doc.id !== id || (seen && doc.problems === 0);
            },
          },
        );
      } else toasts.show(`Saved “${summary.title}”`);
      void library.refresh();
    },
  });
  return setContext(KEY, { library, doc, toasts, dialogs });
}

export function useWorkbench(): Workbench {
  const wb = getContext<Workbench | undefined>(KEY);
  if (!wb) throw new Error('useWorkbench() needs provideWorkbench() in <App>');
  return wb;
}

/** The open document, for components outside the library folder (TopBar, Inspector, designer). */
export function useDocument(): DocumentState {
  return useWorkbench().doc;
}
