import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Router } from '../ipc/router.js';
import { WEB_KEY_HEADER } from '../../shared/host/web-key.js';
import { isHashedAsset, startWebServer, type WebServer } from './server.js';

// A raw HTTP client, because fetch() will not let a test set Host or Origin freely.
function request(
  port: number,
  opts: { method?: string; path?: string; headers?: Record<string, string>; body?: string },
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: '127.0.0.1', port, method: opts.method ?? 'GET', path: opts.path ?? '/', headers: opts.headers, setHost: !opts.headers?.Host },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (body += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.on('error', reject);
    req.end(opts.body);
  });
}

const KEY = 'test-launch-key-0123456789';
const withKey = { [WEB_KEY_HEADER]: KEY };

describe('web host', () => {
  let dir: string;
  let server: WebServer;
  const calls: unknown[] = [];
  const router: Router = {
    async handle(channel, payload, context) {
      calls.push({ channel, payload, context });
      return { ok: true, value: { echoed: channel } };
    },
  };

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'gf-static-'));
    mkdirSync(path.join(dir, 'assets'));
    writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>t</title>');
    writeFileSync(path.join(dir, 'assets', 'app.js'), 'console.log(1)');
    writeFileSync(path.join(dir, 'assets', 'index-DirJ_e0J.js'), 'console.log(2)');
    writeFileSync(path.join(os.tmpdir(), 'gf-outside.txt'), 'secret');
    server = await startWebServer({ router, staticDir: dir, port: 0, webKey: KEY });
  });

  afterAll(async () => {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('listens on loopback at the port it reports, and its address carries the launch key in the fragment', () => {
    expect(server.url).toBe(`http://127.0.0.1:${server.port}/#key=${KEY}`);
    expect(server.origin).toBe(`http://127.0.0.1:${server.port}/`);
    expect(server.port).toBeGreaterThan(0);
  });

  it('refuses an API call without the launch key, or with a wrong one, without reaching the router', async () => {
    const before = calls.length;
    const call = (headers: Record<string, string>) =>
      request(server.port, { method: 'POST', path: '/api/invoke', headers: { 'Content-Type': 'application/json', ...headers }, body: JSON.stringify({ channel: 'library.trash', payload: { id: 'x' } }) });
    for (const res of [await call({}), await call({ [WEB_KEY_HEADER]: 'not-the-key-0123456789' }), await call({ [WEB_KEY_HEADER]: KEY.slice(0, -1) })]) {
      expect(res.status).toBe(403);
      expect(JSON.parse(res.body)).toMatchObject({ ok: false, error: { code: 'forbidden', message: expect.stringContaining('#key=') } });
    }
    expect(calls.length).toBe(before);
    // The page itself loads without it (the key is in the fragment, which the browser keeps).
    expect((await request(server.port, {})).status).toBe(200);
  });

  it('will not start without a usable key', async () => {
    await expect(startWebServer({ router, staticDir: dir, port: 0, webKey: 'short' })).rejects.toThrow(/launch key/);
  });

  it('serves the renderer with the strict CSP header', async () => {
    const page = await request(server.port, {});
    expect(page.status).toBe(200);
    expect(page.body).toContain('<title>t</title>');
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.headers['content-security-policy']).not.toContain('unsafe-eval');
    const script = await request(server.port, { path: '/assets/app.js' });
    expect(script.headers['content-type']).toMatch(/javascript/);
  });

  it('lets the browser keep the hashed build files; index.html and other files are checked each time, 304 when unchanged', async () => {
    const hashed = await request(server.port, { path: '/assets/index-DirJ_e0J.js' });
    expect(hashed.status).toBe(200);
    expect(hashed.body).toBe('console.log(2)');
    expect(hashed.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    for (const file of ['/', '/assets/app.js']) {
      const first = await request(server.port, { path: file });
      expect(first.status).toBe(200);
      expect(first.headers['cache-control']).toBe('no-cache');
      expect(first.headers.etag).toMatch(/^W\/"/);
      expect(first.headers['last-modified']).toBeTruthy();
      const again = await request(server.port, { path: file, headers: { 'If-None-Match': first.headers.etag! } });
      expect(again.status).toBe(304);
      expect(again.body).toBe('');
      expect(again.headers['content-security-policy']).toContain("script-src 'self'");
      const stale = await request(server.port, { path: file, headers: { 'If-None-Match': 'W/"0-0"' } });
      expect(stale.status).toBe(200);
      expect(stale.body.length).toBeGreaterThan(0);
    }
    // A file changed where it lies gets a new validator, so the browser fetches it again.
    const before = (await request(server.port, { path: '/assets/app.js' })).headers.etag;
    writeFileSync(path.join(dir, 'assets', 'app.js'), 'console.log("changed")');
    const after = await request(server.port, { path: '/assets/app.js', headers: { 'If-None-Match': before! } });
    expect(after.status).toBe(200);
    expect(after.body).toBe('console.log("changed")');
  });

  it('calls a file hashed only when the build named it so', () => {
    for (const p of ['/assets/index-DirJ_e0J.js', '/assets/index-CQt2WJJl.css', '/assets/checks.worker-CnnD8G-t.js', '/assets/index-DirJ_e0J.js.map', '/assets/BalanceReport-EhPhdjQK.js']) expect(isHashedAsset(p), p).toBe(true);
    for (const p of ['/', '/index.html', '/assets/app.js', '/favicon.ico', '/assets/sub/index-DirJ_e0J.js', '/index-DirJ_e0J.js', '/assets/index-DirJ_e0.js']) expect(isHashedAsset(p), p).toBe(false);
  });

  it('does not serve files outside the renderer folder', async () => {
    const res = await request(server.port, { path: '/../gf-outside.txt' });
    expect(res.body).not.toContain('secret');
  });

  it('routes POST /api/invoke to the router with the caller origin', async () => {
    const origin = `http://127.0.0.1:${server.port}`;
    const res = await request(server.port, {
      method: 'POST',
      path: '/api/invoke',
      headers: { 'Content-Type': 'application/json', Origin: origin, ...withKey },
      body: JSON.stringify({ channel: 'app.info' }),
    });
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body)).toEqual({ ok: true, value: { echoed: 'app.info' } });
    expect(calls.at(-1)).toEqual({ channel: 'app.info', payload: undefined, context: { host: 'web', origin } });
  });

  it('refuses a call from a foreign origin or a rebound host name without reaching the router', async () => {
    const before = calls.length;
    const foreign = await request(server.port, {
      method: 'POST',
      path: '/api/invoke',
      headers: { 'Content-Type': 'application/json', Origin: 'https://evil.example', ...withKey },
      body: JSON.stringify({ channel: 'app.info' }),
    });
    const rebound = await request(server.port, { headers: { Host: `evil.example:${server.port}` } });
    expect(foreign.status).toBe(403);
    expect(JSON.parse(foreign.body)).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    expect(rebound.status).toBe(403);
    expect(calls.length).toBe(before);
  });

  it('answers malformed calls with a clear bad-request error', async () => {
    const notJson = await request(server.port, { method: 'POST', path: '/api/invoke', headers: { 'Content-Type': 'application/json', ...withKey }, body: '{nope' });
    const wrongType = await request(server.port, { method: 'POST', path: '/api/invoke', headers: { 'Content-Type': 'text/plain', ...withKey }, body: '{}' });
    expect(JSON.parse(notJson.body)).toMatchObject({ ok: false, error: { code: 'bad-request' } });
    expect(wrongType.status).toBe(415);
  });
});
