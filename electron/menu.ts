// The application menu as a template (a plain array), built from the shared command table.
// Every Gridfront item sends its command to the page on IPC_COMMAND; the page's dispatcher
// (renderer/src/state/commands.ts) runs whatever registered for it. Only types come from
// 'electron', so the template is tested without the binary; main.ts builds the real Menu.
import type { MenuItemConstructorOptions } from 'electron';
import { COMMANDS, FILE_MENU, type CommandId, type CommandMessage, type MenuState, type RecentScenario } from '../shared/host/commands.js';

export interface MenuContext {
  platform: NodeJS.Platform;
  /** What the page last reported: undo/redo labels and the open scenario. */
  state: MenuState;
  recent: readonly RecentScenario[];
  /** Developer tools only in unpackaged runs. */
  isPackaged: boolean;
  send(message: CommandMessage): void;
  clearRecent(): void;
}

export const INITIAL_MENU_STATE: MenuState = { undoLabel: null, redoLabel: null, open: null };

export function menuTemplate(ctx: MenuContext): MenuItemConstructorOptions[] {
  const mac = ctx.platform === 'darwin';

  const item = (id: CommandId, overrides: Partial<MenuItemConstructorOptions> = {}): MenuItemConstructorOptions => {
    const spec = COMMANDS[id] as { label: string; accelerator?: string; pageKey?: boolean };
    const out: MenuItemConstructorOptions = { id, label: spec.label, click: () => ctx.send({ command: id }) };
    if (spec.accelerator) out.accelerator = spec.accelerator;
    // The page handles these keys itself; registering them too would run the command twice.
    if (spec.pageKey) out.registerAccelerator = false;
    return { ...out, ...overrides };
  };

  const recent: MenuItemConstructorOptions[] = ctx.recent.length
    ? [
        ...ctx.recent.map((r, i): MenuItemConstructorOptions => ({
          id: `recent.${r.id}`,
          // "&" would become a mnemonic on Windows and Linux; double it to show it.
          label: `${i < 9 ? `${i + 1}  ` : ''}${r.title.replace(/&/g, '&&')}`,
          click: () => ctx.send({ command: 'file.openRecent', arg: r.id }),
        })),
        { type: 'separator' },
        { id: 'recent.clear', label: 'Clear recent', click: () => ctx.clearRecent() },
      ]
    : [{ id: 'recent.none', label: 'No recent scenarios', enabled: false }];

  // The same File menu as the browser's top bar shows (shared FILE_MENU).
  const file: MenuItemConstructorOptions = {
    label: '&File',
    submenu: [
      ...FILE_MENU.map((entry): MenuItemConstructorOptions =>
        entry === '-' ? { type: 'separator' } : entry === 'recent' ? { id: 'file.recent', label: 'Open recent', submenu: recent } : item(entry),
      ),
      ...(mac ? [] : [{ type: 'separator' } as const, { role: 'quit', label: 'Quit Gridfront' } as const]),
    ],
  };

  const undo = ctx.state.undoLabel;
  const redo = ctx.state.redoLabel;
  const edit: MenuItemConstructorOptions = {
    label: '&Edit',
    submenu: [
      item('edit.undo', { label: undo ? `Undo ${undo}` : 'Undo', enabled: undo !== null }),
      item('edit.redo', {
        label: redo ? `Redo ${redo}` : 'Redo',
        enabled: redo !== null,
        accelerator: mac ? 'Cmd+Shift+Z' : 'Ctrl+Y',
      }),
      { type: 'separator' },
      // Roles: text fields keep the system's clipboard behaviour.
      { role: 'cut' },
      { role: 'copy' },
      { role: 'paste' },
      { role: 'selectAll' },
    ],
  };

  const view: MenuItemConstructorOptions = {
    label: '&View',
    submenu: [
      item('view.zoomIn'),
      item('view.zoomOut'),
      item('view.zoomFit'),
      { type: 'separator' },
      item('view.layers'),
      item('view.checks'),
      { type: 'separator' },
      { role: 'togglefullscreen', label: 'Full screen' },
      ...(ctx.isPackaged ? [] : [{ type: 'separator' } as const, { role: 'toggleDevTools' } as const]),
    ],
  };

  const play: MenuItemConstructorOptions = { label: '&Play', submenu: [item('play.testPlay'), item('play.balance')] };

  const help: MenuItemConstructorOptions = {
    role: 'help',
    label: '&Help',
    submenu: [item('help.shortcuts'), item('help.rules'), ...(mac ? [] : [{ type: 'separator' } as const, item('help.about')])],
  };

  const appMenu: MenuItemConstructorOptions[] = mac
    ? [
        {
          label: 'Gridfront',
          submenu: [
            item('help.about'),
            { type: 'separator' },
            { role: 'services' },
            { type: 'separator' },
            { role: 'hide' },
            { role: 'hideOthers' },
            { role: 'unhide' },
            { type: 'separator' },
            { role: 'quit' },
          ],
        },
      ]
    : [];

  return [...appMenu, file, edit, view, play, ...(mac ? [{ role: 'windowMenu' } as const] : []), help];
}

/** Every Gridfront command id reachable from a template (for tests and the shortcuts dialog). */
export function commandsIn(template: readonly MenuItemConstructorOptions[]): string[] {
  return template.flatMap((entry) => [
    ...(entry.id && entry.id in COMMANDS ? [entry.id] : []),
    ...(Array.isArray(entry.submenu) ? commandsIn(entry.submenu as MenuItemConstructorOptions[]) : []),
  ]);
}
