import {
  type AnswerOf,
  CANCEL_ONLY_RUNNING,
  type ContentResource,
  type GeometryEvent,
  type PermissionExpression,
  PROCESSING_CANCELLED,
  type processingEndpoints,
  REPROCESS_ONLY_FINISHED,
} from '@meshport/contract';
import { sql } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { CoreServices } from '#core/core-services.ts';
import { type Db, queryRows } from '#core/db/database.ts';
import { HttpError, notFound } from '#core/http/http-error.ts';
import { defineRoute, type MemberActor, type RouteDefinition } from '#core/http/route.ts';
import { ListEngine } from '#core/list/list-engine.ts';
import type { ListResource } from '#core/list/list-resource.ts';
import type { UploadService } from '#modules/processing/uploads/upload.service.ts';
import type { ActiveRuns } from './active-runs.ts';
import { PROCESSING_RUN_JOB } from './processing.job.ts';
import { ProcessingPublisher } from './processing-publisher.ts';
import { cancelRun, queueRun, recordSnapshot } from './processing-state.ts';
import type { ProcessingSubject } from './processing-subject.ts';
import { savePlacement } from './record-placement.ts';
import { safeFileName } from './store.step.ts';
import { MODEL_UPLOAD_KINDS } from './upload-kinds.ts';

export interface ProcessingRouteServices extends CoreServices {
  activeRuns: ActiveRuns;
}

type ProcessingEndpoints = ReturnType<typeof processingEndpoints>;

export interface ProcessingRoutesSpec {
  subject: ProcessingSubject;
  endpoints: ProcessingEndpoints;
  list: ListResource;
  /** The permissions to read (events, downloads) and to reprocess or cancel. */
  permissions: { view: PermissionExpression; update: PermissionExpression };
  changes: ContentResource[];
  notFoundMessage: string;
}

/**
 * Queues a run on a record in the request's transaction: the job is asked for with the same
 * commit (it never runs for a request that failed), and the browser hears after the commit.
 */
export async function queueProcessing(
  services: Pick<CoreServices, 'jobs'>,
  tx: Db,
  subject: ProcessingSubject,
  companyId: number,
  id: number,
  message: string,
  original?: { uploadId: string; key: string; name: string },
): Promise<void> {
  const run = await queueRun(tx, subject, id, message, original);
  await services.jobs.enqueueAfterCommit(tx, PROCESSING_RUN_JOB, { kind: subject.kind, companyId, id, run });
}

export const NO_ORIGINAL = 'This record has no uploaded file to process again: upload one.';

/**
 * Claims a finished upload of a 3D file for a record and queues its processing, in the
 * record's transaction (a new record, or a new file for one).
 */
export async function processUpload(
  services: Pick<CoreServices, 'jobs'> & { uploads: UploadService },
  tx: Db,
  target: { subject: ProcessingSubject; companyId: number; accountId: number; id: number },
  uploadId: string,
  why = '',
): Promise<void> {
  const { subject, companyId, accountId, id } = target;
  const upload = await services.uploads.claim(tx, { companyId, accountId, uploadId, kinds: MODEL_UPLOAD_KINDS });
  await queueProcessing(services, tx, subject, companyId, id, `Queued ${upload.fileName}${why}`, {
    uploadId: upload.id,
    key: upload.storageKey,
    name: upload.fileName,
  });
}

/** Reprocess, cancel, the events and the downloads of models or library items (one declaration each). */
export function processingRoutes(services: ProcessingRouteServices, spec: ProcessingRoutesSpec): RouteDefinition[] {
  const { subject, endpoints, permissions } = spec;
  const engine = new ListEngine(services.database, services.changes);
  const publisher = new ProcessingPublisher(services.realtime);
  const table = sql.raw(subject.table);
  const inTenant = <T>(companyId: number, actor: MemberActor, work: (tx: Db) => Promise<T>) =>
    services.database.tenant({ companyId, accountId: actor.accountId }, work);
  const lock = async (tx: Db, id: number) => {
    const [row] = await queryRows<{ status: string; original_key: string | null }>(
      tx,
      sql`select status, original_key from ${table} where id = ${id} and deleted_at is null for update`,
    );
    if (!row) throw notFound(spec.notFoundMessage);
    return row;
  };
  // The row's shape is the list's (checked by the route's answer schema); the generic endpoint only knows `data`.
  const answer = async (request: Parameters<typeof engine.record>[0], id: number) =>
    (await engine.record(request, spec.list, sql`${table}.id = ${id}`, spec.notFoundMessage)) as AnswerOf<
      ProcessingEndpoints['reprocess']
    >;
  const announce = async (companyId: number, id: number) => {
    const record = await services.database.tenant({ companyId }, (tx) => recordSnapshot(tx, subject, id));
    publisher.updated(companyId, subject, record);
    publisher.refresh(companyId, subject, id);
  };

  const download = (column: 'original_key' | 'glb_key', missing: string) =>
    async function send(companyId: number, actor: MemberActor, id: number, reply: FastifyReply) {
      const [row] = await inTenant(companyId, actor, (tx) =>
        queryRows<{ key: string | null; original_name: string | null; name: string }>(
          tx,
          sql`select ${sql.raw(column)} as key, original_name, name from ${table} where id = ${id} and deleted_at is null`,
        ),
      );
      if (!row) throw notFound(spec.notFoundMessage);
      if (!row.key || !(await services.storage.exists(row.key))) throw notFound(missing);
      const fileName =
        column === 'glb_key' ? `${safeFileName(row.name).replace(/\.[^.]*$/, '') || 'model'}.glb` : row.original_name;
      return reply
        .type(column === 'glb_key' ? 'model/gltf-binary' : 'application/octet-stream')
        .header('content-disposition', `attachment; filename="${safeFileName(fileName ?? 'download')}"`)
        .header('cache-control', 'private, no-cache')
        .send(services.storage.read(row.key));
    };
  const sendOriginal = download('original_key', 'This record has no uploaded file.');
  const sendGlb = download('glb_key', 'The web-ready model is made once processing has finished.');

  return [
    defineRoute(endpoints.reprocess, {
      access: { permission: permissions.update, hatchOnly: true },
      changes: spec.changes,
      async handler({ actor, companyId, params, request, body }) {
        await inTenant(companyId, actor, async (tx) => {
          const record = await lock(tx, params.id);
          if (record.status !== 'FINISHED') throw new HttpError(409, REPROCESS_ONLY_FINISHED);
          if (!record.original_key) throw new HttpError(409, NO_ORIGINAL);
          if (body) await savePlacement(tx, subject, params.id, body);
          await queueProcessing(services, tx, subject, companyId, params.id, 'Queued for reprocessing');
        });
        await announce(companyId, params.id);
        return answer(request, params.id);
      },
    }),
    defineRoute(endpoints.cancel, {
      access: { permission: permissions.update, hatchOnly: true },
      changes: spec.changes,
      async handler({ actor, companyId, params, request }) {
        await inTenant(companyId, actor, async (tx) => {
          await lock(tx, params.id);
          if (!(await cancelRun(tx, subject, params.id, PROCESSING_CANCELLED))) {
            throw new HttpError(409, CANCEL_ONLY_RUNNING);
          }
        });
        services.activeRuns.abort(subject.kind, companyId, params.id);
        await announce(companyId, params.id);
        return answer(request, params.id);
      },
    }),
    defineRoute(endpoints.geometryEvents, {
      access: { permission: permissions.view },
      cache: { tables: [subject.table, 'geometry_events'] },
      async handler({ actor, companyId, params }) {
        const events = await inTenant(companyId, actor, async (tx) => {
          const [found] = await queryRows<{ id: number }>(
            tx,
            sql`select id from ${table} where company_id = ${companyId} and id = ${params.id} and deleted_at is null`,
          );
          if (!found) throw notFound(spec.notFoundMessage);
          return queryRows<GeometryEvent>(
            tx,
            sql`select id, step, message, message_code, message_params, status, created_at from geometry_events
              where subject_kind = ${subject.kind} and subject_id = ${params.id}
              order by created_at, id limit 500`,
          );
        });
        return { data: events.map((event) => ({ ...event, created_at: new Date(event.created_at).toISOString() })) };
      },
    }),
    defineRoute(endpoints.downloadOriginal, {
      access: { permission: permissions.view },
      ownQueryParsing: true,
      handler: ({ actor, companyId, params, reply }) => sendOriginal(companyId, actor, params.id, reply),
    }),
    defineRoute(endpoints.downloadGlb, {
      access: { permission: permissions.view },
      ownQueryParsing: true,
      handler: ({ actor, companyId, params, reply }) => sendGlb(companyId, actor, params.id, reply),
    }),
  ];
}
