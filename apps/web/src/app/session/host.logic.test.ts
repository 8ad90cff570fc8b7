import { describe, expect, it } from 'vitest';
import { guessBaseDomain, portablePath, readHost, urlOnHost } from './host.logic.ts';

describe('host', () => {
  it('guesses the base domain from the host', () => {
    expect(guessBaseDomain('hatch-acme.meshport.localhost')).toBe('meshport.localhost');
    expect(guessBaseDomain('meshport.localhost')).toBe('meshport.localhost');
    expect(guessBaseDomain('127.0.0.1')).toBe('127.0.0.1');
  });
  it('reads tenant and platform, defaulting the platform to the first one', () => {
    expect(readHost('customerportal-acme.meshport.localhost', 'meshport.localhost')).toMatchObject({
      tenant: 'acme',
      hostPlatform: 'customerportal',
      platform: 'customerportal',
    });
    expect(readHost('acme.meshport.localhost', 'meshport.localhost')).toMatchObject({
      tenant: 'acme',
      hostPlatform: null,
      platform: 'hatch',
    });
    expect(readHost('meshport.localhost', 'meshport.localhost').tenant).toBeNull();
  });
  it('keeps the path when switching unless it is a create, edit or processor path', () => {
    expect(portablePath('/projects', '?page=2')).toBe('/projects?page=2');
    expect(portablePath('/projects/edit/4')).toBe('/');
    expect(portablePath('/libraries/items/create/3')).toBe('/');
    expect(portablePath('/processor')).toBe('/');
  });
  it('builds the URL on another host with scheme and port', () => {
    expect(urlOnHost({ protocol: 'http:', port: '8080' }, 'acme', 'customerportal', 'meshport.localhost', '/x')).toBe(
      'http://customerportal-acme.meshport.localhost:8080/x',
    );
  });
});
