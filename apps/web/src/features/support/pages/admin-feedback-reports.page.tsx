import { Stack, Title } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ResourceList } from '@/shared/resource-list/index.ts';
import { useCompanyChoices } from '../api/get-company-choices.api.ts';
import { useUserChoices } from '../api/get-user-choices.api.ts';
import { feedbackReportsListDeclaration } from '../components/feedback-reports-list.declaration.tsx';

/** /admin/feedback_report (administration.md §2): the feedback of every company, admins only. */
export function AdminFeedbackReportsPage() {
  const { t, i18n } = useTranslation('support');
  const companies = useCompanyChoices();
  const users = useUserChoices();
  const list = useMemo(
    () =>
      feedbackReportsListDeclaration(t, i18n.resolvedLanguage, {
        companies: companies.data ?? [],
        users: users.data ?? [],
      }),
    [t, i18n.resolvedLanguage, companies.data, users.data],
  );
  return (
    <Stack gap="lg">
      <Title order={1}>{t('feedback.listTitle')}</Title>
      <ResourceList list={list} />
    </Stack>
  );
}
