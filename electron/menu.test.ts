import type { MenuItemConstructorOptions } from 'electron';
import { describe, expect, it } from 'vitest';
import { COMMAND_IDS, COMMANDS, type CommandMessage } from '../shared/host/commands.js';
import { commandsIn, INITIAL_MENU_STATE, menuTemplate, type MenuContext } from './menu.js';

function build(overrides: Partial<MenuContext> = {}) {
  const sent: CommandMessage[] = [];
  let cleared = 0;
  const template = menuTemplate({
    platform: 'linux',
    state: INITIAL_MENU_STATE,
    recent: [],
    isPackaged: true,
    send: (m) => sent.push(m),
    clearRecent: () => cleared++,
    ...overrides,
  });
  return { template, sent, cleared: () => cleared };
}

function find(template: readonly MenuItemConstructorOptions[], id: string): MenuItemConstructorOptions {
  for (const entry of template) {
    if (entry.id === id) return entry;
    if (Array.isArray(entry.submenu)) {
      try {
        return find(entry.submenu as MenuItemConstructorOptions[], id);
      } catch {
        /* not in this branch */
      }
    }
  }
  throw new Error(`no menu item ${id}`);
}

const click = (entry: MenuItemConstructorOptions) => (entry.click as unknown as () => void)();
const topLabels = (t: readonly MenuItemConstructorOptions[]) => t.map((e) => e.label ?? e.role);

describe('application menu', () => {
  it('has File, Edit, View, Play and Help, and reaches every command', () => {
    for (const platform of ['linux', 'win32', 'darwin'] as const) {
      const { template } = build({ platform });
      expect(topLabels(template)).toEqual(
        platform === 'darwin' ? ['Gridfront', '&File', '&Edit', '&View', '&Play', 'windowMenu', '&Help'] : ['&File', '&Edit', '&View', '&Play', '&Help'],
      );
      const reachable = new Set(commandsIn(template));
      // file.openRecent is reached through the recent list's own items.
      expect(COMMAND_IDS.filter((id) => id !== 'file.openRecent' && !reachable.has(id))).toEqual([]);
    }
  });

  it('gives each command its usual accelerator and sends it to the page when chosen', () => {
    const { template, sent } = build();
    expect(find(template, 'file.exportPack').accelerator).toBe('CmdOrCtrl+Shift+E');
    expect(find(template, 'view.zoomFit').accelerator).toBe('CmdOrCtrl+0');
    expect(find(template, 'edit.redo').accelerator).toBe('Ctrl+Y');
    expect(build({ platform: 'darwin' }).template.length).toBeGreaterThan(0);
    expect(find(build({ platform: 'darwin' }).template, 'edit.redo').accelerator).toBe('Cmd+Shift+Z');
    click(find(template, 'file.importPack'));
    click(find(template, 'play.balance'));
    expect(sent).toEqual([{ command: 'file.importPack' }, { command: 'play.balance' }]);
  });

  it('shows but does not register keys the page handles itself, so Ctrl+S saves once', () => {
    const { template } = build();
    for (const [id, spec] of Object.entries(COMMANDS)) {
      if (!('accelerator' in spec) || id === 'edit.redo') continue;
      const entry = find(template, id);
      expect(entry.registerAccelerator, id).toBe('pageKey' in spec && spec.pageKey ? false : undefined);
    }
    expect(find(template, 'file.save').registerAccelerator).toBe(false);
  });

  it('labels Undo and Redo with what they would undo, and disables them when there is nothing', () => {
    const idle = build().template;
    expect(find(idle, 'edit.undo')).toMatchObject({ label: 'Undo', enabled: false });
    const busy = build({ state: { undoLabel: 'Paint terrain', redoLabel: 'Rename side', open: null } }).template;
    expect(find(busy, 'edit.undo')).toMatchObject({ label: 'Undo Paint terrain', enabled: true });
    expect(find(busy, 'edit.redo')).toMatchObject({ label: 'Redo Rename side', enabled: true });
  });

  it('lists recent scenarios newest first, opens one by id, and can clear the list', () => {
    const { template, sent, cleared } = build({ recent: [{ id: 'kursk', title: 'Kursk & Orel' }, { id: 'ros', title: 'Ros' }] });
    const labels = (find(template, 'file.recent').submenu as MenuItemConstructorOptions[]).map((e) => e.label ?? e.type);
    expect(labels).toEqual(['1  Kursk && Orel', '2  Ros', 'separator', 'Clear recent']);
    click(find(template, 'recent.ros'));
    expect(sent).toEqual([{ command: 'file.openRecent', arg: 'ros' }]);
    click(find(template, 'recent.clear'));
    expect(cleared()).toBe(1);
    expect(find(build().template, 'recent.none').enabled).toBe(false);
  });

  it('has the File menu of a desktop editor, the same list the browser shows in its top bar', () => {
    for (const platform of ['linux', 'darwin'] as const) {
      const file = build({ platform }).template.find((e) => e.label === '&File')!;
      const labels = (file.submenu as MenuItemConstructorOptions[]).map((e) => e.label ?? e.type);
      expect(labels).toEqual([
        'New…',
        'Open…',
        'Open recent',
        'separator',
        'Save',
        'Save as copy…',
        'Revisions…',
        'separator',
        'Import JSON…',
        'Import pack…',
        'Export JSON…',
        'Export pack…',
        'separator',
        'Import Tiled map…',
        'Export to Tiled…',
        'Export VASSAL module…',
        'separator',
        'Print…',
        'separator',
        'Close',
        ...(platform === 'darwin' ? [] : ['separator', 'Quit Gridfront']),
      ]);
    }
    const { template } = build();
    expect(find(template, 'file.saveCopy').accelerator).toBe('CmdOrCtrl+Shift+S');
    expect(find(template, 'file.close').accelerator).toBe('CmdOrCtrl+W');
  });

  it('offers developer tools only outside a packaged build', () => {
    const roles = (t: readonly MenuItemConstructorOptions[]) => JSON.stringify(t);
    expect(roles(build({ isPackaged: true }).template)).not.toContain('toggleDevTools');
    expect(roles(build({ isPackaged: false }).template)).toContain('toggleDevTools');
  });
});
