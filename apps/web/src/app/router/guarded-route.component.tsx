import { type ReactNode, Suspense } from 'react';
import { Navigate, useLocation } from 'react-router';
import { paths } from '@/lib/paths/paths.ts';
import { useAuth } from '@/lib/session/auth.context.ts';
import { useTenant } from '@/lib/session/tenant.context.ts';
import { LoadingPage } from '../system/loading.page.tsx';
import { NotFoundPage } from '../system/not-found.page.tsx';
import type { ScreenLoader } from './route-entry.types.ts';
import { decideGuard, type RouteGuard } from './route-guard.logic.ts';
import { screenComponent } from './screen-code.ts';

/** Where to return after signing in (kept in the /login location state). */
export interface LoginLocationState {
  from?: string;
}

/**
 * Applies a route's guard before its code is even fetched: a visitor who may not see the
 * screen never downloads it.
 */
export function Guard({ guard, children }: { guard: RouteGuard | undefined; children: ReactNode }) {
  const { user, reason } = useAuth();
  const { platform } = useTenant();
  const location = useLocation();
  const decision = decideGuard(guard, { user, platform });

  switch (decision) {
    case 'allow':
      return children;
    case 'login': {
      const from = `${location.pathname}${location.search}${location.hash}`;
      const state: LoginLocationState | null = reason === 'logout' || from === paths.dashboard() ? null : { from };
      return <Navigate to={paths.login()} replace state={state} />;
    }
    case 'home': {
      const from = (location.state as LoginLocationState | null)?.from;
      return <Navigate to={from?.startsWith('/') && !from.startsWith('//') ? from : paths.dashboard()} replace />;
    }
    case 'portal':
      return <Navigate to={paths.portal()} replace />;
    case 'unauthorized':
      return <Navigate to={paths.unauthorized()} replace />;
    case 'not-found':
      return <NotFoundPage />;
  }
}

export function GuardedScreen({ id, guard, load }: { id: string; guard: RouteGuard | undefined; load: ScreenLoader }) {
  const Screen = screenComponent(id, load);
  return (
    <Guard guard={guard}>
      <Suspense fallback={<LoadingPage />}>
        <Screen />
      </Suspense>
    </Guard>
  );
}
