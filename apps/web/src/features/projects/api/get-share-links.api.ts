import { type ShareLinkRow, shareLinkEndpoints } from '@meshport/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api/api-client.ts';
import { queryKey } from '@/lib/api/query-keys.ts';

/** What a share dialog is about: a model or a design. */
export type ShareSubject = { project_model_id: number } | { design_id: number };

export const shareLinksKey = (subject: ShareSubject) => queryKey('share-links', 'list', subject);

/** GET /share-links of one model or design: one's own, or everyone's with manage-share-links; newest first. */
export function useShareLinks(subject: ShareSubject, enabled: boolean) {
  const filter =
    'design_id' in subject
      ? { design_id: String(subject.design_id) }
      : { project_model_id: String(subject.project_model_id) };
  return useQuery({
    queryKey: shareLinksKey(subject),
    queryFn: async ({ signal }): Promise<ShareLinkRow[]> =>
      (await call(shareLinkEndpoints.list, { query: { filter, per_page: 100 }, signal })).data as ShareLinkRow[],
    enabled,
  });
}
