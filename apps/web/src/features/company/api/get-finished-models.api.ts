import { useQuery } from '@tanstack/react-query';
import { queryKey } from '@/lib/api/query-keys.ts';
import { fetchModels } from '@/lib/api/resources/models/list-models.api.ts';

export interface DemoModelOption {
  id: number;
  name: string;
  preview_image_url: string | null;
}

/** The demo model choice (administration.md §7): finished models with preview and name, newest first. */
export function useFinishedModels() {
  return useQuery({
    queryKey: queryKey('models', 'demo-choice'),
    queryFn: async ({ signal }): Promise<DemoModelOption[]> => {
      const page = await fetchModels(
        {
          per_page: 100,
          sort: '-created_at',
          filter: { status: 'FINISHED' },
          included_fields: ['models.id', 'models.name', 'models.preview_image_url', 'models.status.finished'],
        },
        signal,
      );
      return page.data.map((row) => ({
        id: row.id,
        name: row.name,
        preview_image_url: row.preview_image_url ?? null,
      }));
    },
  });
}
