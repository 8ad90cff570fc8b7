import { designEndpoints } from '@meshport/contract';
import { call } from '@/lib/api/api-client.ts';

/** DELETE /projects/designs/{id} (delete-designs); the list refreshes itself after its row action. */
export async function deleteDesign(id: number) {
  return call(designEndpoints.delete, { params: { id } });
}
