import { describe, expect, it } from 'vitest';
import { refusal } from './guard.js';

describe('web host request guard', () => {
  it('accepts the page on its own loopback origin and local tools without an Origin', () => {
    expect(refusal({ host: '127.0.0.1:5174', origin: 'http://127.0.0.1:5174', 'sec-fetch-site': 'same-origin' }, 5174)).toBeNull();
    expect(refusal({ host: 'localhost:5174', origin: 'http://localhost:5174' }, 5174)).toBeNull();
    expect(refusal({ host: '127.0.0.1:5174' }, 5174)).toBeNull();
  });

  it('refuses a foreign Host header (DNS rebinding)', () => {
    expect(refusal({ host: 'evil.example:5174' }, 5174)).toMatch(/Host/);
    expect(refusal({ host: '127.0.0.1:9999' }, 5174)).toMatch(/Host/);
    expect(refusal({}, 5174)).toMatch(/Host/);
  });

  it('refuses a foreign or malformed Origin', () => {
    expect(refusal({ host: '127.0.0.1:5174', origin: 'https://evil.example' }, 5174)).toMatch(/Origin/);
    expect(refusal({ host: '127.0.0.1:5174', origin: 'http://127.0.0.1:6000' }, 5174)).toMatch(/Origin/);
    expect(refusal({ host: '127.0.0.1:5174', origin: 'null' }, 5174)).toMatch(/Origin/);
  });

  it('refuses requests the browser marks as cross-site', () => {
    expect(refusal({ host: '127.0.0.1:5174', 'sec-fetch-site': 'cross-site' }, 5174)).toMatch(/Cross-site/);
  });
});
