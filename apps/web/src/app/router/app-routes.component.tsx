import { Suspense } from 'react';
import { type RouteObject, useLocation, useRoutes } from 'react-router';
import { InShellContext } from '@/shared/ui/full-page.component.tsx';
import { LoadingPage } from '../system/loading.page.tsx';
import { NotFoundPage } from '../system/not-found.page.tsx';
import { RouteErrorBoundary } from '../system/route-error-boundary.component.tsx';
import { ScreenErrorBoundary } from '../system/screen-error-boundary.component.tsx';
import { Guard, GuardedScreen } from './guarded-route.component.tsx';
import { RootRoute } from './root.route.tsx';
import { APP_LAYOUT_SCREEN, loadAppLayout, screenLoader } from './route-preload.ts';
import { type AppRouteDefinition, ROUTES } from './route-table.config.ts';
import { screenComponent } from './screen-code.ts';

function AppLayout() {
  const Layout = screenComponent(APP_LAYOUT_SCREEN, loadAppLayout);
  return <Layout />;
}

function toRouteObject(route: AppRouteDefinition): RouteObject {
  const screen = <GuardedScreen id={route.id} guard={route.guard} load={screenLoader(route)} />;
  return {
    id: route.id,
    path: route.path,
    // Inside the frame a screen's errors (a missing record) show within it, keeping the navigation.
    element: route.layout === 'app' ? <ScreenErrorBoundary id={route.id}>{screen}</ScreenErrorBoundary> : screen,
  };
}

/**
 * The route tree, generated from the route table. React Router's declarative mode keeps the
 * login route inside its JS budget (the data router alone costs ~17 KB gzip); errors are
 * caught by the root's error boundary and titles come from the table.
 */
export const APP_ROUTE_OBJECTS: RouteObject[] = [
  {
    element: <RootRoute />,
    children: [
      ...ROUTES.filter((route) => route.layout === 'bare').map(toRouteObject),
      {
        element: (
          <Guard guard={{ auth: true }}>
            <Suspense fallback={<LoadingPage />}>
              <InShellContext.Provider value={true}>
                <AppLayout />
              </InShellContext.Provider>
            </Suspense>
          </Guard>
        ),
        children: ROUTES.filter((route) => route.layout === 'app').map(toRouteObject),
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

export function AppRoutes() {
  const { key } = useLocation();
  const element = useRoutes(APP_ROUTE_OBJECTS);
  return <RouteErrorBoundary resetKey={key}>{element}</RouteErrorBoundary>;
}
