import { Anchor, Stack, Text } from '@mantine/core';
import {
  ADMIN_DEFAULT_SORTS,
  DEFAULT_PER_PAGE,
  FEEDBACK_RATING_MAX,
  type FeedbackReport,
  feedbackReportEndpoints,
} from '@meshport/contract';
import type { TFunction } from 'i18next';
import { Link } from 'react-router';
import { formatDateTime } from '@/lib/i18n/format.ts';
import { paths } from '@/lib/paths/paths.ts';
import type { FilterOption, ResourceListDeclaration } from '@/shared/resource-list/index.ts';
import { SHORT_BANNER_LIFE_MS } from '@/shared/ui/banner.store.ts';
import { deleteFeedbackReport } from '../api/delete-feedback-report.api.ts';
import { RatingStars } from './rating-stars.component.tsx';

type Declaration = ResourceListDeclaration<typeof feedbackReportEndpoints.list, FeedbackReport>;

/**
 * Admin → Feedback reports (administration.md §2): Rating as stars links to the overview (the
 * row click of the spec, reachable by keyboard); each row has Delete.
 */
export function feedbackReportsListDeclaration(
  t: TFunction<'support'>,
  language: string | undefined,
  choices: { companies: FilterOption[]; users: FilterOption[] },
): Declaration {
  return {
    id: 'admin-feedback-reports',
    endpoint: feedbackReportEndpoints.list,
    resource: 'feedback-reports',
    rowId: (row) => row.id,
    rowLabel: (row) => t('feedback.overviewTitle', { id: row.id }),
    label: t('feedback.label'),
    views: ['table'],
    defaultSort: ADMIN_DEFAULT_SORTS.feedback,
    perPage: DEFAULT_PER_PAGE,
    emptyText: t('feedback.empty'),
    loadingText: t('feedback.loading'),
    bannerLife: SHORT_BANNER_LIFE_MS,
    sorts: [
      { value: '-created_at', label: `${t('feedback.columns.created')} ↓` },
      { value: 'created_at', label: `${t('feedback.columns.created')} ↑` },
      { value: '-rating', label: `${t('feedback.columns.rating')} ↓` },
      { value: 'rating', label: `${t('feedback.columns.rating')} ↑` },
    ],
    columns: [
      {
        id: 'rating',
        header: t('feedback.columns.rating'),
        sortField: 'rating',
        cell: (row) => (
          <Anchor
            component={Link}
            to={paths.support.adminFeedbackReports.overview(row.id)}
            aria-label={t('feedback.open', { id: row.id })}
          >
            <RatingStars rating={row.rating} />
          </Anchor>
        ),
      },
      {
        id: 'company',
        header: t('feedback.columns.company'),
        sortField: 'company.name',
        cell: (row) => row.company.name,
      },
      {
        id: 'user',
        header: t('feedback.columns.user'),
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
        header: t('feedback.columns.created'),
        sortField: 'created_at',
        cell: (row) => formatDateTime(row.created_at, { locale: language }),
      },
    ],
    filters: [
      {
        name: 'rating',
        kind: 'multiselect',
        label: t('filters.rating'),
        options: Array.from({ length: FEEDBACK_RATING_MAX }, (_, index) => ({
          value: String(index + 1),
          label: t('stars', { count: index + 1 }),
        })),
      },
      { name: 'user_id', kind: 'select', label: t('filters.user'), options: choices.users },
      { name: 'company_id', kind: 'select', label: t('filters.company'), options: choices.companies },
    ],
    rowActions: [
      {
        id: 'delete',
        label: t('actions.delete'),
        color: 'red',
        danger: true,
        confirm: () => t('feedback.confirmDelete'),
        confirmLabel: t('actions.delete'),
        onClick: async (row) => {
          await deleteFeedbackReport(row.id);
          return { success: t('feedback.deleted') };
        },
      },
    ],
  };
}
