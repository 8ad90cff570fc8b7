import { projectModelEndpoints } from '@meshport/contract';
import type { CoreServices } from '#core/core-services.ts';
import { notFound } from '#core/http/http-error.ts';
import { defineRoute, type RouteDefinition } from '#core/http/route.ts';
import { projectModelPolicy } from './project-model.policy.ts';
import { buildVariantsGlb, variantsSource } from './project-model-variants.service.ts';

const NO_GLB = 'The web-ready model is made once processing has finished.';

/**
 * GET /projects/models/{id}/files/variants-glb (issue 30, item 5): the model with every finish its slots allow,
 * for whoever may view it, on both platforms, beside the plain GLB.
 */
export function projectModelVariantRoutes(services: CoreServices): RouteDefinition[] {
  return [
    defineRoute(projectModelEndpoints.variantsGlb, {
      access: projectModelPolicy.access('view'),
      ownQueryParsing: true,
      async handler({ actor, companyId, params, reply }) {
        const source = await services.database.tenant({ companyId, accountId: actor.accountId }, (tx) =>
          variantsSource(tx, companyId, params.id),
        );
        if (!(await services.storage.exists(source.glbKey))) throw notFound(NO_GLB);
        const built = await buildVariantsGlb(services.storage, source);
        return reply
          .type('model/gltf-binary')
          .header('content-disposition', `attachment; filename="${source.fileName}"`)
          .header('cache-control', 'private, no-cache')
          .send(built ?? services.storage.read(source.cacheKey));
      },
    }),
  ];
}
