import { sql } from 'drizzle-orm';
import { type Database, queryRows } from '#core/db/database.ts';
import { JOB_SCHEMA } from '#core/jobs/job-queue.ts';
import { PROCESSING_RUN_JOB } from './processing.job.ts';
import type { ProcessingSubject } from './processing-subject.ts';

export const STOPPED_UNEXPECTEDLY =
  'Processing stopped unexpectedly: the server stopped while working on it, more than once. Upload the file again to try once more.';

/**
 * Nothing stays QUEUED or PROCESSING without a job that will end it: a record whose current run
 * has no job waiting or running (its job failed for good when its process died on the last
 * attempt) is FAILED with a message. Run where jobs are worked, after the queue started.
 * Answers the records it failed, for the realtime refresh.
 */
export async function reconcileRuns(
  database: Database,
  subjects: readonly ProcessingSubject[],
): Promise<{ kind: string; companyId: number; id: number }[]> {
  const failed: { kind: string; companyId: number; id: number }[] = [];
  for (const subject of subjects) {
    const rows = await queryRows<{ company_id: number; id: number }>(
      database.system,
      sql`with stuck as (
          update ${sql.raw(subject.table)} r set status = 'FAILED', finished_at = now(), updated_at = now()
          where r.status in ('QUEUED', 'PROCESSING') and r.deleted_at is null and r.original_key is not null
            and not exists (select 1 from ${sql.raw(JOB_SCHEMA)}.job j
              where j.name = ${PROCESSING_RUN_JOB} and j.state in ('created', 'retry', 'active')
                and j.data->>'kind' = ${subject.kind} and (j.data->>'companyId')::int = r.company_id
                and (j.data->>'id')::int = r.id and (j.data->>'run')::int = r.processing_run)
          returning r.company_id, r.id)
        insert into geometry_events (company_id, subject_kind, subject_id, step, message, status)
        select company_id, ${subject.kind}, id, 'finish', ${STOPPED_UNEXPECTEDLY}, 'FAILED' from stuck
        returning company_id, subject_id as id`,
    );
    for (const row of rows) failed.push({ kind: subject.kind, companyId: row.company_id, id: row.id });
  }
  return failed;
}
