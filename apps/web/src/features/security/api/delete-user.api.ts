import { userEndpoints } from '@meshport/contract';
import { call } from '@/lib/api/api-client.ts';

export const deleteUser = (id: number) => call(userEndpoints.delete, { params: { id } });
