import { Box, Button, Center, Group, Loader, Stack, Text } from '@mantine/core';
import { type ProcessingFigures, STATUS_COLORS } from '@meshport/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '@/lib/i18n/format.ts';
import { processingMessage, type StoredMessage } from '@/lib/i18n/processing-message.ts';
import { StatusBadge } from '../resource-list/index.ts';
import { Icon } from '../ui/icons.component.tsx';
import { BACKDROP, type FinishChoice, type FinishFrame, STAGE_HEIGHT, Viewer } from './viewer.component.tsx';
import { viewerAvailability } from './viewer.logic.ts';

/** What the viewer needs of a processed model or library item (their rows carry these fields). */
export interface ProcessingRecord {
  id: number;
  name: string;
  status: string;
  preview_image_url: string | null;
  glb_url: string | null;
  original_url: string | null;
  original_file_name: string | null;
  figures: ProcessingFigures | null;
  latest_geometry_event: StoredMessage;
}

const colorOf = (status: string) => STATUS_COLORS[status as keyof typeof STATUS_COLORS] ?? '#868e96';

/**
 * A model's or item's 3D view once processing finished; while it runs, a wait that names the
 * status (the page's live query turns it into the view at FINISHED); after a failure, why not.
 * `finishes` and `onFinishShown` go to the viewer (a finish per material slot, `ViewerProps`).
 */
export function RecordViewer({
  record,
  finishes,
  onFinishShown,
}: {
  record: ProcessingRecord;
  finishes?: FinishChoice;
  onFinishShown?: (frame: FinishFrame) => void;
}) {
  const { t } = useTranslation();
  const availability = viewerAvailability(record.status, record.glb_url);
  if (availability === 'ready' && record.glb_url) {
    return (
      <Viewer
        source={{ kind: 'glb', url: record.glb_url }}
        label={t('viewer.label', { name: record.name })}
        poster={record.preview_image_url}
        arFileName={record.name}
        finishes={finishes}
        onFinishShown={onFinishShown}
      />
    );
  }
  const waiting = availability === 'waiting';
  return (
    <Box
      data-viewer=""
      data-state={waiting ? 'waiting' : 'unavailable'}
      w="100%"
      h={STAGE_HEIGHT}
      style={{ background: BACKDROP, borderRadius: 'var(--mantine-radius-md)' }}
    >
      <Center h="100%" p="lg">
        <Stack align="center" gap="sm" maw={420} ta="center" role="status">
          {waiting ? <Loader size="md" /> : <Icon name="cube" size={40} color="var(--mantine-color-dimmed)" />}
          <Text fw={600}>{waiting ? t('viewer.waiting.title') : t('viewer.unavailable.title')}</Text>
          <StatusBadge label={t(`viewer.status.${record.status}`)} color={colorOf(record.status)} />
          {record.latest_geometry_event.message && (
            <Text size="sm" c="dimmed">
              {processingMessage(t, record.latest_geometry_event)}
            </Text>
          )}
        </Stack>
      </Center>
    </Box>
  );
}

/** Links to the web-ready GLB and to the original upload, each only when there is one; `extra` goes beside them. */
export function ProcessingDownloads({ record, extra }: { record: ProcessingRecord; extra?: ReactNode }) {
  const { t } = useTranslation();
  const size = (bytes: number | undefined) => (bytes === undefined ? '' : ` (${formatBytes(bytes)})`);
  if (!record.glb_url && !record.original_url) return null;
  return (
    <Group gap="sm" wrap="wrap" role="group" aria-label={t('viewer.downloads.title')}>
      {record.glb_url && (
        <Button
          component="a"
          href={record.glb_url}
          download={`${record.name}.glb`}
          variant="light"
          leftSection={<Icon name="download" size={16} />}
        >
          {t('viewer.downloads.glb')}
          {size(record.figures?.glb_bytes)}
        </Button>
      )}
      {extra}
      {record.original_url && (
        <Button
          component="a"
          href={record.original_url}
          download={record.original_file_name ?? true}
          variant="default"
          leftSection={<Icon name="download" size={16} />}
          title={record.original_file_name ?? undefined}
        >
          {t('viewer.downloads.original')}
          {size(record.figures?.original_bytes)}
        </Button>
      )}
    </Group>
  );
}
