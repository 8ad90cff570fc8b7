import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ownPage } from './autodesk.service.ts';
import { TokenCipher } from './token-cipher.ts';

describe('TokenCipher (AES-256-GCM)', () => {
  const cipher = new TokenCipher(randomBytes(32));

  it('seals with a fresh IV each time and opens only with the same key and context', () => {
    const sealed = cipher.encrypt('secret-token', 'row:1');
    expect(sealed).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(sealed).not.toContain('secret-token');
    expect(cipher.encrypt('secret-token', 'row:1')).not.toBe(sealed);
    expect(cipher.decrypt(sealed, 'row:1')).toBe('secret-token');
    expect(cipher.decrypt(sealed, 'row:2')).toBeNull();
    expect(new TokenCipher(randomBytes(32)).decrypt(sealed, 'row:1')).toBeNull();
    const [version, iv, tag, body] = sealed.split('.');
    const flipped = `${body?.[0] === 'A' ? 'B' : 'A'}${body?.slice(1)}`;
    expect(cipher.decrypt([version, iv, tag, flipped].join('.'), 'row:1')).toBeNull();
    for (const broken of ['', 'v1', 'v2.a.b.c', `${sealed}.x`, 'v1.%%.%%.%%'])
      expect(cipher.decrypt(broken, 'row:1')).toBeNull();
    expect(() => new TokenCipher(randomBytes(16))).toThrow();
  });
});

describe('ownPage', () => {
  const origin = 'http://hatch-acme.meshport.localhost:8080';

  it('takes paths and addresses of the same origin, and nothing else', () => {
    expect(ownPage('/user/profile?tab=settings', origin)).toBe(`${origin}/user/profile?tab=settings`);
    expect(ownPage(`${origin}/user/profile?tab=settings&autodesk_error=denied`, origin)).toBe(
      `${origin}/user/profile?tab=settings`,
    );
    for (const bad of [
      '//evil.example/',
      '/\\evil.example/',
      'https://evil.example/',
      'http://hatch-acme.meshport.localhost:8081/',
      `${origin}.evil.example/`,
      `http://user:pass@hatch-acme.meshport.localhost:8080/`,
      'javascript:alert(1)',
      '/a\nb',
      'relative/path',
    ]) {
      expect(ownPage(bad, origin), bad).toBeNull();
    }
  });
});
