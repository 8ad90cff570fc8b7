import { projectModelEndpoints } from '@meshport/contract';
import type { FastifyReply } from 'fastify';
import type { CoreServices } from '#core/core-services.ts';
import { notFound } from '#core/http/http-error.ts';
import { defineRoute, type RouteDefinition } from '#core/http/route.ts';
import { storedImageType } from '#modules/content/shared/content-read.routes.ts';
import { projectModelPolicy } from './project-model.policy.ts';
import {
  MATERIAL_SLOT_READS,
  readMaterialSlots,
  saveMaterialSlots,
  slotMaterialFiles,
} from './project-model-material-slots.service.ts';

/**
 * A model's material slots (issue 30, decision 0059): read by whoever may view the model, on both
 * platforms; chosen on hatch by whoever may update models. A save changes the models and, through
 * the model's material links, which materials may be deleted.
 */
/** One answer for a model, material or file that is not there, or a material no slot of the model allows. */
const NO_SUCH_FINISH_FILE = 'No such finish for this model.';

export function projectModelMaterialSlotRoutes(services: CoreServices): RouteDefinition[] {
  /** A stored image, privately cached a day, with nothing it may load or run. */
  const sendImage = (reply: FastifyReply, key: string, type: string) =>
    reply
      .type(type)
      .header('cache-control', 'private, max-age=86400')
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
      .send(services.storage.read(key));
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
    defineRoute(projectModelEndpoints.slotMaterialMap, {
      access: projectModelPolicy.access('view'),
      ownQueryParsing: true,
      async handler({ actor, companyId, params, reply }) {
        const files = await services.database.tenant({ companyId, accountId: actor.accountId }, (tx) =>
          slotMaterialFiles(tx, companyId, params.id, params.name),
        );
        const key = files?.maps[params.map]?.key ?? files?.baseMaps?.[params.map]?.key;
        if (!key) throw notFound(NO_SUCH_FINISH_FILE);
        return sendImage(reply, key, 'image/webp');
      },
    }),
    defineRoute(projectModelEndpoints.slotMaterialPreview, {
      access: projectModelPolicy.access('view'),
      ownQueryParsing: true,
      async handler({ actor, companyId, params, reply }) {
        const files = await services.database.tenant({ companyId, accountId: actor.accountId }, (tx) =>
          slotMaterialFiles(tx, companyId, params.id, params.name),
        );
        const stored = files?.previewPath;
        if (!stored || !(await services.storage.exists(stored))) throw notFound(NO_SUCH_FINISH_FILE);
        return sendImage(reply, stored, storedImageType(stored));
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
