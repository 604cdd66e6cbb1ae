// One modal question at a time, answered through a promise: `await dialogs.ask(...)` gives
// the key of the button pressed ('cancel' for Escape or a click outside).

export interface DialogButton {
  key: string;
  label: string;
  kind?: 'primary' | 'danger' | 'plain';
}

export interface Question {
  title: string;
  message: string;
  /** A list under the message (e.g. the problems that stop a hand-off), in the user's words. */
  details?: string[];
  buttons: DialogButton[];
}

export class Dialogs {
  current = $state.raw<(Question & { resolve: (key: string) => void }) | null>(null);

  ask(question: Question): Promise<string> {
    // A newer question replaces an unanswered one, which counts as cancelled.
    this.current?.resolve('cancel');
    return new Promise((resolve) => {
      this.current = { ...question, resolve };
    });
  }

  answer(key: string): void {
    const q = this.current;
    this.current = null;
    q?.resolve(key);
  }

  /** A yes/cancel confirmation; true when confirmed. */
  async confirm(title: string, message: string, confirmLabel: string, danger = false): Promise<boolean> {
    const key = await this.ask({
      title,
      message,
      buttons: [
        { key: 'cancel', label: 'Cancel' },
        { key: 'ok', label: confirmLabel, kind: danger ? 'danger' : 'primary' },
      ],
    });
    return key === 'ok';
  }
}
