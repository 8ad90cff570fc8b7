import { Anchor, Badge, Stack, Text } from '@mantine/core';
import { ADMIN_DEFAULT_SORTS, DEFAULT_PER_PAGE, type IssueReport, issueReportEndpoints } from '@meshport/contract';
import type { TFunction } from 'i18next';
import { Link } from 'react-router';
import { formatDateTime } from '@/lib/i18n/format.ts';
import { paths } from '@/lib/paths/paths.ts';
import type { FilterOption, ResourceListDeclaration } from '@/shared/resource-list/index.ts';
import { SHORT_BANNER_LIFE_MS } from '@/shared/ui/banner.store.ts';
import { deleteIssueReport } from '../api/delete-issue-report.api.ts';
import { productLabels, SEVERITY_COLORS, severityOptions, statusOptions } from '../logic/report-labels.logic.ts';

type Declaration = ResourceListDeclaration<typeof issueReportEndpoints.list, IssueReport>;

/**
 * Admin → Issue reports (administration.md §2): the ID links to the overview (the row click of
 * the spec, reachable by keyboard); each row has Delete.
 */
export function issueReportsListDeclaration(
  t: TFunction<'support'>,
  language: string | undefined,
  companies: FilterOption[],
): Declaration {
  return {
    id: 'admin-issue-reports',
    endpoint: issueReportEndpoints.list,
    resource: 'issue-reports',
    rowId: (row) => row.id,
    rowLabel: (row) => row.title,
    label: t('issue.label'),
    views: ['table'],
    defaultSort: ADMIN_DEFAULT_SORTS.issues,
    perPage: DEFAULT_PER_PAGE,
    emptyText: t('issue.empty'),
    loadingText: t('issue.loading'),
    bannerLife: SHORT_BANNER_LIFE_MS,
    sorts: [
      { value: '-created_at', label: `${t('issue.columns.created')} ↓` },
      { value: 'created_at', label: `${t('issue.columns.created')} ↑` },
      { value: '-severity', label: `${t('issue.columns.severity')} ↓` },
      { value: 'severity', label: `${t('issue.columns.severity')} ↑` },
    ],
    columns: [
      {
        id: 'id',
        header: t('issue.columns.id'),
        sortField: 'id',
        width: 1,
        cell: (row) => (
          <Anchor
            component={Link}
            to={paths.support.adminIssueReports.overview(row.id)}
            aria-label={t('issue.open', { id: row.id })}
          >
            {row.id}
          </Anchor>
        ),
      },
      {
        id: 'title',
        header: t('issue.columns.title'),
        sortField: 'title',
        cell: (row) => (
          <Anchor component={Link} to={paths.support.adminIssueReports.overview(row.id)} c="inherit" size="sm">
            {row.title}
          </Anchor>
        ),
      },
      {
        id: 'status',
        header: t('issue.columns.status'),
        sortField: 'status',
        cell: (row) => (
          <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
            {t(`statuses.${row.status}`)}
          </Text>
        ),
      },
      {
        id: 'severity',
        header: t('issue.columns.severity'),
        sortField: 'severity',
        cell: (row) => (
          <Badge variant="dot" color={SEVERITY_COLORS[row.severity]}>
            {t(`severities.${row.severity}`)}
          </Badge>
        ),
      },
      {
        id: 'products',
        header: t('issue.columns.products'),
        cell: (row) => <Text size="sm">{productLabels(row.products, t).join(', ')}</Text>,
      },
      { id: 'company', header: t('issue.columns.company'), sortField: 'company.name', cell: (row) => row.company.name },
      {
        id: 'user',
        header: t('issue.columns.user'),
        sortField: 'user.name',
        cell: (row) => (
          <Stack gap={0}>
            <Text size="sm">{row.user.name ?? '—'}</Text>
            <Text size="xs" c="dimmed">
              {row.user.email}
            </Text>
          </Stack>
        ),
      },
      {
        id: 'created',
        header: t('issue.columns.created'),
        sortField: 'created_at',
        cell: (row) => formatDateTime(row.created_at, { locale: language }),
      },
    ],
    filters: [
      { name: 'severity', kind: 'multiselect', label: t('filters.severity'), options: severityOptions(t) },
      { name: 'company_id', kind: 'select', label: t('filters.company'), options: companies },
      { name: 'status', kind: 'multiselect', label: t('filters.status'), options: statusOptions(t) },
    ],
    rowActions: [
      {
        id: 'delete',
        label: t('actions.delete'),
        color: 'red',
        danger: true,
        confirm: () => t('issue.confirmDelete'),
        confirmLabel: t('actions.delete'),
        onClick: async (row) => {
          await deleteIssueReport(row.id);
          return { success: t('issue.deleted') };
        },
      },
    ],
  };
}
