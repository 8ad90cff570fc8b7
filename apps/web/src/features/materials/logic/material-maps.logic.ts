import { MATERIAL_MAP_KINDS, type MaterialMapKind } from '@meshport/contract';

/** The maps most materials have, shown open; the rarer ones sit under 'More maps'. */
export const COMMON_MAP_KINDS: readonly MaterialMapKind[] = ['base_color', 'normal', 'metallic_roughness'];
export const MORE_MAP_KINDS: readonly MaterialMapKind[] = MATERIAL_MAP_KINDS.filter(
  (kind) => !COMMON_MAP_KINDS.includes(kind),
);

export type MapUrls = Partial<Record<MaterialMapKind, string>>;

/** What a material row says about its maps: the addresses (own and inherited) and which are inherited. */
export interface MaterialMapsState {
  maps: MapUrls;
  inheritedMaps: readonly MaterialMapKind[];
}

/** A new variant starts with all of its base's maps, each inherited. */
export function inheritedFrom(baseMaps: MapUrls): MaterialMapsState {
  return { maps: baseMaps, inheritedMaps: MATERIAL_MAP_KINDS.filter((kind) => baseMaps[kind] !== undefined) };
}

export type MapCaption = 'current' | 'inherited' | 'removed' | 'removedInherits';

/** What one map field shows before a new file is chosen. */
export interface MapView {
  url: string | null;
  caption: MapCaption | null;
  /** The material's own map, which the form may remove. */
  removable: boolean;
  /** Marked for removal on save (Undo offered). */
  removing: boolean;
}

/**
 * One kind's map as the form shows it: the material's own, its base's (inherited), or none;
 * an own map marked for removal shows what follows it: the base's, or nothing.
 */
export function mapView(
  kind: MaterialMapKind,
  state: MaterialMapsState,
  options: { removing?: boolean; baseMaps?: MapUrls | null } = {},
): MapView {
  const url = state.maps[kind] ?? null;
  const inherited = url !== null && state.inheritedMaps.includes(kind);
  const own = url !== null && !inherited;
  if (own && options.removing) {
    const next = options.baseMaps?.[kind] ?? null;
    return { url: next, caption: next ? 'removedInherits' : 'removed', removable: false, removing: true };
  }
  if (own) return { url, caption: 'current', removable: true, removing: false };
  if (inherited) return { url, caption: 'inherited', removable: false, removing: false };
  return { url: null, caption: null, removable: false, removing: false };
}

/** `maps[kind]=<upload id>` of a save: only the kinds given a new file; undefined when none. */
export function mapUploadsBody(
  uploads: Partial<Record<MaterialMapKind, { uploadId: string } | null>>,
): Partial<Record<MaterialMapKind, string>> | undefined {
  const body: Partial<Record<MaterialMapKind, string>> = {};
  for (const kind of MATERIAL_MAP_KINDS) {
    const upload = uploads[kind];
    if (upload) body[kind] = upload.uploadId;
  }
  return Object.keys(body).length > 0 ? body : undefined;
}

/** `remove_maps[]` of a PATCH: the kinds marked for removal that get no new file instead. */
export function mapRemovalsBody(
  removals: readonly MaterialMapKind[],
  uploads: Partial<Record<MaterialMapKind, unknown>>,
): MaterialMapKind[] | undefined {
  const kinds = MATERIAL_MAP_KINDS.filter((kind) => removals.includes(kind) && !uploads[kind]);
  return kinds.length > 0 ? kinds : undefined;
}

/** Whether the 'More maps' part starts open: one of its kinds has a map, a new file or a message. */
export function moreMapsOpen(
  state: MaterialMapsState,
  uploads: Partial<Record<MaterialMapKind, unknown>>,
  errors: Partial<Record<MaterialMapKind, string>>,
): boolean {
  return MORE_MAP_KINDS.some((kind) => state.maps[kind] !== undefined || !!uploads[kind] || !!errors[kind]);
}
