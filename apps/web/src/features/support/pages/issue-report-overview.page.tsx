import { Anchor, Badge, Button, Card, Group, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import type { IssueReport, IssueStatus } from '@meshport/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ApiError } from '../../../lib/api/api-client.ts';
import { paths } from '../../../lib/paths/paths.ts';
import { SHORT_BANNER_LIFE_MS, showBanner } from '../../../shared/ui/banner.store.ts';
import { PanelError, SkeletonRows, useErrorText } from '../../../shared/ui/query-state.component.tsx';
import { useIssueReport, useUpdateIssueReport } from '../api/reports.api.ts';
import { DetailRow } from '../components/detail-row.component.tsx';
import { dateTime, productLabels, SEVERITY_COLORS, statusOptions } from '../logic/report-labels.logic.ts';
import { parseRouteId } from '../logic/route-id.logic.ts';

/** The status choice and the external link form; each saves on its own. */
function Triage({ report }: { report: IssueReport }) {
  const { t } = useTranslation('support');
  const update = useUpdateIssueReport(report.id);
  const [link, setLink] = useState(report.external_link ?? '');
  const [errors, setErrors] = useState<{ status?: string; external_link?: string }>({});
  const [failure, setFailure] = useState<unknown>(null);
  const failureText = useErrorText(failure);

  const save = async (body: { status?: IssueStatus; external_link?: string }) => {
    setErrors({});
    setFailure(null);
    try {
      const saved = await update.mutateAsync(body);
      setLink(saved.external_link ?? '');
      showBanner({ kind: 'success', text: t('issue.updated'), life: SHORT_BANNER_LIFE_MS });
    } catch (error) {
      if (error instanceof ApiError && error.status === 422) {
        setErrors({ status: error.fieldErrors.status?.[0], external_link: error.fieldErrors.external_link?.[0] });
        return;
      }
      setFailure(error);
    }
  };

  return (
    <Card withBorder radius="lg" padding="lg">
      <Stack gap="md" maw={640}>
        {failure !== null && (
          <Text c="red" role="alert" size="sm">
            {failureText}
          </Text>
        )}
        <Select
          label={t('issue.changeStatus')}
          data={statusOptions(t)}
          value={report.status}
          allowDeselect={false}
          error={errors.status}
          disabled={update.isPending}
          onChange={(value) => {
            if (value && value !== report.status) void save({ status: value as IssueStatus });
          }}
        />
        <form
          onSubmit={(event) => {
            event.preventDefault();
            void save({ external_link: link });
          }}
        >
          <Group align="flex-end" gap="sm">
            <TextInput
              type="url"
              label={t('issue.linkLabel')}
              value={link}
              onChange={(event) => setLink(event.currentTarget.value)}
              error={errors.external_link}
              maxLength={2000}
              style={{ flex: 1 }}
            />
            <Button type="submit" loading={update.isPending}>
              {t('issue.saveLink')}
            </Button>
          </Group>
        </form>
      </Stack>
    </Card>
  );
}

/** /admin/issue_report/overview/{id}: the report, its external link or 'no link', and its status. */
export function IssueReportOverviewPage() {
  const { t, i18n } = useTranslation('support');
  const id = parseRouteId(useParams().id);
  const query = useIssueReport(id);
  if (id === null) throw new ApiError(404, { message: 'No such issue report.' });
  if (query.error instanceof ApiError && (query.error.status === 403 || query.error.status === 404)) {
    throw query.error;
  }
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Anchor component={Link} to={paths.support.adminIssueReports.list()} size="sm" w="fit-content">
          {t('issue.backToList')}
        </Anchor>
        <Title order={1}>{t('issue.overviewTitle', { id })}</Title>
      </Stack>
      {query.isPending ? (
        <SkeletonRows rows={6} height={24} label={t('issue.loading')} />
      ) : query.isError ? (
        <PanelError error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <>
          <Card withBorder radius="lg" padding="lg">
            <Stack gap="sm">
              <Title order={2} size="h3">
                {query.data.title}
              </Title>
              {query.data.description && (
                <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                  {query.data.description}
                </Text>
              )}
              <DetailRow label={t('issue.columns.severity')}>
                <Badge variant="dot" color={SEVERITY_COLORS[query.data.severity]}>
                  {t(`severities.${query.data.severity}`)}
                </Badge>
              </DetailRow>
              <DetailRow label={t('issue.columns.products')}>
                <Text size="sm">{productLabels(query.data.products, t).join(', ')}</Text>
              </DetailRow>
              <DetailRow label={t('issue.columns.company')}>
                <Text size="sm">{query.data.company.name}</Text>
              </DetailRow>
              <DetailRow label={t('issue.reporter')}>
                <Text size="sm">
                  {query.data.user.name ?? '—'} {query.data.user.email && `(${query.data.user.email})`}
                </Text>
              </DetailRow>
              <DetailRow label={t('issue.columns.created')}>
                <Text size="sm">{dateTime(query.data.created_at, i18n.resolvedLanguage)}</Text>
              </DetailRow>
              <DetailRow label={t('issue.externalLink')}>
                {query.data.external_link ? (
                  <Anchor href={query.data.external_link} target="_blank" rel="noopener noreferrer" size="sm">
                    {query.data.external_link}
                  </Anchor>
                ) : (
                  <Text size="sm" c="dimmed">
                    {t('issue.noLink')}
                  </Text>
                )}
              </DetailRow>
            </Stack>
          </Card>
          <Triage key={query.data.id} report={query.data} />
        </>
      )}
    </Stack>
  );
}
