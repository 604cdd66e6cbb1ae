// The one declaration of every channel between the renderer and a host (Electron main
// process or the web host). Request validators, request/response types, the `HostApi`
// the renderer calls and the handler map the hosts implement are all derived from
// `channels` below. To add channels, write a `shared/host/channels/<namespace>.ts` with
// `defineChannels({...})` and spread it in here.
import type { Infer } from './check.js';
import type { ChannelSpec } from './channel.js';
import { appChannels } from './channels/app.js';
import { scenarioChannels } from './channels/scenarios.js';
import { libraryChannels } from './channels/library.js';
import { printChannels } from './channels/print.js';
import { packChannels } from './channels/packs.js';
import { gameChannels } from './channels/games.js';
import { kitChannels } from './channels/kit.js';
import { stampChannels } from './channels/stamps.js';

export const channels = {
  ...appChannels,
  ...scenarioChannels,
  ...libraryChannels,
  ...printChannels,
  ...packChannels,
  ...gameChannels,
  ...kitChannels,
  ...stampChannels,
} as const;

export type Channels = typeof channels;
export type ChannelName = keyof Channels & string;
export type RequestOf<C extends ChannelName> = Infer<Channels[C]['request']>;
export type ResponseOf<C extends ChannelName> = Channels[C]['response'] extends { readonly __type?: infer R } ? R : never;

export const channelNames: readonly ChannelName[] = Object.keys(channels) as ChannelName[];

export function isChannelName(name: unknown): name is ChannelName {
  return typeof name === 'string' && Object.prototype.hasOwnProperty.call(channels, name);
}

export function channelSpec(name: ChannelName): ChannelSpec {
  return channels[name] as ChannelSpec;
}

type NamespaceOf<C extends string> = C extends `${infer N}.${string}` ? N : never;
type MethodOf<C extends string, N extends string> = C extends `${N}.${infer M}` ? M : never;

/** A call with no payload takes no argument; one whose fields are all optional may omit it. */
export type HostMethod<C extends ChannelName> = [RequestOf<C>] extends [void]
  ? () => Promise<ResponseOf<C>>
  : {} extends RequestOf<C>
    ? (request?: RequestOf<C>) => Promise<ResponseOf<C>>
    : (request: RequestOf<C>) => Promise<ResponseOf<C>>;

/** What the renderer calls: `host.scenarios.getBundled({ id })`. */
export type HostApi = {
  [N in NamespaceOf<ChannelName>]: {
    [C in ChannelName as MethodOf<C, N>]: HostMethod<C>;
  };
};

/** Who is calling; hosts fill it in, services may log or check it. */
export interface CallContext {
  host: 'electron' | 'web';
  /** The page origin or frame URL that made the call. */
  origin: string;
}

/** What a host implements: one function per channel, payload already validated. */
export type Handlers = {
  [C in ChannelName]: (request: RequestOf<C>, context: CallContext) => Promise<ResponseOf<C>> | ResponseOf<C>;
};

export type { Issue } from './check.js';
export type { ChannelSpec } from './channel.js';
export * from './errors.js';
export type { AppInfo, HostKind } from './channels/app.js';
export type { GameEntry, GameRecordKind } from './channels/games.js';
export type { StampEntry, StampLattice } from './channels/stamps.js';
export type { ScenarioSummary, BundledScenarioSummary, BundledScenario } from './channels/scenarios.js';
export type {
  LibraryIssue,
  LibrarySummary,
  LibraryEntry,
  LibrarySort,
  ListOptions,
  ListPage,
  SearchHit,
  WriteResult,
  RevisionInfo,
  Revision,
  ImportFile,
  ImportResult,
  RecoveryEntry,
  CheckStatus,
  StoredImage,
} from './channels/library.js';
export type { PrintFileResult, PngPages } from './channels/print.js';
export type {
  PackConflictChoice,
  PackExportResult,
  PackJobPhase,
  PackJobStatus,
  PackImportOutcome,
  PackPickResult,
  PackPreview,
  PackPreviewItem,
  PackProblemInfo,
} from './channels/packs.js';
