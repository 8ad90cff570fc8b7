import {
  type ContentResource,
  type LibraryItemStatus,
  PROCESSING_CHANNEL_KINDS,
  type ProcessingSubjectKind,
} from '@meshport/contract';
import { libraryItems } from '#modules/content/library-items/library-item.table.ts';
import { projectModels } from '#modules/content/project-models/project-model.table.ts';

/** What differs between the two kinds of record the pipeline processes; everything else is shared. */
export interface ProcessingSubject {
  kind: ProcessingSubjectKind;
  /** Table name (a trusted identifier). */
  table: 'project_models' | 'library_items';
  drizzleTable: typeof projectModels | typeof libraryItems;
  /** The processor's channel kind: 'ProjectModel' or 'LibraryItem' (spec: content.md §4). */
  channelKind: string;
  /** The live-refresh resource of content lists. */
  resource: ContentResource;
  /** Folder under `companies/{id}/` in storage. */
  folder: string;
  /** Where a cancel leaves the record: items have CANCELLED, models only FAILED. */
  cancelledStatus: LibraryItemStatus;
  label: string;
}

export const PROCESSING_SUBJECTS: Record<ProcessingSubjectKind, ProcessingSubject> = {
  project_model: {
    kind: 'project_model',
    table: 'project_models',
    drizzleTable: projectModels,
    channelKind: PROCESSING_CHANNEL_KINDS.project_model,
    resource: 'models',
    folder: 'models',
    cancelledStatus: 'FAILED',
    label: 'model',
  },
  library_item: {
    kind: 'library_item',
    table: 'library_items',
    drizzleTable: libraryItems,
    channelKind: PROCESSING_CHANNEL_KINDS.library_item,
    resource: 'items',
    folder: 'items',
    cancelledStatus: 'CANCELLED',
    label: 'item',
  },
};

/** Statuses in which a run may still change the record. */
export const RUNNING_STATUSES = ['QUEUED', 'PROCESSING'] as const;

export const storageFolder = (subject: ProcessingSubject, companyId: number, id: number) =>
  `companies/${companyId}/${subject.folder}/${id}`;
