import { Title } from '@mantine/core';
import { hasPermission } from '@meshport/contract';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { paths } from '@/lib/paths/paths.ts';
import { useCurrentUser } from '@/lib/session/auth.context.ts';
import { ResourceList } from '@/shared/resource-list/index.ts';
import { useGroup } from '../api/get-group.api.ts';
import { GroupForm } from '../components/group-form.component.tsx';
import { groupsListDeclaration } from '../components/security-lists.declaration.tsx';
import { SecurityEditPage, SecurityListPage, useIdParam } from '../components/security-page.component.tsx';

/** /security/groups (administration.md §2). */
export function GroupsPage() {
  const { t, i18n } = useTranslation('security');
  const user = useCurrentUser();
  const list = useMemo(() => groupsListDeclaration(t, user, i18n.resolvedLanguage), [t, user, i18n.resolvedLanguage]);
  return (
    <SecurityListPage
      title={t('groups.title')}
      newLabel={t('groups.new')}
      newPath={hasPermission(user, 'create-groups') ? paths.security.groups.create() : null}
    >
      <ResourceList list={list} />
    </SecurityListPage>
  );
}

/** /security/groups/create. */
export function GroupCreatePage() {
  const { t } = useTranslation('security');
  return (
    <>
      <Title order={1} mb="lg">
        {t('groups.create')}
      </Title>
      <GroupForm />
    </>
  );
}

/** /security/groups/edit/{id}. */
export function GroupEditPage() {
  const { t } = useTranslation('security');
  const query = useGroup(useIdParam());
  return (
    <SecurityEditPage title={t('groups.edit')} query={query}>
      {(record) => <GroupForm key={record.updated_at} record={record} />}
    </SecurityEditPage>
  );
}
