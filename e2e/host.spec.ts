import { appOrigin, expect, invoke, test, webKey } from './fixtures.js';

test.describe('web host', () => {
  test('serves the app under the strict CSP and the page reaches the host API', async ({ page, baseURL }) => {
    const errors: string[] = [];
    page.on('pageerror', (err) => errors.push(err.message));
    page.on('console', (msg) => {
      if (msg.type() === 'error') errors.push(msg.text());
    });
    const response = await page.goto('/');
    expect(response?.status()).toBe(200);
    const csp = response?.headers()['content-security-policy'] ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-eval');
    await expect(page).toHaveTitle(/Gridfront/);
    // The library view lists the bundled scenarios (seeded on first run), which it can only
    // know through the renderer's HostApi client talking to this host.
    await expect(page.getByRole('heading', { name: 'Library' })).toBeVisible();
    const titles = await page.evaluate(async (key) => {
      const res = await fetch('api/invoke', { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-Gridfront-Key': key }, body: JSON.stringify({ channel: 'scenarios.listBundled' }) });
      const body = (await res.json()) as { ok: boolean; value: { title: string }[] };
      return body.value.map((s) => s.title);
    }, webKey);
    expect(titles.length).toBeGreaterThan(0);
    for (const title of titles) await expect(page.getByTestId('scenario-list').getByText(title, { exact: true })).toBeVisible();

    // The same call the renderer's HTTP client makes, from inside the page.
    const info = await page.evaluate(async (key) => {
      const res = await fetch('api/invoke', { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-Gridfront-Key': key }, body: JSON.stringify({ channel: 'app.info' }) });
      return res.json();
    }, webKey);
    expect(info).toMatchObject({ ok: true, value: { name: 'Gridfront', host: 'web' } });
    expect(errors.filter((e) => /Content Security Policy|Refused to/.test(e))).toEqual([]);
    expect(new URL(baseURL!).hostname).toBe('127.0.0.1');
  });

  test('app.info answers over HTTP with the version and the data folder', async ({ request, baseURL }) => {
    const { status, body } = await invoke<{ version: string; host: string; dataDir: string }>(request, appOrigin(baseURL), 'app.info');
    expect(status).toBe(200);
    expect(body.ok).toBe(true);
    if (body.ok) {
      expect(body.value.host).toBe('web');
      expect(body.value.version).toMatch(/^\d+\.\d+\.\d+/);
      expect(body.value.dataDir).toBe(process.env.GF_E2E_DATA_DIR);
    }
  });

  test('bundled scenarios are listed and each can be fetched by id', async ({ request, baseURL }) => {
    const origin = appOrigin(baseURL);
    const list = await invoke<{ id: string; fileName: string }[]>(request, origin, 'scenarios.listBundled');
    expect(list.body.ok).toBe(true);
    if (!list.body.ok) return;
    for (const summary of list.body.value) {
      const one = await invoke<{ fileName: string; scenario: { id: string } }>(request, origin, 'scenarios.getBundled', { id: summary.id });
      expect(one.body).toMatchObject({ ok: true, value: { fileName: summary.fileName, scenario: { id: summary.id } } });
    }
  });

  test('a call without the launch key is refused, whatever it asks; the printed address with #key= opens the app', async ({ request, baseURL, browser }) => {
    const origin = appOrigin(baseURL);
    const keyless = await invoke(request, origin, 'library.trash', { id: 'seed-000-example' }, { 'X-Gridfront-Key': '' });
    expect(keyless.status).toBe(403);
    expect(keyless.body).toMatchObject({ ok: false, error: { code: 'forbidden', message: expect.stringContaining('#key=') } });
    const wrong = await invoke(request, origin, 'app.info', undefined, { 'X-Gridfront-Key': 'x'.repeat(32) });
    expect(wrong.status).toBe(403);
    const list = await invoke<{ items: { id: string; trashed?: boolean }[] }>(request, origin, 'library.list', { limit: 500 });
    expect(list.body.ok && list.body.value.items.some((s) => s.id === 'seed-000-example')).toBe(true);

    // A tab opened from the printed address works, and the key leaves the address bar.
    const fresh = await browser.newPage({ baseURL });
    try {
      await fresh.goto(`/#key=${webKey}`);
      await expect(fresh.getByText('The Ros Salient, January 1944').first()).toBeVisible();
      expect(new URL(fresh.url()).hash).toBe('');
      await fresh.reload();
      await expect(fresh.getByText('The Ros Salient, January 1944').first()).toBeVisible();
    } finally {
      await fresh.close();
    }
    // A tab opened without it gets nothing from the host, and is told why.
    const stranger = await browser.newPage({ baseURL });
    try {
      await stranger.goto('/');
      await expect(stranger.getByText(/launch key/).first()).toBeVisible();
      await expect(stranger.getByText('The Ros Salient, January 1944')).toHaveCount(0);
    } finally {
      await stranger.close();
    }
  });

  test('a call from a foreign Origin is refused', async ({ request, baseURL }) => {
    const { status, body } = await invoke(request, 'https://evil.example', 'app.info', undefined);
    expect(status).toBe(403);
    expect(body).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    // Same call from the app's own origin still works, so the refusal is about the origin.
    expect((await invoke(request, appOrigin(baseURL), 'app.info')).body.ok).toBe(true);
  });

  test('unknown channels and malformed payloads come back as typed errors', async ({ request, baseURL }) => {
    const origin = appOrigin(baseURL);
    expect((await invoke(request, origin, 'app.shutdown')).body).toMatchObject({ ok: false, error: { code: 'unknown-channel' } });
    const bad = await invoke(request, origin, 'scenarios.getBundled', { id: 7 });
    expect(bad.body).toMatchObject({ ok: false, error: { code: 'bad-request', issues: [{ pointer: '/id' }] } });
  });
});
