import { returns, v } from '../check.js';
import { defineChannels } from '../channel.js';

export type HostKind = 'electron' | 'web';

export interface AppInfo {
  name: string;
  version: string;
  host: HostKind;
  /** Folder holding the library and other user data. */
  dataDir: string;
  /** Runtime versions, for bug reports. */
  runtime: { node: string; electron?: string; chrome?: string };
}

export const appChannels = defineChannels({
  'app.info': {
    doc: 'Version of the app, which host runs it and where user data lives.',
    request: v.none(),
    response: returns<AppInfo>(),
  },
});
