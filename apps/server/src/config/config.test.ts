import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('configuration', () => {
  it('has working defaults', () => {
    const config = loadConfig({ INIT_CWD: '/srv/meshport' });
    expect(config).toMatchObject({ port: 8080, baseDomain: 'meshport.localhost', dataDir: '/srv/meshport/data' });
    expect(config.databaseUrl).toBeUndefined();
  });

  it('names every bad setting in one clear message', () => {
    expect(() => loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', BASE_DOMAIN: 'Bad Domain' })).toThrow(
      ConfigError,
    );
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x' });
    } catch (error) {
      expect((error as Error).message).toMatch(/PORT/);
      expect((error as Error).message).toMatch(/DATABASE_URL: must be a postgres:\/\/ or postgresql:\/\/ URL/);
    }
  });
});
