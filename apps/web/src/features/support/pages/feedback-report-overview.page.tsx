import { Anchor, Card, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ApiError } from '@/lib/api/api-client.ts';
import { formatDateTime } from '@/lib/i18n/format.ts';
import { paths } from '@/lib/paths/paths.ts';
import { PanelError, SkeletonRows } from '@/shared/ui/query-state.component.tsx';
import { useFeedbackReport } from '../api/get-feedback-report.api.ts';
import { DetailRow } from '../components/detail-row.component.tsx';
import { RatingStars } from '../components/rating-stars.component.tsx';
import { parseRouteId } from '../logic/route-id.logic.ts';

/** /admin/feedback_report/overview/{id}: the rating, comment, company, user and date of one report. */
export function FeedbackReportOverviewPage() {
  const { t } = useTranslation('support');
  const id = parseRouteId(useParams().id);
  const query = useFeedbackReport(id);
  if (id === null) throw new ApiError(404, { message: 'No such feedback report.' });
  if (query.error instanceof ApiError && (query.error.status === 403 || query.error.status === 404)) {
    throw query.error;
  }
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Anchor component={Link} to={paths.support.adminFeedbackReports.list()} size="sm" w="fit-content">
          {t('feedback.backToList')}
        </Anchor>
        <Title order={1}>{t('feedback.overviewTitle', { id })}</Title>
      </Stack>
      {query.isPending ? (
        <SkeletonRows rows={5} height={24} label={t('feedback.loading')} />
      ) : query.isError ? (
        <PanelError error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <Card withBorder radius="lg" padding="lg">
          <Stack gap="sm">
            <DetailRow label={t('feedback.columns.rating')}>
              <RatingStars rating={query.data.rating} size={20} />
            </DetailRow>
            <DetailRow label={t('feedback.comment')}>
              {query.data.comment ? (
                <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                  {query.data.comment}
                </Text>
              ) : (
                <Text size="sm" c="dimmed">
                  {t('feedback.noComment')}
                </Text>
              )}
            </DetailRow>
            <DetailRow label={t('feedback.columns.company')}>
              <Text size="sm">{query.data.company.name}</Text>
            </DetailRow>
            <DetailRow label={t('feedback.reporter')}>
              <Text size="sm">
                {query.data.user.name ?? '—'} {query.data.user.email && `(${query.data.user.email})`}
              </Text>
            </DetailRow>
            <DetailRow label={t('feedback.columns.created')}>
              <Text size="sm">{formatDateTime(query.data.created_at)}</Text>
            </DetailRow>
          </Stack>
        </Card>
      )}
    </Stack>
  );
}
