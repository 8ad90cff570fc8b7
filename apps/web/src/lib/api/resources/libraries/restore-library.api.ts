import { libraryEndpoints } from '@meshport/contract';
import { call } from '../../api-client.ts';

/** POST /libraries/{id}/restore: the library (and what went along) back from the recycling bin. */
export function restoreLibrary(id: number) {
  return call(libraryEndpoints.restore, { params: { id } });
}
