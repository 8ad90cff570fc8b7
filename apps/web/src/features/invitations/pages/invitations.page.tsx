import { Anchor, Button, Group, Stack, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { urlOnHost } from '../../../app/session/host.logic.ts';
import { paths } from '../../../lib/paths/paths.ts';
import { useAuth } from '../../../lib/session/auth.context.ts';
import { useTenant } from '../../../lib/session/tenant.context.ts';
import { BrandLogo } from '../../../shared/ui/brand-logo.component.tsx';
import { FullPage } from '../../../shared/ui/full-page.component.tsx';
import { PanelEmpty, QueryState, SkeletonRows } from '../../../shared/ui/query-state.component.tsx';
import { useReceivedInvitations } from '../api/received-invitations.api.ts';
import { InvitationCard, JoinedNotice } from '../components/invitation-card.component.tsx';

/**
 * /invitations: the signed-in account's invitations to join companies, on any host (the mailed
 * link opens it on the base domain). `?id=…&token=…` from the mail confirms the address.
 */
export default function InvitationsPage() {
  const { t, i18n } = useTranslation('invitations');
  const [search] = useSearchParams();
  const query = useReceivedInvitations();
  const tenant = useTenant();
  const { logout } = useAuth();
  const [joined, setJoined] = useState<{ name: string; sub_domain: string } | null>(null);
  const linkedId = Number(search.get('id'));
  const linkedToken = search.get('token');

  return (
    <FullPage>
      <BrandLogo height={48} withName />
      <Title order={1}>{t('title')}</Title>
      {joined && (
        <JoinedNotice
          company={joined.name}
          href={urlOnHost(window.location, joined.sub_domain, null, tenant.baseDomain, '/')}
        />
      )}
      <Stack gap="md" w="100%">
        <QueryState
          query={query}
          loading={<SkeletonRows rows={3} height={48} label={t('loading')} />}
          isEmpty={(rows) => rows.length === 0}
          empty={<PanelEmpty>{t('empty')}</PanelEmpty>}
        >
          {(rows) =>
            rows.map((invitation) => (
              <InvitationCard
                key={invitation.id}
                invitation={invitation}
                token={invitation.id === linkedId ? linkedToken : null}
                language={i18n.resolvedLanguage}
                onJoined={setJoined}
              />
            ))
          }
        </QueryState>
      </Stack>
      <Group>
        {tenant.tenant ? (
          <Anchor component={Link} to={paths.dashboard()}>
            {t('back')}
          </Anchor>
        ) : (
          <Button variant="default" onClick={() => void logout().catch(() => undefined)}>
            {t('common:actions.logout')}
          </Button>
        )}
      </Group>
    </FullPage>
  );
}
