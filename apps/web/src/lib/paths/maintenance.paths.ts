/** Planned maintenance and changelog items, admin only (administration.md §2). */
export const MAINTENANCE_PATTERNS = {
  'admin-maintenance': '/admin/maintenance',
  'admin-maintenance-create': '/admin/maintenance/create',
  'admin-maintenance-edit': '/admin/maintenance/edit/:id',
  'admin-changelog': '/admin/changelog_items',
  'admin-changelog-create': '/admin/changelog_items/create',
  'admin-changelog-edit': '/admin/changelog_items/edit/:id',
} as const;

/** Targets of this area not routed yet: links to them stay hidden (paths.test.ts checks both ways). */
export const MAINTENANCE_PLANNED: readonly string[] = [];

export const maintenancePaths = {
  maintenance: {
    list: () => '/admin/maintenance',
    create: () => '/admin/maintenance/create',
    edit: (id: number) => `/admin/maintenance/edit/${id}`,
  },
  changelog: {
    list: () => '/admin/changelog_items',
    create: () => '/admin/changelog_items/create',
    edit: (id: number) => `/admin/changelog_items/edit/${id}`,
  },
} as const;
