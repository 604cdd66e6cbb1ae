// Runs in the sandboxed renderer before the page. Exposes one narrow bridge,
// `window.gridfront.invoke(channel, payload)`, which only forwards channel names from the
// contract; the page never sees ipcRenderer. Built to CommonJS (preload.cjs) because
// sandboxed preloads cannot be ES modules.
import { contextBridge, ipcRenderer } from 'electron';
import { IPC_INVOKE, type PreloadBridge } from '../shared/host/bridge.js';
import { isChannelName } from '../shared/host/contract.js';

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
};

contextBridge.exposeInMainWorld('gridfront', bridge);
