/** Users, roles and groups of a company, and the admin users (administration.md §2). */
export const SECURITY_PATTERNS = {
  'security-users': '/security/users',
  'security-user-create': '/security/users/create',
  'security-user-edit': '/security/users/edit/:id',
  'security-roles': '/security/roles',
  'security-role-create': '/security/roles/create',
  'security-role-edit': '/security/roles/edit/:id',
  'security-groups': '/security/groups',
  'security-group-create': '/security/groups/create',
  'security-group-edit': '/security/groups/edit/:id',
  'admin-users': '/admin/users',
  'admin-user-create': '/admin/users/create',
  'admin-user-edit': '/admin/users/edit/:id',
} as const;

/** Targets of this area not routed yet: links to them stay hidden (paths.test.ts checks both ways). */
export const SECURITY_PLANNED: readonly string[] = [];

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
