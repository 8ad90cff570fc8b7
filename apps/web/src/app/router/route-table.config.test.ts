import { describe, expect, it } from 'vitest';
import { ROUTE_PATTERNS } from '../../lib/paths/paths.ts';
import { ROUTES } from './route-table.config.ts';

describe('route table', () => {
  it('routes exactly the patterns of lib/paths, once each', () => {
    expect(ROUTES.map((route) => route.path)).toEqual(Object.values(ROUTE_PATTERNS));
    expect(ROUTES.map((route) => route.id)).toEqual(Object.keys(ROUTE_PATTERNS));
  });
});
