import { ROUTE_PATTERNS, type RouteId } from '@/lib/paths/paths.ts';
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
 * The areas of administration.md keep their entries in `routes/<area>.routes.ts`. A 'bare' entry names its
 * screen's loader here; an 'app' entry's loader is in app-screens.config.ts (`routes/<area>.screens.ts`), which
 * is fetched with the signed-in layout and not by /login (decision 0044).
 */
const ROUTE_TABLE: { [Id in RouteId]: RouteEntry } = {
  login: {
    title: 'titles.login',
    layout: 'bare',
    guard: GUEST,
    load: () => import('../session/pages/login.page.tsx'),
    namespaces: ['auth'],
  },
  'forgot-password': {
    title: 'titles.forgotPassword',
    layout: 'bare',
    guard: GUEST,
    load: () => import('../session/pages/forgot-password.page.tsx'),
    namespaces: ['auth'],
  },
  'reset-password': {
    title: 'titles.resetPassword',
    layout: 'bare',
    guard: GUEST,
    load: () => import('../session/pages/reset-password.page.tsx'),
    namespaces: ['auth'],
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
    load: () => import('@/features/invitations/pages/invitations.page.tsx'),
    namespaces: ['invitations'],
  },
  dashboard: {
    title: 'titles.dashboard',
    layout: 'app',
    guard: SIGNED_IN,
  },
  'global-search': {
    title: 'titles.globalSearch',
    layout: 'app',
    guard: SIGNED_IN,
  },
  unauthorized: {
    title: 'titles.unauthorized',
    layout: 'app',
    guard: SIGNED_IN,
  },
  projects: {
    title: 'titles.projects',
    layout: 'app',
    guard: { ...SIGNED_IN, ability: 'view-projects' },
  },
  'project-create': {
    title: 'titles.projectCreate',
    layout: 'app',
    guard: { ...SIGNED_IN, ability: 'create-projects' },
  },
  'project-create-sub': {
    title: 'titles.projectCreate',
    layout: 'app',
    guard: { ...SIGNED_IN, ability: 'create-projects', platform: 'hatch' },
  },
  'project-edit': {
    title: 'titles.projectEdit',
    layout: 'app',
    guard: { ...SIGNED_IN, ability: 'update-projects' },
  },
  'project-copy': {
    title: 'titles.projectCopy',
    layout: 'app',
    guard: { ...SIGNED_IN, ability: 'create-projects' },
  },
  'project-overview': {
    title: 'titles.projectOverview',
    layout: 'app',
    guard: { ...SIGNED_IN, ability: 'view-projects' },
  },
  'project-manage': {
    title: 'titles.projectManage',
    layout: 'app',
    guard: { ...SIGNED_IN, ability: 'update-projects' },
  },
  'model-overview': {
    title: 'titles.modelOverview',
    layout: 'app',
    guard: { ...SIGNED_IN, ability: 'list-project-models|view-projects' },
  },
  'model-create': {
    title: 'titles.modelCreate',
    layout: 'app',
    guard: { ...SIGNED_IN, ability: 'create-project-models', platform: 'hatch' },
  },
  'model-create-in-project': {
    title: 'titles.modelCreate',
    layout: 'app',
    guard: { ...SIGNED_IN, ability: 'create-project-models', platform: 'hatch' },
  },
  'model-edit': {
    title: 'titles.modelEdit',
    layout: 'app',
    guard: { ...SIGNED_IN, ability: 'update-project-models', platform: 'hatch' },
  },
  libraries: {
    title: 'titles.libraries',
    layout: 'app',
    guard: { ...SIGNED_IN, ability: 'list-libraries' },
  },
  library: {
    title: 'titles.libraries',
    layout: 'app',
    guard: { ...SIGNED_IN, ability: 'list-libraries' },
  },
  'library-create': {
    title: 'titles.libraryCreate',
    layout: 'app',
    guard: { ...SIGNED_IN, ability: 'update-libraries', platform: 'hatch' },
  },
  'library-create-sub': {
    title: 'titles.libraryCreate',
    layout: 'app',
    guard: { ...SIGNED_IN, ability: 'update-libraries', platform: 'hatch' },
  },
  'library-edit': {
    title: 'titles.libraryEdit',
    layout: 'app',
    guard: { ...SIGNED_IN, ability: 'update-libraries', platform: 'hatch' },
  },
  'item-overview': {
    title: 'titles.itemOverview',
    layout: 'app',
    guard: { ...SIGNED_IN, ability: 'list-libraries|list-library-items' },
  },
  'item-edit': {
    title: 'titles.itemEdit',
    layout: 'app',
    guard: { ...SIGNED_IN, ability: 'update-library-items', platform: 'hatch' },
  },
  'item-create': {
    title: 'titles.itemCreate',
    layout: 'app',
    guard: { ...SIGNED_IN, ability: 'update-library-items', platform: 'hatch' },
  },
  'item-create-in-library': {
    title: 'titles.itemCreate',
    layout: 'app',
    guard: { ...SIGNED_IN, ability: 'update-library-items', platform: 'hatch' },
  },
  materials: {
    title: 'titles.materials',
    layout: 'app',
    guard: { ...SIGNED_IN, ability: 'list-materials', platform: 'hatch' },
  },
  'material-category': {
    title: 'titles.materials',
    layout: 'app',
    guard: { ...SIGNED_IN, ability: 'list-materials', platform: 'hatch' },
  },
  'material-overview': {
    title: 'titles.materialOverview',
    layout: 'app',
    guard: { ...SIGNED_IN, ability: 'list-materials', platform: 'hatch' },
  },
  'material-edit': {
    title: 'titles.materialEdit',
    layout: 'app',
    guard: { ...SIGNED_IN, ability: 'update-materials', platform: 'hatch' },
  },
  'material-create': {
    title: 'titles.materialCreate',
    layout: 'app',
    guard: { ...SIGNED_IN, ability: 'update-materials', platform: 'hatch' },
  },
  'material-create-in-category': {
    title: 'titles.materialCreate',
    layout: 'app',
    guard: { ...SIGNED_IN, ability: 'update-materials', platform: 'hatch' },
  },
  'material-create-variant': {
    title: 'titles.materialVariant',
    layout: 'app',
    guard: { ...SIGNED_IN, ability: 'update-materials', platform: 'hatch' },
  },
  'material-import': {
    title: 'titles.materialImport',
    layout: 'app',
    guard: { ...SIGNED_IN, ability: 'update-materials', platform: 'hatch' },
  },
  'category-create': {
    title: 'titles.categoryCreate',
    layout: 'app',
    guard: { ...SIGNED_IN, ability: 'update-material-categories', platform: 'hatch' },
  },
  'category-create-sub': {
    title: 'titles.categoryCreate',
    layout: 'app',
    guard: { ...SIGNED_IN, ability: 'update-material-categories', platform: 'hatch' },
  },
  'category-edit': {
    title: 'titles.categoryEdit',
    layout: 'app',
    guard: { ...SIGNED_IN, ability: 'update-material-categories', platform: 'hatch' },
  },
  processor: {
    title: 'titles.processor',
    layout: 'app',
    guard: {
      ...SIGNED_IN,
      ability: 'update-project-models|create-project-models|update-libraries|update-options',
      platform: 'hatch',
    },
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
