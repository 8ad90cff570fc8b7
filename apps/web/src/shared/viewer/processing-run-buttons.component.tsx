import { Button, Modal, Tooltip } from '@mantine/core';
import type { ProcessingSubjectKind } from '@meshport/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api/api-client.ts';
import { showBanner } from '../ui/banner.store.ts';
import { ConfirmDialog } from '../ui/confirm-dialog.component.tsx';
import { Icon } from '../ui/icons.component.tsx';
import { canCancel, cancelProcessing, canReprocess } from './processing-run.api.ts';
import { ReprocessForm, type ReprocessRecord } from './reprocess-form.component.tsx';

export interface ProcessingRunButtonsProps {
  kind: ProcessingSubjectKind;
  record: ReprocessRecord & { status: string };
  /** The page's banner outlet. */
  bannerScope: string;
}

const RESOURCE: Record<ProcessingSubjectKind, string> = { project_model: 'models', library_item: 'items' };

/**
 * Reprocess (FINISHED only: a dialog that warns the geometry is overwritten and offers units and
 * up axis) and Cancel processing (while QUEUED or PROCESSING) on a model's or an item's own page,
 * as on the processor.
 */
export function ProcessingRunButtons({ kind, record, bannerScope }: ProcessingRunButtonsProps) {
  const { t } = useTranslation('processor');
  const { t: tCommon } = useTranslation();
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState<'reprocess' | 'cancel' | null>(null);
  const [running, setRunning] = useState(false);

  const refresh = () => queryClient.invalidateQueries({ queryKey: [RESOURCE[kind]] });

  const reprocessed = () => {
    setAsking(null);
    showBanner({ kind: 'success', scope: bannerScope, text: t('messages.reprocessing') });
    void refresh();
  };

  const cancel = async () => {
    setRunning(true);
    try {
      await cancelProcessing(kind, record.id);
      showBanner({ kind: 'success', scope: bannerScope, text: t('messages.cancelled', { name: record.name }) });
      await refresh();
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
        opened={asking === 'cancel'}
        text={t('confirm.cancel', { name: record.name })}
        confirmLabel={t('actions.cancelProcessing')}
        danger
        loading={running}
        onCancel={() => setAsking(null)}
        onConfirm={() => void cancel()}
      />
      <Modal
        opened={asking === 'reprocess'}
        onClose={() => setAsking(null)}
        title={t('reprocessForm.title', { name: record.name })}
        centered
        size="lg"
        closeButtonProps={{ 'aria-label': tCommon('resourceList.cancel') }}
      >
        <ReprocessForm kind={kind} record={record} onCancel={() => setAsking(null)} onDone={reprocessed} />
      </Modal>
    </>
  );
}
