import { afterEach, describe, expect, it, vi } from 'vitest';
import { createHostApi } from '../../../shared/host/client.js';
import { HostError } from '../../../shared/host/errors.js';
import { httpTransport, webKeyHeaders } from './http.js';

function respond(body: string, init: { status?: number; type?: string } = {}) {
  return vi.fn(async () => new Response(body, { status: init.status ?? 200, headers: { 'Content-Type': init.type ?? 'application/json' } }));
}

describe('HTTP host client', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('posts {channel, payload} as JSON to the web host and returns the value', async () => {
    const fetchMock = respond(JSON.stringify({ ok: true, value: { fileName: 'a.json' } }));
    vi.stubGlobal('fetch', fetchMock);
    const api = createHostApi(httpTransport('http://127.0.0.1:1/api/invoke'));
    await expect(api.scenarios.getBundled({ id: 'a' })).resolves.toEqual({ fileName: 'a.json' });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('http://127.0.0.1:1/api/invoke');
    expect(init.method).toBe('POST');
    expect(new Headers(init.headers).get('content-type')).toBe('application/json');
    expect(JSON.parse(String(init.body))).toEqual({ channel: 'scenarios.getBundled', payload: { id: 'a' } });
  });

  it('sends the launch key from the printed address with every call, keeps it for the tab and takes it out of the address bar', async () => {
    const store = new Map<string, string>();
    const replaced: string[] = [];
    const location = { href: 'http://127.0.0.1:5174/#key=abcdefghijklmnop_0123', pathname: '/', search: '', origin: 'http://127.0.0.1:5174' };
    vi.stubGlobal('window', {
      location,
      sessionStorage: { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => void store.set(k, v) },
      history: {
        state: null,
        replaceState: (_s: unknown, _t: string, url: string) => {
          replaced.push(url);
          location.href = `http://127.0.0.1:5174${url}`;
        },
      },
    });
    const fetchMock = respond(JSON.stringify({ ok: true, value: {} }));
    vi.stubGlobal('fetch', fetchMock);
    const api = createHostApi(httpTransport('http://127.0.0.1:5174/api/invoke'));
    await api.app.info();
    await api.app.info(); // after the address lost its fragment: the tab's copy is used
    expect(replaced).toEqual(['/']);
    for (const call of fetchMock.mock.calls as unknown as [string, RequestInit][]) {
      expect(new Headers(call[1].headers).get('x-gridfront-key')).toBe('abcdefghijklmnop_0123');
    }
    expect(webKeyHeaders()).toEqual({ 'X-Gridfront-Key': 'abcdefghijklmnop_0123' });
  });

  it('turns a refusal from the host into a HostError with its code', async () => {
    vi.stubGlobal('fetch', respond(JSON.stringify({ ok: false, error: { code: 'forbidden', message: 'Origin refused' } }), { status: 403 }));
    const err = await createHostApi(httpTransport('http://x/api/invoke')).app.info().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(HostError);
    expect(err).toMatchObject({ code: 'forbidden', message: 'Origin refused' });
  });

  it('reports a page that is not a host answer (e.g. a 404 page) as unavailable', async () => {
    vi.stubGlobal('fetch', respond('<h1>Not found</h1>', { status: 404, type: 'text/html' }));
    await expect(createHostApi(httpTransport('http://x/api/invoke')).app.info()).rejects.toMatchObject({ code: 'unavailable' });
  });
});
