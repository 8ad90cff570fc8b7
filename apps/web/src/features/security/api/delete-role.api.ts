import { roleEndpoints } from '@meshport/contract';
import { call } from '@/lib/api/api-client.ts';

export const deleteRole = (id: number) => call(roleEndpoints.delete, { params: { id } });
