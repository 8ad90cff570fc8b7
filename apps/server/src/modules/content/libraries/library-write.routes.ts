import { type AnswerOf, libraryEndpoints } from '@meshport/contract';
import { eq } from 'drizzle-orm';
import type { CoreServices } from '#core/core-services.ts';
import type { Db } from '#core/db/database.ts';
import { defineRoute, type MemberActor } from '#core/http/route.ts';
import { ListEngine } from '#core/list/list-engine.ts';
import { restored } from '#modules/content/shared/content-writes.ts';
import { libraryList } from './library.list.ts';
import { libraryPolicy } from './library.policy.ts';
import { bulkLibraries, createLibrary, restoreLibrary, type SaveResult, updateLibrary } from './library.service.ts';
import { libraries } from './library.table.ts';

/** A saved library in its list row shape (the engine's rows are the endpoint's, checked by a test). */
type LibraryAnswer = AnswerOf<typeof libraryEndpoints.get>;

/** Writes on libraries (content issue): hatch only, as customerportal shows no actions (content.md §1). */
export function libraryWriteRoutes(services: CoreServices) {
  const engine = new ListEngine(services.database, services.changes);
  const { database, storage } = services;
  const inTenant = <T>(companyId: number, actor: MemberActor, work: (tx: Db) => Promise<T>) =>
    database.tenant({ companyId, accountId: actor.accountId }, work);
  /** After the commit: drop the image the record no longer uses. */
  const settle = async (result: SaveResult) => {
    if (result.staleImage) await storage.remove(result.staleImage);
  };

  return [
    defineRoute(libraryEndpoints.create, {
      access: libraryPolicy.access('create'),
      changes: ['libraries'],
      async handler({ actor, companyId, body, request }) {
        const result = await inTenant(companyId, actor, (tx) => createLibrary(tx, storage, companyId, body));
        await settle(result);
        return (await engine.record(request, libraryList, eq(libraries.id, result.id))) as LibraryAnswer;
      },
    }),
    defineRoute(libraryEndpoints.update, {
      access: libraryPolicy.access('update'),
      changes: ['libraries'],
      async handler({ actor, companyId, params, body, request }) {
        const result = await inTenant(companyId, actor, (tx) => updateLibrary(tx, storage, companyId, params.id, body));
        await settle(result);
        return (await engine.record(request, libraryList, eq(libraries.id, result.id))) as LibraryAnswer;
      },
    }),
    defineRoute(libraryEndpoints.bulk, {
      access: libraryPolicy.accessAny('update', 'delete'),
      // Deleting a library takes its items' count out of the parents; archive shows in the items' library lists.
      changes: ['libraries', 'items'],
      async handler({ actor, companyId, body }) {
        libraryPolicy.assertPermits(actor, body.action === 'delete' ? 'delete' : 'update');
        return inTenant(companyId, actor, (tx) => bulkLibraries(tx, body));
      },
    }),
    defineRoute(libraryEndpoints.restore, {
      access: libraryPolicy.access('restore'),
      changes: ['libraries', 'items'],
      async handler({ actor, companyId, params }) {
        return restored(await inTenant(companyId, actor, (tx) => restoreLibrary(tx, params.id)));
      },
    }),
  ];
}
