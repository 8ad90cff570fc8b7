import { labelEndpoints } from '@meshport/contract';
import { call } from '@/lib/api/api-client.ts';

export const deleteLabel = (id: number) => call(labelEndpoints.delete, { params: { id } });
