import { ROUTE_PATTERNS, type RouteId } from '../../lib/paths/paths.ts';
import type { AppRouteDefinition, RouteEntry } from './route-entry.types.ts';
import { GUEST, SIGNED_IN } from './route-guard.logic.ts';
import { ACCOUNT_ROUTES } from './routes/account.routes.ts';
import { COMPANY_ROUTES } from './routes/company.routes.ts';
import { MAINTENANCE_ROUTES } from './routes/maintenance.routes.ts';
import { SECURITY_ROUTES } from './routes/security.routes.ts';
import { SUPPORT_ROUTES } from './routes/support.routes.ts';
import { TOOLS_ROUTES } from './routes/tools.routes.ts';

export type { AppRouteDefinition } from './route-entry.types.ts';

/**
 * Every route of the app, keyed by the ids of lib/paths (which owns the path patterns): each
 * path there has exactly one entry here. A route is listed only once its screen works;
 * navigation entries for paths missing here are hidden automatically (see navigation.config.ts).
 * The areas of administration.md keep their entries in `routes/<area>.routes.ts`.
 */
const ROUTE_TABLE: { [Id in RouteId]: RouteEntry } = {
  login: {
    title: 'titles.login',
    layout: 'bare',
    guard: GUEST,
    load: () => import('../session/pages/login.page.tsx'),
  },
  'forgot-password': {
    title: 'titles.forgotPassword',
    layout: 'bare',
    guard: GUEST,
    load: () => import('../session/pages/forgot-password.page.tsx'),
  },
  'reset-password': {
    title: 'titles.resetPassword',
    layout: 'bare',
    guard: GUEST,
    load: () => import('../session/pages/reset-password.page.tsx'),
  },
  portal: {
    title: 'titles.portal',
    layout: 'bare',
    guard: { auth: true },
    load: () => import('../system/portal.page.tsx'),
  },
  invitations: {
    title: 'titles.invitations',
    layout: 'bare',
    guard: { auth: true },
    load: () => import('../../features/invitations/pages/invitations.page.tsx'),
  },
  dashboard: {
    title: 'titles.dashboard',
    layout: 'app',
    guard: SIGNED_IN,
    load: () => import('../../features/dashboard/pages/dashboard.page.tsx'),
  },
  'global-search': {
    title: 'titles.globalSearch',
    layout: 'app',
    guard: SIGNED_IN,
    load: () => import('../../features/search/pages/global-search.page.tsx'),
  },
  unauthorized: {
    title: 'titles.unauthorized',
    layout: 'app',
    guard: SIGNED_IN,
    load: () => import('../system/unauthorized.page.tsx'),
  },
  projects: {
    title: 'titles.projects',
    layout: 'app',
    guard: { ...SIGNED_IN, ability: 'view-projects' },
    load: () => import('../../features/projects/pages/projects.page.tsx').then((m) => ({ default: m.ProjectsPage })),
  },
  'project-create': {
    title: 'titles.projectCreate',
    layout: 'app',
    guard: { ...SIGNED_IN, ability: 'create-projects' },
    load: () =>
      import('../../features/projects/pages/project-form.page.tsx').then((m) => ({ default: m.ProjectCreatePage })),
  },
  'project-create-sub': {
    title: 'titles.projectCreate',
    layout: 'app',
    guard: { ...SIGNED_IN, ability: 'create-projects', platform: 'hatch' },
    load: () =>
      import('../../features/projects/pages/project-form.page.tsx').then((m) => ({ default: m.ProjectCreatePage })),
  },
  'project-edit': {
    title: 'titles.projectEdit',
    layout: 'app',
    guard: { ...SIGNED_IN, ability: 'update-projects' },
    load: () =>
      import('../../features/projects/pages/project-form.page.tsx').then((m) => ({ default: m.ProjectEditPage })),
  },
  'project-copy': {
    title: 'titles.projectCopy',
    layout: 'app',
    guard: { ...SIGNED_IN, ability: 'create-projects' },
    load: () =>
      import('../../features/projects/pages/project-form.page.tsx').then((m) => ({ default: m.ProjectCopyPage })),
  },
  'project-overview': {
    title: 'titles.projectOverview',
    layout: 'app',
    guard: { ...SIGNED_IN, ability: 'view-projects' },
    load: () =>
      import('../../features/projects/pages/project-overview.page.tsx').then((m) => ({
        default: m.ProjectOverviewPage,
      })),
  },
  'project-manage': {
    title: 'titles.projectManage',
    layout: 'app',
    guard: { ...SIGNED_IN, ability: 'update-projects' },
    load: () =>
      import('../../features/projects/pages/project-manage.page.tsx').then((m) => ({ default: m.ProjectManagePage })),
  },
  'model-overview': {
    title: 'titles.modelOverview',
    layout: 'app',
    guard: { ...SIGNED_IN, ability: 'list-project-models|view-projects' },
    load: () =>
      import('../../features/projects/pages/model-overview.page.tsx').then((m) => ({ default: m.ModelOverviewPage })),
  },
  'model-create': {
    title: 'titles.modelCreate',
    layout: 'app',
    guard: { ...SIGNED_IN, ability: 'create-project-models', platform: 'hatch' },
    load: () =>
      import('../../features/projects/pages/model-form.page.tsx').then((m) => ({ default: m.ModelCreatePage })),
  },
  'model-create-in-project': {
    title: 'titles.modelCreate',
    layout: 'app',
    guard: { ...SIGNED_IN, ability: 'create-project-models', platform: 'hatch' },
    load: () =>
      import('../../features/projects/pages/model-form.page.tsx').then((m) => ({ default: m.ModelCreatePage })),
  },
  'model-edit': {
    title: 'titles.modelEdit',
    layout: 'app',
    guard: { ...SIGNED_IN, ability: 'update-project-models', platform: 'hatch' },
    load: () => import('../../features/projects/pages/model-form.page.tsx').then((m) => ({ default: m.ModelEditPage })),
  },
  libraries: {
    title: 'titles.libraries',
    layout: 'app',
    guard: { ...SIGNED_IN, ability: 'list-libraries' },
    load: () => import('../../features/libraries/pages/libraries.page.tsx').then((m) => ({ default: m.LibrariesPage })),
  },
  library: {
    title: 'titles.libraries',
    layout: 'app',
    guard: { ...SIGNED_IN, ability: 'list-libraries' },
    load: () => import('../../features/libraries/pages/libraries.page.tsx').then((m) => ({ default: m.LibrariesPage })),
  },
  'library-create': {
    title: 'titles.libraryCreate',
    layout: 'app',
    guard: { ...SIGNED_IN, ability: 'update-libraries', platform: 'hatch' },
    load: () =>
      import('../../features/libraries/pages/library-form.page.tsx').then((m) => ({ default: m.LibraryCreatePage })),
  },
  'library-create-sub': {
    title: 'titles.libraryCreate',
    layout: 'app',
    guard: { ...SIGNED_IN, ability: 'update-libraries', platform: 'hatch' },
    load: () =>
      import('../../features/libraries/pages/library-form.page.tsx').then((m) => ({ default: m.LibraryCreatePage })),
  },
  'library-edit': {
    title: 'titles.libraryEdit',
    layout: 'app',
    guard: { ...SIGNED_IN, ability: 'update-libraries', platform: 'hatch' },
    load: () =>
      import('../../features/libraries/pages/library-form.page.tsx').then((m) => ({ default: m.LibraryEditPage })),
  },
  'item-overview': {
    title: 'titles.itemOverview',
    layout: 'app',
    guard: { ...SIGNED_IN, ability: 'list-libraries|list-library-items' },
    load: () =>
      import('../../features/libraries/pages/item-overview.page.tsx').then((m) => ({ default: m.ItemOverviewPage })),
  },
  'item-edit': {
    title: 'titles.itemEdit',
    layout: 'app',
    guard: { ...SIGNED_IN, ability: 'update-library-items', platform: 'hatch' },
    load: () => import('../../features/libraries/pages/item-form.page.tsx').then((m) => ({ default: m.ItemEditPage })),
  },
  'item-create': {
    title: 'titles.itemCreate',
    layout: 'app',
    guard: { ...SIGNED_IN, ability: 'update-library-items', platform: 'hatch' },
    load: () =>
      import('../../features/libraries/pages/item-form.page.tsx').then((m) => ({ default: m.ItemCreatePage })),
  },
  'item-create-in-library': {
    title: 'titles.itemCreate',
    layout: 'app',
    guard: { ...SIGNED_IN, ability: 'update-library-items', platform: 'hatch' },
    load: () =>
      import('../../features/libraries/pages/item-form.page.tsx').then((m) => ({ default: m.ItemCreatePage })),
  },
  materials: {
    title: 'titles.materials',
    layout: 'app',
    guard: { ...SIGNED_IN, ability: 'list-materials', platform: 'hatch' },
    load: () => import('../../features/materials/pages/materials.page.tsx').then((m) => ({ default: m.MaterialsPage })),
  },
  'material-category': {
    title: 'titles.materials',
    layout: 'app',
    guard: { ...SIGNED_IN, ability: 'list-materials', platform: 'hatch' },
    load: () => import('../../features/materials/pages/materials.page.tsx').then((m) => ({ default: m.MaterialsPage })),
  },
  'material-overview': {
    title: 'titles.materialOverview',
    layout: 'app',
    guard: { ...SIGNED_IN, ability: 'list-materials', platform: 'hatch' },
    load: () =>
      import('../../features/materials/pages/material-overview.page.tsx').then((m) => ({
        default: m.MaterialOverviewPage,
      })),
  },
  'material-edit': {
    title: 'titles.materialEdit',
    layout: 'app',
    guard: { ...SIGNED_IN, ability: 'update-materials', platform: 'hatch' },
    load: () =>
      import('../../features/materials/pages/material-form.page.tsx').then((m) => ({ default: m.MaterialEditPage })),
  },
  'material-create': {
    title: 'titles.materialCreate',
    layout: 'app',
    guard: { ...SIGNED_IN, ability: 'update-materials', platform: 'hatch' },
    load: () =>
      import('../../features/materials/pages/material-form.page.tsx').then((m) => ({ default: m.MaterialCreatePage })),
  },
  'material-create-in-category': {
    title: 'titles.materialCreate',
    layout: 'app',
    guard: { ...SIGNED_IN, ability: 'update-materials', platform: 'hatch' },
    load: () =>
      import('../../features/materials/pages/material-form.page.tsx').then((m) => ({ default: m.MaterialCreatePage })),
  },
  'material-create-variant': {
    title: 'titles.materialVariant',
    layout: 'app',
    guard: { ...SIGNED_IN, ability: 'update-materials', platform: 'hatch' },
    load: () =>
      import('../../features/materials/pages/material-form.page.tsx').then((m) => ({ default: m.MaterialVariantPage })),
  },
  'material-import': {
    title: 'titles.materialImport',
    layout: 'app',
    guard: { ...SIGNED_IN, ability: 'update-materials', platform: 'hatch' },
    load: () =>
      import('../../features/materials/pages/material-import.page.tsx').then((m) => ({
        default: m.MaterialImportPage,
      })),
  },
  'category-create': {
    title: 'titles.categoryCreate',
    layout: 'app',
    guard: { ...SIGNED_IN, ability: 'update-material-categories', platform: 'hatch' },
    load: () =>
      import('../../features/materials/pages/category-form.page.tsx').then((m) => ({ default: m.CategoryCreatePage })),
  },
  'category-create-sub': {
    title: 'titles.categoryCreate',
    layout: 'app',
    guard: { ...SIGNED_IN, ability: 'update-material-categories', platform: 'hatch' },
    load: () =>
      import('../../features/materials/pages/category-form.page.tsx').then((m) => ({ default: m.CategoryCreatePage })),
  },
  'category-edit': {
    title: 'titles.categoryEdit',
    layout: 'app',
    guard: { ...SIGNED_IN, ability: 'update-material-categories', platform: 'hatch' },
    load: () =>
      import('../../features/materials/pages/category-form.page.tsx').then((m) => ({ default: m.CategoryEditPage })),
  },
  processor: {
    title: 'titles.processor',
    layout: 'app',
    guard: {
      ...SIGNED_IN,
      ability: 'update-project-models|create-project-models|update-libraries|update-options',
      platform: 'hatch',
    },
    load: () => import('../../features/processor/pages/processor.page.tsx').then((m) => ({ default: m.ProcessorPage })),
  },
  ...ACCOUNT_ROUTES,
  ...COMPANY_ROUTES,
  ...SECURITY_ROUTES,
  ...TOOLS_ROUTES,
  ...MAINTENANCE_ROUTES,
  ...SUPPORT_ROUTES,
};

export const ROUTES: readonly AppRouteDefinition[] = (Object.keys(ROUTE_TABLE) as RouteId[]).map((id) => ({
  id,
  path: ROUTE_PATTERNS[id],
  ...ROUTE_TABLE[id],
}));
