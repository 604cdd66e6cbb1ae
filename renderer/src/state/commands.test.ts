import { describe, expect, it } from 'vitest';
import { commandForKey, hasCommand, onUnhandledCommand, registerCommand, runCommand } from './commands.js';

const key = (k: string, mods: Partial<Record<'ctrlKey' | 'metaKey' | 'shiftKey' | 'altKey', boolean>> = {}) =>
  ({ key: k, ctrlKey: false, metaKey: false, shiftKey: false, altKey: false, ...mods }) as KeyboardEvent;

const settle = () => new Promise((r) => setTimeout(r, 0));

describe('command dispatcher', () => {
  it('runs the newest handler of a command, and the one before once that unregisters', async () => {
    const ran: string[] = [];
    const offLibrary = registerCommand('file.exportPack', () => ran.push('library'));
    const offDialog = registerCommand('file.exportPack', () => ran.push('dialog'));
    expect(runCommand('file.exportPack')).toBe(true);
    offDialog();
    runCommand('file.exportPack');
    await settle();
    expect(ran).toEqual(['dialog', 'library']);
    offLibrary();
    expect(hasCommand('file.exportPack')).toBe(false);
  });

  it('passes the argument from the menu (an upload id, a recent scenario id)', async () => {
    const args: unknown[] = [];
    const off = registerCommand('file.openRecent', (arg) => args.push(arg));
    runCommand('file.openRecent', 'kursk-1943');
    await settle();
    off();
    expect(args).toEqual(['kursk-1943']);
  });

  it('says when nothing on the page handles a command', () => {
    const told: string[] = [];
    onUnhandledCommand((id) => told.push(id));
    expect(runCommand('play.balance')).toBe(false);
    expect(told).toEqual(['play.balance']);
    onUnhandledCommand(() => {});
  });

  it('keeps a failing handler from breaking the dispatcher', async () => {
    const off = registerCommand('help.rules', () => {
      throw new Error('boom');
    });
    const errors: unknown[] = [];
    const original = console.error;
    console.error = (...a: unknown[]) => void errors.push(a);
    try {
      expect(runCommand('help.rules')).toBe(true);
      await settle();
    } finally {
      console.error = original;
      off();
    }
    expect(errors).toHaveLength(1);
  });

  it('maps keys to commands in the browser, leaving keys the page handles itself alone', () => {
    expect(commandForKey(key('E', { ctrlKey: true, shiftKey: true }), false)).toBe('file.exportPack');
    expect(commandForKey(key('i', { metaKey: true }), true)).toBe('file.importPack');
    expect(commandForKey(key('F1'), false)).toBe('help.shortcuts');
    // Save, Print and Undo have their own handlers on the page; binding them again would run them twice.
    expect(commandForKey(key('s', { ctrlKey: true }), false)).toBeNull();
    expect(commandForKey(key('p', { ctrlKey: true }), false)).toBeNull();
    expect(commandForKey(key('z', { ctrlKey: true }), false)).toBeNull();
    expect(commandForKey(key('y', { ctrlKey: true }), false)).toBeNull();
    expect(commandForKey(key('e'), false)).toBeNull();
  });

  it('gives the commands whose desktop key the browser keeps a key of their own in the browser', () => {
    // Ctrl+T, N, O, P, L, W and Shift+B are the browser's: the page never sees some of them.
    for (const k of ['t', 'n', 'o', 'l', 'w']) expect(commandForKey(key(k, { ctrlKey: true }), false), `Ctrl+${k}`).toBeNull();
    expect(commandForKey(key('B', { ctrlKey: true, shiftKey: true }), false)).toBeNull();
    expect(commandForKey(key('G', { altKey: true, shiftKey: true }), false)).toBe('play.testPlay');
    expect(commandForKey(key('N', { altKey: true, shiftKey: true }), false)).toBe('file.new');
    expect(commandForKey(key('O', { altKey: true, shiftKey: true }), false)).toBe('file.openLibrary');
    expect(commandForKey(key('P', { altKey: true, shiftKey: true }), false)).toBe('file.print');
    expect(commandForKey(key('L', { altKey: true, shiftKey: true }), false)).toBe('view.layers');
    expect(commandForKey(key('W', { altKey: true, shiftKey: true }), false)).toBe('file.close');
    expect(commandForKey(key('B', { altKey: true, shiftKey: true }), false)).toBe('play.balance');
    // Ctrl+Shift+S is free in browsers: the desktop key serves both.
    expect(commandForKey(key('S', { ctrlKey: true, shiftKey: true }), false)).toBe('file.saveCopy');
  });
});
