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
    // Two browsers, the server, its workers and the pipeline share two cores: a step that loses a race with a
    // background redraw gets one more try. A retried test is named in the output ("retry x1"), so it is seen.
    retry: 1,
    hookTimeout: 300_000,
    teardownTimeout: 30_000,
    reporters: ['default'],
  },
});
