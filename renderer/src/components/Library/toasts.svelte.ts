// Short-lived messages at the bottom of the window, optionally with one action ("Undo").

export interface ToastAction {
  label: string;
  run: () => void | Promise<void>;
}

export interface Toast {
  id: number;
  message: string;
  tone: 'info' | 'error';
  action?: ToastAction;
  /** Longer detail lines (e.g. validator issues), shown under the message. */
  details?: string[];
  /** Technical lines (JSON pointers), behind a "Details" disclosure. */
  technical?: string[];
  /** A toast about a problem that goes away by itself when this says the problem is gone. */
  until?: () => boolean;
}

export class Toasts {
  items = $state.raw<Toast[]>([]);
  private next = 1;

  show(
    message: string,
    options: { tone?: Toast['tone']; action?: ToastAction; details?: string[]; technical?: string[]; ms?: number; until?: () => boolean } = {},
  ): number {
    const toast: Toast = {
      id: this.next++,
      message,
      tone: options.tone ?? 'info',
      action: options.action,
      details: options.details,
      technical: options.technical,
      until: options.until,
    };
    this.items = [...this.items.slice(-3), toast];
    // Errors with details stay until dismissed: people need time to read where the problem is.
    const ms = options.ms ?? (toast.tone === 'error' && toast.details?.length ? 0 : toast.action ? 8000 : 4000);
    if (ms > 0) setTimeout(() => this.dismiss(toast.id), ms);
    return toast.id;
  }

  dismiss(id: number): void {
    this.items = this.items.filter((t) => t.id !== id);
  }
}
