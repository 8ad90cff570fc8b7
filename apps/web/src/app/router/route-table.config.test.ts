import { describe, expect, it } from 'vitest';
import { ROUTE_PATTERNS } from '@/lib/paths/paths.ts';
import { ROUTES } from './route-table.config.ts';

describe('route table', () => {
  it('routes exactly the patterns of lib/paths, once each', () => {
    const byId = Object.fromEntries(ROUTES.map((route) => [route.id, route.path]));
    expect(ROUTES).toHaveLength(Object.keys(ROUTE_PATTERNS).length);
    expect(byId).toEqual(ROUTE_PATTERNS);
  });
});
