import { Title } from '@mantine/core';
import { hasPermission } from '@meshport/contract';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { paths } from '@/lib/paths/paths.ts';
import { useCurrentUser } from '@/lib/session/auth.context.ts';
import { ResourceList } from '@/shared/resource-list/index.ts';
import { useRole } from '../api/get-role.api.ts';
import { RoleForm } from '../components/role-form.component.tsx';
import { rolesListDeclaration } from '../components/security-lists.declaration.tsx';
import { SecurityEditPage, SecurityListPage, useIdParam } from '../components/security-page.component.tsx';

/** /security/roles (administration.md §2). */
export function RolesPage() {
  const { t, i18n } = useTranslation('security');
  const user = useCurrentUser();
  const list = useMemo(() => rolesListDeclaration(t, user, i18n.resolvedLanguage), [t, user, i18n.resolvedLanguage]);
  return (
    <SecurityListPage
      title={t('roles.title')}
      newLabel={t('roles.new')}
      newPath={hasPermission(user, 'create-roles') ? paths.security.roles.create() : null}
    >
      <ResourceList list={list} />
    </SecurityListPage>
  );
}

/** /security/roles/create. */
export function RoleCreatePage() {
  const { t } = useTranslation('security');
  return (
    <>
      <Title order={1} mb="lg">
        {t('roles.create')}
      </Title>
      <RoleForm />
    </>
  );
}

/** /security/roles/edit/{id}. */
export function RoleEditPage() {
  const { t } = useTranslation('security');
  const query = useRole(useIdParam());
  return (
    <SecurityEditPage title={t('roles.edit')} query={query}>
      {(record) => <RoleForm key={record.updated_at} record={record} />}
    </SecurityEditPage>
  );
}
