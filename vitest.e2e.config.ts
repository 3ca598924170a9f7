import { defineConfig } from 'vitest/config';

// Browser tests: Chromium (Debian's) driven by playwright-core against the built app and a real
// server on a fresh embedded PostgreSQL, started once by the global setup. Files run one at a time:
// they share one server. `npm run test:e2e` runs two of these at once, each on its own share of the
// files (.ci/browser-tests.mjs). A failed test runs once more: on CI's loaded 2-core machine each
// of the last three runs lost 1 to 3 of 112 tests to a wait that passed alone and on the next run,
// never the same ones. Each failure still prints what its pages showed (support/browser.ts), so a
// flaky test stays visible in the log; a test that fails twice fails the run.
export default defineConfig({
  test: {
    include: ['e2e/**/*.e2e.ts'],
    globalSetup: ['e2e/support/global-setup.ts'],
    fileParallelism: false,
    retry: 1,
    testTimeout: 90_000,
    hookTimeout: 120_000,
  },
});
