import { Button, Tooltip } from '@mantine/core';
import type { ProcessingSubjectKind } from '@meshport/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api/api-client.ts';
import { showBanner } from '../ui/banner.store.ts';
import { ConfirmDialog } from '../ui/confirm-dialog.component.tsx';
import { Icon } from '../ui/icons.component.tsx';
import { canCancel, cancelProcessing, canReprocess, reprocess } from './processing-run.api.ts';

export interface ProcessingRunButtonsProps {
  kind: ProcessingSubjectKind;
  record: { id: number; name: string; status: string };
  /** The page's banner outlet. */
  bannerScope: string;
}

const RESOURCE: Record<ProcessingSubjectKind, string> = { project_model: 'models', library_item: 'items' };

/**
 * Reprocess (FINISHED only, after the warning that the geometry is overwritten) and Cancel
 * processing (while QUEUED or PROCESSING) on a model's or an item's own page, as on the processor.
 */
export function ProcessingRunButtons({ kind, record, bannerScope }: ProcessingRunButtonsProps) {
  const { t } = useTranslation('processor');
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState<'reprocess' | 'cancel' | null>(null);
  const [running, setRunning] = useState(false);

  const run = async (action: 'reprocess' | 'cancel') => {
    setRunning(true);
    try {
      if (action === 'reprocess') await reprocess(kind, record.id);
      else await cancelProcessing(kind, record.id);
      showBanner({
        kind: 'success',
        scope: bannerScope,
        text: action === 'reprocess' ? t('messages.reprocessing') : t('messages.cancelled', { name: record.name }),
      });
      await queryClient.invalidateQueries({ queryKey: [RESOURCE[kind]] });
    } catch (error) {
      const text = error instanceof ApiError && error.body.message ? error.body.message : t('messages.actionFailed');
      showBanner({ kind: 'failure', scope: bannerScope, text });
    } finally {
      setRunning(false);
      setAsking(null);
    }
  };

  const finished = canReprocess(record.status);
  return (
    <>
      {canCancel(record.status) ? (
        <Button
          variant="light"
          color="red"
          leftSection={<Icon name="x" size={16} />}
          onClick={() => setAsking('cancel')}
        >
          {t('actions.cancelProcessing')}
        </Button>
      ) : (
        <Tooltip label={t('tooltips.reprocessFinishedOnly')} disabled={finished}>
          <Button
            variant="default"
            leftSection={<Icon name="refresh" size={16} />}
            data-disabled={!finished || undefined}
            aria-disabled={!finished || undefined}
            onClick={finished ? () => setAsking('reprocess') : (event) => event.preventDefault()}
          >
            {t('actions.reprocess')}
          </Button>
        </Tooltip>
      )}
      <ConfirmDialog
        opened={asking !== null}
        text={
          asking === 'cancel'
            ? t('confirm.cancel', { name: record.name })
            : t('confirm.reprocess', { name: record.name })
        }
        confirmLabel={asking === 'cancel' ? t('actions.cancelProcessing') : t('actions.reprocess')}
        danger={asking === 'cancel'}
        loading={running}
        onCancel={() => setAsking(null)}
        onConfirm={() => void (asking && run(asking))}
      />
    </>
  );
}
