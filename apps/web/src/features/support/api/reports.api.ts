import {
  type BodyOf,
  type FeedbackReport,
  feedbackReportEndpoints,
  type IssueReport,
  issueReportEndpoints,
} from '@meshport/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api/api-client.ts';
import { queryKey } from '../../../lib/api/query-keys.ts';

export type IssueReportBody = BodyOf<typeof issueReportEndpoints.create>;
export type FeedbackReportBody = BodyOf<typeof feedbackReportEndpoints.create>;

/** POST /issue-reports. */
export function useSubmitIssueReport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: IssueReportBody) => (await call(issueReportEndpoints.create, { body })).data,
    onSuccess: () => client.invalidateQueries({ queryKey: queryKey('issue-reports') }),
  });
}

/** POST /feedback-reports. */
export function useSubmitFeedbackReport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: FeedbackReportBody) => (await call(feedbackReportEndpoints.create, { body })).data,
    onSuccess: () => client.invalidateQueries({ queryKey: queryKey('feedback-reports') }),
  });
}

/** GET /admin/issue-reports/{id}. */
export function useIssueReport(id: number | null) {
  return useQuery({
    enabled: id !== null,
    queryKey: queryKey('issue-reports', 'detail', { id }),
    queryFn: async ({ signal }) =>
      (await call(issueReportEndpoints.get, { params: { id: id ?? 0 }, signal })).data as IssueReport,
  });
}

/** PATCH /admin/issue-reports/{id}: status or external link. */
export function useUpdateIssueReport(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: BodyOf<typeof issueReportEndpoints.update>) =>
      (await call(issueReportEndpoints.update, { params: { id }, body })).data as IssueReport,
    onSuccess: () => client.invalidateQueries({ queryKey: queryKey('issue-reports') }),
  });
}

export function deleteIssueReport(id: number) {
  return call(issueReportEndpoints.delete, { params: { id } });
}

/** GET /admin/feedback-reports/{id}. */
export function useFeedbackReport(id: number | null) {
  return useQuery({
    enabled: id !== null,
    queryKey: queryKey('feedback-reports', 'detail', { id }),
    queryFn: async ({ signal }) =>
      (await call(feedbackReportEndpoints.get, { params: { id: id ?? 0 }, signal })).data as FeedbackReport,
  });
}

export function deleteFeedbackReport(id: number) {
  return call(feedbackReportEndpoints.delete, { params: { id } });
}
