import { Avatar, Menu, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError } from '@/lib/api/api-client.ts';
import { useAuth, useCurrentUser } from '@/lib/session/auth.context.ts';
import { useTenant } from '@/lib/session/tenant.context.ts';
import { Icon } from '@/shared/ui/icons.component.tsx';
import { initials } from '@/shared/ui/initials.logic.ts';
import { useCloseOnRouteChange } from '@/shared/ui/use-close-on-route-change.hook.ts';
import classes from './layout.module.css';
import { ACCOUNT_ENTRIES, visibleEntries } from './navigation.config.ts';

/** Account entries, then logout (shows '...' while running) and logout everywhere. */
export function AvatarMenu({ onLogoutError }: { onLogoutError: (message: string) => void }) {
  const { t } = useTranslation('layout');
  const user = useCurrentUser();
  const { logout } = useAuth();
  const { platform } = useTenant();
  const [opened, setOpened] = useState(false);
  const [running, setRunning] = useState<'one' | 'all' | null>(null);
  useCloseOnRouteChange(() => setOpened(false));

  const entries = visibleEntries(ACCOUNT_ENTRIES, { user, platform });

  const run = (all: boolean) => {
    if (running) return;
    setRunning(all ? 'all' : 'one');
    logout({ all }).catch((error: unknown) => {
      setRunning(null);
      setOpened(false);
      let message = t('avatar.logoutFailed');
      if (error instanceof ApiError) {
        message = error.isNetworkError ? t('common:errors.noResponse') : (error.body.message ?? message);
      }
      onLogoutError(message);
    });
  };

  return (
    <Menu opened={opened} onChange={setOpened} position="bottom-end" shadow="md" width={240}>
      <Menu.Target>
        <UnstyledButton className={classes.avatarButton}>
          <Avatar src={user.profile_image} alt="" color="brand" radius="xl" aria-hidden="true">
            {initials(user.name)}
          </Avatar>
          <VisuallyHidden>{t('avatar.open', { name: user.name })}</VisuallyHidden>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>
          <Text size="sm" fw={600} c="dark" truncate>
            {user.name}
          </Text>
          <Text size="xs" c="dimmed" truncate>
            {user.email}
          </Text>
        </Menu.Label>
        {entries.length > 0 && <Menu.Divider />}
        {entries.map((entry) => (
          <Menu.Item
            key={entry.path}
            component={Link}
            to={entry.path}
            leftSection={<Icon name={entry.icon} size={16} />}
          >
            {t(entry.label)}
          </Menu.Item>
        ))}
        <Menu.Divider />
        <Menu.Item
          closeMenuOnClick={false}
          onClick={() => run(false)}
          leftSection={<Icon name="logout" size={16} />}
          aria-busy={running === 'one'}
        >
          {running === 'one' ? t('avatar.running') : t('avatar.logout')}
        </Menu.Item>
        <Menu.Item
          closeMenuOnClick={false}
          onClick={() => run(true)}
          leftSection={<Icon name="devices" size={16} />}
          aria-busy={running === 'all'}
        >
          {running === 'all' ? t('avatar.running') : t('avatar.logoutAll')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
