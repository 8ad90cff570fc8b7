import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useAuth } from '@/lib/session/auth.context.ts';
import { useTenant } from '@/lib/session/tenant.context.ts';
import { LoadingPage } from '../system/loading.page.tsx';
import { MaintenancePage } from '../system/maintenance.page.tsx';
import { useMaintenance } from '../system/maintenance.store.ts';
import { NoConnectionPage } from '../system/no-connection.page.tsx';
import { NotFoundPage } from '../system/not-found.page.tsx';
import { RouteErrorBoundary } from '../system/route-error-boundary.component.tsx';
import { useOnline } from '../system/use-online.hook.ts';
import { NOT_FOUND_TITLE, useDocumentTitle } from './document-title.hook.ts';

/** The whole-app states that take over the page before any route renders (shell.md §2, §4). */
export function RootRoute() {
  const online = useOnline();
  const maintenance = useMaintenance();
  const tenant = useTenant();
  const auth = useAuth();
  const { pathname, key } = useLocation();
  useDocumentTitle(tenant.status === 'not-found' ? NOT_FOUND_TITLE : undefined);
  // biome-ignore lint/correctness/useExhaustiveDependencies: scroll to the top on every new path
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);

  if (!online) return <NoConnectionPage />;
  if (maintenance) return <MaintenancePage {...maintenance} />;
  if (tenant.status === 'loading' || !auth.ready) return <LoadingPage />;
  if (tenant.status === 'not-found') return <NotFoundPage />;
  return (
    <RouteErrorBoundary resetKey={key}>
      <Outlet />
    </RouteErrorBoundary>
  );
}
