import type { TOOLS_PATTERNS } from '@/lib/paths/tools.paths.ts';
import type { AreaRoutes } from '../route-entry.types.ts';
import { SIGNED_IN } from '../route-guard.logic.ts';

/** administration.md §6: the spec names no view ability for property maps; any of their three opens them. */
const PROPERTY_MAP_ABILITY = 'create-property-maps|update-property-maps|delete-property-maps';

/** Tools (administration.md §2, §6): labels, downloads, property maps (hatch) and the recycling bin. */
export const TOOLS_ROUTES: AreaRoutes<typeof TOOLS_PATTERNS> = {
  'tools-labels': {
    title: 'titles.labels',
    layout: 'app',
    guard: { ...SIGNED_IN, ability: 'list-labels' },
  },
  'tools-label-create': {
    title: 'titles.labelCreate',
    layout: 'app',
    guard: { ...SIGNED_IN, ability: 'create-labels' },
  },
  'tools-label-edit': {
    title: 'titles.labelEdit',
    layout: 'app',
    guard: { ...SIGNED_IN, ability: 'update-labels' },
  },
  'tools-downloads': {
    title: 'titles.downloads',
    layout: 'app',
    guard: { ...SIGNED_IN, ability: 'list-downloads' },
  },
  'tools-download-create': {
    title: 'titles.downloadCreate',
    layout: 'app',
    guard: { ...SIGNED_IN, admin: true },
  },
  'tools-download-edit': {
    title: 'titles.downloadEdit',
    layout: 'app',
    guard: { ...SIGNED_IN, admin: true },
  },
  'tools-property-maps': {
    title: 'titles.propertyMaps',
    layout: 'app',
    guard: { ...SIGNED_IN, platform: 'hatch', ability: PROPERTY_MAP_ABILITY },
  },
  'tools-property-map-create': {
    title: 'titles.propertyMapCreate',
    layout: 'app',
    guard: { ...SIGNED_IN, platform: 'hatch', ability: 'create-property-maps' },
  },
  'tools-property-map-edit': {
    title: 'titles.propertyMapEdit',
    layout: 'app',
    guard: { ...SIGNED_IN, platform: 'hatch', ability: 'update-property-maps' },
  },
  'tools-trash': {
    title: 'titles.trash',
    layout: 'app',
    guard: { ...SIGNED_IN, ability: 'access-recycling-bin' },
  },
};
