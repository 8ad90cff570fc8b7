import { Anchor, Button, Group, Stack, Title } from '@mantine/core';
import { hostFor } from '@meshport/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { paths } from '@/lib/paths/paths.ts';
import { useAuth } from '@/lib/session/auth.context.ts';
import { useTenant } from '@/lib/session/tenant.context.ts';
import { BrandLogo } from '@/shared/ui/brand-logo.component.tsx';
import { FullPage } from '@/shared/ui/full-page.component.tsx';
import { PanelEmpty, QueryState, SkeletonRows } from '@/shared/ui/query-state.component.tsx';
import { useReceivedInvitations } from '../api/received-invitations.api.ts';
import { InvitationCard, JoinedNotice } from '../components/invitation-card.component.tsx';

/** The home page of a company's host, on this page's scheme and port. */
const companyHome = (subDomain: string, baseDomain: string) =>
  `${window.location.protocol}//${hostFor(subDomain, null, baseDomain)}${window.location.port ? `:${window.location.port}` : ''}/`;

/**
 * /invitations: the signed-in account's invitations to join companies, on any host (the mailed
 * link opens it on the base domain). `?id=…&token=…` from the mail confirms the address. A bare
 * page outside the signed-in frame, so it keeps its own server-state cache.
 */
export default function InvitationsPage() {
  const [client] = useState(
    () => new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } }),
  );
  return (
    <QueryClientProvider client={client}>
      <Invitations />
    </QueryClientProvider>
  );
}

function Invitations() {
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
      {joined && <JoinedNotice company={joined.name} href={companyHome(joined.sub_domain, tenant.baseDomain)} />}
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
