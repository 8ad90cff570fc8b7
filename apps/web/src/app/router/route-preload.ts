import i18next from 'i18next';
import { matchRoutes } from 'react-router';
import type { ScreenLoader } from './route-entry.types.ts';
import { decideGuard, type GuardContext } from './route-guard.logic.ts';
import { type AppRouteDefinition, ROUTES } from './route-table.config.ts';
import { fetchScreenCode } from './screen-code.ts';

/** The loaders of the signed-in screens, with their namespaces (app-screens.config.ts; not in the /login route). */
export const appScreens = () => import('./app-screens.config.ts');

/** The screen id of the signed-in frame (screen-code.ts). */
export const APP_LAYOUT_SCREEN = 'app-layout';

/** The signed-in frame; the loaders of the screens inside it are fetched alongside, not after it. */
export const loadAppLayout: ScreenLoader = () =>
  Promise.all([import('../shell/app-layout.component.tsx'), appScreens()]).then(([layout]) => layout);

export function screenLoader(route: AppRouteDefinition): ScreenLoader {
  if (route.layout === 'bare') return route.load;
  return () => appScreens().then(({ appScreenLoader }) => appScreenLoader(route.id)());
}

/**
 * Fetches what the screen at `pathname` needs, all at once: its code, the signed-in frame's when it has one, and
 * the translation namespaces they read. main.tsx renders once this is done, so the first screen appears without
 * a Suspense fallback in between (and without React's 300 ms hold after one, screen-code.ts). As the route's
 * guard does, it fetches nothing for a visitor who may not open the screen. Resolves also when a fetch failed:
 * the render then suspends and shows that error as it would have without this.
 */
export async function preloadRoute(pathname: string, access: GuardContext): Promise<void> {
  const route = matchRoutes([...ROUTES], pathname)?.[0]?.route;
  if (!route || decideGuard(route.guard, access) !== 'allow') return;
  const fetches: Promise<unknown>[] = [fetchScreenCode(route.id, screenLoader(route))];
  if (route.layout === 'bare') {
    fetches.push(i18next.loadNamespaces([...(route.namespaces ?? [])]));
  } else {
    fetches.push(
      fetchScreenCode(APP_LAYOUT_SCREEN, loadAppLayout),
      appScreens().then(({ appScreenNamespaces, LAYOUT_NAMESPACES }) =>
        i18next.loadNamespaces([...LAYOUT_NAMESPACES, ...appScreenNamespaces(route.id)]),
      ),
    );
  }
  await Promise.allSettled(fetches);
}
