import { PROCESSING_CHANNEL_KINDS } from '@meshport/contract';
import { getTableName } from 'drizzle-orm';
import type { ProcessingSubject } from '#modules/processing/pipeline/processing-subject.ts';
import { projectModels } from './project-model.table.ts';
import { keepSlotsOfFile } from './project-model-material-slots.service.ts';

/** A project's model as the pipeline processes it (registered in `app/services.ts`). */
export const projectModelProcessing: ProcessingSubject = {
  kind: 'project_model',
  table: getTableName(projectModels),
  channelKind: PROCESSING_CHANNEL_KINDS.project_model,
  resource: 'models',
  folder: 'models',
  cancelledStatus: 'FAILED',
  label: 'model',
  finished: keepSlotsOfFile,
};
