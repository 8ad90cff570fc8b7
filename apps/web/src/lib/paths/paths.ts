import { ACCOUNT_PATTERNS, ACCOUNT_PLANNED, accountPaths } from './account.paths.ts';
import { COMPANY_PATTERNS, COMPANY_PLANNED, companyPaths } from './company.paths.ts';
import { MAINTENANCE_PATTERNS, MAINTENANCE_PLANNED, maintenancePaths } from './maintenance.paths.ts';
import { SECURITY_PATTERNS, SECURITY_PLANNED, securityPaths } from './security.paths.ts';
import { SUPPORT_PATTERNS, SUPPORT_PLANNED, supportPaths } from './support.paths.ts';
import { TOOLS_PATTERNS, TOOLS_PLANNED, toolsPaths } from './tools.paths.ts';

/**
 * Every link target of the app, in one place. `ROUTE_PATTERNS` is what the route table
 * (app/router/route-table.config.ts) routes: the table is typed by these ids, so a path cannot be
 * routed without being listed here, nor listed without being routed. Screens and the shell
 * build their links with `paths`, never by writing a path by hand. Each area of administration.md
 * keeps its patterns, builders and not-yet-routed targets in its own `<area>.paths.ts`.
 */
export const ROUTE_PATTERNS = {
  login: '/login',
  'forgot-password': '/forgot-password',
  'reset-password': '/reset-password',
  portal: '/portal',
  invitations: '/invitations',
  dashboard: '/',
  'global-search': '/global-search',
  unauthorized: '/unauthorized',
  projects: '/projects',
  'project-create': '/projects/create',
  'project-create-sub': '/projects/create/:projectId',
  'project-edit': '/projects/edit/:projectId',
  'project-copy': '/projects/copy/:projectId',
  'project-overview': '/projects/overview/:projectId',
  'project-manage': '/projects/manage/:projectId',
  'model-overview': '/projects/models/overview/:modelId',
  'model-create': '/projects/models/create',
  'model-create-in-project': '/projects/models/create/:projectId',
  'model-edit': '/projects/models/edit/:modelId',
  libraries: '/libraries',
  library: '/libraries/:libraryId',
  'library-create': '/libraries/create',
  'library-create-sub': '/libraries/create/:parentId',
  'library-edit': '/libraries/edit/:libraryId',
  'item-overview': '/libraries/items/overview/:itemId',
  'item-edit': '/libraries/items/edit/:itemId',
  'item-create': '/libraries/items/create',
  'item-create-in-library': '/libraries/items/create/:libraryId',
  materials: '/materials',
  'material-category': '/materials/categories/:categoryId',
  'material-overview': '/materials/overview/:materialName',
  'material-edit': '/materials/edit/:materialName',
  'material-create': '/materials/create',
  'material-create-in-category': '/materials/create/:categoryId',
  'material-create-variant': '/materials/create/variant/:baseMaterialName',
  'material-import': '/materials/import',
  'category-create': '/materials/categories/create',
  'category-create-sub': '/materials/categories/create/:categoryId',
  'category-edit': '/materials/categories/edit/:categoryId',
  processor: '/processor',
  ...ACCOUNT_PATTERNS,
  ...COMPANY_PATTERNS,
  ...SECURITY_PATTERNS,
  ...TOOLS_PATTERNS,
  ...MAINTENANCE_PATTERNS,
  ...SUPPORT_PATTERNS,
} as const;

export type RouteId = keyof typeof ROUTE_PATTERNS;

/** Typed builders for the routes of the route table. */
export const paths = {
  login: () => ROUTE_PATTERNS.login,
  forgotPassword: () => ROUTE_PATTERNS['forgot-password'],
  resetPassword: () => ROUTE_PATTERNS['reset-password'],
  portal: () => ROUTE_PATTERNS.portal,
  /** The signed-in account's invitations to join companies (any host). */
  invitations: () => ROUTE_PATTERNS.invitations,
  dashboard: () => ROUTE_PATTERNS.dashboard,
  /** /global-search?search={term} */
  search: ({ term }: { term: string }) =>
    `${ROUTE_PATTERNS['global-search']}?${new URLSearchParams({ search: term }).toString()}`,
  unauthorized: () => ROUTE_PATTERNS.unauthorized,
  projects: {
    list: () => ROUTE_PATTERNS.projects,
    create: () => ROUTE_PATTERNS['project-create'],
    createSub: (parentId: number) => `/projects/create/${parentId}`,
    /** `tab` opens a tab of the form (5: labels, content.md §2). */
    edit: (id: number, tab?: number) => `/projects/edit/${id}${tab ? `?tab=${tab}` : ''}`,
    copy: (id: number) => `/projects/copy/${id}`,
    overview: (id: number) => `/projects/overview/${id}`,
    manage: (id: number) => `/projects/manage/${id}`,
    models: {
      overview: (id: number) => `/projects/models/overview/${id}`,
      create: (projectId?: number) => `/projects/models/create${projectId ? `/${projectId}` : ''}`,
      edit: (id: number) => `/projects/models/edit/${id}`,
    },
  },
  libraries: {
    list: () => ROUTE_PATTERNS.libraries,
    detail: (id: number) => `/libraries/${id}`,
    create: () => ROUTE_PATTERNS['library-create'],
    createSub: (parentId: number) => `/libraries/create/${parentId}`,
    edit: (id: number) => `/libraries/edit/${id}`,
    items: {
      overview: (id: number) => `/libraries/items/overview/${id}`,
      edit: (id: number) => `/libraries/items/edit/${id}`,
      create: (libraryId?: number) => `/libraries/items/create${libraryId ? `/${libraryId}` : ''}`,
    },
  },
  materials: {
    list: () => ROUTE_PATTERNS.materials,
    overview: (name: string) => `/materials/overview/${encodeURIComponent(name)}`,
    edit: (name: string) => `/materials/edit/${encodeURIComponent(name)}`,
    create: (categoryId?: number) => `/materials/create${categoryId ? `/${categoryId}` : ''}`,
    createVariant: (base: string) => `/materials/create/variant/${encodeURIComponent(base)}`,
    import: () => ROUTE_PATTERNS['material-import'],
    categories: {
      detail: (id: number) => `/materials/categories/${id}`,
      create: () => ROUTE_PATTERNS['category-create'],
      createSub: (parentId: number) => `/materials/categories/create/${parentId}`,
      edit: (id: number) => `/materials/categories/edit/${id}`,
    },
  },
  /** `tab`: the opening tab (0 models, 1 items, 2 materials), passed as navigation state. */
  processor: () => ROUTE_PATTERNS.processor,
  account: accountPaths,
  company: companyPaths,
  security: securityPaths,
  tools: toolsPaths,
  admin: maintenancePaths,
  support: supportPaths,
} as const;

/** Targets of the areas above that no route claims yet: their links stay hidden (`routeExists` is false). */
export const PLANNED_PATHS: readonly string[] = [
  ...ACCOUNT_PLANNED,
  ...COMPANY_PLANNED,
  ...SECURITY_PLANNED,
  ...TOOLS_PLANNED,
  ...MAINTENANCE_PLANNED,
  ...SUPPORT_PLANNED,
];

const routePatterns: readonly string[] = Object.values(ROUTE_PATTERNS);

/** Whether a path (query and hash ignored) matches a route pattern of the route table. */
export function routeExists(path: string): boolean {
  const pathname = path.split(/[?#]/)[0] ?? path;
  return routePatterns.some((pattern) => {
    const expected = pattern.split('/');
    const actual = pathname.split('/');
    return (
      expected.length === actual.length &&
      expected.every((part, index) => part.startsWith(':') || part === actual[index])
    );
  });
}

/** Whether `pathname` is exactly the page of route `id` (e.g. the search field on its results page). */
export function isRoute(pathname: string, id: RouteId): boolean {
  return pathname === ROUTE_PATTERNS[id];
}
