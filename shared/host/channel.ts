import type { Check } from './check.js';

/**
 * One host channel: how its request is checked (and so typed) and what it answers.
 * Channel names are "namespace.method"; the namespace groups methods in `HostApi`.
 */
export interface ChannelSpec<Req = unknown, Res = unknown> {
  readonly request: Check<Req>;
  readonly response: { readonly __type?: Res };
  /** One line for people reading the channel list. */
  readonly doc: string;
}

/** Identity helper that keeps each channel's literal types while checking its shape. */
export function defineChannels<const T extends Record<`${string}.${string}`, ChannelSpec<any, any>>>(channels: T): T {
  return channels;
}
