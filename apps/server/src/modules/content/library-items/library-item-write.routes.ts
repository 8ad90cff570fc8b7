import { type AnswerOf, libraryItemEndpoints } from '@meshport/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '#core/db/database.ts';
import { defineRoute, type MemberActor } from '#core/http/route.ts';
import { ListEngine } from '#core/list/list-engine.ts';
import { restored } from '#modules/content/shared/content-writes.ts';
import {
  type ProcessingRouteServices,
  processingRoutes,
  processUpload,
  queueProcessing,
} from '#modules/processing/pipeline/processing.routes.ts';
import { PLACEMENT_REQUEUED, savePlacement } from '#modules/processing/pipeline/record-placement.ts';
import type { UploadService } from '#modules/processing/uploads/upload.service.ts';
import { libraryItemList } from './library-item.list.ts';
import { libraryItemPolicy } from './library-item.policy.ts';
import { libraryItemProcessing } from './library-item.processing-subject.ts';
import {
  bulkLibraryItems,
  createLibraryItem,
  deleteLibraryItem,
  ITEM_NOT_FOUND,
  restoreLibraryItem,
  updateLibraryItem,
} from './library-item.service.ts';
import { libraryItems } from './library-item.table.ts';

type ItemAnswer = AnswerOf<typeof libraryItemEndpoints.get>;

/** Writes on library items (content issue): hatch only (content.md §1). */
export function libraryItemWriteRoutes(services: ProcessingRouteServices & { uploads: UploadService }) {
  const engine = new ListEngine(services.database, services.changes);
  const inTenant = <T>(companyId: number, actor: MemberActor, work: (tx: Db) => Promise<T>) =>
    services.database.tenant({ companyId, accountId: actor.accountId }, work);
  const subject = libraryItemProcessing;
  const process = (tx: Db, companyId: number, actor: MemberActor, id: number, uploadId: string, why: string) =>
    processUpload(services, tx, { subject, companyId, accountId: actor.accountId, id }, uploadId, why);
  const answer = async (request: Parameters<typeof engine.record>[0], id: number) =>
    (await engine.record(request, libraryItemList, eq(libraryItems.id, id), ITEM_NOT_FOUND)) as ItemAnswer;

  return [
    defineRoute(libraryItemEndpoints.create, {
      access: libraryItemPolicy.access('update'),
      changes: ['items', 'libraries'],
      async handler({ actor, companyId, body, request, reply }) {
        const id = await inTenant(companyId, actor, async (tx) => {
          const created = await createLibraryItem(tx, companyId, actor.accountId, body);
          await savePlacement(tx, subject, created, body);
          await process(tx, companyId, actor, created, body.upload_id, '');
          return created;
        });
        reply.status(201);
        return answer(request, id);
      },
    }),
    defineRoute(libraryItemEndpoints.update, {
      access: libraryItemPolicy.access('update'),
      // The item's libraries change their counts.
      changes: ['items', 'libraries'],
      async handler({ actor, companyId, params, body, request }) {
        const replaced = await inTenant(companyId, actor, async (tx) => {
          const [before] = await tx
            .select({ uploadId: libraryItems.uploadId })
            .from(libraryItems)
            .where(eq(libraryItems.id, params.id));
          const id = await updateLibraryItem(tx, companyId, params.id, body);
          const placementChanged = await savePlacement(tx, subject, id, body);
          if (!body.upload_id) {
            if (placementChanged) await queueProcessing(services, tx, subject, companyId, id, PLACEMENT_REQUEUED);
            return null;
          }
          await process(tx, companyId, actor, id, body.upload_id, ' (file replaced)');
          return before?.uploadId ?? null;
        });
        if (replaced) await services.uploads.release(companyId, replaced);
        return answer(request, params.id);
      },
    }),
    defineRoute(libraryItemEndpoints.delete, {
      access: libraryItemPolicy.access('delete'),
      changes: ['items', 'libraries'],
      async handler({ actor, companyId, params }) {
        const name = await inTenant(companyId, actor, (tx) => deleteLibraryItem(tx, params.id));
        return { library_item_name: name, status: 'deleted' as const };
      },
    }),
    defineRoute(libraryItemEndpoints.bulk, {
      access: libraryItemPolicy.accessAny('update', 'delete'),
      changes: ['items', 'libraries'],
      async handler({ actor, companyId, body }) {
        libraryItemPolicy.assertPermits(actor, body.action === 'delete' ? 'delete' : 'update');
        return inTenant(companyId, actor, (tx) => bulkLibraryItems(tx, companyId, body));
      },
    }),
    defineRoute(libraryItemEndpoints.restore, {
      access: libraryItemPolicy.access('restore'),
      changes: ['items', 'libraries'],
      async handler({ actor, companyId, params }) {
        return restored(await inTenant(companyId, actor, (tx) => restoreLibraryItem(tx, params.id)));
      },
    }),
    ...processingRoutes(services, {
      subject,
      endpoints: libraryItemEndpoints,
      list: libraryItemList,
      permissions: { view: libraryItemPolicy.permissions.view, update: libraryItemPolicy.permissions.update },
      changes: ['items'],
      notFoundMessage: ITEM_NOT_FOUND,
    }),
  ];
}
