import type { MAINTENANCE_PATTERNS } from '@/lib/paths/maintenance.paths.ts';
import type { AreaScreens } from '../route-entry.types.ts';

/** The code of the maintenance area's signed-in screens (maintenance.routes.ts): fetched after sign-in, with the app layout. */
export const MAINTENANCE_SCREENS: AreaScreens<typeof MAINTENANCE_PATTERNS> = {
  'admin-maintenance': () =>
    import('@/features/maintenance/pages/maintenance-list.page.tsx').then((m) => ({
      default: m.MaintenanceListPage,
    })),
  'admin-maintenance-create': () =>
    import('@/features/maintenance/pages/maintenance-form.page.tsx').then((m) => ({
      default: m.MaintenanceCreatePage,
    })),
  'admin-maintenance-edit': () =>
    import('@/features/maintenance/pages/maintenance-form.page.tsx').then((m) => ({
      default: m.MaintenanceEditPage,
    })),
  'admin-changelog': () =>
    import('@/features/changelog/pages/changelog-list.page.tsx').then((m) => ({
      default: m.ChangelogListPage,
    })),
  'admin-changelog-create': () =>
    import('@/features/changelog/pages/changelog-form.page.tsx').then((m) => ({
      default: m.ChangelogCreatePage,
    })),
  'admin-changelog-edit': () =>
    import('@/features/changelog/pages/changelog-form.page.tsx').then((m) => ({
      default: m.ChangelogEditPage,
    })),
};
