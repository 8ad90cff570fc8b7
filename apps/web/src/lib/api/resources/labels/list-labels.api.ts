import { labelEndpoints, type QueryOf } from '@meshport/contract';
import { call } from '../../api-client.ts';

/** GET /labels: one page of the labels the query asks for (each picker builds its own query). */
export function fetchLabels(query: QueryOf<typeof labelEndpoints.list>, signal?: AbortSignal) {
  return call(labelEndpoints.list, { query, signal });
}
