import { groupEndpoints } from '@meshport/contract';
import { call } from '@/lib/api/api-client.ts';

export const deleteGroup = (id: number) => call(groupEndpoints.delete, { params: { id } });
