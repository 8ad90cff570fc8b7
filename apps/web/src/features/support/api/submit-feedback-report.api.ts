import { type BodyOf, feedbackReportEndpoints } from '@meshport/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api/api-client.ts';
import { queryKey } from '@/lib/api/query-keys.ts';

export type FeedbackReportBody = BodyOf<typeof feedbackReportEndpoints.create>;

/** POST /feedback-reports. */
export function useSubmitFeedbackReport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: FeedbackReportBody) => (await call(feedbackReportEndpoints.create, { body })).data,
    onSuccess: () => client.invalidateQueries({ queryKey: queryKey('feedback-reports') }),
  });
}
