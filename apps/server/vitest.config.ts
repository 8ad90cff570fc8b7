import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    maxWorkers: 2,
    // Each file starts its own app and databases and no test mocks modules or changes the environment, so
    // the files of a worker share one module graph: importing the server anew per file cost ~3 min of CI.
    isolate: false,
  },
});
