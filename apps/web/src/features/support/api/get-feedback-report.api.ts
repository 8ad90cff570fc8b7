import { type FeedbackReport, feedbackReportEndpoints } from '@meshport/contract';
import { useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api/api-client.ts';
import { queryKey } from '@/lib/api/query-keys.ts';

/** GET /admin/feedback-reports/{id}. */
export function useFeedbackReport(id: number | null) {
  return useQuery({
    enabled: id !== null,
    queryKey: queryKey('feedback-reports', 'detail', { id }),
    queryFn: async ({ signal }) =>
      (await call(feedbackReportEndpoints.get, { params: { id: id ?? 0 }, signal })).data as FeedbackReport,
  });
}
