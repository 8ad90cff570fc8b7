import { describe, expect, it } from 'vitest';
import { isRoute, paths, plannedPaths, ROUTE_PATTERNS, routeExists } from './paths.ts';

type Builders = { [key: string]: Builders | ((...args: never[]) => string) };

/** Every planned path, built with sample arguments. */
function plannedSamples(builders: Builders): string[] {
  return Object.values(builders).flatMap((value) =>
    typeof value === 'function' ? [(value as (arg: number) => string)(7)] : plannedSamples(value),
  );
}

describe('paths', () => {
  it('builds the routes of the route table', () => {
    expect(paths.dashboard()).toBe('/');
    expect(paths.login()).toBe('/login');
    expect(paths.search({ term: 'oak & walnut' })).toBe('/global-search?search=oak+%26+walnut');
    for (const build of [paths.login, paths.forgotPassword, paths.resetPassword, paths.portal, paths.unauthorized]) {
      expect(routeExists(build())).toBe(true);
    }
    expect(routeExists(paths.search({ term: 'x' }))).toBe(true);
  });
  it('has one pattern per route', () => {
    const patterns = Object.values(ROUTE_PATTERNS);
    expect(new Set(patterns).size).toBe(patterns.length);
  });
  it('keeps planned paths unrouted until they move to the route table', () => {
    const samples = plannedSamples(plannedPaths);
    expect(samples.length).toBeGreaterThan(20);
    expect(samples.filter(routeExists)).toEqual([]);
  });
  it('recognises a route by its pattern', () => {
    expect(isRoute('/global-search', 'global-search')).toBe(true);
    expect(isRoute('/global-search/x', 'global-search')).toBe(false);
  });
});
