import { describe, expect, it } from 'vitest';
import { routeExists } from '@/lib/paths/paths.ts';
import { testUser } from './auth-user.test-support.ts';
import { decideGuard } from './route-guard.logic.ts';

const user = testUser;

describe('decideGuard', () => {
  it('sends signed-out visitors of guarded routes to login', () => {
    expect(decideGuard({ auth: true }, { user: null, platform: 'hatch' })).toBe('login');
  });
  it('sends signed-in users away from guest routes', () => {
    expect(decideGuard({ guest: true }, { user: user(), platform: 'hatch' })).toBe('home');
    expect(decideGuard({ guest: true }, { user: null, platform: 'hatch' })).toBe('allow');
  });
  it('sends users without the platform licence to the portal', () => {
    const guard = { auth: true, licence: true };
    expect(decideGuard(guard, { user: user(), platform: 'customerportal' })).toBe('portal');
    expect(decideGuard(guard, { user: user({ licences: ['design_and_sales'] }), platform: 'customerportal' })).toBe(
      'allow',
    );
  });
  it('checks abilities with any-of semantics and lets admins pass', () => {
    const guard = { auth: true, ability: 'view-roles|view-projects' };
    expect(decideGuard(guard, { user: user(), platform: 'hatch' })).toBe('allow');
    expect(decideGuard({ auth: true, ability: 'view-roles' }, { user: user(), platform: 'hatch' })).toBe(
      'unauthorized',
    );
    expect(decideGuard({ auth: true, ability: 'view-roles' }, { user: user({ admin: true }), platform: 'hatch' })).toBe(
      'allow',
    );
  });
  it('keeps admin-only routes from ordinary users', () => {
    expect(decideGuard({ auth: true, admin: true }, { user: user(), platform: 'hatch' })).toBe('unauthorized');
  });
  it('hides hatch-only routes on the other platform', () => {
    expect(decideGuard({ auth: true, platform: 'hatch' }, { user: user(), platform: 'customerportal' })).toBe(
      'not-found',
    );
  });
});

describe('routeExists', () => {
  it('knows only the routes whose screens exist', () => {
    expect(routeExists('/')).toBe(true);
    expect(routeExists('/login?x=1')).toBe(true);
    expect(routeExists('/security/users/7')).toBe(false);
    expect(routeExists('/nowhere')).toBe(false);
  });
});
