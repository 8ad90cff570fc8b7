import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['./support/build-server.setup.ts'],
    // Each test runs several server processes (and nginx, PostgreSQL clusters): one file at a time.
    pool: 'forks',
    fileParallelism: false,
    testTimeout: 180_000,
    hookTimeout: 300_000,
    retry: 0,
  },
});
