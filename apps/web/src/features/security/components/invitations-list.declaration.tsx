import { Badge } from '@mantine/core';
import { ADMIN_DEFAULT_SORTS, DEFAULT_PER_PAGE, invitationEndpoints } from '@meshport/contract';
import type { TFunction } from 'i18next';
import { formatDateTime } from '@/lib/i18n/format.ts';
import type { ResourceListDeclaration, RowOf } from '@/shared/resource-list/index.ts';
import { SHORT_BANNER_LIFE_MS } from '@/shared/ui/banner.store.ts';
import { withdrawInvitation } from '../api/withdraw-invitation.api.ts';
import { roleAndLicenceColumns } from './security-lists.declaration.tsx';

type InvitationRow = RowOf<typeof invitationEndpoints.list>;

/**
 * Security → Users, invitations sent to existing accounts: only the address typed, the role and
 * licences chosen and the status (the account's details appear once it accepts).
 */
export function invitationsListDeclaration(
  t: TFunction<'security'>,
  language: string | undefined,
): ResourceListDeclaration<typeof invitationEndpoints.list, InvitationRow> {
  return {
    id: 'security-invitations',
    endpoint: invitationEndpoints.list,
    resource: 'users',
    views: ['table'],
    perPage: DEFAULT_PER_PAGE,
    defaultSort: ADMIN_DEFAULT_SORTS.list,
    emptyText: t('invitations.empty'),
    bannerLife: SHORT_BANNER_LIFE_MS,
    selectable: false,
    rowId: (row) => row.id,
    rowLabel: (row) => row.email,
    label: t('invitations.title'),
    loadingText: t('invitations.loading'),
    columns: [
      { id: 'email', header: t('columns.email'), cell: (row) => row.email, sortField: 'email' },
      {
        id: 'status',
        header: t('invitations.status'),
        cell: (row) => (
          <Badge variant="light" color={row.status === 'invited' ? 'brand' : 'gray'}>
            {t(`invitations.statuses.${row.status}`)}
          </Badge>
        ),
      },
      ...roleAndLicenceColumns<InvitationRow>(t),
      {
        id: 'expires_at',
        header: t('invitations.expires'),
        cell: (row) => formatDateTime(row.expires_at, { locale: language }),
        sortField: 'expires_at',
      },
    ],
    rowActions: [
      {
        id: 'withdraw',
        label: t('invitations.withdraw'),
        permission: 'create-users|delete-users',
        danger: true,
        color: 'red',
        confirmLabel: t('invitations.withdraw'),
        confirm: () => t('invitations.confirmWithdraw'),
        onClick: async (row) => ({
          success: t('invitations.withdrawn', { email: (await withdrawInvitation(row.id)).email }),
        }),
      },
    ],
  };
}
