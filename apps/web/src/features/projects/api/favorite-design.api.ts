import { designEndpoints } from '@meshport/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api/api-client.ts';
import { queryKey } from '@/lib/api/query-keys.ts';
import { withFavorite } from '../logic/favorite.logic.ts';

interface FavoriteInput {
  id: number;
  favorited: boolean;
}

/** PATCH /projects/designs/{id}/favorite. */
export async function favoriteDesign({ id, favorited }: FavoriteInput) {
  return call(designEndpoints.favorite, { params: { id }, body: { is_favorited: favorited } });
}

type Snapshot = [readonly unknown[], unknown][];

/** The design's star, optimistic as the project's: cached pages flip at once, back if the call fails. */
export function useFavoriteDesign() {
  const client = useQueryClient();
  const key = queryKey('designs');
  return useMutation({
    mutationFn: favoriteDesign,
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
