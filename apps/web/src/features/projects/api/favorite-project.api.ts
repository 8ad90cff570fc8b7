import { projectEndpoints } from '@meshport/contract';
import { call } from '@/lib/api/api-client.ts';
import { type FavoriteInput, useOptimisticFavorite } from './optimistic-favorite.hook.ts';

/** PATCH /projects/{id}/favorite. */
export async function favoriteProject({ id, favorited }: FavoriteInput) {
  return call(projectEndpoints.favorite, { params: { id }, body: { is_favorited: favorited } });
}

/** The project's star, optimistic (optimistic-favorite.hook.ts). */
export function useFavoriteProject() {
  return useOptimisticFavorite('projects', favoriteProject);
}
