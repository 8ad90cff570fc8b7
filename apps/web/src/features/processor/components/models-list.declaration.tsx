import { MODEL_STATUSES, projectModelEndpoints } from '@meshport/contract';
import type { TFunction } from 'i18next';
import { deleteModel } from '@/lib/api/resources/models/delete-model.api.ts';
import { restoreModel } from '@/lib/api/resources/models/restore-model.api.ts';
import { paths } from '@/lib/paths/paths.ts';
import type { ResourceListDeclaration, RowOf } from '@/shared/resource-list/index.ts';
import type { UndoBuilder } from '@/shared/ui/undo-action.hook.ts';
import { statusText } from '../logic/processing-status.logic.ts';
import { FROM_PROCESSOR, PROCESSOR_LIST_DEFAULTS } from '../logic/processor.constants.ts';
import { processingRowActions } from './processing-actions.declaration.tsx';
import { ProcessingDetails } from './processing-details.component.tsx';

export type ModelRow = RowOf<typeof projectModelEndpoints.list>;
type Declaration = ResourceListDeclaration<typeof projectModelEndpoints.list, ModelRow>;

const MODEL_CARD_FIELDS = [
  'id',
  'name',
  'project_id',
  'project_name',
  'status',
  'status_color',
  'preview_image_url',
  'started_at',
  'finished_at',
  'uploader_name',
  'latest_geometry_event.message',
  'latest_geometry_event.message_code',
  'latest_geometry_event.message_params',
  'figures',
  'units',
  'up_axis',
  'created_at',
];

/** The Models tab (content.md §2): Reprocess, Cancel processing, Edit and Delete per card. */
export function modelsListDeclaration(t: TFunction<'processor'>, undo: UndoBuilder): Declaration {
  const { reprocess, cancel } = processingRowActions<ModelRow>(t, 'project_model', 'update-project-models');
  return {
    id: 'processor.models',
    endpoint: projectModelEndpoints.list,
    resource: 'models',
    alsoRefreshes: ['projects'],
    query: { included_fields: MODEL_CARD_FIELDS },
    rowId: (row) => row.id,
    rowLabel: (row) => row.name,
    ...PROCESSOR_LIST_DEFAULTS,
    label: t('lists.models'),
    emptyText: t('empty.models'),
    loadingText: t('loading.models'),
    card: {
      title: (row) => row.name,
      image: (row) => row.preview_image_url,
      status: (row) => {
        const status = statusText(row.status);
        return { label: t(`statuses.${status}`), color: row.status_color };
      },
      subtitle: (row) => row.project_name,
      details: (row) => <ProcessingDetails row={{ ...row, status: statusText(row.status) }} />,
      to: (row) => ({ to: paths.projects.models.overview(row.id), state: FROM_PROCESSOR }),
    },
    filters: [
      {
        name: 'status',
        kind: 'multiselect',
        label: t('filters.status'),
        options: MODEL_STATUSES.map((status) => ({ value: status, label: t(`statuses.${status}`) })),
      },
    ],
    rowActions: [
      reprocess,
      cancel,
      {
        id: 'edit',
        label: t('actions.edit'),
        permission: 'update-project-models',
        to: (row) => ({ to: paths.projects.models.edit(row.id), state: FROM_PROCESSOR }),
      },
      {
        id: 'delete',
        label: t('actions.delete'),
        // The server's rule: deleting a model needs update-project-models.
        permission: 'update-project-models',
        color: 'red',
        danger: true,
        confirm: (row) => t('confirm.deleteModel', { name: row.name }),
        confirmLabel: t('actions.delete'),
        onClick: async (row) => {
          const answer = await deleteModel(row.id);
          return {
            success: t('messages.deleted', { name: answer.model_name, status: t(`deleteStatus.${answer.status}`) }),
            undo: undo([() => restoreModel(row.id)], ['models', 'projects']),
          };
        },
      },
    ],
  };
}
