import { libraryItemEndpoints, type ProcessingSubjectKind, projectModelEndpoints } from '@meshport/contract';
import { call } from '@/lib/api/api-client.ts';
import type { placementBody } from '../forms/index.ts';

const ENDPOINTS = { project_model: projectModelEndpoints, library_item: libraryItemEndpoints } as const;

/**
 * POST /projects/models/{id}/reprocess or /libraries/items/{id}/reprocess: FINISHED only (409 otherwise);
 * with units and up axis, the record keeps them first (422 per field for others).
 */
export async function reprocess(
  kind: ProcessingSubjectKind,
  id: number,
  placement?: ReturnType<typeof placementBody>,
): Promise<void> {
  await call(ENDPOINTS[kind].reprocess, { params: { id }, body: placement });
}
