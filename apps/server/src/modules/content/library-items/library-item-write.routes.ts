import { type AnswerOf, libraryItemEndpoints } from '@meshport/contract';
import { eq } from 'drizzle-orm';
import { holds, policyActor } from '#core/access/policy.ts';
import type { CoreServices } from '#core/core-services.ts';
import type { Db } from '#core/db/database.ts';
import { forbidden } from '#core/http/http-error.ts';
import { defineRoute, type MemberActor } from '#core/http/route.ts';
import { ListEngine } from '#core/list/list-engine.ts';
import { restored } from '#modules/content/shared/content-writes.ts';
import { libraryItemList } from './library-item.list.ts';
import { LIBRARY_ITEM_PERMISSIONS } from './library-item.policy.ts';
import { bulkLibraryItems, deleteLibraryItem, restoreLibraryItem, updateLibraryItem } from './library-item.service.ts';
import { libraryItems } from './library-item.table.ts';

type ItemAnswer = AnswerOf<typeof libraryItemEndpoints.get>;

/** Writes on library items (content issue): hatch only (content.md §1). */
export function libraryItemWriteRoutes(services: CoreServices) {
  const engine = new ListEngine(services.database, services.changes);
  const inTenant = <T>(companyId: number, actor: MemberActor, work: (tx: Db) => Promise<T>) =>
    services.database.tenant({ companyId, accountId: actor.accountId }, work);

  return [
    defineRoute(libraryItemEndpoints.update, {
      access: { permission: LIBRARY_ITEM_PERMISSIONS.update, hatchOnly: true },
      // The item's libraries change their counts.
      changes: ['items', 'libraries'],
      async handler({ actor, companyId, params, body, request }) {
        const id = await inTenant(companyId, actor, (tx) => updateLibraryItem(tx, companyId, params.id, body));
        return (await engine.record(request, libraryItemList, eq(libraryItems.id, id))) as ItemAnswer;
      },
    }),
    defineRoute(libraryItemEndpoints.delete, {
      access: { permission: LIBRARY_ITEM_PERMISSIONS.delete, hatchOnly: true },
      changes: ['items', 'libraries'],
      async handler({ actor, companyId, params }) {
        const name = await inTenant(companyId, actor, (tx) => deleteLibraryItem(tx, params.id));
        return { library_item_name: name, status: 'deleted' as const };
      },
    }),
    defineRoute(libraryItemEndpoints.bulk, {
      access: {
        permission: `${LIBRARY_ITEM_PERMISSIONS.update}|${LIBRARY_ITEM_PERMISSIONS.delete}`,
        hatchOnly: true,
      },
      changes: ['items', 'libraries'],
      async handler({ actor, companyId, body }) {
        const needed = body.action === 'delete' ? LIBRARY_ITEM_PERMISSIONS.delete : LIBRARY_ITEM_PERMISSIONS.update;
        if (!holds(needed)(policyActor(actor), null)) throw forbidden();
        return inTenant(companyId, actor, (tx) => bulkLibraryItems(tx, companyId, body));
      },
    }),
    defineRoute(libraryItemEndpoints.restore, {
      access: { permission: 'restore-deleted-entities', hatchOnly: true },
      changes: ['items', 'libraries'],
      async handler({ actor, companyId, params }) {
        return restored(await inTenant(companyId, actor, (tx) => restoreLibraryItem(tx, params.id)));
      },
    }),
  ];
}
