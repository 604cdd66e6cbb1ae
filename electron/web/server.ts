// The web host: the built renderer plus `POST /api/invoke` on 127.0.0.1, bound to the same
// router as the Electron main process, and `POST /api/packs/upload` (PACK_UPLOAD_PATH), which
// takes a pack file as raw bytes: as base64 inside a JSON call it would meet the JSON cap
// at about 48 MB. Used for the browser mode and end-to-end tests.
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { cspHeader } from '../../shared/host/csp.js';
import { HostError, type InvokeResult } from '../../shared/host/contract.js';
import { PACK_UPLOAD_PATH } from '../../shared/host/channels/packs.js';
import { WEB_KEY_HEADER, isWebKey, urlWithWebKey } from '../../shared/host/web-key.js';
import type { Router } from '../ipc/router.js';
import type { PackUpload } from '../packs/handlers.js';
import { refusal } from './guard.js';
import { contentType, resolveStatic } from './static.js';

/** Largest JSON call accepted (a big scenario with a 4096×4096 map fits well below this). */
export const MAX_BODY_BYTES = 64 * 1024 * 1024;

/** Where raw pack uploads go (the packs service behind the host). */
export interface PackUploads {
  /** An upload above this is read to its end and dropped; `stage` is told only its size. */
  maxBytes: number;
  /** Stages the pack like packs.stage; a HostError becomes the envelope's error. */
  stage(fileName: string, upload: PackUpload): Promise<unknown>;
}

export interface WebServerOptions {
  router: Router;
  /** The per-launch key every API call must carry (shared/host/web-key.ts). */
  webKey: string;
  /** Built renderer folder (dist/renderer). */
  staticDir: string;
  /** 0 picks a free port. */
  port: number;
  /** Without it, PACK_UPLOAD_PATH answers that uploads are unavailable. */
  packUploads?: PackUploads;
  /** When `port` is taken, try this many ports after it before giving up (default 0: only `port`). */
  nextPorts?: number;
}

export interface WebServer {
  /** The address to open: http://127.0.0.1:PORT/#key=... (the key in the fragment). */
  url: string;
  /** The same without the key: where API calls go. */
  origin: string;
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

/** Whether the request carries the launch key (compared in constant time). */
function hasKey(req: http.IncomingMessage, key: Buffer): boolean {
  const given = Buffer.from(header(req, WEB_KEY_HEADER.toLowerCase()) ?? '', 'utf8');
  return given.length === key.length && timingSafeEqual(given, key);
}

const NO_KEY =
  "This call lacks the web host's launch key. Open Gridfront from the address `npm run web` (or `npm start`) printed: it ends in #key=…";

export async function startWebServer(options: WebServerOptions): Promise<WebServer> {
  if (!isWebKey(options.webKey)) throw new Error('The web host needs a launch key of at least 16 letters, digits, - or _.');
  const key = Buffer.from(options.webKey, 'utf8');
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
    // The API (calls and uploads) answers only holders of the launch key; the page's files do not need it.
    if ((url.pathname === '/api/invoke' || url.pathname === PACK_UPLOAD_PATH) && !hasKey(req, key)) {
      req.resume();
      sendJson(res, 403, failure('forbidden', NO_KEY));
      return;
    }
    if (url.pathname === '/api/invoke') {
      await invoke(req, res);
      return;
    }
    if (url.pathname === PACK_UPLOAD_PATH) {
      await uploadPack(req, res, url);
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
    if (mediaType(req) !== 'application/json') {
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

  async function uploadPack(req: http.IncomingMessage, res: http.ServerResponse, url: URL): Promise<void> {
    if (req.method !== 'POST') {
      res.writeHead(405, { ...SECURITY_HEADERS, Allow: 'POST' }).end();
      return;
    }
    const refuse = (status: number, code: 'bad-request' | 'unavailable', message: string): void => {
      req.resume();
      sendJson(res, status, failure(code, message));
    };
    if (!options.packUploads) return refuse(404, 'unavailable', 'This host takes no pack uploads.');
    // Not a CORS-safelisted type either: a cross-site page cannot send it without a preflight, which is never granted.
    if (mediaType(req) !== 'application/octet-stream') return refuse(415, 'bad-request', "Send the pack's bytes as application/octet-stream.");
    const fileName = url.searchParams.get('fileName') ?? '';
    if (fileName.length < 1 || fileName.length > 260) return refuse(400, 'bad-request', 'Name the pack with ?fileName= (1 to 260 characters).');
    const upload = await readUpload(req, options.packUploads.maxBytes);
    let result: InvokeResult;
    try {
      result = { ok: true, value: await options.packUploads.stage(fileName, upload) };
    } catch (err) {
      if (err instanceof HostError) result = { ok: false, error: err.toInfo() };
      else {
        console.error('[gridfront] pack upload failed:', err);
        result = failure('internal', `The pack could not be staged: ${err instanceof Error ? err.message : String(err)}`);
      }
    }
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
    // A build's scripts, styles and workers are named by their content's hash (assets/index-DirJ_e0J.js):
    // a browser may keep them as long as it likes, and a page opened again (a new tab, a reload)
    // takes them, and V8's compiled code for them, from its cache. Everything else (index.html, which
    // names the current hashes) is checked each time, and answered 304 when it has not changed.
    const etag = `W/"${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}"`;
    const caching = {
      'Cache-Control': isHashedAsset(pathname) ? 'public, max-age=31536000, immutable' : 'no-cache',
      ETag: etag,
      'Last-Modified': info.mtime.toUTCString(),
    };
    if (header(req, 'if-none-match') === etag) {
      res.writeHead(304, { ...SECURITY_HEADERS, ...caching });
      res.end();
      return;
    }
    res.writeHead(200, {
      ...SECURITY_HEADERS,
      'Content-Type': contentType(file),
      'Content-Length': String(info.size),
      ...caching,
    });
    if (req.method === 'HEAD') {
      res.end();
      return;
    }
    createReadStream(file).pipe(res);
  }

  const listen = (at: number) =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(at, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
  const tries = options.port === 0 ? 0 : Math.max(0, options.nextPorts ?? 0);
  for (let k = 0; ; k++) {
    try {
      await listen(options.port + k);
      break;
    } catch (err) {
      // A port in use: the next one, as far as allowed (never past 65535).
      if ((err as NodeJS.ErrnoException).code !== 'EADDRINUSE' || k >= tries || options.port + k >= 65535) throw err;
    }
  }
  port = (server.address() as AddressInfo).port;

  const origin = `http://127.0.0.1:${port}/`;
  return {
    port,
    origin,
    url: urlWithWebKey(origin, options.webKey),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((err) => (err ? reject(err) : resolve()));
        server.closeAllConnections();
      }),
  };
}

/** A file the build named by its content's hash (Vite's `assets/[name]-[hash].[ext]`, and its source map). */
export function isHashedAsset(pathname: string): boolean {
  return /^\/assets\/[^/]+-[A-Za-z0-9_-]{8}\.(js|css|wasm|png|svg|woff2?)(\.map)?$/.test(pathname);
}

function header(req: http.IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** The request's Content-Type without parameters, lower case. */
function mediaType(req: http.IncomingMessage): string {
  return (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
}

function failure(code: 'forbidden' | 'bad-request' | 'unavailable' | 'internal', message: string): InvokeResult {
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

/**
 * A raw body as one buffer, allocated once when the length is declared (a pack may be
 * 200 MB). Past `max` the rest is read and dropped so the client still gets its answer.
 */
function readUpload(req: http.IncomingMessage, max: number): Promise<PackUpload> {
  const declared = Number(req.headers['content-length']);
  const known = req.headers['content-length'] !== undefined && Number.isSafeInteger(declared) && declared >= 0;
  return new Promise((resolve, reject) => {
    let size = 0;
    let tooLarge = known && declared > max;
    let whole: Buffer | null = known && !tooLarge ? Buffer.allocUnsafe(declared) : null;
    let chunks: Buffer[] = [];
    let ended = false;
    req.on('data', (chunk: Buffer) => {
      const at = size;
      size += chunk.length;
      if (tooLarge) return;
      if (size > max) {
        tooLarge = true;
        whole = null;
        chunks = [];
        return;
      }
      // Node's parser never delivers more than the declared Content-Length.
      if (whole) chunk.copy(whole, at);
      else chunks.push(chunk);
    });
    req.on('end', () => {
      ended = true;
      if (tooLarge) resolve({ tooLarge: size });
      else if (whole && size !== whole.length) reject(new Error('The upload ended before its Content-Length.'));
      else resolve({ bytes: whole ?? Buffer.concat(chunks, size) });
    });
    req.on('close', () => {
      if (!ended) reject(new Error('The upload was cut off.'));
    });
    req.on('error', reject);
  });
}
