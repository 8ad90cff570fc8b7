import { projectEndpoints } from '@meshport/contract';
import { call } from '../../api-client.ts';

/** POST /projects/{id}/restore: back from the recycling bin, with what went along. */
export function restoreProject(id: number) {
  return call(projectEndpoints.restore, { params: { id } });
}
