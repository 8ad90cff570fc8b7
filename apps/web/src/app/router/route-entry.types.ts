import type { ComponentType } from 'react';
import type { RouteId } from '../../lib/paths/paths.ts';
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

/** A route table entry: the path comes from lib/paths by its id. */
export type RouteEntry = Omit<AppRouteDefinition, 'id' | 'path'>;

/** The entries of one area, exactly one per pattern of its `<area>.paths.ts`. */
export type AreaRoutes<Patterns> = { [Id in keyof Patterns]: RouteEntry };
