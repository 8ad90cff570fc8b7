import type { ComponentType } from 'react';
import { ROUTE_PATTERNS, type RouteId } from '../../lib/paths/paths.ts';
import type { RouteGuard } from './route-guard.logic.ts';

export interface AppRouteDefinition {
  id: RouteId;
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
 * Every route of the app, keyed by the ids of lib/paths (which owns the path patterns): each
 * path there has exactly one entry here. A route is listed only once its screen works;
 * navigation entries for paths missing here are hidden automatically (see navigation.config.ts).
 */
const ROUTE_TABLE: { [Id in RouteId]: Omit<AppRouteDefinition, 'id' | 'path'> } = {
  login: {
    title: 'titles.login',
    layout: 'bare',
    guard: GUEST,
    load: () => import('../session/pages/login.page.tsx'),
  },
  'forgot-password': {
    title: 'titles.forgotPassword',
    layout: 'bare',
    guard: GUEST,
    load: () => import('../session/pages/forgot-password.page.tsx'),
  },
  'reset-password': {
    title: 'titles.resetPassword',
    layout: 'bare',
    guard: GUEST,
    load: () => import('../session/pages/reset-password.page.tsx'),
  },
  portal: {
    title: 'titles.portal',
    layout: 'bare',
    guard: { auth: true },
    load: () => import('../system/portal.page.tsx'),
  },
  dashboard: {
    title: 'titles.dashboard',
    layout: 'app',
    guard: SIGNED_IN,
    load: () => import('../../features/dashboard/pages/dashboard.page.tsx'),
  },
  'global-search': {
    title: 'titles.globalSearch',
    layout: 'app',
    guard: SIGNED_IN,
    load: () => import('../../features/search/pages/global-search.page.tsx'),
  },
  unauthorized: {
    title: 'titles.unauthorized',
    layout: 'app',
    guard: SIGNED_IN,
    load: () => import('../system/unauthorized.page.tsx'),
  },
};

export const ROUTES: readonly AppRouteDefinition[] = (Object.keys(ROUTE_TABLE) as RouteId[]).map((id) => ({
  id,
  path: ROUTE_PATTERNS[id],
  ...ROUTE_TABLE[id],
}));
