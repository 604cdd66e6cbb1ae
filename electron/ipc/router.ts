// The one place where a call from the renderer meets a service, for both hosts. It refuses
// channels not in the contract and payloads failing the channel's validator before any
// service runs, and turns every outcome into an `InvokeResult` envelope.
import { validate } from '../../shared/host/check.js';
import {
  channels as contractChannels,
  HostError,
  type ChannelSpec,
  type CallContext,
  type ChannelName,
  type Handlers,
  type InvokeResult,
} from '../../shared/host/contract.js';

export interface Router {
  handle(channel: unknown, payload: unknown, context: CallContext): Promise<InvokeResult>;
}

export interface RouterOptions {
  /** Where unexpected failures are reported (they reach the caller only as a short message). */
  onInternalError?: (channel: string, error: unknown) => void;
  /** The channel table; the contract's unless a test supplies its own. */
  channels?: Readonly<Record<string, ChannelSpec<any, any>>>;
}

export function createRouter(handlers: Handlers, options: RouterOptions = {}): Router {
  const report = options.onInternalError ?? ((channel, error) => console.error(`[gridfront] ${channel} failed:`, error));

  const table = options.channels ?? contractChannels;
  const known = (name: unknown): name is ChannelName => typeof name === 'string' && Object.prototype.hasOwnProperty.call(table, name);

  return {
    async handle(channel, payload, context) {
      if (!known(channel)) {
        return fail('unknown-channel', `There is no host channel named ${JSON.stringify(channel)}.`);
      }
      const check = (table[channel] as ChannelSpec).request;
      const issues = validate(check, payload);
      if (issues.length > 0) {
        const first = issues[0]!;
        return {
          ok: false,
          error: { code: 'bad-request', message: `Bad request to ${channel}: ${first.pointer ? `${first.pointer} ` : ''}${first.message}`, issues },
        };
      }
      const handler = handlers[channel] as (request: unknown, context: CallContext) => unknown;
      try {
        // Services always get the request's full shape, e.g. {} for an omitted options object.
        const request = payload === undefined && check.whenAbsent ? check.whenAbsent() : payload;
        const value = await handler(request, context);
        return { ok: true, value };
      } catch (err) {
        if (err instanceof HostError) return { ok: false, error: err.toInfo() };
        report(channel, err);
        return fail('internal', `${channel} failed: ${err instanceof Error ? err.message : String(err)}`);
      }
    },
  };
}

function fail(code: 'unknown-channel' | 'internal', message: string): InvokeResult {
  return { ok: false, error: { code, message } };
}

export type { ChannelName };
