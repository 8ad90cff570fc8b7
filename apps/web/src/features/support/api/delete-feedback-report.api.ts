import { feedbackReportEndpoints } from '@meshport/contract';
import { call } from '@/lib/api/api-client.ts';

export function deleteFeedbackReport(id: number) {
  return call(feedbackReportEndpoints.delete, { params: { id } });
}
