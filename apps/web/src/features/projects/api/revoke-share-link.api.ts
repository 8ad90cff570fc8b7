import { shareLinkEndpoints } from '@meshport/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api/api-client.ts';

/** DELETE /share-links/{id}: the link answers 404 from then on. */
export function useRevokeShareLink() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => (await call(shareLinkEndpoints.revoke, { params: { id } })).data,
    onSuccess: () => void client.invalidateQueries({ queryKey: ['share-links'] }),
  });
}
