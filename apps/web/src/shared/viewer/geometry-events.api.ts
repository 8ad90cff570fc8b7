import {
  type GeometryEvent,
  libraryItemEndpoints,
  type ProcessingSubjectKind,
  projectModelEndpoints,
} from '@meshport/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api/api-client.ts';
import { queryKey } from '@/lib/api/query-keys.ts';

/** The query-key resource of a processed kind: a write to it refreshes its events too. */
export const processingResource = (kind: ProcessingSubjectKind) => (kind === 'project_model' ? 'models' : 'items');

export const geometryEventsQueryKey = (kind: ProcessingSubjectKind, id: number) =>
  queryKey(processingResource(kind), 'geometry-events', id);

/** GET /projects/models/{id}/geometry-events or /libraries/items/{id}/geometry-events: the steps, oldest first. */
export async function fetchGeometryEvents(
  kind: ProcessingSubjectKind,
  id: number,
  signal?: AbortSignal,
): Promise<GeometryEvent[]> {
  const endpoint =
    kind === 'project_model' ? projectModelEndpoints.geometryEvents : libraryItemEndpoints.geometryEvents;
  const body = await call(endpoint, { params: { id }, signal });
  return body.data;
}

export function geometryEventsQueryOptions(kind: ProcessingSubjectKind, id: number) {
  return queryOptions({
    queryKey: geometryEventsQueryKey(kind, id),
    queryFn: ({ signal }) => fetchGeometryEvents(kind, id, signal),
  });
}

/**
 * The record's events. Its overview page asks for them next to the record itself (`enabled` until the id
 * is known), so the events table does not wait for the record to arrive before its own call starts.
 */
export function useGeometryEvents(kind: ProcessingSubjectKind, id: number, enabled = true) {
  return useQuery({ ...geometryEventsQueryOptions(kind, id), enabled });
}
