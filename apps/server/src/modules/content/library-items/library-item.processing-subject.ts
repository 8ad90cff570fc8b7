import { PROCESSING_CHANNEL_KINDS } from '@meshport/contract';
import { getTableName } from 'drizzle-orm';
import type { ProcessingSubject } from '#modules/processing/pipeline/processing-subject.ts';
import { libraryItems } from './library-item.table.ts';

/** A library's item as the pipeline processes it (registered in `app/services.ts`). */
export const libraryItemProcessing: ProcessingSubject = {
  kind: 'library_item',
  table: getTableName(libraryItems),
  channelKind: PROCESSING_CHANNEL_KINDS.library_item,
  resource: 'items',
  folder: 'items',
  cancelledStatus: 'CANCELLED',
  label: 'item',
};
