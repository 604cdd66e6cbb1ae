import type { CommandMessage, MenuState } from './commands.js';
import type { ChannelName } from './contract.js';

/** Name of the single IPC channel the preload forwards calls on. */
export const IPC_INVOKE = 'gf:invoke';

/** What the Electron preload puts on `window.gridfront`. */
export interface PreloadBridge {
  /** Bumped if the bridge's shape ever changes. */
  readonly bridgeVersion: 1;
  /** Sends one call; resolves to its `InvokeResult` envelope, never rejects for host errors. */
  invoke(channel: ChannelName, payload: unknown): Promise<unknown>;
  /** Listens for menu commands from the main process (IPC_COMMAND); returns the unsubscribe function. */
  onCommand?(listener: (message: CommandMessage) => void): () => void;
  /** Tells the main process what the menu should show (IPC_MENU_STATE). */
  setMenuState?(state: MenuState): void;
}

/** The message the preload sends on `IPC_INVOKE`. */
export interface IpcInvokeMessage {
  channel: ChannelName;
  payload: unknown;
}
