import { useQuery } from '@tanstack/react-query';
import { queryKey } from '@/lib/api/query-keys.ts';
import { fetchMaterials } from './get-materials.api.ts';

/** How many variants the overview lists. */
export const VARIANTS_SHOWN = 50;

/** GET /materials?filter[parent_name]={name}: the variants of a base material, by name. */
export function useMaterialVariants(name: string) {
  return useQuery({
    queryKey: queryKey('materials', 'variants', name),
    queryFn: ({ signal }) =>
      fetchMaterials(
        {
          filter: { parent_name: name },
          per_page: VARIANTS_SHOWN,
          sort: 'name',
          included_fields: ['name', 'status', 'status_color', 'preview_image_url'],
        },
        signal,
      ),
  });
}
