import { type AnswerOf, materialCategoryEndpoints } from '@meshport/contract';
import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { CoreServices } from '#core/core-services.ts';
import { type Db, queryRows } from '#core/db/database.ts';
import { defineRoute, type MemberActor, type RouteDefinition } from '#core/http/route.ts';
import { ListEngine } from '#core/list/list-engine.ts';
import { restored, restoreFromBin } from '#modules/content/shared/content-writes.ts';
import { materialCategoryList } from './material-category.list.ts';
import { materialCategoryPolicy } from './material-category.policy.ts';
import {
  assertParent,
  binCategory,
  bulkCategories,
  CATEGORY_NOT_FOUND,
  type CategoryChanges,
  liveCategory,
  savePreview,
  updateCategoryRow,
} from './material-category.service.ts';
import { materialCategories } from './material-category.table.ts';

const UPDATE = materialCategoryPolicy.access('update');
const DELETE = materialCategoryPolicy.access('delete');

/** The write calls of material categories (content.md §7 and the saves it leaves unshown); hatch only. */
export function materialCategoryWriteRoutes(services: CoreServices): RouteDefinition[] {
  const engine = new ListEngine(services.database, services.changes);
  const { storage } = services;
  const inTenant = <T>(actor: MemberActor, companyId: number, work: (tx: Db) => Promise<T>) =>
    services.database.tenant({ companyId, accountId: actor.accountId }, work);
  type RowAnswer = AnswerOf<typeof materialCategoryEndpoints.create>;
  /** The saved category in its list row shape, read once the write has committed. */
  const saved = async (request: FastifyRequest, id: number) =>
    (await engine.record(
      request,
      materialCategoryList,
      sql`${materialCategories.id} = ${id} and ${materialCategories.deletedAt} is null`,
    )) as RowAnswer;

  return [
    defineRoute(materialCategoryEndpoints.create, {
      access: UPDATE,
      changes: ['categories'],
      async handler({ actor, companyId, body, request }) {
        const id = await inTenant(actor, companyId, async (tx) => {
          if (body.parent_id) await assertParent(tx, body.parent_id);
          const [row] = await queryRows<{ id: number }>(
            tx,
            sql`insert into material_categories (company_id, name, status, parent_id)
              values (${companyId}, ${body.name}, ${body.status ?? 'active'}, ${body.parent_id ?? null})
              returning id`,
          );
          if (!row) throw new Error('category not inserted');
          if (body.preview_image) {
            await savePreview(tx, storage, { companyId, id: row.id, current: null }, body.preview_image);
          }
          return row.id;
        });
        return saved(request, id);
      },
    }),

    defineRoute(materialCategoryEndpoints.update, {
      access: UPDATE,
      changes: ['categories', 'materials'],
      async handler({ actor, companyId, params, body, request }) {
        const replaced = await inTenant(actor, companyId, async (tx) => {
          const category = await liveCategory(tx, params.id);
          if (body.parent_id) await assertParent(tx, body.parent_id, category.id);
          const changes: CategoryChanges = {};
          if (body.name !== undefined) changes.name = body.name;
          if (body.status !== undefined) changes.status = body.status;
          if (body.parent_id !== undefined) changes.parent_id = body.parent_id;
          await updateCategoryRow(tx, category.id, changes);
          if (body.preview_image === undefined) return null;
          const preview = await savePreview(
            tx,
            storage,
            { companyId, id: category.id, current: category.preview_image_path },
            body.preview_image,
          );
          return preview.replaced;
        });
        if (replaced) await storage.remove(replaced);
        return saved(request, params.id);
      },
    }),

    defineRoute(materialCategoryEndpoints.delete, {
      access: DELETE,
      changes: ['categories', 'materials'],
      async handler({ actor, companyId, params }) {
        const name = await inTenant(actor, companyId, async (tx) => {
          const category = await liveCategory(tx, params.id);
          await binCategory(tx, category);
          return category.name;
        });
        return { category_name: name, status: 'deleted' as const };
      },
    }),

    defineRoute(materialCategoryEndpoints.bulk, {
      access: materialCategoryPolicy.accessAny('update', 'delete'),
      changes: ['categories', 'materials'],
      async handler({ actor, companyId, body }) {
        materialCategoryPolicy.assertPermits(actor, body.action === 'delete' ? 'delete' : 'update');
        return inTenant(actor, companyId, (tx) => bulkCategories(tx, body));
      },
    }),

    defineRoute(materialCategoryEndpoints.restore, {
      access: materialCategoryPolicy.access('restore'),
      changes: ['categories', 'materials'],
      async handler({ actor, companyId, params }) {
        const record = await inTenant(actor, companyId, (tx) =>
          restoreFromBin(tx, materialCategories, sql`t.id = ${params.id}`, {
            notFound: CATEGORY_NOT_FOUND,
            parentInBin: 'Restore the parent category first.',
          }),
        );
        return restored(record);
      },
    }),
  ];
}
