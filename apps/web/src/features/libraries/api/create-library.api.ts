import { libraryEndpoints } from '@meshport/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api/api-client.ts';
import { type LibrarySave, libraryBody } from '../logic/library-body.logic.ts';
import { invalidateContent } from './invalidate-content.api.ts';

/** POST /libraries. */
export function useCreateLibrary() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (save: LibrarySave) =>
      (await call(libraryEndpoints.create, { body: libraryBody(save) as LibrarySave })).data,
    onSuccess: () => invalidateContent(client),
  });
}
