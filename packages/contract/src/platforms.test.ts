import { describe, expect, it } from 'vitest';
import { hasPermission, parsePermission } from './permissions.ts';
import { hexToRgbTriplet, hostFor, parseHost, resolveTenantColors } from './platforms.ts';

describe('host names', () => {
  it('reads [platform-]tenant from the first label under the base domain', () => {
    expect(parseHost('hatch-acme.meshport.localhost', 'meshport.localhost')).toEqual({
      platform: 'hatch',
      tenant: 'acme',
    });
    expect(parseHost('customerportal-acme.meshport.localhost:8080', 'meshport.localhost')).toEqual({
      platform: 'customerportal',
      tenant: 'acme',
    });
    expect(parseHost('acme.meshport.localhost', 'meshport.localhost')).toEqual({ platform: null, tenant: 'acme' });
    expect(parseHost('big-co.meshport.localhost', 'meshport.localhost')).toEqual({ platform: null, tenant: 'big-co' });
    expect(parseHost('meshport.localhost', 'meshport.localhost')).toEqual({ platform: null, tenant: null });
    expect(parseHost('a.b.meshport.localhost', 'meshport.localhost')).toEqual({ platform: null, tenant: null });
    expect(parseHost('evil.example', 'meshport.localhost')).toEqual({ platform: null, tenant: null });
    expect(hostFor('acme', 'customerportal', 'meshport.localhost')).toBe('customerportal-acme.meshport.localhost');
  });
});

describe('tenant colours', () => {
  it("keeps custom colours and replaces 'default' by the platform's, or the first platform's", () => {
    const custom = { primary_color: '#112233', primary_accent: '#445566' };
    expect(resolveTenantColors(custom, 'customerportal')).toEqual(custom);
    const defaults = { primary_color: '#112233', primary_accent: 'default' };
    expect(resolveTenantColors(defaults, 'customerportal')).toEqual({
      primary_color: '#634196',
      primary_accent: '#7C6B9C80',
    });
    expect(resolveTenantColors(defaults, null)).toEqual({ primary_color: '#275953', primary_accent: '#6E9C9780' });
    expect(hexToRgbTriplet('#275953')).toBe('39, 89, 83');
    expect(hexToRgbTriplet('#fff')).toBe('255, 255, 255');
  });
});

describe('permissions', () => {
  it("passes admins, and any one of 'a|b' keys", () => {
    expect(hasPermission({ admin: true, abilities: [] }, 'view-roles')).toBe(true);
    expect(hasPermission({ admin: false, abilities: ['view-groups'] }, 'view-roles|view-groups')).toBe(true);
    expect(hasPermission({ admin: false, abilities: ['view-groups'] }, 'view-roles')).toBe(false);
    expect(() => parsePermission('view-roles|make-coffee')).toThrow(/Unknown ability "make-coffee"/);
  });
});
