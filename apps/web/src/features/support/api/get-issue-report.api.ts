import { type IssueReport, issueReportEndpoints } from '@meshport/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api/api-client.ts';
import { queryKey } from '@/lib/api/query-keys.ts';

/** GET /admin/issue-reports/{id}. */
export function useIssueReport(id: number | null) {
  return useQuery({
    enabled: id !== null,
    queryKey: queryKey('issue-reports', 'detail', { id }),
    queryFn: async ({ signal }) =>
      (await call(issueReportEndpoints.get, { params: { id: id ?? 0 }, signal })).data as IssueReport,
  });
}
