import { channelNames, type ChannelName, type HostApi } from './contract.js';
import { HostError, isInvokeResult, type InvokeResult } from './errors.js';

/** Sends one call to a host and returns its envelope (IPC or HTTP underneath). */
export type Transport = (channel: ChannelName, payload: unknown) => Promise<unknown>;

/**
 * Builds the typed `HostApi` from a transport: one method per channel, grouped by
 * namespace. Failed calls reject with a `HostError`; a transport that throws (network
 * down, host gone) becomes code 'unavailable'.
 */
export function createHostApi(transport: Transport): HostApi {
  const api: Record<string, Record<string, (request?: unknown) => Promise<unknown>>> = {};
  for (const channel of channelNames) {
    const [namespace, method] = channel.split('.') as [string, string];
    const group = (api[namespace] ??= {});
    group[method] = async (request?: unknown) => {
      let result: unknown;
      try {
        result = await transport(channel, request);
      } catch (err) {
        throw new HostError({ code: 'unavailable', message: `The host did not answer ${channel}: ${errorMessage(err)}` }, channel);
      }
      return unwrap(result, channel);
    };
  }
  return api as HostApi;
}

export function unwrap<T>(result: unknown, channel: string): T {
  if (!isInvokeResult(result))
    throw new HostError({ code: 'internal', message: `The host sent a malformed answer to ${channel}` }, channel);
  if (!result.ok) throw new HostError(result.error, channel);
  return (result as InvokeResult<T> & { ok: true }).value;
}

function errorMessage(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
