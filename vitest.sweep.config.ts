import { defineConfig } from 'vitest/config';

// `npm run sweep` (e2e/sweep): screenshots of every page on the browser tests' server; not in `npm test`.
export default defineConfig({
  test: {
    include: ['e2e/sweep/*.sweep.ts'],
    globalSetup: ['e2e/support/global-setup.ts'],
    testTimeout: 1_800_000,
    hookTimeout: 120_000,
  },
});
