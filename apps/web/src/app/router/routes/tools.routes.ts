import type { TOOLS_PATTERNS } from '../../../lib/paths/tools.paths.ts';
import type { AreaRoutes } from '../route-entry.types.ts';
import { SIGNED_IN } from '../route-guard.logic.ts';

const labels = () => import('../../../features/tools/pages/labels.page.tsx');
const downloads = () => import('../../../features/tools/pages/downloads.page.tsx');
const propertyMaps = () => import('../../../features/tools/pages/property-maps.page.tsx');
/** administration.md §6: the spec names no view ability for property maps; any of their three opens them. */
const PROPERTY_MAP_ABILITY = 'create-property-maps|update-property-maps|delete-property-maps';

/** Tools (administration.md §2, §6): labels, downloads, property maps (hatch) and the recycling bin. */
export const TOOLS_ROUTES: AreaRoutes<typeof TOOLS_PATTERNS> = {
  'tools-labels': {
    title: 'titles.labels',
    layout: 'app',
    guard: { ...SIGNED_IN, ability: 'list-labels' },
    load: () => labels().then((m) => ({ default: m.LabelsPage })),
  },
  'tools-label-create': {
    title: 'titles.labelCreate',
    layout: 'app',
    guard: { ...SIGNED_IN, ability: 'create-labels' },
    load: () => labels().then((m) => ({ default: m.LabelCreatePage })),
  },
  'tools-label-edit': {
    title: 'titles.labelEdit',
    layout: 'app',
    guard: { ...SIGNED_IN, ability: 'update-labels' },
    load: () => labels().then((m) => ({ default: m.LabelEditPage })),
  },
  'tools-downloads': {
    title: 'titles.downloads',
    layout: 'app',
    guard: { ...SIGNED_IN, ability: 'list-downloads' },
    load: () => downloads().then((m) => ({ default: m.DownloadsPage })),
  },
  'tools-download-create': {
    title: 'titles.downloadCreate',
    layout: 'app',
    guard: { ...SIGNED_IN, admin: true },
    load: () => downloads().then((m) => ({ default: m.DownloadCreatePage })),
  },
  'tools-download-edit': {
    title: 'titles.downloadEdit',
    layout: 'app',
    guard: { ...SIGNED_IN, admin: true },
    load: () => downloads().then((m) => ({ default: m.DownloadEditPage })),
  },
  'tools-property-maps': {
    title: 'titles.propertyMaps',
    layout: 'app',
    guard: { ...SIGNED_IN, platform: 'hatch', ability: PROPERTY_MAP_ABILITY },
    load: () => propertyMaps().then((m) => ({ default: m.PropertyMapsPage })),
  },
  'tools-property-map-create': {
    title: 'titles.propertyMapCreate',
    layout: 'app',
    guard: { ...SIGNED_IN, platform: 'hatch', ability: 'create-property-maps' },
    load: () => propertyMaps().then((m) => ({ default: m.PropertyMapCreatePage })),
  },
  'tools-property-map-edit': {
    title: 'titles.propertyMapEdit',
    layout: 'app',
    guard: { ...SIGNED_IN, platform: 'hatch', ability: 'update-property-maps' },
    load: () => propertyMaps().then((m) => ({ default: m.PropertyMapEditPage })),
  },
  'tools-trash': {
    title: 'titles.trash',
    layout: 'app',
    guard: { ...SIGNED_IN, ability: 'access-recycling-bin' },
    load: () => import('../../../features/tools/pages/trash.page.tsx').then((m) => ({ default: m.TrashPage })),
  },
};
