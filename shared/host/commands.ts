// App commands: what the desktop menu, the keyboard and toolbar buttons can ask the UI to
// do. One table, read by the Electron menu (electron/menu.ts: labels, accelerators), the
// renderer's dispatcher (renderer/src/state/commands.ts: web-mode shortcuts) and the
// keyboard-shortcuts dialog, so the three never disagree.
//
// Main → renderer: IPC_COMMAND carries a CommandMessage. Renderer → main: IPC_MENU_STATE
// carries the MenuState (undo/redo labels, the open scenario) the menu shows.

export const IPC_COMMAND = 'gf:command';
export const IPC_MENU_STATE = 'gf:menu-state';

export type CommandGroup = 'File' | 'Edit' | 'View' | 'Play' | 'Help';

export interface CommandSpec {
  label: string;
  group: CommandGroup;
  /** Electron accelerator syntax ("CmdOrCtrl+Shift+E"); absent when the command has no key. */
  accelerator?: string;
  /**
   * The key in browser mode, where the browser keeps the desktop key for itself (Ctrl+T, N,
   * O, P, L, W, Shift+B): a combination no browser takes. Absent: the desktop key works there too.
   */
  web?: string;
  /**
   * The page already handles this key itself (e.g. Ctrl+S in the document lifecycle): the
   * menu shows it without registering it, and the dispatcher does not bind it again.
   */
  pageKey?: boolean;
}

export const COMMANDS = {
  'file.new': { label: 'New…', group: 'File', accelerator: 'CmdOrCtrl+N', web: 'Alt+Shift+N' },
  'file.openLibrary': { label: 'Open…', group: 'File', accelerator: 'CmdOrCtrl+O', web: 'Alt+Shift+O' },
  'file.importPack': { label: 'Import pack…', group: 'File', accelerator: 'CmdOrCtrl+I' },
  'file.exportPack': { label: 'Export pack…', group: 'File', accelerator: 'CmdOrCtrl+Shift+E' },
  'file.importTiled': { label: 'Import Tiled map…', group: 'File' },
  'file.exportTiled': { label: 'Export to Tiled…', group: 'File' },
  'file.exportVassal': { label: 'Export VASSAL module…', group: 'File' },
  'file.importJson': { label: 'Import JSON…', group: 'File' },
  'file.exportJson': { label: 'Export JSON…', group: 'File' },
  'file.print': { label: 'Print…', group: 'File', accelerator: 'CmdOrCtrl+P', web: 'Alt+Shift+P', pageKey: true },
  'file.save': { label: 'Save', group: 'File', accelerator: 'CmdOrCtrl+S', pageKey: true },
  'file.saveCopy': { label: 'Save as copy…', group: 'File', accelerator: 'CmdOrCtrl+Shift+S' },
  'file.revisions': { label: 'Revisions…', group: 'File', accelerator: 'CmdOrCtrl+Shift+H' },
  'file.openRecent': { label: 'Open recent scenario', group: 'File' },
  'file.close': { label: 'Close', group: 'File', accelerator: 'CmdOrCtrl+W', web: 'Alt+Shift+W' },
  // The map designer, scenario panels and test-play board each handle Ctrl+Z themselves.
  'edit.undo': { label: 'Undo', group: 'Edit', accelerator: 'CmdOrCtrl+Z', pageKey: true },
  'edit.redo': { label: 'Redo', group: 'Edit', accelerator: 'CmdOrCtrl+Shift+Z', pageKey: true },
  'view.zoomIn': { label: 'Zoom in', group: 'View', accelerator: 'CmdOrCtrl+=' },
  'view.zoomOut': { label: 'Zoom out', group: 'View', accelerator: 'CmdOrCtrl+-' },
  'view.zoomFit': { label: 'Fit map to window', group: 'View', accelerator: 'CmdOrCtrl+0' },
  'view.layers': { label: 'Layers…', group: 'View', accelerator: 'CmdOrCtrl+L', web: 'Alt+Shift+L' },
  'view.checks': { label: 'Checks', group: 'View' },
  'play.testPlay': { label: 'Test-play', group: 'Play', accelerator: 'CmdOrCtrl+T', web: 'Alt+Shift+G' },
  'play.balance': { label: 'Balance report…', group: 'Play', accelerator: 'CmdOrCtrl+Shift+B', web: 'Alt+Shift+B' },
  'help.shortcuts': { label: 'Keyboard shortcuts', group: 'Help', accelerator: 'F1' },
  'help.rules': { label: 'Rules notes', group: 'Help' },
  'help.about': { label: 'About Gridfront', group: 'Help' },
} as const satisfies Record<string, CommandSpec>;

/**
 * The File menu, the same on the desktop (electron/menu.ts) and in the browser's top bar:
 * command ids in order, 'recent' for the Open recent submenu, '-' for a separator.
 */
export const FILE_MENU: readonly (CommandId | 'recent' | '-')[] = [
  'file.new',
  'file.openLibrary',
  'recent',
  '-',
  'file.save',
  'file.saveCopy',
  'file.revisions',
  '-',
  'file.importJson',
  'file.importPack',
  'file.exportJson',
  'file.exportPack',
  '-',
  'file.importTiled',
  'file.exportTiled',
  'file.exportVassal',
  '-',
  'file.print',
  '-',
  'file.close',
];

/** The key a command has under a host: the browser's own where the desktop key is the browser's. */
export function keyFor(id: CommandId, host: 'electron' | 'web'): string | undefined {
  const spec = COMMANDS[id] as CommandSpec;
  return host === 'web' ? (spec.web ?? spec.accelerator) : spec.accelerator;
}

export type CommandId = keyof typeof COMMANDS;

export const COMMAND_IDS = Object.keys(COMMANDS) as CommandId[];

export function isCommandId(value: unknown): value is CommandId {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(COMMANDS, value);
}

export function commandSpec(id: CommandId): CommandSpec {
  return COMMANDS[id];
}

/** What travels from main to the page on IPC_COMMAND. */
export interface CommandMessage {
  command: CommandId;
  /** file.openRecent: the scenario id. file.importPack: a pack the main process staged (packs.preview). */
  arg?: string;
}

const ARG = /^[A-Za-z0-9_-]{1,64}$/;

/** Checks a message from the other side of the bridge; null when it is not one. */
export function asCommandMessage(value: unknown): CommandMessage | null {
  if (typeof value !== 'object' || value === null) return null;
  const { command, arg } = value as Record<string, unknown>;
  if (!isCommandId(command)) return null;
  if (arg === undefined) return { command };
  return typeof arg === 'string' && ARG.test(arg) ? { command, arg } : null;
}

export interface RecentScenario {
  id: string;
  title: string;
}

/** What the page tells the menu: undo/redo labels (null: nothing to undo) and the open scenario. */
export interface MenuState {
  undoLabel: string | null;
  redoLabel: string | null;
  /** The library scenario on screen (recorded in the recent list), or null. */
  open: RecentScenario | null;
}

export const MAX_MENU_LABEL = 80;

const menuText = (l: unknown): string | null | undefined =>
  l === null ? null : typeof l === 'string' ? l.replace(/\s+/g, ' ').trim().slice(0, MAX_MENU_LABEL) : undefined;

/** Checks a MenuState from the page; null when it is not one. Labels are trimmed to fit a menu. */
export function asMenuState(value: unknown): MenuState | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const { undoLabel, redoLabel, open } = value as Record<string, unknown>;
  const undo = menuText(undoLabel);
  const redo = menuText(redoLabel);
  if (undo === undefined || redo === undefined) return null;
  if (open === null) return { undoLabel: undo || null, redoLabel: redo || null, open: null };
  if (typeof open !== 'object' || open === undefined) return null;
  const { id, title } = open as Record<string, unknown>;
  const shownTitle = menuText(title);
  if (typeof id !== 'string' || !ARG.test(id) || typeof shownTitle !== 'string') return null;
  return { undoLabel: undo || null, redoLabel: redo || null, open: { id, title: shownTitle || id } };
}

/** "CmdOrCtrl+Shift+E" → "Ctrl+Shift+E" (or "⌘⇧E" on a Mac), for the shortcuts dialog. */
export function shortcutText(accelerator: string, mac: boolean): string {
  const parts = accelerator.split('+');
  if (!mac) return parts.map((p) => (p === 'CmdOrCtrl' ? 'Ctrl' : p)).join('+');
  const symbols: Record<string, string> = { CmdOrCtrl: '⌘', Shift: '⇧', Alt: '⌥', Ctrl: '⌃' };
  return parts.map((p) => symbols[p] ?? p).join('');
}

/**
 * Whether a keydown matches an accelerator. Only the forms COMMANDS uses: modifiers
 * (CmdOrCtrl, Shift, Alt) plus one key.
 */
export function matchesAccelerator(
  accelerator: string,
  event: { key: string; code?: string; ctrlKey: boolean; metaKey: boolean; shiftKey: boolean; altKey: boolean },
  mac: boolean,
): boolean {
  const parts = accelerator.split('+');
  // "CmdOrCtrl+=" splits into ["CmdOrCtrl", "="]; "CmdOrCtrl+Plus" is not used.
  const key = parts.pop()!;
  const wantCmd = parts.includes('CmdOrCtrl');
  const primary = mac ? event.metaKey : event.ctrlKey;
  const other = mac ? event.ctrlKey : event.metaKey;
  if (primary !== wantCmd || other) return false;
  if (event.altKey !== parts.includes('Alt')) return false;
  const pressed = event.key.length === 1 ? event.key.toUpperCase() : event.key;
  // Shift changes the character of symbol keys ("=" → "+"), so compare the key and accept
  // Shift only where the accelerator asks for it — except for "=", typed with Shift on some layouts.
  if (key === '=' && (pressed === '=' || pressed === '+')) return !parts.includes('Shift') || event.shiftKey;
  if (event.shiftKey !== parts.includes('Shift')) return false;
  if (pressed === key.toUpperCase()) return true;
  // Alt (Option on a Mac) turns a letter into another character ("˝" for Option+Shift+G): the
  // physical key still says which letter it was.
  const physical = event.code && /^(Key[A-Z]|Digit\d)$/.test(event.code) ? event.code.slice(-1) : null;
  return event.altKey && physical === key.toUpperCase();
}
