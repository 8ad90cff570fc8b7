import { AppShell, NavLink, ScrollArea, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { paths } from '@/lib/paths/paths.ts';
import { useCurrentUser } from '@/lib/session/auth.context.ts';
import { useTenant } from '@/lib/session/tenant.context.ts';
import { Icon } from '@/shared/ui/icons.component.tsx';
import { LanguageSwitcher } from './language-switcher.component.tsx';
import classes from './layout.module.css';
import { MAIN_ENTRIES, type NavEntry, visibleEntries, visibleGroups } from './navigation.config.ts';
import { TenantSwitcher } from './tenant-switcher.component.tsx';

function isActive(entry: NavEntry, pathname: string): boolean {
  const home = paths.dashboard();
  return entry.path === home ? pathname === home : pathname === entry.path || pathname.startsWith(`${entry.path}/`);
}

/** Tenant switcher, main entries, the Security / Tools / Admin groups and the language switch. */
export function SideNav() {
  const { t } = useTranslation('layout');
  const user = useCurrentUser();
  const { platform } = useTenant();
  const { pathname } = useLocation();
  const viewer = { user, platform };
  const entries = visibleEntries(MAIN_ENTRIES, viewer);
  const groups = visibleGroups(viewer);

  const link = (entry: NavEntry) => (
    <NavLink
      key={entry.path}
      component={Link}
      to={entry.path}
      label={t(entry.label)}
      active={isActive(entry, pathname)}
      aria-current={isActive(entry, pathname) ? 'page' : undefined}
      leftSection={<Icon name={entry.icon} />}
    />
  );

  return (
    <>
      <AppShell.Section p="md">
        <TenantSwitcher />
      </AppShell.Section>
      <AppShell.Section grow component={ScrollArea} px="xs">
        <Stack gap={2} component="nav" aria-label={t('nav.main')}>
          {entries.map(link)}
          {groups.map((group) => (
            <NavLink
              key={group.id}
              component="button"
              type="button"
              label={t(group.label)}
              leftSection={<Icon name={group.icon} />}
              defaultOpened={group.entries.some((entry) => isActive(entry, pathname))}
              childrenOffset={28}
            >
              {group.entries.map(link)}
            </NavLink>
          ))}
        </Stack>
      </AppShell.Section>
      <AppShell.Section p="md" className={classes.navFooter}>
        <LanguageSwitcher />
      </AppShell.Section>
    </>
  );
}
