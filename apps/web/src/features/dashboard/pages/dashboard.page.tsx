import { Avatar, Card, Grid, Group, Stack, Text, Title } from '@mantine/core';
import { hasPermission } from '@meshport/contract';
import { useTranslation } from 'react-i18next';
import { formatDate, formatTime } from '@/lib/i18n/format.ts';
import { useCurrentUser } from '@/lib/session/auth.context.ts';
import { initials } from '@/shared/ui/initials.logic.ts';
import { AutodeskWarnings } from '../components/autodesk-warnings.component.tsx';
import { DashboardTiles } from '../components/dashboard-tiles.component.tsx';
import { RecentProjectsSlider } from '../components/recent-projects-slider.component.tsx';
import { RecentProjectsTable } from '../components/recent-projects-table.component.tsx';
import { UpdatesPanel } from '../components/updates-panel.component.tsx';
import { useClock } from '../hooks/use-clock.hook.ts';
import { dayPart } from '../logic/greeting.logic.ts';

function Clock({ now }: { now: Date }) {
  return (
    <Stack gap={0} align="flex-end">
      <Text component="time" dateTime={now.toISOString()} fz={32} fw={600} ff="monospace" aria-live="off">
        {formatTime(now)}
      </Text>
      <Text c="dimmed" size="sm">
        {formatDate(now, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' })}
      </Text>
    </Stack>
  );
}

/**
 * The dashboard (shell.md §2): greeting, name, picture and a live clock; the Autodesk warnings;
 * count tiles, the recent-projects slider and table (each by permission); the Updates panel.
 */
export default function DashboardPage() {
  const { t } = useTranslation('dashboard');
  const user = useCurrentUser();
  const now = useClock();
  const part = dayPart(now.getHours());
  const projects = hasPermission(user, 'view-projects');

  return (
    <Stack gap="lg">
      <Card withBorder radius="lg" padding="xl">
        <Group justify="space-between" align="center" wrap="wrap" gap="lg">
          <Group gap="lg" wrap="nowrap">
            <Avatar src={user.profile_image} alt={user.name} size={72} radius="xl" color="brand">
              {initials(user.name)}
            </Avatar>
            <div>
              <Text c="dimmed" size="sm">
                {t(`greeting.${part}`)}
              </Text>
              <Title order={1} size="h2">
                {user.name}
              </Title>
            </div>
          </Group>
          <Clock now={now} />
        </Group>
      </Card>
      <AutodeskWarnings />
      <DashboardTiles user={user} />
      <Grid gap="lg" align="stretch">
        {projects && (
          <Grid.Col span={{ base: 12, lg: 7 }}>
            <RecentProjectsSlider />
          </Grid.Col>
        )}
        <Grid.Col span={{ base: 12, lg: projects ? 5 : 12 }}>
          <UpdatesPanel />
        </Grid.Col>
      </Grid>
      {projects && <RecentProjectsTable />}
    </Stack>
  );
}
