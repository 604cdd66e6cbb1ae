// Shared helpers for the end-to-end tests.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { test as base, expect, type APIRequestContext } from '@playwright/test';
import type { InvokeResult } from '../shared/host/contract.js';
import { findElectronBinary } from '../scripts/electron-binary.js';

export const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export function electronBinary(): ReturnType<typeof findElectronBinary> {
  return findElectronBinary(projectRoot);
}

/** The web host's own origin, e.g. "http://127.0.0.1:41234". */
export function appOrigin(baseURL: string | undefined): string {
  if (!baseURL) throw new Error('playwright.config.ts must set use.baseURL');
  return new URL(baseURL).origin;
}

/** Calls the web host's API the way the page does (JSON, same origin). */
export async function invoke<T = unknown>(
  request: APIRequestContext,
  origin: string,
  channel: string,
  payload?: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: InvokeResult<T> }> {
  const response = await request.post('/api/invoke', {
    data: { channel, payload },
    headers: { 'Content-Type': 'application/json', Origin: origin, ...headers },
  });
  return { status: response.status(), body: (await response.json()) as InvokeResult<T> };
}

export const test = base;
export { expect };
