// The one place where a call from the renderer meets a service, for both hosts. It refuses
// channels not in the contract and payloads failing the channel's validator before any
// service runs, and turns every outcome into an `InvokeResult` envelope.
import { validate } from '../../shared/host/check.js';
import {
  channelSpec,
  isChannelName,
  HostError,
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
}

export function createRouter(handlers: Handlers, options: RouterOptions = {}): Router {
  const report = options.onInternalError ?? ((channel, error) => console.error(`[gridfront] ${channel} failed:`, error));

  return {
    async handle(channel, payload, context) {
      if (!isChannelName(channel)) {
        return fail('unknown-channel', `There is no host channel named ${JSON.stringify(channel)}.`);
      }
      const issues = validate(channelSpec(channel).request, payload);
      if (issues.length > 0) {
        const first = issues[0]!;
        return {
          ok: false,
          error: { code: 'bad-request', message: `Bad request to ${channel}: ${first.pointer ? `${first.pointer} ` : ''}${first.message}`, issues },
        };
      }
      const handler = handlers[channel] as (request: unknown, context: CallContext) => unknown;
      try {
        const value = await handler(payload ?? undefined, context);
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
