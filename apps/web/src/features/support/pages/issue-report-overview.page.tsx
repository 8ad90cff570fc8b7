import { Anchor, Badge, Button, Card, Group, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { type IssueReport, type IssueStatus, issueReportAdminUpdateSchema } from '@meshport/contract';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ApiError } from '@/lib/api/api-client.ts';
import { formatDateTime } from '@/lib/i18n/format.ts';
import { paths } from '@/lib/paths/paths.ts';
import { applyServerErrors, formResolver, maxLengthOf } from '@/shared/forms/index.ts';
import { SHORT_BANNER_LIFE_MS, showBanner } from '@/shared/ui/banner.store.ts';
import { PanelError, SkeletonRows, useErrorText } from '@/shared/ui/query-state.component.tsx';
import { useIssueReport } from '../api/get-issue-report.api.ts';
import { useUpdateIssueReport } from '../api/update-issue-report.api.ts';
import { DetailRow } from '../components/detail-row.component.tsx';
import { productLabels, SEVERITY_COLORS, statusOptions } from '../logic/report-labels.logic.ts';
import { parseRouteId } from '../logic/route-id.logic.ts';

interface TriageValues {
  /** Saved on its own when chosen; a form field so that the server's message for it has a place. */
  status: IssueStatus;
  external_link: string;
}

/** The link form checks its link as the contract does; the status is a choice from the contract's list. */
const TRIAGE_SCHEMA = issueReportAdminUpdateSchema.pick({ external_link: true });

/** The status choice and the external link form; each saves on its own. */
function Triage({ report }: { report: IssueReport }) {
  const { t } = useTranslation('support');
  const update = useUpdateIssueReport(report.id);
  const [failure, setFailure] = useState<unknown>(null);
  const failureText = useErrorText(failure);
  const form = useForm<TriageValues>({
    defaultValues: { status: report.status, external_link: report.external_link ?? '' },
    resolver: formResolver(TRIAGE_SCHEMA, () => undefined),
  });
  const { errors } = form.formState;

  const save = async (body: { status?: IssueStatus; external_link?: string }) => {
    form.clearErrors();
    setFailure(null);
    try {
      const saved = await update.mutateAsync(body);
      form.setValue('external_link', saved.external_link ?? '');
      showBanner({ kind: 'success', text: t('issue.updated'), life: SHORT_BANNER_LIFE_MS });
    } catch (error) {
      // A 422 goes under its fields; any other failure is the panel's text.
      if (error instanceof ApiError && error.status === 422) {
        applyServerErrors(error, ['status', 'external_link'], form.setError, '');
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
          error={errors.status?.message}
          disabled={update.isPending}
          onChange={(value) => {
            if (value && value !== report.status) void save({ status: value as IssueStatus });
          }}
        />
        <form onSubmit={(event) => void form.handleSubmit(({ external_link }) => save({ external_link }))(event)}>
          <Group align="flex-end" gap="sm">
            <TextInput
              type="url"
              label={t('issue.linkLabel')}
              error={errors.external_link?.message}
              maxLength={maxLengthOf(TRIAGE_SCHEMA.shape.external_link)}
              {...form.register('external_link')}
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
  const { t } = useTranslation('support');
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
                <Text size="sm">{formatDateTime(query.data.created_at)}</Text>
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
