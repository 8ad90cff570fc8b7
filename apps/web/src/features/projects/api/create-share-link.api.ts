import { type BodyOf, shareLinkEndpoints } from '@meshport/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api/api-client.ts';

export type ShareLinkBody = BodyOf<typeof shareLinkEndpoints.create>;

/** POST /share-links: the answer's `url` holds the token, shown this once. */
export function useCreateShareLink() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: ShareLinkBody) => (await call(shareLinkEndpoints.create, { body })).data,
    onSuccess: () => void client.invalidateQueries({ queryKey: ['share-links'] }),
  });
}
