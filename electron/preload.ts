// Runs in the sandboxed renderer before the page. Exposes one narrow bridge,
// `window.gridfront.invoke(channel, payload)`, which only forwards channel names from the
// contract, plus the menu's two event paths (commands in, menu state out), each checked
// against the shared command table; the page never sees ipcRenderer. Built to CommonJS (preload.cjs) because
// sandboxed preloads cannot be ES modules.
import { contextBridge, ipcRenderer } from 'electron';
import { IPC_INVOKE, type PreloadBridge } from '../shared/host/bridge.js';
import { isChannelName } from '../shared/host/contract.js';
import { asCommandMessage, asMenuState, IPC_COMMAND, IPC_MENU_STATE } from '../shared/host/commands.js';

const bridge: PreloadBridge = {
  bridgeVersion: 1,
  invoke(channel, payload) {
    if (!isChannelName(channel)) {
      return Promise.resolve({
        ok: false,
        error: { code: 'unknown-channel', message: `There is no host channel named ${JSON.stringify(channel)}.` },
      });
    }
    return ipcRenderer.invoke(IPC_INVOKE, { channel, payload });
  },
  onCommand(listener) {
    const forward = (_event: unknown, message: unknown) => {
      const command = asCommandMessage(message);
      if (command) listener(command);
    };
    ipcRenderer.on(IPC_COMMAND, forward);
    return () => {
      ipcRenderer.removeListener(IPC_COMMAND, forward);
    };
  },
  setMenuState(state) {
    const checked = asMenuState(state);
    if (checked) ipcRenderer.send(IPC_MENU_STATE, checked);
  },
};

contextBridge.exposeInMainWorld('gridfront', bridge);
