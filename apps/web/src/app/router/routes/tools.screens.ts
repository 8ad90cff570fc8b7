import type { TOOLS_PATTERNS } from '@/lib/paths/tools.paths.ts';
import type { AreaScreens } from '../route-entry.types.ts';

const labels = () => import('@/features/tools/pages/labels.page.tsx');
const downloads = () => import('@/features/tools/pages/downloads.page.tsx');
const propertyMaps = () => import('@/features/tools/pages/property-maps.page.tsx');

/** The code of the tools area's signed-in screens (tools.routes.ts): fetched after sign-in, with the app layout. */
export const TOOLS_SCREENS: AreaScreens<typeof TOOLS_PATTERNS> = {
  'tools-labels': () => labels().then((m) => ({ default: m.LabelsPage })),
  'tools-label-create': () => labels().then((m) => ({ default: m.LabelCreatePage })),
  'tools-label-edit': () => labels().then((m) => ({ default: m.LabelEditPage })),
  'tools-downloads': () => downloads().then((m) => ({ default: m.DownloadsPage })),
  'tools-download-create': () => downloads().then((m) => ({ default: m.DownloadCreatePage })),
  'tools-download-edit': () => downloads().then((m) => ({ default: m.DownloadEditPage })),
  'tools-property-maps': () => propertyMaps().then((m) => ({ default: m.PropertyMapsPage })),
  'tools-property-map-create': () => propertyMaps().then((m) => ({ default: m.PropertyMapCreatePage })),
  'tools-property-map-edit': () => propertyMaps().then((m) => ({ default: m.PropertyMapEditPage })),
  'tools-trash': () => import('@/features/tools/pages/trash.page.tsx').then((m) => ({ default: m.TrashPage })),
};
