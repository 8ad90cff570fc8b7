import { Stack, Title } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ResourceList } from '@/shared/resource-list/index.ts';
import { useCompanyChoices } from '../api/get-company-choices.api.ts';
import { issueReportsListDeclaration } from '../components/issue-reports-list.declaration.tsx';

/** /admin/issue_report (administration.md §2): the issue reports of every company, admins only. */
export function AdminIssueReportsPage() {
  const { t, i18n } = useTranslation('support');
  const companies = useCompanyChoices();
  const list = useMemo(
    () => issueReportsListDeclaration(t, i18n.resolvedLanguage, companies.data ?? []),
    [t, i18n.resolvedLanguage, companies.data],
  );
  return (
    <Stack gap="lg">
      <Title order={1}>{t('issue.listTitle')}</Title>
      <ResourceList list={list} />
    </Stack>
  );
}
