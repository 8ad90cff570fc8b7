import { projectModelEndpoints } from '@meshport/contract';
import type { CoreServices } from '#core/core-services.ts';
import { defineRoute, type RouteDefinition } from '#core/http/route.ts';
import { projectModelPolicy } from './project-model.policy.ts';
import { MATERIAL_SLOT_READS, readMaterialSlots, saveMaterialSlots } from './project-model-material-slots.service.ts';

/**
 * A model's material slots (issue 30, decision 0059): read by whoever may view the model, on both
 * platforms; chosen on hatch by whoever may update models. A save changes the models and, through
 * the model's material links, which materials may be deleted.
 */
export function projectModelMaterialSlotRoutes(services: CoreServices): RouteDefinition[] {
  return [
    defineRoute(projectModelEndpoints.materialSlots, {
      access: projectModelPolicy.access('view'),
      cache: { tables: MATERIAL_SLOT_READS },
      async handler({ actor, companyId, params }) {
        const data = await services.database.tenant({ companyId, accountId: actor.accountId }, (tx) =>
          readMaterialSlots(tx, companyId, params.id),
        );
        return { data };
      },
    }),
    defineRoute(projectModelEndpoints.saveMaterialSlots, {
      access: projectModelPolicy.access('update'),
      changes: ['models', 'materials'],
      async handler({ actor, companyId, params, body }) {
        const data = await services.database.tenant({ companyId, accountId: actor.accountId }, (tx) =>
          saveMaterialSlots(tx, companyId, params.id, body),
        );
        return { data };
      },
    }),
  ];
}
