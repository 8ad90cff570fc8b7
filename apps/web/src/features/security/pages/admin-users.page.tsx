import { Title } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { paths } from '@/lib/paths/paths.ts';
import { useCurrentUser } from '@/lib/session/auth.context.ts';
import { ResourceList } from '@/shared/resource-list/index.ts';
import { useAdminUser } from '../api/get-admin-user.api.ts';
import { AdminUserForm } from '../components/admin-user-form.component.tsx';
import { adminUsersListDeclaration } from '../components/security-lists.declaration.tsx';
import { SecurityEditPage, SecurityListPage, useIdParam } from '../components/security-page.component.tsx';

/** /admin/users (administration.md §2; admins only, by the route guard). */
export function AdminUsersPage() {
  const { t, i18n } = useTranslation('security');
  const user = useCurrentUser();
  const list = useMemo(
    () => adminUsersListDeclaration(t, user, i18n.resolvedLanguage),
    [t, user, i18n.resolvedLanguage],
  );
  return (
    <SecurityListPage
      title={t('adminUsers.title')}
      newLabel={t('users.new')}
      newPath={paths.security.adminUsers.create()}
    >
      <ResourceList list={list} />
    </SecurityListPage>
  );
}

/** /admin/users/create. */
export function AdminUserCreatePage() {
  const { t } = useTranslation('security');
  return (
    <>
      <Title order={1} mb="lg">
        {t('users.create')}
      </Title>
      <AdminUserForm />
    </>
  );
}

/** /admin/users/edit/{id}. */
export function AdminUserEditPage() {
  const { t } = useTranslation('security');
  const query = useAdminUser(useIdParam());
  return (
    <SecurityEditPage title={t('users.edit')} query={query}>
      {(record) => <AdminUserForm key={record.updated_at} record={record} />}
    </SecurityEditPage>
  );
}
