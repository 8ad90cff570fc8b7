import { describe, expect, it } from 'vitest';
import { companyHostUrl, formatDateTime } from './admin-companies.logic.ts';

describe('admin companies', () => {
  it('selects a company on its own host, keeping platform, port and path', () => {
    const location = { protocol: 'http:', port: '8080', pathname: '/admin/companies', search: '?x=1' };
    expect(companyHostUrl(location, 'globex', 'hatch', 'meshport.localhost')).toBe(
      'http://hatch-globex.meshport.localhost:8080/admin/companies?x=1',
    );
    expect(companyHostUrl({ ...location, port: '' }, 'globex', null, 'meshport.localhost')).toBe(
      'http://globex.meshport.localhost/admin/companies?x=1',
    );
  });

  it("shows '---' for a missing or broken date", () => {
    expect([formatDateTime(null, 'en'), formatDateTime('nope', 'en')]).toEqual(['---', '---']);
    expect(formatDateTime('2026-01-02T03:04:05Z', 'en')).toMatch(/2026/);
  });
});
