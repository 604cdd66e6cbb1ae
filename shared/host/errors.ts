import type { Issue } from './check.js';

export const HOST_ERROR_CODES = [
  /** The channel name is not in the contract. */
  'unknown-channel',
  /** The request payload failed the channel's validator. */
  'bad-request',
  /** The thing asked for does not exist. */
  'not-found',
  /** A document failed schema validation (issues name where and what). */
  'invalid-document',
  /** The write conflicts with the current state (e.g. a stale revision). */
  'conflict',
  /** The caller is not allowed to make this call (wrong origin or frame). */
  'forbidden',
  /** The host could not reach it (network, stopped server). */
  'unavailable',
  /** A bug or an unexpected failure; the message says what. */
  'internal',
] as const;

export type HostErrorCode = (typeof HOST_ERROR_CODES)[number];

export interface HostErrorInfo {
  code: HostErrorCode;
  message: string;
  issues?: Issue[];
}

/** Every host answer travels in this envelope, over IPC and HTTP alike. */
export type InvokeResult<T = unknown> = { ok: true; value: T } | { ok: false; error: HostErrorInfo };

/** A failed host call, as the renderer (or a service) sees it. */
export class HostError extends Error {
  override readonly name = 'HostError';
  readonly code: HostErrorCode;
  readonly issues: Issue[];
  /** The channel that failed, when known. */
  readonly channel: string | undefined;

  constructor(info: HostErrorInfo, channel?: string) {
    super(info.message);
    this.code = info.code;
    this.issues = info.issues ?? [];
    this.channel = channel;
  }

  toInfo(): HostErrorInfo {
    return this.issues.length ? { code: this.code, message: this.message, issues: this.issues } : { code: this.code, message: this.message };
  }
}

export function isHostErrorCode(value: unknown): value is HostErrorCode {
  return typeof value === 'string' && (HOST_ERROR_CODES as readonly string[]).includes(value);
}

/** Checks that something received from the other side is a well-formed envelope. */
export function isInvokeResult(value: unknown): value is InvokeResult {
  if (typeof value !== 'object' || value === null) return false;
  const r = value as Record<string, unknown>;
  if (r.ok === true) return 'value' in r;
  if (r.ok !== false || typeof r.error !== 'object' || r.error === null) return false;
  const e = r.error as Record<string, unknown>;
  return isHostErrorCode(e.code) && typeof e.message === 'string' && (e.issues === undefined || Array.isArray(e.issues));
}
