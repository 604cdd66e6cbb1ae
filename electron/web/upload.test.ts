// Pack files reach the web host as raw bytes (PACK_UPLOAD_PATH), so the browser mode takes
// packs up to the pack limit, not the ~48 MB that base64 inside a 64 MB JSON call allows.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PACK_UPLOAD_PATH, type PackJobStatus, type PackPreview } from '../../shared/host/channels/packs.js';
import { HostError, type InvokeResult } from '../../shared/host/contract.js';
import type { Scenario } from '../../shared/format/scenario.types.js';
import type { Host } from '../ipc/handlers.js';
import type { Router } from '../ipc/router.js';
import { exportPack } from '../packs/export.js';
import type { PackUpload } from '../packs/handlers.js';
import { craftZip, validPackEntries } from '../packs/testing.js';
import { WEB_KEY_HEADER } from '../../shared/host/web-key.js';
import { startWebHost } from './main.js';
import { MAX_BODY_BYTES, startWebServer, type WebServer } from './server.js';

const root = path.resolve(import.meta.dirname, '..', '..');

/** The launch key both hosts here are started with; every request carries it unless told not to. */
const KEY = 'upload-test-key-0123456789';

/** A raw HTTP request with a binary body (and, unless `chunked`, a Content-Length). */
function post(
  port: number,
  opts: { path: string; headers?: Record<string, string>; body?: Buffer | string; chunked?: boolean; method?: string; withoutKey?: boolean },
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const body = typeof opts.body === 'string' ? Buffer.from(opts.body) : (opts.body ?? Buffer.alloc(0));
    const key = opts.withoutKey ? {} : { [WEB_KEY_HEADER]: KEY };
    const headers = { ...key, ...opts.headers, ...(opts.chunked ? { 'Transfer-Encoding': 'chunked' } : { 'Content-Length': String(body.length) }) };
    const req = http.request({ host: '127.0.0.1', port, method: opts.method ?? 'POST', path: opts.path, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('error', reject);
    if (opts.chunked) {
      // Several chunks, so the host cannot rely on one read.
      for (let at = 0; at < body.length; at += 1000) req.write(body.subarray(at, at + 1000));
      req.end();
    } else req.end(body);
  });
}

const uploadPath = (fileName: string) => `${PACK_UPLOAD_PATH}?fileName=${encodeURIComponent(fileName)}`;
const octets = { 'Content-Type': 'application/octet-stream' };

describe('web host pack uploads (transport)', () => {
  let server: WebServer;
  let dir: string;
  const staged: { fileName: string; upload: PackUpload }[] = [];
  const routerCalls: unknown[] = [];
  const router: Router = {
    async handle(channel) {
      routerCalls.push(channel);
      return { ok: true, value: null };
    },
  };

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'gf-upload-'));
    writeFileSync(path.join(dir, 'index.html'), '<!doctype html>');
    server = await startWebServer({
      router,
      staticDir: dir,
      port: 0,
      webKey: KEY,
      packUploads: {
        maxBytes: 10_000,
        async stage(fileName, upload) {
          if (fileName === 'refused.gfpack') throw new HostError({ code: 'unavailable', message: 'The library could not be opened' });
          staged.push({ fileName, upload });
          return { staged: fileName };
        },
      },
    });
  });

  afterAll(async () => {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('hands the raw bytes, whole, with the file name, to the packs service and answers with its envelope', async () => {
    const bytes = randomBytes(9_000);
    const res = await post(server.port, { path: uploadPath('Ostfront 1944.gfpack'), headers: octets, body: bytes });
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body)).toEqual({ ok: true, value: { staged: 'Ostfront 1944.gfpack' } });
    const last = staged.at(-1)!;
    expect(last.fileName).toBe('Ostfront 1944.gfpack');
    expect('bytes' in last.upload && last.upload.bytes.equals(bytes)).toBe(true);
  });

  it('takes a body sent in chunks without a Content-Length too', async () => {
    const bytes = randomBytes(7_500);
    const res = await post(server.port, { path: uploadPath('chunked.gfpack'), headers: octets, body: bytes, chunked: true });
    expect(JSON.parse(res.body)).toMatchObject({ ok: true });
    const last = staged.at(-1)!.upload;
    expect('bytes' in last && last.bytes.equals(bytes)).toBe(true);
  });

  it('keeps no bytes of an upload over the pack limit, only its size, declared or not', async () => {
    await post(server.port, { path: uploadPath('huge.gfpack'), headers: octets, body: randomBytes(10_001) });
    expect(staged.at(-1)!.upload).toEqual({ tooLarge: 10_001 });
    await post(server.port, { path: uploadPath('huge.gfpack'), headers: octets, body: randomBytes(25_000), chunked: true });
    expect(staged.at(-1)!.upload).toEqual({ tooLarge: 25_000 });
  });

  it('passes a service error on in the envelope', async () => {
    const res = await post(server.port, { path: uploadPath('refused.gfpack'), headers: octets, body: 'PK' });
    expect(JSON.parse(res.body)).toEqual({ ok: false, error: { code: 'unavailable', message: 'The library could not be opened' } });
  });

  it('refuses other methods, content types a form could send, a missing name and foreign pages, without staging anything', async () => {
    const before = staged.length;
    const get = await post(server.port, { path: uploadPath('a.gfpack'), method: 'GET' });
    const form = await post(server.port, { path: uploadPath('a.gfpack'), headers: { 'Content-Type': 'multipart/form-data; boundary=x' }, body: 'PK' });
    const plain = await post(server.port, { path: uploadPath('a.gfpack'), headers: { 'Content-Type': 'text/plain' }, body: 'PK' });
    const unnamed = await post(server.port, { path: PACK_UPLOAD_PATH, headers: octets, body: 'PK' });
    const longName = await post(server.port, { path: uploadPath(`${'x'.repeat(260)}.gfpack`), headers: octets, body: 'PK' });
    const foreign = await post(server.port, { path: uploadPath('a.gfpack'), headers: { ...octets, Origin: 'https://evil.example' }, body: 'PK' });
    const keyless = await post(server.port, { path: uploadPath('a.gfpack'), headers: octets, body: 'PK', withoutKey: true });
    expect([get.status, form.status, plain.status, unnamed.status, longName.status, foreign.status, keyless.status]).toEqual([405, 415, 415, 400, 400, 403, 403]);
    expect(JSON.parse(keyless.body)).toMatchObject({ ok: false, error: { code: 'forbidden', message: expect.stringContaining('launch key') } });
    expect(JSON.parse(unnamed.body)).toMatchObject({ ok: false, error: { code: 'bad-request', message: expect.stringContaining('fileName') } });
    expect(JSON.parse(foreign.body)).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    expect(staged.length).toBe(before);
    expect(routerCalls).toEqual([]);
  });
});

describe('web host pack uploads (real host and library)', () => {
  let tmp: string;
  let host: Host;
  let server: WebServer;
  let bigPack: Buffer;
  const origin = () => `http://127.0.0.1:${server.port}`;

  async function invoke<T>(channel: string, payload: unknown): Promise<{ status: number; result: InvokeResult<T> | null }> {
    const res = await post(server.port, { path: '/api/invoke', headers: { 'Content-Type': 'application/json', Origin: origin() }, body: JSON.stringify({ channel, payload }) });
    return { status: res.status, result: res.body ? (JSON.parse(res.body) as InvokeResult<T>) : null };
  }

  beforeAll(async () => {
    tmp = mkdtempSync(path.join(os.tmpdir(), 'gf-upload-host-'));
    writeFileSync(path.join(tmp, 'index.html'), '<!doctype html>');
    ({ server, host } = await startWebHost({ port: 0, dataDir: path.join(tmp, 'data'), staticDir: tmp, scenariosDir: path.join(root, 'scenarios'), webKey: KEY }));
    // Above the JSON cap: two print PDFs of random bytes, which no compression shrinks, so the
    // ratio caps let them through the way they would a real scanned map.
    const base = JSON.parse(readFileSync(path.join(root, 'scenarios', 'square-grid-demo.json'), 'utf8')) as Scenario;
    const pdf = () => Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(34 * 1024 * 1024)]);
    bigPack = await exportPack({ name: 'Heavy maps', version: '1.0' }, [
      { json: { ...base, id: 'heavy-maps-one', title: 'Heavy maps one' }, extras: [{ kind: 'print-pdf', name: 'map-a.pdf', data: pdf() }, { kind: 'print-pdf', name: 'map-b.pdf', data: pdf() }] },
    ]);
  }, 60_000);

  afterAll(async () => {
    await server?.close();
    await host?.close();
    rmSync(tmp, { recursive: true, force: true });
  });

  it('imports a pack larger than the 64 MB JSON cap sent as raw bytes, all the way into the library', async () => {
    expect(bigPack.length).toBeGreaterThan(MAX_BODY_BYTES);
    const res = await post(server.port, { path: uploadPath('heavy-maps.gfpack'), headers: { ...octets, Origin: origin() }, body: bigPack });
    const staged = JSON.parse(res.body) as InvokeResult<PackPreview>;
    if (!staged.ok) throw new Error(staged.error.message);
    expect(staged.value).toMatchObject({ fileName: 'heavy-maps.gfpack', bytes: bigPack.length, problems: [], items: [{ id: 'heavy-maps-one', extras: 2 }] });

    const started = await invoke<{ jobId: string }>('packs.import', { uploadId: staged.value.uploadId, choices: {} });
    if (!started.result?.ok) throw new Error(JSON.stringify(started.result));
    let status: PackJobStatus | undefined;
    for (let i = 0; i < 400 && !['done', 'failed'].includes(status?.phase ?? ''); i++) {
      await new Promise((r) => setTimeout(r, 50));
      const polled = await invoke<PackJobStatus>('packs.progress', { jobId: started.result.value.jobId });
      if (polled.result?.ok) status = polled.result.value;
    }
    expect(status).toMatchObject({ phase: 'done', outcomes: [{ action: 'added', id: 'heavy-maps-one' }] });
    const got = await invoke<{ title: string }>('library.get', { id: 'heavy-maps-one' });
    expect(got.result).toMatchObject({ ok: true, value: { summary: { title: 'Heavy maps one' } } });
  });

  it('still caps JSON calls: the same pack as base64 is refused with 413', async () => {
    const res = await invoke('packs.stage', { fileName: 'heavy-maps.gfpack', base64: bigPack.toString('base64') });
    expect(res.status).toBe(413);
    expect(res.result).toMatchObject({ ok: false, error: { code: 'bad-request' } });
  });

  it("keeps every pack check on the upload path: a hostile entry name is refused and nothing is written", async () => {
    const base = JSON.parse(readFileSync(path.join(root, 'scenarios', 'square-grid-demo.json'), 'utf8')) as Scenario;
    const hostile = craftZip([...validPackEntries([{ ...base, id: 'decoy-upload', title: 'Decoy' }]), { name: '../evil.json', data: Buffer.from('{}') }]);
    const res = await post(server.port, { path: uploadPath('free.gfpack'), headers: { ...octets, Origin: origin() }, body: hostile });
    const staged = JSON.parse(res.body) as InvokeResult<PackPreview>;
    expect(staged.ok && staged.value.problems.map((p) => p.message).join('\n')).toContain('../evil.json');
    expect((await invoke('library.get', { id: 'decoy-upload' })).result).toEqual({ ok: true, value: null });
  });

  it('says how big a pack over the pack limit was, and stages nothing to import', async () => {
    // Streamed from one reused megabyte, so the test itself holds no 200 MB.
    const size = host.maxPackBytes + 1;
    const body = await new Promise<string>((resolve, reject) => {
      const req = http.request({ host: '127.0.0.1', port: server.port, method: 'POST', path: uploadPath('too-big.gfpack'), headers: { ...octets, Origin: origin(), [WEB_KEY_HEADER]: KEY, 'Content-Length': String(size) } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
      });
      req.on('error', reject);
      const mb = Buffer.alloc(1024 * 1024);
      let left = size;
      const pump = (): void => {
        while (left > 0) {
          const piece = mb.subarray(0, Math.min(mb.length, left));
          left -= piece.length;
          if (!req.write(piece)) return void req.once('drain', pump);
        }
        req.end();
      };
      pump();
    });
    const staged = JSON.parse(body) as InvokeResult<PackPreview>;
    if (!staged.ok) throw new Error(staged.error.message);
    expect(staged.value.bytes).toBe(size);
    expect(staged.value.problems[0]!.message).toContain(`a pack may be at most ${host.maxPackBytes}`);
    expect((await invoke('packs.import', { uploadId: staged.value.uploadId, choices: {} })).result).toMatchObject({ ok: false, error: { code: 'bad-request' } });
  });
});
