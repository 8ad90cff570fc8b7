import { projectEndpoints, type QueryOf } from '@meshport/contract';
import { call } from '../../api-client.ts';

/** GET /projects: one page of the projects the query asks for (each screen builds its own query). */
export function fetchProjects(query: QueryOf<typeof projectEndpoints.list>, signal?: AbortSignal) {
  return call(projectEndpoints.list, { query, signal });
}
