import { Burger, Group, Text, VisuallyHidden } from '@mantine/core';
import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { NotificationBell } from '@/features/notifications/components/notification-bell.component.tsx';
import { SearchField } from '@/features/search/components/search-field.component.tsx';
import { paths } from '@/lib/paths/paths.ts';
import { useTenant } from '@/lib/session/tenant.context.ts';
import { BrandLogo } from '@/shared/ui/brand-logo.component.tsx';
import { AvatarMenu } from './avatar-menu.component.tsx';
import classes from './layout.module.css';
import { PlatformSwitcher } from './platform-switcher.component.tsx';

interface TopBarProps {
  navOpened: boolean;
  onToggleNav: () => void;
  toggleRef: Ref<HTMLButtonElement>;
  onLogoutError: (message: string) => void;
}

export function TopBar({ navOpened, onToggleNav, toggleRef, onLogoutError }: TopBarProps) {
  const { t } = useTranslation('layout');
  const { company } = useTenant();
  const name = company?.name ?? t('common:app.name');
  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap" gap="md">
      <Group gap="sm" wrap="nowrap" miw={0}>
        <Burger
          ref={toggleRef}
          opened={navOpened}
          onClick={onToggleNav}
          size="sm"
          aria-label={t('toggleMenu')}
          aria-controls="app-navbar"
          aria-expanded={navOpened}
        />
        <Link to={paths.dashboard()} className={classes.homeLink}>
          <BrandLogo height={32} />
          {/* A tenant's logo shows its name already (Acme's reads "Acme Kitchens"): the name is then for screen readers only. */}
          {company?.logo ? (
            <VisuallyHidden>{name}</VisuallyHidden>
          ) : (
            <Text fw={700} component="span" truncate="end" title={name} className={classes.companyName}>
              {name}
            </Text>
          )}
        </Link>
        <PlatformSwitcher />
      </Group>
      <Group gap="xs" wrap="nowrap">
        <SearchField />
        <NotificationBell />
        <AvatarMenu onLogoutError={onLogoutError} />
      </Group>
    </Group>
  );
}
