import { Button, Group, Stack, Title } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/lib/paths/paths.ts';
import { useCurrentUser } from '@/lib/session/auth.context.ts';
import { ResourceList } from '@/shared/resource-list/index.ts';
import { faqListDeclaration } from '../components/faq-list.declaration.tsx';
import { EditingStore } from '../logic/editing.store.ts';

/** /faq: 'Frequently Asked Questions', the categories; 'New FAQ' and the category menus for admins. */
export function FaqPage() {
  const { t, i18n } = useTranslation('support');
  const admin = useCurrentUser().admin;
  const editing = useMemo(() => new EditingStore(), []);
  const list = useMemo(
    () => faqListDeclaration(t, i18n.resolvedLanguage, admin, editing),
    [t, i18n.resolvedLanguage, admin, editing],
  );
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="center" wrap="wrap" gap="md">
        <Title order={1}>{t('faq.title')}</Title>
        {admin && (
          <Button component={Link} to={paths.support.faq.create()}>
            {t('faq.new')}
          </Button>
        )}
      </Group>
      <ResourceList list={list} />
    </Stack>
  );
}
