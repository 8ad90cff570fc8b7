import { designEndpoints } from '@meshport/contract';
import { call } from '@/lib/api/api-client.ts';
import { type FavoriteInput, useOptimisticFavorite } from './optimistic-favorite.hook.ts';

/** PATCH /projects/designs/{id}/favorite. */
export async function favoriteDesign({ id, favorited }: FavoriteInput) {
  return call(designEndpoints.favorite, { params: { id }, body: { is_favorited: favorited } });
}

/** The design's star, optimistic as the project's (optimistic-favorite.hook.ts). */
export function useFavoriteDesign() {
  return useOptimisticFavorite('designs', favoriteDesign);
}
