import { projectModelEndpoints } from '@meshport/contract';
import { eq, sql } from 'drizzle-orm';
import type { CoreServices } from '#core/core-services.ts';
import { queryRows } from '#core/db/database.ts';
import { HttpError, notFound } from '#core/http/http-error.ts';
import { defineRoute, type RouteDefinition } from '#core/http/route.ts';
import { moveToBin, restored, restoreFromBin } from '#modules/content/shared/content-writes.ts';
import { projectModelPolicy } from './project-model.policy.ts';
import { projectModels } from './project-model.table.ts';

export const MODEL_PROJECT_IN_BIN = 'Restore the project this model belongs to first.';

/** Deleting a model (to the bin, from the processor: hatch only) and bringing it back. */
export function projectModelWriteRoutes(services: CoreServices): RouteDefinition[] {
  return [
    defineRoute(projectModelEndpoints.delete, {
      access: projectModelPolicy.access('delete'),
      changes: ['models'],
      async handler({ actor, companyId, params }) {
        const name = await services.database.tenant({ companyId, accountId: actor.accountId }, async (tx) => {
          const [model] = await queryRows<{ name: string }>(
            tx,
            sql`select name from project_models where id = ${params.id} and deleted_at is null`,
          );
          if (!model) throw notFound('No such model.');
          await moveToBin(tx, projectModels, eq(projectModels.id, params.id));
          return model.name;
        });
        return { model_name: name, status: 'deleted' as const };
      },
    }),
    defineRoute(projectModelEndpoints.restore, {
      access: projectModelPolicy.access('restore'),
      changes: ['models'],
      async handler({ actor, companyId, params }) {
        const record = await services.database.tenant({ companyId, accountId: actor.accountId }, async (tx) => {
          const back = await restoreFromBin(tx, projectModels, sql`t.id = ${params.id}`, {
            notFound: 'No such model in the recycling bin.',
          });
          // A model comes back with its project (restoring the project restores it); alone it would hang under a binned one.
          const [project] = await queryRows<{ live: boolean }>(
            tx,
            sql`select p.deleted_at is null as live from project_models m
              join projects p on p.company_id = m.company_id and p.id = m.project_id where m.id = ${params.id}`,
          );
          if (!project?.live) throw new HttpError(409, MODEL_PROJECT_IN_BIN);
          return back;
        });
        return restored(record);
      },
    }),
  ];
}
