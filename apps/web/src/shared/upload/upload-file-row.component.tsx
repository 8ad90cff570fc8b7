import { Button, Group, Paper, Progress, Stack, Text, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '@/lib/i18n/format.ts';
import { Icon } from '../ui/icons.component.tsx';
import classes from './upload.module.css';
import type { UploadEntry } from './upload-entries.logic.ts';
import { formatSpeed, percentOf, timeLeft } from './upload-progress.logic.ts';

interface UploadFileRowProps {
  entry: UploadEntry;
  image: boolean;
  disabled?: boolean;
  onPause: () => void;
  onResume: () => void;
  onCancel: () => void;
  onRetry: () => void;
}

function StatusLine({ entry, percent }: { entry: UploadEntry; percent: number }) {
  const { t } = useTranslation();
  if (entry.status === 'done') return <>{t('upload.done')}</>;
  if (entry.status === 'failed') return <>{t('upload.failedAt', { percent })}</>;
  if (entry.status === 'paused') return <>{t('upload.pausedAt', { percent })}</>;
  if (entry.status === 'waiting' && entry.bytes === 0) return <>{t('upload.waiting')}</>;
  const left = timeLeft(entry.size - entry.bytes, entry.speed);
  const parts = [t('upload.percent', { percent })];
  if (entry.speed !== null) parts.push(formatSpeed(entry.speed));
  if (left) parts.push(t(`upload.timeLeft.${left.unit}`, { count: left.count }));
  return <>{parts.join(' · ')}</>;
}

/** One file of an upload field: name, size, progress, speed, time left, and its buttons. */
export function UploadFileRow({ entry, image, disabled, onPause, onResume, onCancel, onRetry }: UploadFileRowProps) {
  const { t } = useTranslation();
  const percent = percentOf(entry.bytes, entry.size);
  const sending = entry.status === 'waiting' || entry.status === 'uploading';
  const running = sending || entry.status === 'paused';
  const color = entry.status === 'failed' ? 'red' : entry.status === 'done' ? 'teal' : undefined;
  return (
    <Paper withBorder radius="md" p="sm" className={classes.row} data-status={entry.status}>
      <Group wrap="nowrap" align="flex-start" gap="sm">
        <div className={classes.thumb} aria-hidden="true">
          {image && entry.thumbnailUrl ? (
            <img src={entry.thumbnailUrl} alt="" width={48} height={48} />
          ) : (
            <Icon name={image ? 'photo' : 'cube'} size={22} />
          )}
        </div>
        <Stack gap={6} className={classes.rowBody}>
          <Group justify="space-between" wrap="nowrap" gap="sm">
            <Text size="sm" fw={500} truncate="end" title={entry.name}>
              {entry.name}
            </Text>
            <Text size="xs" c="dimmed" className={classes.nowrap}>
              {formatBytes(entry.size)}
            </Text>
          </Group>
          {entry.status !== 'done' && (
            <Progress.Root size="sm" radius="xl">
              <Progress.Section
                value={percent}
                color={color}
                striped={sending}
                animated={entry.status === 'uploading'}
                aria-label={t('upload.progressLabel', { name: entry.name })}
              />
            </Progress.Root>
          )}
          <Group justify="space-between" wrap="wrap" gap="xs">
            <Text size="xs" c={entry.status === 'done' ? 'teal.9' : 'dimmed'} className={classes.status}>
              <StatusLine entry={entry} percent={percent} />
            </Text>
            <Group gap={4} wrap="nowrap">
              {entry.status === 'uploading' && (
                <Button
                  size="compact-xs"
                  variant="subtle"
                  onClick={onPause}
                  aria-label={t('upload.pauseFile', { name: entry.name })}
                >
                  {t('upload.pause')}
                </Button>
              )}
              {entry.status === 'paused' && (
                <Button
                  size="compact-xs"
                  variant="subtle"
                  onClick={onResume}
                  aria-label={t('upload.resumeFile', { name: entry.name })}
                >
                  {t('upload.resume')}
                </Button>
              )}
              {entry.status === 'failed' && entry.retryable && (
                <Button
                  size="compact-xs"
                  variant="subtle"
                  onClick={onRetry}
                  aria-label={t('upload.retryFile', { name: entry.name })}
                >
                  {t('upload.retry')}
                </Button>
              )}
              <Button
                size="compact-xs"
                variant="subtle"
                color="red"
                disabled={disabled && !running}
                onClick={onCancel}
                aria-label={t(running ? 'upload.cancelFile' : 'upload.removeFile', { name: entry.name })}
              >
                {running ? t('upload.cancel') : t('upload.remove')}
              </Button>
            </Group>
          </Group>
          <VisuallyHidden aria-live="polite">
            {entry.status === 'done'
              ? t('upload.announceDone', { name: entry.name })
              : entry.status === 'paused'
                ? `${entry.name}: ${t('upload.pausedAt', { percent })}`
                : ''}
          </VisuallyHidden>
          {entry.error && (
            <Text size="xs" c="red.8" role="alert">
              {entry.error}
            </Text>
          )}
        </Stack>
      </Group>
    </Paper>
  );
}
