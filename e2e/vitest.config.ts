import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['specs/**/*.e2e.test.ts'],
    globalSetup: ['./support/e2e-server.setup.ts'],
    // Spec files run in parallel, each with its own browser; two workers fit two cores.
    pool: 'forks',
    maxWorkers: 2,
    fileParallelism: true,
    testTimeout: 60_000,
    hookTimeout: 300_000,
    teardownTimeout: 30_000,
    reporters: ['default'],
  },
});
