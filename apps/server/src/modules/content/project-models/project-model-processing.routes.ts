import { type AnswerOf, projectModelEndpoints } from '@meshport/contract';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '#core/db/database.ts';
import { notFound, ValidationError } from '#core/http/http-error.ts';
import { defineRoute, type MemberActor, type RouteDefinition } from '#core/http/route.ts';
import { ListEngine } from '#core/list/list-engine.ts';
import {
  type ProcessingRouteServices,
  processingRoutes,
  processUpload,
  queueProcessing,
} from '#modules/processing/pipeline/processing.routes.ts';
import { PLACEMENT_REQUEUED, savePlacement } from '#modules/processing/pipeline/record-placement.ts';
import type { UploadService } from '#modules/processing/uploads/upload.service.ts';
import { projectModelList } from './project-model.list.ts';
import { projectModelPolicy } from './project-model.policy.ts';
import { projectModelProcessing } from './project-model.processing-subject.ts';

const subject = projectModelProcessing;
const MODEL_NOT_FOUND = 'No such model.';
type ModelAnswer = AnswerOf<typeof projectModelEndpoints.get>;

/** Models from uploads (issue 11): add one to a project, replace its file, and the shared processing calls. */
export function projectModelProcessingRoutes(
  services: ProcessingRouteServices & { uploads: UploadService },
): RouteDefinition[] {
  const engine = new ListEngine(services.database, services.changes);
  const inTenant = <T>(companyId: number, actor: MemberActor, work: (tx: Db) => Promise<T>) =>
    services.database.tenant({ companyId, accountId: actor.accountId }, work);
  const answer = async (request: Parameters<typeof engine.record>[0], id: number) =>
    (await engine.record(request, projectModelList, sql`project_models.id = ${id}`, MODEL_NOT_FOUND)) as ModelAnswer;

  return [
    defineRoute(projectModelEndpoints.create, {
      access: projectModelPolicy.access('create'),
      changes: ['models'],
      async handler({ actor, companyId, body, request, reply }) {
        const id = await inTenant(companyId, actor, async (tx) => {
          const [project] = await queryRows<{ id: number }>(
            tx,
            sql`select id from projects where id = ${body.project_id} and deleted_at is null`,
          );
          if (!project) throw new ValidationError({ project_id: ['No such project.'] });
          const [row] = await queryRows<{ id: number }>(
            tx,
            sql`insert into project_models (company_id, project_id, name, description, status, uploader_id)
              values (${companyId}, ${body.project_id}, ${body.name}, ${body.description ?? null}, 'QUEUED', ${actor.accountId})
              returning id`,
          );
          const modelId = (row as { id: number }).id;
          await savePlacement(tx, subject, modelId, body);
          await processUpload(
            services,
            tx,
            { subject, companyId, accountId: actor.accountId, id: modelId },
            body.upload_id,
          );
          return modelId;
        });
        reply.status(201);
        return answer(request, id);
      },
    }),
    defineRoute(projectModelEndpoints.update, {
      access: projectModelPolicy.access('update'),
      changes: ['models'],
      async handler({ actor, companyId, params, body, request }) {
        const replaced = await inTenant(companyId, actor, async (tx) => {
          const [model] = await queryRows<{ upload_id: string | null }>(
            tx,
            sql`select upload_id from project_models where id = ${params.id} and deleted_at is null for update`,
          );
          if (!model) throw notFound(MODEL_NOT_FOUND);
          const sets = [
            body.name !== undefined ? sql`name = ${body.name}` : null,
            body.description !== undefined ? sql`description = ${body.description}` : null,
          ].filter((part) => part !== null);
          await tx.execute(
            sql`update project_models set ${sql.join([...sets, sql`updated_at = now()`], sql`, `)} where id = ${params.id}`,
          );
          const placementChanged = await savePlacement(tx, subject, params.id, body);
          if (!body.upload_id) {
            if (placementChanged)
              await queueProcessing(services, tx, subject, companyId, params.id, PLACEMENT_REQUEUED);
            return null;
          }
          await processUpload(
            services,
            tx,
            { subject, companyId, accountId: actor.accountId, id: params.id },
            body.upload_id,
            ' (file replaced)',
          );
          return model.upload_id;
        });
        if (replaced) await services.uploads.release(companyId, replaced);
        return answer(request, params.id);
      },
    }),
    ...processingRoutes(services, {
      subject,
      endpoints: projectModelEndpoints,
      list: projectModelList,
      permissions: { view: projectModelPolicy.permissions.view, update: projectModelPolicy.permissions.update },
      changes: ['models'],
      notFoundMessage: MODEL_NOT_FOUND,
    }),
  ];
}
