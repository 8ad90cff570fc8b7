import { issueReportEndpoints } from '@meshport/contract';
import { call } from '@/lib/api/api-client.ts';

export function deleteIssueReport(id: number) {
  return call(issueReportEndpoints.delete, { params: { id } });
}
