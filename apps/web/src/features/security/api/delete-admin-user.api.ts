import { userEndpoints } from '@meshport/contract';
import { call } from '@/lib/api/api-client.ts';

export const deleteAdminUser = (id: number) => call(userEndpoints.adminDelete, { params: { id } });
