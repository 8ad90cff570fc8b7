import {
  ActionIcon,
  Box,
  Button,
  Group,
  Indicator,
  Loader,
  Popover,
  SegmentedControl,
  Stack,
  Text,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { useWindowEvent } from '@mantine/hooks';
import type { NotificationItem } from '@meshport/contract';
import { type ReactNode, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/lib/i18n/format.ts';
import { useRealtime } from '@/lib/realtime/realtime.context.tsx';
import { Icon } from '@/shared/ui/icons.component.tsx';
import { PanelError } from '@/shared/ui/query-state.component.tsx';
import { useCloseOnRouteChange } from '@/shared/ui/use-close-on-route-change.hook.ts';
import { useNotifications } from '../hooks/use-notifications.hook.ts';
import { badgeText, isNearBottom } from '../logic/notifications.logic.ts';
import classes from './notifications.module.css';

function NotificationEntry({
  item,
  expanded,
  onToggle,
}: {
  item: NotificationItem;
  expanded: boolean;
  onToggle: () => void;
}) {
  const { t } = useTranslation('notifications');
  const textId = useId();
  return (
    <li className={classes.entry} data-read={item.read || undefined}>
      <UnstyledButton
        className={classes.entryButton}
        aria-expanded={expanded}
        aria-controls={expanded ? textId : undefined}
        onClick={onToggle}
      >
        <span className={classes.dot} data-read={item.read || undefined} aria-hidden="true" />
        <span className={classes.entryHead}>
          <Text component="span" size="sm" fw={item.read ? 500 : 700} lineClamp={expanded ? undefined : 1}>
            {item.title}
          </Text>
          <Text component="time" dateTime={item.date} size="xs" c="dimmed">
            {formatDateTime(item.date) || item.date}
          </Text>
          <VisuallyHidden>{item.read ? t('read') : t('unread')}</VisuallyHidden>
        </span>
        <Icon name="chevronDown" size={16} className={classes.chevron} data-expanded={expanded || undefined} />
      </UnstyledButton>
      {expanded && (
        <Text id={textId} size="sm" className={classes.entryText}>
          {item.text}
        </Text>
      )}
    </li>
  );
}

/** The top-bar bell (shell.md §2 Notifications): unread badge, list, toggle, mark all read. */
export function NotificationBell() {
  const { t } = useTranslation('notifications');
  const [opened, setOpened] = useState(false);
  const [expandedId, setExpandedId] = useState<number | null>(null);
  const notifications = useNotifications();
  const realtime = useRealtime();
  const headingId = useId();
  const close = () => {
    setOpened(false);
    setExpandedId(null);
    notifications.reset();
  };
  useCloseOnRouteChange(close);
  const dropdownRef = useRef<HTMLDivElement>(null);
  // Escape closes the bell even when focus fell out of it (a button that just became disabled).
  useWindowEvent('keydown', (event) => {
    if (opened && event.key === 'Escape') close();
  });

  const { query, items, unread } = notifications;
  const toggle = (item: NotificationItem) => {
    setExpandedId((current) => (current === item.id ? null : item.id));
    notifications.markRead(item);
  };

  let body: ReactNode;
  if (query.isPending) {
    body = (
      <Group gap="xs" justify="center" py="lg" role="status">
        <Loader size="sm" aria-hidden="true" />
        <Text size="sm" c="dimmed">
          {t('loading')}
        </Text>
      </Group>
    );
  } else if (query.isError) {
    body = <PanelError error={query.error} onRetry={() => void query.refetch()} />;
  } else if (items.length === 0) {
    body = (
      <Text size="sm" c="dimmed" ta="center" py="lg">
        {notifications.withRead ? t('emptyAll') : t('emptyUnread')}
      </Text>
    );
  } else {
    body = (
      <Box
        className={classes.scroller}
        onScroll={(event) => {
          if (isNearBottom(event.currentTarget)) notifications.loadMore();
        }}
      >
        <ul className={classes.list} aria-labelledby={headingId}>
          {items.map((item) => (
            <NotificationEntry
              key={item.id}
              item={item}
              expanded={expandedId === item.id}
              onToggle={() => toggle(item)}
            />
          ))}
        </ul>
        {notifications.canLoadMore && (
          <Group justify="center" py="xs">
            <Button
              variant="subtle"
              size="xs"
              onClick={notifications.loadMore}
              loading={notifications.loadingMore}
              aria-label={t('loadMore')}
            >
              {t('loadMore')}
            </Button>
          </Group>
        )}
      </Box>
    );
  }

  return (
    <Popover
      opened={opened}
      onChange={(value) => (value ? setOpened(true) : close())}
      position="bottom-end"
      width={380}
      shadow="md"
      trapFocus
      returnFocus
    >
      <Indicator
        label={badgeText(unread)}
        size={18}
        offset={6}
        color="red.9"
        disabled={unread === 0}
        zIndex={2}
        className={classes.indicator}
      >
        <Popover.Target>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            radius="xl"
            onClick={() => (opened ? close() : setOpened(true))}
            aria-label={unread > 0 ? t('openWithUnread', { count: unread }) : t('open')}
          >
            <Icon name="bell" size={22} />
          </ActionIcon>
        </Popover.Target>
      </Indicator>
      <Popover.Dropdown aria-labelledby={headingId} p={0} ref={dropdownRef}>
        <Stack gap={0}>
          <Group justify="space-between" px="md" pt="sm" pb="xs" gap="xs">
            <Text id={headingId} component="h2" fw={700} size="md">
              {t('title')}
            </Text>
            <Button
              size="compact-xs"
              variant="subtle"
              onClick={() => {
                // The button disables itself: keep the keyboard focus inside the dialog.
                dropdownRef.current?.focus();
                notifications.markAllRead();
              }}
              disabled={unread === 0}
              loading={notifications.markingAll}
            >
              {t('markAllRead')}
            </Button>
          </Group>
          <Box px="md" pb="xs">
            <SegmentedControl
              fullWidth
              size="xs"
              aria-label={t('filterLabel')}
              value={notifications.withRead ? 'all' : 'unread'}
              onChange={(value) => notifications.setWithRead(value === 'all')}
              data={[
                { value: 'unread', label: t('unreadOnly') },
                { value: 'all', label: t('all') },
              ]}
            />
          </Box>
          {notifications.actionError && (
            <Text size="xs" c="red.8" px="md" role="alert">
              {t('actionFailed')}
            </Text>
          )}
          <Box className={classes.body}>{body}</Box>
          {(realtime.state === 'failed' || realtime.state === 'unavailable') && (
            <Group justify="space-between" px="md" py={6} className={classes.footer} gap="xs" wrap="nowrap">
              <Text size="xs" c="dimmed">
                {realtime.state === 'failed' ? t('live.failed') : t('live.unavailable')}
              </Text>
              <Button size="compact-xs" variant="subtle" onClick={realtime.retry}>
                {t('live.retry')}
              </Button>
            </Group>
          )}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
