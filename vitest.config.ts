import os from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['apps/**/*.test.ts', 'packages/**/*.test.ts'],
    exclude: ['**/node_modules/**', '**/dist/**'],
    globalSetup: ['apps/server/test/global-setup.ts'],
    pool: 'forks',
    // Two files at a time even on two cores (vitest's default leaves one core free, so one file ran at
    // a time): a file waits on PostgreSQL about a third of its time, and the second file fills it.
    // Each file has its own database; the whole suite on a 2-core machine took 907 s, now 679 s.
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    // A worker runs its files one after another in one module graph instead of importing the server
    // afresh for each (3.6 s of each file's time went to that import). Every file still builds its
    // own app on its own database; what the modules keep is static, or kept per database
    // (db/per-database.ts). The whole suite: 683 s -> 420 s.
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
