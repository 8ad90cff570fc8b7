import { sql } from 'drizzle-orm';
import { type Database, queryRows } from '#core/db/database.ts';

/** A record the demo made (or found made by an earlier start), and how far its processing is. */
export interface DemoRecord {
  kind: 'model' | 'item' | 'material';
  companyId: number;
  /** Models and items; materials go by their name. */
  id: number | null;
  name: string;
  /** Models and items: their status. Materials: QUEUED until their sphere preview is there, then FINISHED. */
  status: string;
}

const RUNNING = new Set(['UPLOADING', 'QUEUED', 'PROCESSING']);
/** How long materials may wait for their previews once every model and item is done (a missing browser renders none). */
const MATERIAL_GRACE_MS = 60_000;
/** Nothing the demo makes takes this long on any machine it runs on; past it the demo carries on and says so. */
const DEADLINE_MS = 15 * 60_000;

/** The company's live models, items and materials by `kind:name`, as they stand. */
export async function recordsOf(database: Database, companyId: number): Promise<Map<string, DemoRecord>> {
  const rows = await queryRows<{ kind: DemoRecord['kind']; id: number; name: string; status: string }>(
    database.system,
    sql`select 'model' as kind, id, name, status from project_models where company_id = ${companyId} and deleted_at is null
        union all
        select 'item', id, name, status from library_items where company_id = ${companyId} and deleted_at is null
        union all
        select 'material', id, name, case when preview_image_path is null then 'QUEUED' else 'FINISHED' end
          from materials where company_id = ${companyId} and deleted_at is null`,
  );
  return new Map(rows.map((row) => [`${row.kind}:${row.name}`, { ...row, companyId }]));
}

/** Polls the records' states until none is running; tells each change of the number done. */
export async function waitUntilProcessed(
  database: Database,
  records: DemoRecord[],
  progress: (done: number, total: number) => void,
): Promise<void> {
  const started = Date.now();
  let reported = -1;
  let modelsDoneAt: number | null = null;
  for (;;) {
    for (const companyId of new Set(records.map((record) => record.companyId))) {
      const now = await recordsOf(database, companyId);
      for (const record of records.filter((r) => r.companyId === companyId)) {
        record.status = now.get(`${record.kind}:${record.name}`)?.status ?? record.status;
      }
    }
    const running = records.filter((record) => RUNNING.has(record.status));
    const runsLeft = running.filter((record) => record.kind !== 'material').length;
    if (runsLeft === 0) modelsDoneAt ??= Date.now();
    const done = records.length - running.length;
    if (done !== reported) progress(done, records.length);
    reported = done;
    if (running.length === 0) return;
    if (modelsDoneAt !== null && Date.now() - modelsDoneAt > MATERIAL_GRACE_MS) return;
    if (Date.now() - started > DEADLINE_MS) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}
