import { availableParallelism } from 'node:os';
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

  it('runs one worker on the embedded database, one per core (up to 4) on a server, and refuses more than one without one', () => {
    expect(loadConfig({}).workers).toBe(1);
    const served = loadConfig({ DATABASE_URL: 'postgres://db/meshport' });
    expect(served.workers).toBe(Math.min(availableParallelism(), 4));
    expect(loadConfig({ DATABASE_URL: 'postgres://db/meshport', WORKERS: '3' }).workers).toBe(3);
    expect(() => loadConfig({ WORKERS: '2' })).toThrow(/WORKERS: more than one worker needs DATABASE_URL/);
    expect(() => loadConfig({ WORKERS: '0' })).toThrow(/WORKERS/);
  });

  it('takes the public address for links from PUBLIC_URL, else from the scheme, base domain and port', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://meshport.example.com' })).toMatchObject({
      scheme: 'https',
      baseDomain: 'meshport.example.com',
      publicPort: null,
    });
    expect(loadConfig({ PUBLIC_URL: 'http://meshport.example.com:8443/' })).toMatchObject({ publicPort: 8443 });
    expect(loadConfig({ PORT: '9000', BASE_DOMAIN: 'meshport.test' })).toMatchObject({
      scheme: 'http',
      baseDomain: 'meshport.test',
      publicPort: 9000,
    });
    expect(loadConfig({ PORT: '443', PUBLIC_URL_SCHEME: 'https' }).publicPort).toBeNull();
    expect(() => loadConfig({ PUBLIC_URL: 'https://a.example', BASE_DOMAIN: 'b.example' })).toThrow(/BASE_DOMAIN/);
    expect(() => loadConfig({ PUBLIC_URL: 'https://a.example', PUBLIC_URL_SCHEME: 'http' })).toThrow(
      /PUBLIC_URL_SCHEME/,
    );
    expect(() => loadConfig({ PUBLIC_URL: 'https://a.example/app?x=1' })).toThrow(/PUBLIC_URL/);
  });

  it('believes X-Forwarded-For only from the proxies TRUST_PROXY names (true: loopback and private ones)', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toEqual(['loopback', 'linklocal', 'uniquelocal']);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.7, 192.168.0.0/16' }).trustProxy).toEqual(['10.0.0.7', '192.168.0.0/16']);
    expect(() => loadConfig({ TRUST_PROXY: 'everyone' })).toThrow(/TRUST_PROXY/);
  });

  it('opens the operator listener only when METRICS_PORT is set, on loopback unless METRICS_HOST says otherwise', () => {
    expect(loadConfig({}).metrics).toBeNull();
    expect(loadConfig({ METRICS_PORT: '' }).metrics).toBeNull();
    expect(loadConfig({ METRICS_PORT: '9464' }).metrics).toEqual({ port: 9464, host: '127.0.0.1' });
    expect(loadConfig({ METRICS_PORT: '9464', METRICS_HOST: '10.0.0.5' }).metrics).toEqual({
      port: 9464,
      host: '10.0.0.5',
    });
    expect(() => loadConfig({ METRICS_PORT: '8080' })).toThrow(/METRICS_PORT: must differ from PORT/);
    expect(() => loadConfig({ METRICS_PORT: 'metrics' })).toThrow(/METRICS_PORT/);
    expect(() => loadConfig({ METRICS_PORT: '70000' })).toThrow(/METRICS_PORT/);
  });
});
