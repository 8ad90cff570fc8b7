import { Button, Menu } from '@mantine/core';
import { PLATFORMS, type Platform } from '@meshport/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useCurrentUser } from '@/lib/session/auth.context.ts';
import { useTenant } from '@/lib/session/tenant.context.ts';
import { Icon } from '@/shared/ui/icons.component.tsx';
import { useCloseOnRouteChange } from '@/shared/ui/use-close-on-route-change.hook.ts';
import { portablePath, urlOnHost } from '../session/host.logic.ts';
import classes from './layout.module.css';

function Dot({ platform }: { platform: Platform }) {
  return (
    <span className={classes.platformDot} style={{ background: `var(--platform-${platform.platformKey}-primary)` }} />
  );
}

/**
 * Lists the platforms the user is licensed for; switching reloads the same path on the other
 * platform's host, or / for create, edit and processor paths (shell.md §2 Layout).
 */
export function PlatformSwitcher() {
  const { t } = useTranslation('layout');
  const user = useCurrentUser();
  const tenant = useTenant();
  const location = useLocation();
  const [opened, setOpened] = useState(false);
  useCloseOnRouteChange(() => setOpened(false));

  const current = PLATFORMS.find((platform) => platform.platformKey === tenant.platform);
  const licensed = PLATFORMS.filter((platform) => user.licences.includes(platform.license));
  if (!current || !tenant.tenant) return null;

  const target = (platform: Platform) =>
    urlOnHost(
      window.location,
      tenant.tenant ?? '',
      platform.platformKey,
      tenant.baseDomain,
      portablePath(location.pathname, location.search),
    );

  return (
    <Menu opened={opened} onChange={setOpened} position="bottom-start" shadow="md" width={260}>
      <Menu.Target>
        <Button
          variant="subtle"
          color="gray"
          leftSection={<Dot platform={current} />}
          rightSection={<Icon name="chevronDown" size={14} />}
          aria-label={t('platform.switch', { platform: t(`common:platforms.${current.platformKey}`) })}
          visibleFrom="sm"
        >
          {t(`common:platforms.${current.platformKey}`)}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('platform.label')}</Menu.Label>
        {licensed.map((platform) => {
          const active = platform.platformKey === current.platformKey;
          return (
            <Menu.Item
              key={platform.platformKey}
              component="a"
              href={active ? undefined : target(platform)}
              aria-current={active ? 'page' : undefined}
              disabled={active}
              leftSection={<Dot platform={platform} />}
              rightSection={active ? <Icon name="check" size={16} /> : null}
            >
              {t(`common:platforms.${platform.platformKey}`)}
            </Menu.Item>
          );
        })}
      </Menu.Dropdown>
    </Menu>
  );
}
