import { Anchor, Card, Group, Image, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { LibraryItem } from '@meshport/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths/paths.ts';
import { StatusBadge } from '../../../shared/resource-list/index.ts';
import { Icon } from '../../../shared/ui/icons.component.tsx';
import { useNow } from '../hooks/use-now.hook.ts';
import { elapsedMs, formatElapsed, isRunning } from '../logic/elapsed.logic.ts';

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

/** An item's preview, status, metadata, libraries and processing (content.md §3). */
export function ItemDetails({ item }: { item: LibraryItem }) {
  const { t, i18n } = useTranslation('libraries');
  const now = useNow(isRunning(item.status) && !item.finished_at);
  const date = (value: string | null) =>
    value
      ? new Date(value).toLocaleString(i18n.resolvedLanguage, { dateStyle: 'medium', timeStyle: 'short' })
      : t('fields.notYet');
  const elapsed = elapsedMs(item.started_at, item.finished_at, now);

  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
      <Card withBorder radius="lg" padding="lg" style={{ alignSelf: 'start' }}>
        {item.preview_image_url ? (
          <Image
            src={item.preview_image_url}
            alt={t('item.preview', { name: item.name })}
            radius="md"
            fit="contain"
            mah={360}
          />
        ) : (
          <Stack align="center" justify="center" mih={240} c="dimmed" gap="xs">
            <Icon name="cube" size={48} />
            <Text size="sm">{t('item.noPreview')}</Text>
          </Stack>
        )}
      </Card>
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
            <Field label={t('fields.elapsed')}>{elapsed === null ? t('fields.notYet') : formatElapsed(elapsed)}</Field>
            <Field label={t('fields.startedAt')}>{date(item.started_at)}</Field>
            <Field label={t('fields.finishedAt')}>{date(item.finished_at)}</Field>
          </SimpleGrid>
          {item.latest_geometry_event.message && (
            <Stack component="dl" gap={0} mt="sm">
              <Field label={t('fields.latestEvent')}>{item.latest_geometry_event.message}</Field>
            </Stack>
          )}
        </Card>
      </Stack>
    </SimpleGrid>
  );
}
