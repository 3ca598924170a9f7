import { defineConfig } from 'vitest/config';

// The page rows of `npm run bench` (bench/pages.ts runs bench/pages.browser.ts): Chromium against the
// browser tests' server (the built app on a fresh demo). Not in `npm test`: it measures, a test checks.
export default defineConfig({
  test: {
    include: ['bench/pages.browser.ts'],
    globalSetup: ['e2e/support/global-setup.ts'],
    testTimeout: 600_000,
    hookTimeout: 120_000,
  },
});
