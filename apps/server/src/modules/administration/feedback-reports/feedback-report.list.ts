import { ADMIN_DEFAULT_SORTS, DEFAULT_PER_PAGE } from '@meshport/contract';
import { enumFilter, idFilter, searchFilter } from '#core/list/common-filters.ts';
import type { ListResource } from '#core/list/list-resource.ts';
import {
  reporterFields,
  reporterJoins,
  reporterSearchColumns,
} from '#modules/administration/shared/admin-report-fields.ts';
import { feedbackReports } from './feedback-report.table.ts';

/** Admin → Feedback reports of every company (the explicit cross-tenant path). */
export const feedbackReportList: ListResource = {
  name: 'feedback_reports',
  table: feedbackReports,
  joins: reporterJoins(feedbackReports.companyId, feedbackReports.accountId),
  scope: 'system',
  idColumn: feedbackReports.id,
  fields: {
    id: { select: feedbackReports.id, sortable: true },
    rating: { select: feedbackReports.rating, sortable: true },
    comment: { select: feedbackReports.comment },
    ...reporterFields(),
    created_at: { select: feedbackReports.createdAt, sortable: true },
    updated_at: { select: feedbackReports.updatedAt, sortable: true },
  },
  filters: {
    search: searchFilter([feedbackReports.comment, ...reporterSearchColumns]),
    user_id: idFilter(feedbackReports.accountId),
    company_id: idFilter(feedbackReports.companyId),
    rating: enumFilter(feedbackReports.rating, ['1', '2', '3', '4', '5']),
  },
  defaultSort: ADMIN_DEFAULT_SORTS.feedback,
  defaultPerPage: DEFAULT_PER_PAGE,
};
