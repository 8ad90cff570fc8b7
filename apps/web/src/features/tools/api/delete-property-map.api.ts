import { propertyMapEndpoints } from '@meshport/contract';
import { call } from '@/lib/api/api-client.ts';

export const deletePropertyMap = (id: number) => call(propertyMapEndpoints.delete, { params: { id } });
