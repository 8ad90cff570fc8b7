import { describe, expect, it } from 'vitest';
import { isRoute, PLANNED_PATHS, paths, ROUTE_PATTERNS, routeExists } from './paths.ts';

type Builders = { [key: string]: Builders | ((...args: never[]) => string) };

/** Every target a builder makes, with sample arguments (7 for an id). */
function samples(builders: Builders): string[] {
  return Object.values(builders).flatMap((value) =>
    typeof value === 'function' ? [(value as (arg: number) => string)(7)] : samples(value),
  );
}

/** A sample with its id put back as the pattern's parameter, to compare with the planned patterns. */
function patternOf(sample: string): string {
  const pathname = sample.split('?')[0] ?? sample;
  const planned = PLANNED_PATHS.find((pattern) => {
    const expected = pattern.split('/');
    const actual = pathname.split('/');
    return expected.length === actual.length && expected.every((part, i) => part.startsWith(':') || part === actual[i]);
  });
  return planned ?? pathname;
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
  it('builds only routed or planned targets, and keeps planned ones unrouted', () => {
    const built = samples(paths as unknown as Builders);
    const planned = built.filter((sample) => PLANNED_PATHS.includes(patternOf(sample)));
    expect(built.filter((sample) => !routeExists(sample) && !planned.includes(sample))).toEqual([]);
    expect(planned.filter(routeExists)).toEqual([]);
    expect(PLANNED_PATHS.filter((pattern) => routeExists(pattern))).toEqual([]);
  });
  it('recognises a route by its pattern', () => {
    expect(isRoute('/global-search', 'global-search')).toBe(true);
    expect(isRoute('/global-search/x', 'global-search')).toBe(false);
  });
});
