import { projectModelEndpoints } from '@meshport/contract';
import { call } from '../../api-client.ts';

/** POST /projects/models/{id}/restore: back from the recycling bin. */
export function restoreModel(id: number) {
  return call(projectModelEndpoints.restore, { params: { id } });
}
