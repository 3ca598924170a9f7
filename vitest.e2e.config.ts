import { defineConfig } from 'vitest/config';

// Browser tests: Chromium (Debian's) driven by playwright-core against the built app and a real
// server on a fresh embedded PostgreSQL, started once by the global setup. Files run one at a time:
// they share one server and 2 cores.
export default defineConfig({
  test: {
    include: ['e2e/**/*.e2e.ts'],
    globalSetup: ['e2e/support/global-setup.ts'],
    fileParallelism: false,
    testTimeout: 90_000,
    hookTimeout: 120_000,
  },
});
