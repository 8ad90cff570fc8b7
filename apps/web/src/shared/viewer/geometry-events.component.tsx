import { Box, Stack, Text, Title } from '@mantine/core';
import { type GeometryEvent, type ProcessingSubjectKind, STATUS_COLORS } from '@meshport/contract';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatTime } from '@/lib/i18n/format.ts';
import { processingMessage } from '@/lib/i18n/processing-message.ts';
import { ReadOnlyTable, type ResourceColumn, StatusBadge } from '../resource-list/index.ts';
import { PanelEmpty, QueryState, SkeletonRows } from '../ui/query-state.component.tsx';
import { useGeometryEvents } from './geometry-events.api.ts';

const colorOf = (status: string) => STATUS_COLORS[status as keyof typeof STATUS_COLORS] ?? '#868e96';

/** The steps processing went through, oldest first, kept live by `useLiveProcessing`. */
export function GeometryEvents({
  kind,
  id,
  headingId,
}: {
  kind: ProcessingSubjectKind;
  id: number;
  headingId: string;
}) {
  const { t } = useTranslation();
  const query = useGeometryEvents(kind, id);
  // On a narrow screen the status, then the step give way and show under the message.
  const columns = useMemo<ResourceColumn<GeometryEvent>[]>(
    () => [
      {
        id: 'time',
        header: t('viewer.events.time'),
        cell: (event) => (
          <Text
            component="time"
            size="sm"
            c="dimmed"
            dateTime={event.created_at}
            title={formatDateTime(event.created_at, { dateStyle: 'medium', timeStyle: 'medium' })}
            style={{ whiteSpace: 'nowrap' }}
          >
            {formatTime(event.created_at)}
          </Text>
        ),
      },
      {
        id: 'step',
        header: t('viewer.events.step'),
        cell: (event) => <Text size="sm">{t(`viewer.steps.${event.step}`, { defaultValue: event.step })}</Text>,
      },
      {
        id: 'message',
        header: t('viewer.events.message'),
        priority: 1,
        cell: (event) => <Text size="sm">{processingMessage(t, event)}</Text>,
      },
      {
        id: 'status',
        header: t('viewer.events.status'),
        cell: (event) => <StatusBadge label={t(`viewer.status.${event.status}`)} color={colorOf(event.status)} />,
      },
    ],
    [t],
  );

  return (
    <Stack gap="sm">
      <Title order={2} size="h4" id={headingId}>
        {t('viewer.events.title')}
      </Title>
      <QueryState
        query={query}
        loading={<SkeletonRows rows={4} height={24} label={t('viewer.events.loading')} />}
        isEmpty={(events) => events.length === 0}
        empty={<PanelEmpty>{t('viewer.events.none')}</PanelEmpty>}
      >
        {(events) => (
          // Focusable, so that a long list scrolls with the keyboard too.
          <Box mah={420} style={{ overflow: 'auto' }} tabIndex={0} role="group" aria-labelledby={headingId}>
            <ReadOnlyTable rows={events} columns={columns} getRowId={(event) => event.id} labelledBy={headingId} />
          </Box>
        )}
      </QueryState>
    </Stack>
  );
}
