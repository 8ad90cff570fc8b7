import { type BodyOf, propertyMapEndpoints } from '@meshport/contract';
import { call } from '@/lib/api/api-client.ts';
import { useSave } from '@/lib/api/use-save.hook.ts';

export type PropertyMapSave = BodyOf<typeof propertyMapEndpoints.create>;

/** POST /property-maps, or PATCH /property-maps/{id}. */
export function useSavePropertyMap(id: number | null) {
  return useSave(['property-maps'], async (body: PropertyMapSave) =>
    id === null
      ? (await call(propertyMapEndpoints.create, { body })).data
      : (await call(propertyMapEndpoints.update, { params: { id }, body })).data,
  );
}
