import type { ModelUnit, ProcessingSubjectKind, UpAxis } from '@meshport/contract';
import type { TFunction } from 'i18next';
import type { RowActionDeclaration } from '@/shared/resource-list/index.ts';
import { canCancel, cancelProcessing, canReprocess, ReprocessForm } from '@/shared/viewer/index.ts';
import { statusText } from '../logic/processing-status.logic.ts';

interface ProcessedRow {
  id: number;
  name: string;
  status: string | { finished: boolean };
  /** Asked for in the card's fields: the reprocess dialog starts from them. */
  units?: ModelUnit | null;
  up_axis?: UpAxis | null;
}

/**
 * Reprocess (FINISHED only: a dialog that warns the geometry is overwritten and offers units and
 * up axis) and Cancel processing (while QUEUED or PROCESSING) of a model or item card.
 */
export function processingRowActions<R extends ProcessedRow>(
  t: TFunction<'processor'>,
  kind: ProcessingSubjectKind,
  permission: string,
): { reprocess: RowActionDeclaration<R>; cancel: RowActionDeclaration<R> } {
  return {
    reprocess: {
      id: 'reprocess',
      label: t('actions.reprocess'),
      permission,
      disabled: (row) => !canReprocess(statusText(row.status)),
      tooltip: () => t('tooltips.reprocessFinishedOnly'),
      dialogTitle: (row) => t('reprocessForm.title', { name: row.name }),
      dialog: (row, { close, done }) => (
        <ReprocessForm
          kind={kind}
          record={row}
          onCancel={close}
          onDone={() => done({ success: t('messages.reprocessing') })}
        />
      ),
    },
    cancel: {
      id: 'cancel',
      label: t('actions.cancelProcessing'),
      permission,
      color: 'red',
      hidden: (row) => !canCancel(statusText(row.status)),
      confirm: (row) => t('confirm.cancel', { name: row.name }),
      confirmLabel: t('actions.cancelProcessing'),
      danger: true,
      onClick: async (row) => {
        await cancelProcessing(kind, row.id);
        return { success: t('messages.cancelled', { name: row.name }) };
      },
    },
  };
}
