// Constants vite.config.ts defines at build time.

/** True only in the end-to-end tests' build (vite --mode e2e), which installs the page test hook. */
declare const __GF_TEST_HOOK__: boolean;
