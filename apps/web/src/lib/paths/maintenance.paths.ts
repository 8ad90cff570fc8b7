/** Planned maintenance and changelog items, admin only (administration.md §2). */
export const MAINTENANCE_PATTERNS = {} as const;

/** Targets of this area not routed yet: links to them stay hidden (paths.test.ts checks both ways). */
export const MAINTENANCE_PLANNED: readonly string[] = [
  '/admin/maintenance',
  '/admin/maintenance/create',
  '/admin/maintenance/edit/:id',
  '/admin/changelog_items',
  '/admin/changelog_items/create',
  '/admin/changelog_items/edit/:id',
];

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
