import { Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatDimensions, formatElapsed } from '@/lib/i18n/format.ts';
import { processingMessage, type StoredMessage } from '@/lib/i18n/processing-message.ts';
import { isRunning } from '@/shared/ui/elapsed.logic.ts';
import { useNow } from '@/shared/ui/use-now.hook.ts';
import { cardElapsed, showsMessage } from '../logic/processing-status.logic.ts';

export interface ProcessingRow {
  status: string;
  started_at: string | null;
  finished_at: string | null;
  uploader_name: string | null;
  latest_geometry_event: StoredMessage;
  /** The real size once processed (absent on records processed before it was measured). */
  figures?: { dimensions_m?: { width: number; depth: number; height: number } | null } | null;
}

/** A label and its value on one line while both fit; a long value moves under its label, cut only after two lines. */
function Line({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <Group gap={6} wrap="wrap" justify="space-between" style={{ rowGap: 0 }}>
      <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
        {label}
      </Text>
      <Text
        size="xs"
        ta="right"
        lineClamp={2}
        title={value}
        data-testid={testId}
        style={{ marginInlineStart: 'auto', overflowWrap: 'anywhere' }}
      >
        {value}
      </Text>
    </Group>
  );
}

/**
 * Under a model or item card's title (content.md §2): elapsed time (a running clock while on its
 * way), finished-at and uploader; while processing the latest event message, and why a run ended.
 */
export function ProcessingDetails({ row }: { row: ProcessingRow }) {
  const { t } = useTranslation('processor');
  const now = useNow(isRunning(row.status) && row.started_at !== null && row.finished_at === null);
  const elapsed = cardElapsed(row, now);
  const message = showsMessage(row.status) ? processingMessage(t, row.latest_geometry_event) : null;
  const finished = row.finished_at ? formatDateTime(row.finished_at) : t('card.notYet');
  return (
    <>
      <Line
        label={t('card.elapsed')}
        testId="elapsed"
        value={row.started_at === null ? t('card.notStarted') : elapsed === null ? '—' : formatElapsed(elapsed)}
      />
      <Line label={t('card.finishedAt')} value={finished} testId="finished-at" />
      <Line label={t('card.uploader')} value={row.uploader_name ?? t('card.unknown')} />
      {row.figures?.dimensions_m && (
        <Line
          label={t('card.dimensions')}
          value={formatDimensions(row.figures.dimensions_m)}
          testId="card-dimensions"
        />
      )}
      {message && (
        <Text
          size="xs"
          c={row.status === 'PROCESSING' ? 'dimmed' : 'red.8'}
          lineClamp={3}
          title={message}
          data-testid="latest-event"
        >
          {message}
        </Text>
      )}
    </>
  );
}
