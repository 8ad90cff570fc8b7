import type { ComponentType } from 'react';
import type { Namespace } from '@/lib/i18n/i18n.ts';
import type { RouteId } from '@/lib/paths/paths.ts';
import type { RouteGuard } from './route-guard.logic.ts';

/** A screen's code, split per area. */
export type ScreenLoader = () => Promise<{ default: ComponentType }>;

interface RouteBase {
  /** Translation key (namespace common) of the page title. */
  title: string;
  guard?: RouteGuard;
}

/** A screen that stands alone (sign-in, portal, ...): its loader is in the route table, in the entry. */
export interface BareRouteEntry extends RouteBase {
  layout: 'bare';
  load: ScreenLoader;
  /** The translation namespaces its screen reads beyond common, fetched with its code (route-preload.ts). */
  namespaces?: readonly Namespace[];
}

/**
 * A screen inside the signed-in layout. Its loader is in app-screens.config.ts, fetched with the layout after
 * sign-in, so that the /login route does not carry the import map of every screen of the app (decision 0044).
 */
export interface AppRouteEntry extends RouteBase {
  layout: 'app';
}

/** A route table entry: the path comes from lib/paths by its id. */
export type RouteEntry = BareRouteEntry | AppRouteEntry;

export type AppRouteDefinition = RouteEntry & { id: RouteId; path: string };

/** The entries of one area, exactly one per pattern of its `<area>.paths.ts`. */
export type AreaRoutes<Patterns> = { [Id in keyof Patterns]: RouteEntry };

/** The loaders of an area's 'app' layout routes (app-screens.config.ts checks that each has one). */
export type AreaScreens<Patterns> = { [Id in keyof Patterns]?: ScreenLoader };
