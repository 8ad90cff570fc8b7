import { Anchor, Card, Grid, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { LibraryItem } from '@meshport/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime, formatElapsed } from '@/lib/i18n/format.ts';
import { processingMessage } from '@/lib/i18n/processing-message.ts';
import { paths } from '@/lib/paths/paths.ts';
import { StatusBadge } from '@/shared/resource-list/index.ts';
import { elapsedMs, isRunning } from '@/shared/ui/elapsed.logic.ts';
import { useNow } from '@/shared/ui/use-now.hook.ts';
import {
  GeometryEvents,
  ProcessingDownloads,
  ProcessingFigures,
  type ProcessingRecord,
  RecordViewer,
} from '@/shared/viewer/index.ts';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text component="dt" size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text component="dd" m={0} size="sm">
        {children}
      </Text>
    </div>
  );
}

/** An item's 3D view, status, metadata, libraries, processing figures and events (content.md §3). */
export function ItemDetails({ item }: { item: LibraryItem & ProcessingRecord }) {
  const { t } = useTranslation('libraries');
  const now = useNow(isRunning(item.status) && !item.finished_at);
  const date = (value: string | null) => (value ? formatDateTime(value) : t('fields.notYet'));
  const elapsed = elapsedMs(item.started_at, item.finished_at, now);

  return (
    <Stack gap="lg">
      <Card withBorder radius="lg" padding="lg">
        <Stack gap="md">
          <RecordViewer record={item} />
          <ProcessingDownloads record={item} />
        </Stack>
      </Card>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Stack gap="lg">
            <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="item-details">
              <Title order={2} size="h4" id="item-details" mb="sm">
                {t('overview.details')}
              </Title>
              <Stack component="dl" gap="sm" m={0}>
                <Field label={t('fields.status')}>
                  <StatusBadge label={t(`statuses.${item.status}`)} color={item.status_color} />
                </Field>
                <Field label={t('fields.description')}>{item.description ?? t('fields.noDescription')}</Field>
                <Field label={t('fields.created')}>{date(item.created_at)}</Field>
                <Field label={t('fields.modified')}>{date(item.updated_at)}</Field>
              </Stack>
            </Card>
            <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="item-libraries">
              <Title order={2} size="h4" id="item-libraries" mb="sm">
                {t('overview.libraries')}
              </Title>
              {item.libraries.length === 0 ? (
                <Text size="sm" c="dimmed">
                  {t('fields.noLibraries')}
                </Text>
              ) : (
                <Group gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
                  {item.libraries.map((library) => (
                    <li key={library.id}>
                      <Anchor
                        component={Link}
                        to={paths.libraries.detail(library.id)}
                        state={{ name: library.name }}
                        size="sm"
                        className="touch-target"
                      >
                        {library.name}
                      </Anchor>
                    </li>
                  ))}
                </Group>
              )}
            </Card>
            <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="item-processing">
              <Title order={2} size="h4" id="item-processing" mb="sm">
                {t('overview.processing')}
              </Title>
              <SimpleGrid component="dl" cols={2} spacing="sm" m={0}>
                <Field label={t('fields.uploader')}>{item.uploader_name ?? t('fields.notYet')}</Field>
                <Field label={t('fields.elapsed')}>
                  {elapsed === null ? t('fields.notYet') : formatElapsed(elapsed)}
                </Field>
                <Field label={t('fields.startedAt')}>{date(item.started_at)}</Field>
                <Field label={t('fields.finishedAt')}>{date(item.finished_at)}</Field>
              </SimpleGrid>
              {item.latest_geometry_event.message && (
                <Stack component="dl" gap={0} mt="sm">
                  <Field label={t('fields.latestEvent')}>{processingMessage(t, item.latest_geometry_event)}</Field>
                </Stack>
              )}
            </Card>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Card withBorder radius="lg" padding="lg" h="100%" component="section" aria-labelledby="item-figures">
            <ProcessingFigures figures={item.figures} headingId="item-figures" />
          </Card>
        </Grid.Col>
      </Grid>
      <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="item-events">
        <GeometryEvents kind="library_item" id={item.id} headingId="item-events" />
      </Card>
    </Stack>
  );
}
