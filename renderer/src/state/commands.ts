// The page's command dispatcher. UI parts register what they do for a command id from the
// shared table (shared/host/commands.ts); the desktop menu (over the preload bridge) and, in
// the browser, the keyboard run them. The newest registration of an id wins until it
// unregisters, so an open dialog can take over a command and hand it back on close.
//
//   const off = registerCommand('edit.undo', () => history.undo());   // in onMount / $effect
//   publishMenuState({ undoLabel: history.undoLabel, redoLabel: history.redoLabel });
import { COMMANDS, isCommandId, matchesAccelerator, type CommandId, type CommandSpec, type MenuState } from '../../../shared/host/commands.js';

export type CommandHandler = (arg?: string) => unknown;

const handlers = new Map<CommandId, CommandHandler[]>();
let unhandled: (id: CommandId) => void = () => {};

export function registerCommand(id: CommandId, handler: CommandHandler): () => void {
  const list = handlers.get(id) ?? [];
  list.push(handler);
  handlers.set(id, list);
  return () => {
    const at = list.lastIndexOf(handler);
    if (at >= 0) list.splice(at, 1);
  };
}

export function hasCommand(id: CommandId): boolean {
  return (handlers.get(id)?.length ?? 0) > 0;
}

/** Told when a command arrives that nothing on the page handles (e.g. "Test-play" on the library screen). */
export function onUnhandledCommand(fn: (id: CommandId) => void): void {
  unhandled = fn;
}

function isEditable(el: Element | null): boolean {
  if (!el) return false;
  if (el instanceof HTMLTextAreaElement) return true;
  if (el instanceof HTMLInputElement) return !['button', 'checkbox', 'radio', 'range', 'color', 'file', 'submit', 'reset'].includes(el.type);
  return (el as HTMLElement).isContentEditable === true;
}

/** Runs a command; false when nothing handled it. Undo/Redo in a text field undo the typing. */
export function runCommand(id: CommandId, arg?: string): boolean {
  if ((id === 'edit.undo' || id === 'edit.redo') && isEditable(document.activeElement)) {
    // The menu's Undo replaces the system's; in a text field it must still undo typing.
    document.execCommand(id === 'edit.undo' ? 'undo' : 'redo');
    return true;
  }
  const handler = handlers.get(id)?.at(-1);
  if (!handler) {
    unhandled(id);
    return false;
  }
  void Promise.resolve()
    .then(() => handler(arg))
    .catch((err: unknown) => console.error(`[gridfront] command ${id} failed:`, err));
  return true;
}

const isMac = (): boolean => typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent);

/**
 * The command a keydown stands for in the browser: its browser key where the browser keeps
 * the desktop one (Ctrl+T, N, O, P, L, W), else the desktop key unless the page handles that
 * key elsewhere.
 */
export function commandForKey(event: KeyboardEvent, mac = isMac()): CommandId | null {
  for (const [id, raw] of Object.entries(COMMANDS) as [CommandId, CommandSpec][]) {
    const spec: CommandSpec = raw;
    const key = spec.web ?? (spec.pageKey ? undefined : spec.accelerator);
    if (key && matchesAccelerator(key, event, mac)) return id;
  }
  return null;
}

/**
 * Connects the command sources: the desktop menu when the preload offers it, otherwise the
 * keyboard (in Electron the menu's accelerators already cover the keys). Returns the
 * function that disconnects them.
 */
export function installCommandSources(): () => void {
  const bridge = typeof window !== 'undefined' ? window.gridfront : undefined;
  if (bridge?.onCommand) {
    return bridge.onCommand(({ command, arg }) => {
      if (isCommandId(command)) runCommand(command, arg);
    });
  }
  const onkey = (e: KeyboardEvent) => {
    if (e.defaultPrevented || e.repeat) return;
    const id = commandForKey(e);
    if (!id) return;
    // Typing in a field keeps the browser's own undo.
    if ((id === 'edit.undo' || id === 'edit.redo') && isEditable(e.target as Element | null)) return;
    if (!hasCommand(id) && id !== 'help.shortcuts') return; // leave the browser's default (e.g. Ctrl+T) alone
    e.preventDefault();
    runCommand(id);
  };
  window.addEventListener('keydown', onkey);
  return () => window.removeEventListener('keydown', onkey);
}

let menuState: MenuState = { undoLabel: null, redoLabel: null, open: null };
let scheduled = false;

/** Updates what the desktop menu shows (merged with what was published before); a no-op in the browser. */
export function publishMenuState(patch: Partial<MenuState>): void {
  menuState = { ...menuState, ...patch };
  if (scheduled) return;
  scheduled = true;
  queueMicrotask(() => {
    scheduled = false;
    window.gridfront?.setMenuState?.(menuState);
  });
}
