import { type BodyOf, issueReportEndpoints } from '@meshport/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api/api-client.ts';
import { queryKey } from '@/lib/api/query-keys.ts';

export type IssueReportBody = BodyOf<typeof issueReportEndpoints.create>;

/** POST /issue-reports. */
export function useSubmitIssueReport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: IssueReportBody) => (await call(issueReportEndpoints.create, { body })).data,
    onSuccess: () => client.invalidateQueries({ queryKey: queryKey('issue-reports') }),
  });
}
