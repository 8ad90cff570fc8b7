import { downloadEndpoints } from '@meshport/contract';
import { call } from '@/lib/api/api-client.ts';

export const deleteDownload = (id: number) => call(downloadEndpoints.delete, { params: { id } });
