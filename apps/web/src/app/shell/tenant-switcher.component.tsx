import { Avatar, Group, Image, Menu, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useTenant } from '@/lib/session/tenant.context.ts';
import { Icon } from '@/shared/ui/icons.component.tsx';
import { initials } from '@/shared/ui/initials.logic.ts';
import { useCloseOnRouteChange } from '@/shared/ui/use-close-on-route-change.hook.ts';
import { portablePath, urlOnHost } from '../session/host.logic.ts';
import { useCompanies } from './api/get-companies.api.ts';

/** Links to the other companies the user may switch to, on the same path (shell.md §2). */
export function TenantSwitcher() {
  const { t } = useTranslation('layout');
  const tenant = useTenant();
  const location = useLocation();
  const [opened, setOpened] = useState(false);
  useCloseOnRouteChange(() => setOpened(false));
  const companies = useCompanies();

  const name = tenant.company?.name ?? t('common:app.name');
  const current = (
    <Group gap="sm" wrap="nowrap">
      {tenant.company?.logo ? (
        <Image src={tenant.company.logo} alt="" h={32} w={48} fit="contain" />
      ) : (
        <Avatar radius="sm" size="md" color="brand">
          {initials(name)}
        </Avatar>
      )}
      <div style={{ minWidth: 0 }}>
        <Text size="xs" c="dimmed">
          {t('tenant.current')}
        </Text>
        <Text size="sm" fw={600} truncate>
          {name}
        </Text>
      </div>
    </Group>
  );

  const others = (companies.data ?? []).filter((company) => company.sub_domain !== tenant.tenant);
  if (others.length === 0) return current;

  const path = portablePath(location.pathname, location.search);
  return (
    <Menu opened={opened} onChange={setOpened} position="bottom-start" width={240} shadow="md">
      <Menu.Target>
        <UnstyledButton p={4} style={{ borderRadius: 8 }}>
          <Group justify="space-between" wrap="nowrap">
            {current}
            <Icon name="switch" size={16} />
          </Group>
          <VisuallyHidden>{t('tenant.label')}</VisuallyHidden>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('tenant.label')}</Menu.Label>
        {others.map((company) => (
          <Menu.Item
            key={company.id}
            component="a"
            href={urlOnHost(window.location, company.sub_domain, tenant.hostPlatform, tenant.baseDomain, path)}
            leftSection={
              company.logo ? (
                <Image src={company.logo} alt="" h={24} w={36} fit="contain" />
              ) : (
                <Avatar radius="sm" size="sm" color="brand">
                  {initials(company.name)}
                </Avatar>
              )
            }
          >
            {company.name}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
