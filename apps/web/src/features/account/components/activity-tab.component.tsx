import { Alert, Button, Group, Pagination, Stack, Text, Timeline } from '@mantine/core';
import { DEFAULT_PER_PAGE } from '@meshport/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/lib/i18n/format.ts';
import { Icon } from '@/shared/ui/icons.component.tsx';
import { PanelEmpty, SkeletonRows } from '@/shared/ui/query-state.component.tsx';
import { useMyActivity } from '../api/get-my-activity.api.ts';

/** The member's actions, newest first, paged (administration.md §2, §8). */
export function ActivityTab() {
  const { t } = useTranslation('account');
  const [page, setPage] = useState(1);
  const query = useMyActivity(page, DEFAULT_PER_PAGE);
  if (query.isPending) return <SkeletonRows rows={DEFAULT_PER_PAGE} height={32} label={t('activity.loading')} />;
  if (query.isError) {
    return (
      <Alert color="red" variant="light" icon={<Icon name="alert" />} role="alert">
        <Group justify="space-between" gap="sm">
          <Text size="sm">{t('activity.failed')}</Text>
          <Button size="xs" variant="white" color="red" onClick={() => void query.refetch()}>
            {t('activity.retry')}
          </Button>
        </Group>
      </Alert>
    );
  }
  const { data, meta } = query.data;
  if (data.length === 0) return <PanelEmpty>{t('activity.empty')}</PanelEmpty>;
  return (
    <Stack gap="md" aria-busy={query.isFetching}>
      <Timeline active={data.length} bulletSize={14} lineWidth={2} aria-label={t('activity.label')}>
        {data.map((entry) => (
          <Timeline.Item key={entry.id} title={entry.action}>
            <Text size="xs" c="dimmed">
              <time dateTime={entry.datetime}>{formatDateTime(entry.datetime)}</time>
            </Text>
          </Timeline.Item>
        ))}
      </Timeline>
      {meta.last_page > 1 && (
        <Pagination
          total={meta.last_page}
          value={meta.current_page}
          onChange={setPage}
          getControlProps={(control) => ({ 'aria-label': t(`activity.pages.${control}`) })}
          getItemProps={(item) => ({ 'aria-label': t('activity.pages.page', { page: item }) })}
        />
      )}
    </Stack>
  );
}
