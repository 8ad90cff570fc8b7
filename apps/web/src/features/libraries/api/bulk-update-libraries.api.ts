import { type BulkAnswer, libraryEndpoints } from '@meshport/contract';
import { call } from '@/lib/api/api-client.ts';

export type LibraryBulkAction = 'archive' | 'activate' | 'delete';

/** POST /libraries/update {libraries: [{id}], action}; the list refreshes both resources after. */
export function bulkUpdateLibraries(action: LibraryBulkAction, ids: readonly number[]): Promise<BulkAnswer> {
  return call(libraryEndpoints.bulk, { body: { action, libraries: ids.map((id) => ({ id })) } });
}
