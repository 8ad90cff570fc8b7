import type { Query, QueryClient } from '@tanstack/react-query';
import { materialQueryKey } from './get-material.api.ts';

/**
 * After any material or category write: materials carry their categories and categories count
 * their materials, so both resources are refreshed everywhere. `gone` names a material that no
 * longer exists under that name (deleted or renamed): its record is marked stale but not
 * refetched, so that the screen still showing it does not flash a 404 before it navigates away.
 */
export async function invalidateMaterialsAndCategories(client: QueryClient, gone?: string): Promise<void> {
  const goneKey = gone === undefined ? null : JSON.stringify(materialQueryKey(gone));
  const isGone = (query: Query) => goneKey !== null && JSON.stringify(query.queryKey) === goneKey;
  await Promise.all([
    client.invalidateQueries({ queryKey: ['materials'], predicate: (query) => !isGone(query) }),
    client.invalidateQueries({ queryKey: ['categories'] }),
    gone === undefined
      ? Promise.resolve()
      : client.invalidateQueries({ queryKey: materialQueryKey(gone), refetchType: 'none' }),
  ]);
}
