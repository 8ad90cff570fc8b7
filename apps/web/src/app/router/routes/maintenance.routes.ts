import type { MAINTENANCE_PATTERNS } from '../../../lib/paths/maintenance.paths.ts';
import type { AreaRoutes } from '../route-entry.types.ts';
import { SIGNED_IN } from '../route-guard.logic.ts';

const ADMIN = { ...SIGNED_IN, admin: true };

export const MAINTENANCE_ROUTES: AreaRoutes<typeof MAINTENANCE_PATTERNS> = {
  'admin-maintenance': {
    title: 'titles.maintenance',
    layout: 'app',
    guard: ADMIN,
    load: () =>
      import('../../../features/maintenance/pages/maintenance-list.page.tsx').then((m) => ({
        default: m.MaintenanceListPage,
      })),
  },
  'admin-maintenance-create': {
    title: 'titles.maintenanceCreate',
    layout: 'app',
    guard: ADMIN,
    load: () =>
      import('../../../features/maintenance/pages/maintenance-form.page.tsx').then((m) => ({
        default: m.MaintenanceCreatePage,
      })),
  },
  'admin-maintenance-edit': {
    title: 'titles.maintenanceEdit',
    layout: 'app',
    guard: ADMIN,
    load: () =>
      import('../../../features/maintenance/pages/maintenance-form.page.tsx').then((m) => ({
        default: m.MaintenanceEditPage,
      })),
  },
  'admin-changelog': {
    title: 'titles.changelog',
    layout: 'app',
    guard: ADMIN,
    load: () =>
      import('../../../features/changelog/pages/changelog-list.page.tsx').then((m) => ({
        default: m.ChangelogListPage,
      })),
  },
  'admin-changelog-create': {
    title: 'titles.changelogCreate',
    layout: 'app',
    guard: ADMIN,
    load: () =>
      import('../../../features/changelog/pages/changelog-form.page.tsx').then((m) => ({
        default: m.ChangelogCreatePage,
      })),
  },
  'admin-changelog-edit': {
    title: 'titles.changelogEdit',
    layout: 'app',
    guard: ADMIN,
    load: () =>
      import('../../../features/changelog/pages/changelog-form.page.tsx').then((m) => ({
        default: m.ChangelogEditPage,
      })),
  },
};
