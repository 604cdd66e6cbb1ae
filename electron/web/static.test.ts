import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { contentType, resolveStatic } from './static.js';

const root = path.resolve('/srv/app');

describe('static file resolution', () => {
  it('serves index.html for the root and files below the root', () => {
    expect(resolveStatic(root, '/')).toBe(path.join(root, 'index.html'));
    expect(resolveStatic(root, '/assets/app.js?v=1')).toBe(path.join(root, 'assets', 'app.js'));
  });

  it('never resolves outside the root, however the path is encoded', () => {
    for (const p of ['/../secret', '/%2e%2e/secret', '/assets/../../secret', '/%2e%2e%2fsecret', '/a%5c..%5c..%5csecret', '/x%00.js', '/%zz']) {
      const resolved = resolveStatic(root, p);
      expect(resolved === null || resolved.startsWith(root + path.sep), p).toBe(true);
    }
  });

  it('labels scripts and pages with their content types', () => {
    expect(contentType('a.js')).toMatch(/javascript/);
    expect(contentType('index.html')).toMatch(/text\/html/);
    expect(contentType('blob.xyz')).toBe('application/octet-stream');
  });
});
