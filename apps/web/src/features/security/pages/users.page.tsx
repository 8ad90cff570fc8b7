import { Stack, Title } from '@mantine/core';
import { hasPermission } from '@meshport/contract';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { paths } from '@/lib/paths/paths.ts';
import { useCurrentUser } from '@/lib/session/auth.context.ts';
import { ResourceList } from '@/shared/resource-list/index.ts';
import { useUser } from '../api/get-user.api.ts';
import { invitationsListDeclaration } from '../components/invitations-list.declaration.tsx';
import { usersListDeclaration } from '../components/security-lists.declaration.tsx';
import { SecurityEditPage, SecurityListPage, useIdParam } from '../components/security-page.component.tsx';
import { UserForm } from '../components/user-form.component.tsx';

/** /security/users (administration.md §2). */
export function UsersPage() {
  const { t, i18n } = useTranslation('security');
  const user = useCurrentUser();
  const list = useMemo(() => usersListDeclaration(t, user, i18n.resolvedLanguage), [t, user, i18n.resolvedLanguage]);
  const invitations = useMemo(() => invitationsListDeclaration(t, i18n.resolvedLanguage), [t, i18n.resolvedLanguage]);
  // Invitations of existing accounts: seen by who may list, change or add users.
  const showInvitations = hasPermission(user, 'view-system-users|update-users|create-users');
  return (
    <SecurityListPage
      title={t('users.title')}
      newLabel={t('users.new')}
      newPath={hasPermission(user, 'create-users') ? paths.security.users.create() : null}
    >
      <Stack gap="xl">
        <ResourceList list={list} />
        {showInvitations && (
          <Stack gap="sm">
            <Title order={2} size="h3">
              {t('invitations.title')}
            </Title>
            <ResourceList list={invitations} />
          </Stack>
        )}
      </Stack>
    </SecurityListPage>
  );
}

/** /security/users/create. */
export function UserCreatePage() {
  const { t } = useTranslation('security');
  return (
    <>
      <Title order={1} mb="lg">
        {t('users.create')}
      </Title>
      <UserForm />
    </>
  );
}

/** /security/users/edit/{id}. */
export function UserEditPage() {
  const { t } = useTranslation('security');
  const query = useUser(useIdParam());
  return (
    <SecurityEditPage title={t('users.edit')} query={query}>
      {(record) => <UserForm key={record.updated_at} record={record} />}
    </SecurityEditPage>
  );
}
