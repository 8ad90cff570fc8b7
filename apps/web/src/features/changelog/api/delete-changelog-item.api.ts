import { changelogEndpoints } from '@meshport/contract';
import { call } from '@/lib/api/api-client.ts';

export async function deleteChangelogItem(id: number) {
  return call(changelogEndpoints.delete, { params: { id } });
}
