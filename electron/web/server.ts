// The web host: the built renderer plus `POST /api/invoke` on 127.0.0.1, bound to the same
// router as the Electron main process. Used for the browser mode and end-to-end tests.
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { cspHeader } from '../../shared/host/csp.js';
import type { InvokeResult } from '../../shared/host/contract.js';
import type { Router } from '../ipc/router.js';
import { refusal } from './guard.js';
import { contentType, resolveStatic } from './static.js';

/** Largest request body accepted (a big scenario with a 4096×4096 map fits well below this). */
export const MAX_BODY_BYTES = 64 * 1024 * 1024;

export interface WebServerOptions {
  router: Router;
  /** Built renderer folder (dist/renderer). */
  staticDir: string;
  /** 0 picks a free port. */
  port: number;
}

export interface WebServer {
  url: string;
  port: number;
  close(): Promise<void>;
}

const SECURITY_HEADERS: Record<string, string> = {
  'Content-Security-Policy': cspHeader(),
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Resource-Policy': 'same-origin',
};

export async function startWebServer(options: WebServerOptions): Promise<WebServer> {
  let port = options.port;
  const server = http.createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      console.error('[gridfront] web host request failed:', err);
      if (!res.headersSent) sendJson(res, 500, failure('internal', 'The web host failed to answer.'));
      else res.destroy();
    });
  });

  async function handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const why = refusal(
      { host: req.headers.host, origin: req.headers.origin, 'sec-fetch-site': header(req, 'sec-fetch-site') },
      port,
    );
    if (why) {
      sendJson(res, 403, failure('forbidden', why));
      return;
    }
    const url = new URL(req.url ?? '/', `http://127.0.0.1:${port}`);
    if (url.pathname === '/api/invoke') {
      await invoke(req, res);
      return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { ...SECURITY_HEADERS, Allow: 'GET, HEAD' }).end();
      return;
    }
    await serveStatic(req, res, url.pathname);
  }

  async function invoke(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    if (req.method !== 'POST') {
      res.writeHead(405, { ...SECURITY_HEADERS, Allow: 'POST' }).end();
      return;
    }
    // A JSON content type cannot be sent cross-site without a CORS preflight, which we never grant.
    if (!(req.headers['content-type'] ?? '').toLowerCase().startsWith('application/json')) {
      sendJson(res, 415, failure('bad-request', 'Send the call as application/json.'));
      return;
    }
    const body = await readBody(req);
    if (body === null) {
      sendJson(res, 413, failure('bad-request', `The request is larger than ${MAX_BODY_BYTES} bytes.`));
      return;
    }
    let message: unknown;
    try {
      message = JSON.parse(body);
    } catch (err) {
      sendJson(res, 400, failure('bad-request', `The request is not valid JSON: ${(err as Error).message}`));
      return;
    }
    if (typeof message !== 'object' || message === null || Array.isArray(message)) {
      sendJson(res, 400, failure('bad-request', 'Send {"channel": "...", "payload": ...}.'));
      return;
    }
    const { channel, payload } = message as { channel?: unknown; payload?: unknown };
    const origin = req.headers.origin ?? `http://${req.headers.host ?? ''}`;
    const result = await options.router.handle(channel, payload, { host: 'web', origin });
    // The envelope carries success or failure; HTTP status only marks transport-level trouble.
    sendJson(res, 200, result);
  }

  async function serveStatic(req: http.IncomingMessage, res: http.ServerResponse, pathname: string): Promise<void> {
    let file = resolveStatic(options.staticDir, pathname);
    if (!file) {
      sendText(res, 400, 'Bad path');
      return;
    }
    let info = await stat(file).catch(() => null);
    if (info?.isDirectory()) {
      file = `${file}/index.html`;
      info = await stat(file).catch(() => null);
    }
    if (!info?.isFile()) {
      sendText(res, 404, `Not found: ${pathname}`);
      return;
    }
    res.writeHead(200, {
      ...SECURITY_HEADERS,
      'Content-Type': contentType(file),
      'Content-Length': String(info.size),
      'Cache-Control': 'no-cache',
    });
    if (req.method === 'HEAD') {
      res.end();
      return;
    }
    createReadStream(file).pipe(res);
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  port = (server.address() as AddressInfo).port;

  return {
    port,
    url: `http://127.0.0.1:${port}/`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((err) => (err ? reject(err) : resolve()));
        server.closeAllConnections();
      }),
  };
}

function header(req: http.IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function failure(code: 'forbidden' | 'bad-request' | 'internal', message: string): InvokeResult {
  return { ok: false, error: { code, message } };
}

function sendJson(res: http.ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    ...SECURITY_HEADERS,
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': String(Buffer.byteLength(text)),
    'Cache-Control': 'no-store',
  });
  res.end(text);
}

function sendText(res: http.ServerResponse, status: number, text: string): void {
  res.writeHead(status, { ...SECURITY_HEADERS, 'Content-Type': 'text/plain; charset=utf-8' });
  res.end(text);
}

function readBody(req: http.IncomingMessage): Promise<string | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let tooBig = false;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) tooBig = true;
      else chunks.push(chunk);
    });
    req.on('end', () => resolve(tooBig ? null : Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}
