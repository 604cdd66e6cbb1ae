import { describe, expect, it } from 'vitest';
import { asCommandMessage, asMenuState, COMMANDS, matchesAccelerator, shortcutText } from './commands.js';

const key = (k: string, mods: Partial<Record<'ctrlKey' | 'metaKey' | 'shiftKey' | 'altKey', boolean>> = {}) => ({
  key: k,
  ctrlKey: false,
  metaKey: false,
  shiftKey: false,
  altKey: false,
  ...mods,
});

describe('command table', () => {
  it('gives no two commands the same key', () => {
    const keys = Object.values(COMMANDS).flatMap((c) => ('accelerator' in c ? [c.accelerator] : []));
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('matches Ctrl on Windows/Linux and Cmd on a Mac, with Shift only where asked', () => {
    expect(matchesAccelerator('CmdOrCtrl+Shift+E', key('E', { ctrlKey: true, shiftKey: true }), false)).toBe(true);
    expect(matchesAccelerator('CmdOrCtrl+Shift+E', key('e', { ctrlKey: true }), false)).toBe(false);
    expect(matchesAccelerator('CmdOrCtrl+Shift+E', key('E', { metaKey: true, shiftKey: true }), true)).toBe(true);
    expect(matchesAccelerator('CmdOrCtrl+Shift+E', key('E', { ctrlKey: true, shiftKey: true }), true)).toBe(false);
    expect(matchesAccelerator('CmdOrCtrl+I', key('i', { ctrlKey: true, altKey: true }), false)).toBe(false);
    expect(matchesAccelerator('CmdOrCtrl+=', key('+', { ctrlKey: true, shiftKey: true }), false)).toBe(true);
    expect(matchesAccelerator('CmdOrCtrl+-', key('-', { ctrlKey: true }), false)).toBe(true);
    expect(matchesAccelerator('F1', key('F1'), false)).toBe(true);
    expect(matchesAccelerator('F1', key('F1', { ctrlKey: true }), false)).toBe(false);
  });

  it('writes shortcuts the way each system shows them', () => {
    expect(shortcutText('CmdOrCtrl+Shift+E', false)).toBe('Ctrl+Shift+E');
    expect(shortcutText('CmdOrCtrl+Shift+E', true)).toBe('⌘⇧E');
  });

  it('accepts only known commands with a safe argument from the other side of the bridge', () => {
    expect(asCommandMessage({ command: 'file.openRecent', arg: 'kursk-1943' })).toEqual({ command: 'file.openRecent', arg: 'kursk-1943' });
    expect(asCommandMessage({ command: 'file.importPack' })).toEqual({ command: 'file.importPack' });
    expect(asCommandMessage({ command: 'app.quit' })).toBeNull();
    expect(asCommandMessage({ command: 'file.openRecent', arg: '../../etc' })).toBeNull();
    expect(asCommandMessage('file.save')).toBeNull();
  });

  it('accepts a menu state with trimmed labels and refuses a malformed one', () => {
    expect(asMenuState({ undoLabel: '  Paint\n terrain ', redoLabel: null, open: { id: 'ros', title: 'Ros' } })).toEqual({
      undoLabel: 'Paint terrain',
      redoLabel: null,
      open: { id: 'ros', title: 'Ros' },
    });
    expect(asMenuState({ undoLabel: 'x'.repeat(500), redoLabel: '', open: null })?.undoLabel).toHaveLength(80);
    expect(asMenuState({ undoLabel: 'x', redoLabel: null, open: { id: '../x', title: 'y' } })).toBeNull();
    expect(asMenuState({ undoLabel: 3, redoLabel: null, open: null })).toBeNull();
    expect(asMenuState(null)).toBeNull();
  });
});
