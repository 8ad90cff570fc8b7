import { describe, expect, it } from 'vitest';
import { APP_SCREENS } from './app-screens.config.ts';
import { ROUTES } from './route-table.config.ts';

describe('app screens', () => {
  it("has one loader for each 'app' layout route and none for a 'bare' one", () => {
    const appRoutes = ROUTES.filter((route) => route.layout === 'app').map((route) => route.id);
    expect(Object.keys(APP_SCREENS).sort()).toEqual([...appRoutes].sort());
    expect(appRoutes.length).toBeGreaterThan(0);
  });

  it("keeps a loader in the route table for each 'bare' route", () => {
    for (const route of ROUTES) {
      if (route.layout === 'bare') expect(typeof route.load, route.id).toBe('function');
    }
  });
});
