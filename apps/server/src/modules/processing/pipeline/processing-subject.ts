import type { ContentResource, LibraryItemStatus, ProcessingFigures, ProcessingSubjectKind } from '@meshport/contract';
import type { Db } from '#core/db/database.ts';

/**
 * What the pipeline needs of a kind of record it processes; everything else is shared. The
 * module owning the record declares it and registers it when the app is composed (`app/services.ts`),
 * so the pipeline names no table of another module. The record's table has the columns the
 * pipeline reads and writes: `company_id`, `status`, `processing_run`, `started_at`,
 * `finished_at`, `updated_at`, `deleted_at`, `upload_id`, `original_key`, `original_name`,
 * `glb_key` and `preview_image_path`.
 */
export interface ProcessingSubject {
  kind: ProcessingSubjectKind;
  /** The record table's name (a trusted identifier: it comes from the table's declaration). */
  table: string;
  /** The processor's channel kind: 'ProjectModel' or 'LibraryItem' (spec: content.md §4). */
  channelKind: string;
  /** The live-refresh resource of content lists. */
  resource: ContentResource;
  /** Folder under `companies/{id}/` in storage. */
  folder: string;
  /** Where a cancel leaves the record: items have CANCELLED, models only FAILED. */
  cancelledStatus: LibraryItemStatus;
  label: string;
  /**
   * What the owning module keeps in step with a new file, in the transaction that finishes the run
   * (a model's material slots the file no longer has go: decision 0059).
   */
  finished?: (tx: Db, companyId: number, id: number, figures: ProcessingFigures) => Promise<void>;
}

/** The kinds of record registered for processing, one subject per kind. */
export class ProcessingSubjects {
  private readonly byKind = new Map<ProcessingSubjectKind, ProcessingSubject>();

  constructor(subjects: readonly ProcessingSubject[] = []) {
    for (const subject of subjects) this.register(subject);
  }

  register(subject: ProcessingSubject): void {
    if (this.byKind.has(subject.kind)) throw new Error(`Processing subject ${subject.kind} registered twice`);
    this.byKind.set(subject.kind, subject);
  }

  get(kind: ProcessingSubjectKind): ProcessingSubject {
    const subject = this.byKind.get(kind);
    if (!subject) throw new Error(`No processing subject registered for ${kind}`);
    return subject;
  }

  all(): ProcessingSubject[] {
    return [...this.byKind.values()];
  }
}

/** Statuses in which a run may still change the record. */
export const RUNNING_STATUSES = ['QUEUED', 'PROCESSING'] as const;

export const storageFolder = (subject: ProcessingSubject, companyId: number, id: number) =>
  `companies/${companyId}/${subject.folder}/${id}`;
