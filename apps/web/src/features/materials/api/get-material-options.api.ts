import { TOP_LEVEL_FILTER_VALUE } from '@meshport/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { queryKey } from '@/lib/api/query-keys.ts';
import { fetchMaterials } from './get-materials.api.ts';

/** How many base materials the picker offers per search. */
export const MATERIAL_OPTIONS_SHOWN = 25;

/**
 * Base materials (no base of their own) matching `search`, for the base-material picker:
 * GET /materials?filter[parent_name]=null&filter[search]=…&sort=name.
 */
export function useBaseMaterialOptions(search: string) {
  const term = search.trim();
  return useQuery({
    queryKey: queryKey('materials', 'options', term),
    queryFn: async ({ signal }) => {
      const page = await fetchMaterials(
        {
          filter: { parent_name: TOP_LEVEL_FILTER_VALUE, ...(term ? { search: term } : {}) },
          per_page: MATERIAL_OPTIONS_SHOWN,
          sort: 'name',
          included_fields: ['name'],
        },
        signal,
      );
      return page.data.map((material) => material.name);
    },
    placeholderData: keepPreviousData,
  });
}
