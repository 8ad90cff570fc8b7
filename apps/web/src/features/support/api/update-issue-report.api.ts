import { type BodyOf, type IssueReport, issueReportEndpoints } from '@meshport/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api/api-client.ts';
import { queryKey } from '@/lib/api/query-keys.ts';

/** PATCH /admin/issue-reports/{id}: status or external link. */
export function useUpdateIssueReport(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: BodyOf<typeof issueReportEndpoints.update>) =>
      (await call(issueReportEndpoints.update, { params: { id }, body })).data as IssueReport,
    onSuccess: () => client.invalidateQueries({ queryKey: queryKey('issue-reports') }),
  });
}
