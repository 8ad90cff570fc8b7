import type { Namespace } from '@/lib/i18n/i18n.ts';
import type { RouteId } from '@/lib/paths/paths.ts';
import type { ScreenLoader } from './route-entry.types.ts';
import { ACCOUNT_SCREENS } from './routes/account.screens.ts';
import { COMPANY_SCREENS } from './routes/company.screens.ts';
import { MAINTENANCE_SCREENS } from './routes/maintenance.screens.ts';
import { SECURITY_SCREENS } from './routes/security.screens.ts';
import { SUPPORT_SCREENS } from './routes/support.screens.ts';
import { TOOLS_SCREENS } from './routes/tools.screens.ts';

type ScreenGroup = { [Id in RouteId]?: ScreenLoader };

const PROJECT_SCREENS: ScreenGroup = {
  projects: () => import('@/features/projects/pages/projects.page.tsx').then((m) => ({ default: m.ProjectsPage })),
  'project-create': () =>
    import('@/features/projects/pages/project-form.page.tsx').then((m) => ({ default: m.ProjectCreatePage })),
  'project-create-sub': () =>
    import('@/features/projects/pages/project-form.page.tsx').then((m) => ({ default: m.ProjectCreatePage })),
  'project-edit': () =>
    import('@/features/projects/pages/project-form.page.tsx').then((m) => ({ default: m.ProjectEditPage })),
  'project-copy': () =>
    import('@/features/projects/pages/project-form.page.tsx').then((m) => ({ default: m.ProjectCopyPage })),
  'project-overview': () =>
    import('@/features/projects/pages/project-overview.page.tsx').then((m) => ({
      default: m.ProjectOverviewPage,
    })),
  'project-manage': () =>
    import('@/features/projects/pages/project-manage.page.tsx').then((m) => ({ default: m.ProjectManagePage })),
  'model-overview': () =>
    import('@/features/projects/pages/model-overview.page.tsx').then((m) => ({ default: m.ModelOverviewPage })),
  'model-create': () =>
    import('@/features/projects/pages/model-form.page.tsx').then((m) => ({ default: m.ModelCreatePage })),
  'model-create-in-project': () =>
    import('@/features/projects/pages/model-form.page.tsx').then((m) => ({ default: m.ModelCreatePage })),
  'model-edit': () =>
    import('@/features/projects/pages/model-form.page.tsx').then((m) => ({ default: m.ModelEditPage })),
};

const LIBRARY_SCREENS: ScreenGroup = {
  libraries: () => import('@/features/libraries/pages/libraries.page.tsx').then((m) => ({ default: m.LibrariesPage })),
  library: () => import('@/features/libraries/pages/libraries.page.tsx').then((m) => ({ default: m.LibrariesPage })),
  'library-create': () =>
    import('@/features/libraries/pages/library-form.page.tsx').then((m) => ({ default: m.LibraryCreatePage })),
  'library-create-sub': () =>
    import('@/features/libraries/pages/library-form.page.tsx').then((m) => ({ default: m.LibraryCreatePage })),
  'library-edit': () =>
    import('@/features/libraries/pages/library-form.page.tsx').then((m) => ({ default: m.LibraryEditPage })),
  'item-overview': () =>
    import('@/features/libraries/pages/item-overview.page.tsx').then((m) => ({ default: m.ItemOverviewPage })),
  'item-edit': () => import('@/features/libraries/pages/item-form.page.tsx').then((m) => ({ default: m.ItemEditPage })),
  'item-create': () =>
    import('@/features/libraries/pages/item-form.page.tsx').then((m) => ({ default: m.ItemCreatePage })),
  'item-create-in-library': () =>
    import('@/features/libraries/pages/item-form.page.tsx').then((m) => ({ default: m.ItemCreatePage })),
};

const MATERIAL_SCREENS: ScreenGroup = {
  materials: () => import('@/features/materials/pages/materials.page.tsx').then((m) => ({ default: m.MaterialsPage })),
  'material-category': () =>
    import('@/features/materials/pages/materials.page.tsx').then((m) => ({ default: m.MaterialsPage })),
  'material-overview': () =>
    import('@/features/materials/pages/material-overview.page.tsx').then((m) => ({
      default: m.MaterialOverviewPage,
    })),
  'material-edit': () =>
    import('@/features/materials/pages/material-form.page.tsx').then((m) => ({ default: m.MaterialEditPage })),
  'material-create': () =>
    import('@/features/materials/pages/material-form.page.tsx').then((m) => ({ default: m.MaterialCreatePage })),
  'material-create-in-category': () =>
    import('@/features/materials/pages/material-form.page.tsx').then((m) => ({ default: m.MaterialCreatePage })),
  'material-create-variant': () =>
    import('@/features/materials/pages/material-form.page.tsx').then((m) => ({ default: m.MaterialVariantPage })),
  'material-import': () =>
    import('@/features/materials/pages/material-import.page.tsx').then((m) => ({
      default: m.MaterialImportPage,
    })),
  'category-create': () =>
    import('@/features/materials/pages/category-form.page.tsx').then((m) => ({ default: m.CategoryCreatePage })),
  'category-create-sub': () =>
    import('@/features/materials/pages/category-form.page.tsx').then((m) => ({ default: m.CategoryCreatePage })),
  'category-edit': () =>
    import('@/features/materials/pages/category-form.page.tsx').then((m) => ({ default: m.CategoryEditPage })),
};

/** The translation namespaces the signed-in frame reads (top bar, navigation, notifications). */
export const LAYOUT_NAMESPACES: readonly Namespace[] = ['layout', 'notifications'];

/**
 * The screens of one area and the translation namespaces they read beyond common: fetched with a screen's code
 * (route-preload.ts), so that the screen does not wait for them once its code is there. `also` names what one
 * screen reads besides its area's.
 */
interface ScreenArea {
  screens: ScreenGroup;
  namespaces: readonly Namespace[];
  also?: ScreenNamespaces;
}
type ScreenNamespaces = { [Id in RouteId]?: readonly Namespace[] };

const AREAS: readonly ScreenArea[] = [
  { screens: { dashboard: () => import('@/features/dashboard/pages/dashboard.page.tsx') }, namespaces: ['dashboard'] },
  {
    screens: { 'global-search': () => import('@/features/search/pages/global-search.page.tsx') },
    namespaces: ['search'],
  },
  { screens: { unauthorized: () => import('../system/unauthorized.page.tsx') }, namespaces: [] },
  { screens: PROJECT_SCREENS, namespaces: ['projects'], also: { 'model-overview': ['processor'] } },
  { screens: LIBRARY_SCREENS, namespaces: ['libraries'], also: { 'item-overview': ['processor'] } },
  { screens: MATERIAL_SCREENS, namespaces: ['materials'] },
  {
    screens: {
      processor: () =>
        import('@/features/processor/pages/processor.page.tsx').then((m) => ({ default: m.ProcessorPage })),
    },
    namespaces: ['processor'],
  },
  { screens: ACCOUNT_SCREENS, namespaces: ['account'] },
  { screens: COMPANY_SCREENS, namespaces: ['company'] },
  { screens: SECURITY_SCREENS, namespaces: ['security'] },
  { screens: TOOLS_SCREENS, namespaces: ['tools'] },
  { screens: MAINTENANCE_SCREENS, namespaces: ['maintenance'], also: { 'admin-changelog': ['dashboard'] } },
  { screens: SUPPORT_SCREENS, namespaces: ['support'] },
];

/**
 * The code of every screen inside the signed-in layout (route table entries with layout 'app'), by route id.
 * Imported only through `import()` with the layout (app-routes.component.tsx): the /login route does not load
 * these ~100 dynamic imports and their preload lists (decision 0044). The test beside it checks that each 'app'
 * route has exactly one loader here and no 'bare' route has one.
 */
export const APP_SCREENS: ScreenGroup = Object.assign({}, ...AREAS.map((area) => area.screens));

/** The loader of an 'app' layout route's screen. */
export function appScreenLoader(id: RouteId): ScreenLoader {
  const load = APP_SCREENS[id];
  if (!load) throw new Error(`No screen for the signed-in route ${id} in app-screens.config.ts`);
  return load;
}

/** The namespaces an 'app' layout route's screen reads beyond common and the frame's. */
export function appScreenNamespaces(id: RouteId): readonly Namespace[] {
  const area = AREAS.find((candidate) => id in candidate.screens);
  return [...(area?.namespaces ?? []), ...(area?.also?.[id] ?? [])];
}
