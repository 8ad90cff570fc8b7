import type { MAINTENANCE_PATTERNS } from '@/lib/paths/maintenance.paths.ts';
import type { AreaRoutes } from '../route-entry.types.ts';
import { SIGNED_IN } from '../route-guard.logic.ts';

const ADMIN = { ...SIGNED_IN, admin: true };

export const MAINTENANCE_ROUTES: AreaRoutes<typeof MAINTENANCE_PATTERNS> = {
  'admin-maintenance': {
    title: 'titles.maintenance',
    layout: 'app',
    guard: ADMIN,
  },
  'admin-maintenance-create': {
    title: 'titles.maintenanceCreate',
    layout: 'app',
    guard: ADMIN,
  },
  'admin-maintenance-edit': {
    title: 'titles.maintenanceEdit',
    layout: 'app',
    guard: ADMIN,
  },
  'admin-changelog': {
    title: 'titles.changelog',
    layout: 'app',
    guard: ADMIN,
  },
  'admin-changelog-create': {
    title: 'titles.changelogCreate',
    layout: 'app',
    guard: ADMIN,
  },
  'admin-changelog-edit': {
    title: 'titles.changelogEdit',
    layout: 'app',
    guard: ADMIN,
  },
};
