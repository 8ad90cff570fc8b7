/** Users, roles and groups of a company, and the admin users (administration.md §2). */
export const SECURITY_PATTERNS = {} as const;

/** Targets of this area not routed yet: links to them stay hidden (paths.test.ts checks both ways). */
export const SECURITY_PLANNED: readonly string[] = [
  '/security/users',
  '/security/users/create',
  '/security/users/edit/:id',
  '/security/roles',
  '/security/roles/create',
  '/security/roles/edit/:id',
  '/security/groups',
  '/security/groups/create',
  '/security/groups/edit/:id',
  '/admin/users',
  '/admin/users/create',
  '/admin/users/edit/:id',
];

export const securityPaths = {
  users: {
    list: () => '/security/users',
    create: () => '/security/users/create',
    edit: (id: number) => `/security/users/edit/${id}`,
  },
  roles: {
    list: () => '/security/roles',
    create: () => '/security/roles/create',
    edit: (id: number) => `/security/roles/edit/${id}`,
  },
  groups: {
    list: () => '/security/groups',
    create: () => '/security/groups/create',
    edit: (id: number) => `/security/groups/edit/${id}`,
  },
  adminUsers: {
    list: () => '/admin/users',
    create: () => '/admin/users/create',
    edit: (id: number) => `/admin/users/edit/${id}`,
  },
} as const;
