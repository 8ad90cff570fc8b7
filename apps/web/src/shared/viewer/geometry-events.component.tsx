import { Box, Stack, Table, Text, Title } from '@mantine/core';
import { type ProcessingSubjectKind, STATUS_COLORS } from '@meshport/contract';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatTime } from '@/lib/i18n/format.ts';
import { processingMessage } from '@/lib/i18n/processing-message.ts';
import { StatusBadge } from '../resource-list/index.ts';
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
            <Table verticalSpacing={6} horizontalSpacing="sm" fz="sm" stickyHeader aria-labelledby={headingId}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('viewer.events.time')}</Table.Th>
                  <Table.Th>{t('viewer.events.step')}</Table.Th>
                  <Table.Th>{t('viewer.events.message')}</Table.Th>
                  <Table.Th>{t('viewer.events.status')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {events.map((event) => (
                  <Table.Tr key={event.id}>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      <Text
                        component="time"
                        size="sm"
                        c="dimmed"
                        dateTime={event.created_at}
                        title={formatDateTime(event.created_at, { dateStyle: 'medium', timeStyle: 'medium' })}
                      >
                        {formatTime(event.created_at)}
                      </Text>
                    </Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      {t(`viewer.steps.${event.step}`, { defaultValue: event.step })}
                    </Table.Td>
                    <Table.Td>{processingMessage(t, event)}</Table.Td>
                    <Table.Td>
                      <StatusBadge label={t(`viewer.status.${event.status}`)} color={colorOf(event.status)} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Box>
        )}
      </QueryState>
    </Stack>
  );
}
