import { projectEndpoints } from '@meshport/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api/api-client.ts';
import { queryKey } from '@/lib/api/query-keys.ts';
import { withFavorite } from '../logic/favorite.logic.ts';

interface FavoriteInput {
  id: number;
  favorited: boolean;
}

/** PATCH /projects/{id}/favorite. */
export async function favoriteProject({ id, favorited }: FavoriteInput) {
  return call(projectEndpoints.favorite, { params: { id }, body: { is_favorited: favorited } });
}

type Snapshot = [readonly unknown[], unknown][];

/**
 * The favourite star (content.md §4), optimistic: every cached page showing the project flips
 * at once, is put back if the call fails, and the lists reload afterwards (favourites first).
 */
export function useFavoriteProject() {
  const client = useQueryClient();
  const key = queryKey('projects');
  return useMutation({
    mutationFn: favoriteProject,
    onMutate: async ({ id, favorited }): Promise<{ snapshot: Snapshot }> => {
      await client.cancelQueries({ queryKey: key });
      const snapshot: Snapshot = client.getQueriesData({ queryKey: key });
      client.setQueriesData<{ data: { id?: number; is_favorited?: boolean }[] }>({ queryKey: key }, (page) =>
        withFavorite(page, id, favorited),
      );
      return { snapshot };
    },
    onError: (_error, _input, context) => {
      for (const [cached, data] of context?.snapshot ?? []) client.setQueryData(cached, data);
    },
    onSettled: () => client.invalidateQueries({ queryKey: key }),
  });
}
