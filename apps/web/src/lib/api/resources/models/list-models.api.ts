import { projectModelEndpoints, type QueryOf } from '@meshport/contract';
import { call } from '../../api-client.ts';

/** GET /projects/models: one page of the models the query asks for (each screen builds its own query). */
export function fetchModels(query: QueryOf<typeof projectModelEndpoints.list>, signal?: AbortSignal) {
  return call(projectModelEndpoints.list, { query, signal });
}
