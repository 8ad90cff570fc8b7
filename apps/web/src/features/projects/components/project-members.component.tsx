import { Avatar, Text, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { initials } from '@/shared/ui/initials.logic.ts';

const SHOWN = 3;

/** A project's members as stacked initials (names on hover and for screen readers). */
export function ProjectMembers({ users }: { users: readonly { id: number; name: string }[] }) {
  const { t } = useTranslation('projects');
  if (users.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t('members.none')}
      </Text>
    );
  }
  const names = users.map((user) => user.name).join(', ');
  return (
    <Tooltip label={names} withArrow multiline maw={280}>
      <Avatar.Group spacing={6} role="img" aria-label={t('members.summary', { count: users.length, names })}>
        {users.slice(0, SHOWN).map((user) => (
          <Avatar key={user.id} size="sm" radius="xl" color="brand" aria-hidden="true">
            {initials(user.name)}
          </Avatar>
        ))}
        {users.length > SHOWN && (
          <Avatar size="sm" radius="xl" aria-hidden="true">
            +{users.length - SHOWN}
          </Avatar>
        )}
      </Avatar.Group>
    </Tooltip>
  );
}
