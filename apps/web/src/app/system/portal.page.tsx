import { Anchor, Button, Card, Group, List, Stack, Text, Title } from '@mantine/core';
import { PLATFORMS } from '@meshport/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuth, useCurrentUser } from '@/lib/session/auth.context.ts';
import { useTenant } from '@/lib/session/tenant.context.ts';
import { BrandLogo } from '@/shared/ui/brand-logo.component.tsx';
import { FullPage } from '@/shared/ui/full-page.component.tsx';
import { urlOnHost } from '../session/host.logic.ts';

/** Where users land when the current platform matches none of their licences (shell.md §2). */
export default function PortalPage() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const { logout } = useAuth();
  const tenant = useTenant();
  const [busy, setBusy] = useState(false);
  const licensed = PLATFORMS.filter((platform) => user.licences.includes(platform.license));
  const current = licensed.some((platform) => platform.platformKey === tenant.platform);

  const onLogout = () => {
    setBusy(true);
    logout().catch(() => setBusy(false));
  };

  return (
    <FullPage>
      <BrandLogo height={56} withName />
      <Title order={1}>{t('portal.title')}</Title>
      <Card withBorder padding="lg" w="100%" ta="left">
        <Stack gap="sm">
          <Text>
            {current
              ? t('portal.licensedHere')
              : t('portal.noLicence', { platform: t(`platforms.${tenant.platform}`) })}
          </Text>
          {licensed.length > 0 && tenant.tenant ? (
            <>
              <Text fw={600}>{t('portal.available')}</Text>
              <List>
                {licensed.map((platform) => (
                  <List.Item key={platform.platformKey}>
                    <Anchor
                      href={urlOnHost(
                        window.location,
                        tenant.tenant ?? '',
                        platform.platformKey,
                        tenant.baseDomain,
                        '/',
                      )}
                    >
                      {t(`platforms.${platform.platformKey}`)}
                    </Anchor>
                  </List.Item>
                ))}
              </List>
            </>
          ) : (
            <Text c="dimmed">{t('portal.contactAdmin')}</Text>
          )}
        </Stack>
      </Card>
      <Group>
        <Button variant="default" onClick={onLogout} loading={busy}>
          {t('actions.logout')}
        </Button>
      </Group>
    </FullPage>
  );
}
