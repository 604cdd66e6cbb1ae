// Short messages for the status line at the bottom of the window (ToastStack), optionally with
// one action ("Undo"). A message belongs to the screen it was shown on and goes when that
// screen does; a message about a problem can also say when the problem is gone (`until`), and
// then goes at once.

export interface ToastAction {
  label: string;
  run: () => void | Promise<void>;
}

export interface Toast {
  id: number;
  message: string;
  tone: 'info' | 'error';
  action?: ToastAction;
  /** Longer detail lines (e.g. validator issues), behind "Details". */
  details?: string[];
  /** Technical lines (JSON pointers), behind a further disclosure. */
  technical?: string[];
  /** True once the problem the message is about is gone: the message goes with it. */
  until?: () => boolean;
  /** The screen it was shown on (see Toasts.setScreen). */
  screen: string;
}

export interface ToastOptions {
  tone?: Toast['tone'];
  action?: ToastAction;
  details?: string[];
  technical?: string[];
  /** How long it shows; 0 keeps it until dismissed, `until` says so, or its screen goes. */
  ms?: number;
  until?: () => boolean;
}

export class Toasts {
  items = $state.raw<Toast[]>([]);
  private next = 1;
  private screen = '';

  show(message: string, options: ToastOptions = {}): number {
    const toast: Toast = {
      id: this.next++,
      message,
      tone: options.tone ?? 'info',
      action: options.action,
      details: options.details,
      technical: options.technical,
      until: options.until,
      screen: this.screen,
    };
    this.items = [...this.items.slice(-3), toast];
    // Errors with details, and messages about a problem, stay: people need time to read them.
    const ms = options.ms ?? ((toast.tone === 'error' && toast.details?.length) || toast.until ? 0 : toast.action ? 8000 : 4000);
    if (ms > 0) setTimeout(() => this.dismiss(toast.id), ms);
    return toast.id;
  }

  dismiss(id: number): void {
    this.items = this.items.filter((t) => t.id !== id);
  }

  /** The app moved to another screen (the library, a scenario, test-play): earlier screens' messages go. */
  setScreen(screen: string): void {
    if (screen === this.screen) return;
    this.screen = screen;
    if (this.items.some((t) => t.screen !== screen)) this.items = this.items.filter((t) => t.screen === screen);
  }
}
