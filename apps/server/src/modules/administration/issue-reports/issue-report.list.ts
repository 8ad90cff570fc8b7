import { ADMIN_DEFAULT_SORTS, DEFAULT_PER_PAGE, ISSUE_SEVERITIES, ISSUE_STATUSES } from '@meshport/contract';
import { enumFilter, idFilter, searchFilter } from '#core/list/common-filters.ts';
import type { ListResource } from '#core/list/list-resource.ts';
import {
  reporterFields,
  reporterJoins,
  reporterSearchColumns,
} from '#modules/administration/shared/admin-report-fields.ts';
import { issueReports } from './issue-report.table.ts';

/** Admin → Issue reports of every company (the explicit cross-tenant path). */
export const issueReportList: ListResource = {
  name: 'issue_reports',
  table: issueReports,
  joins: reporterJoins(issueReports.companyId, issueReports.accountId),
  scope: 'system',
  idColumn: issueReports.id,
  fields: {
    id: { select: issueReports.id, sortable: true },
    title: { select: issueReports.title, sortable: true },
    description: { select: issueReports.description },
    status: { select: issueReports.status, sortable: true },
    severity: { select: issueReports.severity, sortable: true },
    products: { select: issueReports.products },
    external_link: { select: issueReports.externalLink },
    ...reporterFields(),
    created_at: { select: issueReports.createdAt, sortable: true },
    updated_at: { select: issueReports.updatedAt, sortable: true },
  },
  filters: {
    search: searchFilter([issueReports.title, issueReports.description, ...reporterSearchColumns]),
    company_id: idFilter(issueReports.companyId),
    severity: enumFilter(issueReports.severity, ISSUE_SEVERITIES),
    status: enumFilter(issueReports.status, ISSUE_STATUSES),
  },
  defaultSort: ADMIN_DEFAULT_SORTS.issues,
  defaultPerPage: DEFAULT_PER_PAGE,
};
