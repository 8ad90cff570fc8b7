import { libraryEndpoints } from '@meshport/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api/api-client.ts';
import { type LibrarySave, libraryBody } from '../logic/library-body.logic.ts';
import { invalidateContent } from './invalidate-content.api.ts';

/** PATCH /libraries/{id}. */
export function useUpdateLibrary(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (save: Partial<LibrarySave>) =>
      (await call(libraryEndpoints.update, { params: { id }, body: libraryBody(save) })).data,
    onSuccess: () => invalidateContent(client),
  });
}
