import type { ComponentType } from 'react';
import type { RouteGuard } from './route-guard.logic.ts';

export interface AppRouteDefinition {
  id: string;
  path: string;
  /** Translation key (namespace common) of the page title. */
  title: string;
  /** 'app' renders inside the signed-in layout; 'bare' stands alone. */
  layout: 'app' | 'bare';
  guard?: RouteGuard;
  /** The screen's code, split per area. */
  load: () => Promise<{ default: ComponentType }>;
}

const SIGNED_IN: RouteGuard = { auth: true, licence: true };
const GUEST: RouteGuard = { guest: true };

/**
 * Every route of the app. A route is listed only once its screen works; navigation entries
 * for paths missing here are hidden automatically (see navigation.config.ts).
 */
export const ROUTES: readonly AppRouteDefinition[] = [
  {
    id: 'login',
    path: '/login',
    title: 'titles.login',
    layout: 'bare',
    guard: GUEST,
    load: () => import('../../features/auth/login.page.tsx'),
  },
  {
    id: 'forgot-password',
    path: '/forgot-password',
    title: 'titles.forgotPassword',
    layout: 'bare',
    guard: GUEST,
    load: () => import('../../features/auth/forgot-password.page.tsx'),
  },
  {
    id: 'reset-password',
    path: '/reset-password',
    title: 'titles.resetPassword',
    layout: 'bare',
    guard: GUEST,
    load: () => import('../../features/auth/reset-password.page.tsx'),
  },
  {
    id: 'portal',
    path: '/portal',
    title: 'titles.portal',
    layout: 'bare',
    guard: { auth: true },
    load: () => import('../../features/system/portal.page.tsx'),
  },
  {
    id: 'dashboard',
    path: '/',
    title: 'titles.dashboard',
    layout: 'app',
    guard: SIGNED_IN,
    load: () => import('../../features/dashboard/dashboard.page.tsx'),
  },
  {
    id: 'global-search',
    path: '/global-search',
    title: 'titles.globalSearch',
    layout: 'app',
    guard: SIGNED_IN,
    load: () => import('../../features/search/global-search.page.tsx'),
  },
  {
    id: 'unauthorized',
    path: '/unauthorized',
    title: 'titles.unauthorized',
    layout: 'app',
    guard: SIGNED_IN,
    load: () => import('../../features/system/unauthorized.page.tsx'),
  },
];

const routePatterns = ROUTES.map((route) => route.path);

/** Whether a navigation target has a working screen (first path segment pattern match). */
export function routeExists(path: string): boolean {
  const pathname = path.split(/[?#]/)[0] ?? path;
  return routePatterns.some((pattern) => {
    const expected = pattern.split('/');
    const actual = pathname.split('/');
    return (
      expected.length === actual.length &&
      expected.every((part, index) => part.startsWith(':') || part === actual[index])
    );
  });
}
