import { propertyMapEndpoints } from '@meshport/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api/api-client.ts';
import { recordQuery } from '@/lib/api/record-query.ts';

/** GET /property-maps/{id}, for the edit form. */
export function usePropertyMap(id: number) {
  return useQuery(
    recordQuery(
      'property-maps',
      id,
      async (signal) => (await call(propertyMapEndpoints.get, { params: { id }, signal })).data,
    ),
  );
}
