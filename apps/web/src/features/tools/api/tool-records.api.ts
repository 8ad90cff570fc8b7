import { type BodyOf, downloadEndpoints, labelEndpoints, propertyMapEndpoints } from '@meshport/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api/api-client.ts';
import { type QueryResource, queryKey } from '../../../lib/api/query-keys.ts';

export type LabelSave = BodyOf<typeof labelEndpoints.create>;
export type PropertyMapSave = BodyOf<typeof propertyMapEndpoints.create>;

/** A record of a tools list, read for its edit form (always fresh: `staleTime` 0). */
function recordQuery<T>(resource: QueryResource, id: number, read: (signal: AbortSignal) => Promise<T>) {
  return queryOptions({
    queryKey: queryKey(resource, 'detail', id),
    queryFn: ({ signal }) => read(signal),
    staleTime: 0,
  });
}

export function useLabel(id: number) {
  return useQuery(
    recordQuery('labels', id, async (signal) => (await call(labelEndpoints.get, { params: { id }, signal })).data),
  );
}

export function usePropertyMap(id: number) {
  return useQuery(
    recordQuery(
      'property-maps',
      id,
      async (signal) => (await call(propertyMapEndpoints.get, { params: { id }, signal })).data,
    ),
  );
}

export function useDownload(id: number) {
  return useQuery(
    recordQuery(
      'downloads',
      id,
      async (signal) => (await call(downloadEndpoints.get, { params: { id }, signal })).data,
    ),
  );
}

/** A save that refreshes every cached answer about `resources` once it succeeded. */
function useSave<A, R>(resources: QueryResource[], save: (input: A) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: save,
    onSuccess: () => Promise.all(resources.map((resource) => client.invalidateQueries({ queryKey: [resource] }))),
  });
}

/** POST /labels, or PATCH /labels/{id}; projects and libraries show labels too. */
export function useSaveLabel(id: number | null) {
  return useSave(['labels', 'projects', 'libraries'], async (body: LabelSave) =>
    id === null
      ? (await call(labelEndpoints.create, { body })).data
      : (await call(labelEndpoints.update, { params: { id }, body })).data,
  );
}

/** POST /property-maps, or PATCH /property-maps/{id}. */
export function useSavePropertyMap(id: number | null) {
  return useSave(['property-maps'], async (body: PropertyMapSave) =>
    id === null
      ? (await call(propertyMapEndpoints.create, { body })).data
      : (await call(propertyMapEndpoints.update, { params: { id }, body })).data,
  );
}

/** POST /admin/downloads, or POST /admin/downloads/{id} with _method=PATCH: multipart with the file. */
export function useSaveDownload(id: number | null) {
  return useSave(['downloads'], async (form: FormData) => {
    const body = form as unknown as BodyOf<typeof downloadEndpoints.create>;
    return id === null
      ? (await call(downloadEndpoints.create, { body })).data
      : (await call(downloadEndpoints.update, { params: { id }, body })).data;
  });
}

export const deleteLabel = (id: number) => call(labelEndpoints.delete, { params: { id } });
export const deletePropertyMap = (id: number) => call(propertyMapEndpoints.delete, { params: { id } });
export const deleteDownload = (id: number) => call(downloadEndpoints.delete, { params: { id } });
