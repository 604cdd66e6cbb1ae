import { defineConfig, type Plugin } from 'vite';
import { svelte } from '@sveltejs/vite-plugin-svelte';
import { cspMeta } from './shared/host/csp.js';

// The renderer is a static site: Electron loads it from disk (file://), the web host serves
// it over http://127.0.0.1. `base: './'` keeps asset URLs relative so both work.
// The CSP <meta> is injected from shared/host/csp.ts so the page and both hosts' headers
// never drift apart.
function cspMetaTag(): Plugin {
  return {
    name: 'gridfront-csp-meta',
    transformIndexHtml(html) {
      return html.replace('%GRIDFRONT_CSP%', cspMeta());
    },
  };
}

// `npm run dev` serves the renderer with hot reload; its host calls go to a web host
// started alongside (`npm run web`, port GF_PORT or 5174). The web host only answers its
// own origin, so the proxy presents the calls as coming from there.
const hostOrigin = `http://127.0.0.1:${process.env.GF_PORT || 5174}`;

// Two builds of the one renderer: the app (`npm run build`: dist/renderer, what Electron and
// `npm start` load and `npm run dist` packs) and, with `--mode e2e` (`npm run build:e2e`),
// dist/renderer-e2e for the end-to-end tests and benchmarks, the only one with the page test
// hook (renderer/src/testHook.ts, `window.__gridfront`). In the app build __GF_TEST_HOOK__ is
// false, so the hook's code is dropped from the bundle (e2e/production-build.spec.ts checks).
export default defineConfig(({ mode }) => ({
  root: 'renderer',
  base: './',
  plugins: [svelte(), cspMetaTag()],
  define: { __GF_TEST_HOOK__: JSON.stringify(mode === 'e2e') },
  build: {
    outDir: mode === 'e2e' ? '../dist/renderer-e2e' : '../dist/renderer',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: true,
  },
  server: {
    host: '127.0.0.1',
    port: 5173,
    strictPort: true,
    proxy: {
      '/api': {
        target: hostOrigin,
        changeOrigin: true,
        headers: { origin: hostOrigin },
      },
    },
  },
}));
