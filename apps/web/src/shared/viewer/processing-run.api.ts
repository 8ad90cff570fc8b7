import { libraryItemEndpoints, type ProcessingSubjectKind, projectModelEndpoints } from '@meshport/contract';
import { call } from '@/lib/api/api-client.ts';

const ENDPOINTS = { project_model: projectModelEndpoints, library_item: libraryItemEndpoints } as const;

/** POST …/{id}/cancel: stops a QUEUED or PROCESSING run (409 otherwise). */
export async function cancelProcessing(kind: ProcessingSubjectKind, id: number): Promise<void> {
  await call(ENDPOINTS[kind].cancel, { params: { id } });
}

/** content.md §4: Reprocess only when FINISHED. */
export const canReprocess = (status: string) => status === 'FINISHED';
/** The server cancels a QUEUED or PROCESSING run only. */
export const canCancel = (status: string) => status === 'QUEUED' || status === 'PROCESSING';
