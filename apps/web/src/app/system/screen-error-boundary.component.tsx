import { lazy, type ReactNode, Suspense } from 'react';
import { useLocation } from 'react-router';
import type { RouteId } from '@/lib/paths/paths.ts';
import { RouteErrorBoundary } from './route-error-boundary.component.tsx';

// Fetched only when a screen fails: the /login route does not carry it (its JS budget).
const ScreenErrorView = lazy(() => import('./screen-error.view.tsx'));

/**
 * What a screen of the signed-in frame throws shows inside the frame (issue 31), under the same
 * header and navigation: a record route's 404 or 403 as "this … does not exist or you do not have
 * access", any other error as the route-error screen.
 */
export function ScreenErrorBoundary({ id, children }: { id: RouteId; children: ReactNode }) {
  const { key } = useLocation();
  return (
    <RouteErrorBoundary
      resetKey={key}
      fallback={(error) => (
        <Suspense fallback={null}>
          <ScreenErrorView id={id} error={error} />
        </Suspense>
      )}
    >
      {children}
    </RouteErrorBoundary>
  );
}
