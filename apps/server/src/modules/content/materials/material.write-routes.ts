import { type AnswerOf, materialEndpoints, materialSaveSchema } from '@meshport/contract';
import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { holds, policyActor } from '#core/access/policy.ts';
import type { CoreServices } from '#core/core-services.ts';
import { type Db, queryRows } from '#core/db/database.ts';
import { forbidden, notFound, ValidationError } from '#core/http/http-error.ts';
import type { MemberActor } from '#core/http/route.ts';
import { defineRoute, type RouteDefinition } from '#core/http/route.ts';
import { ListEngine } from '#core/list/list-engine.ts';
import { restored, restoreFromBin } from '#modules/content/shared/content-writes.ts';
import type { UploadKind } from '#modules/processing/conversion/file-kind.ts';
import type { UploadService } from '#modules/processing/uploads/upload.service.ts';
import { materialList } from './material.list.ts';
import { MATERIAL_PERMISSIONS } from './material.policy.ts';
import {
  assertLiveCategories,
  assertNameFree,
  assertParent,
  binMaterial,
  bulkMaterials,
  copyName,
  copyPreview,
  linkCategories,
  liveMaterial,
  MATERIAL_NAME_TAKEN,
  MATERIAL_NOT_FOUND,
  type MaterialChanges,
  restoreMaterialVariants,
  updateMaterialRow,
} from './material.service.ts';
import { type MaterialMaps, materials } from './material.table.ts';
import { type PreparedMaps, prepareMaterialPackage, prepareUploadedMaps, storeMaps } from './material-maps.ts';
import { materialPreviewJob } from './material-preview.job.ts';

const UPDATE = { permission: MATERIAL_PERMISSIONS.update, hatchOnly: true } as const;
const DELETE = { permission: MATERIAL_PERMISSIONS.delete, hatchOnly: true } as const;

/** Two saves racing for one name: the unique index has the last word, answered as the check would. */
function uniqueViolation(error: unknown): boolean {
  const codeOf = (value: unknown) => (value as { code?: unknown } | null)?.code;
  return codeOf(error) === '23505' || codeOf((error as { cause?: unknown } | null)?.cause) === '23505';
}

async function nameGuard<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (uniqueViolation(error)) throw new ValidationError({ name: [MATERIAL_NAME_TAKEN] });
    throw error;
  }
}

/** The write calls of materials (content.md §7 and the saves it leaves unshown); hatch only. */
export function materialWriteRoutes(services: CoreServices & { uploads: UploadService }): RouteDefinition[] {
  const engine = new ListEngine(services.database, services.changes);
  const inTenant = <T>(actor: MemberActor, companyId: number, work: (tx: Db) => Promise<T>) =>
    services.database.tenant({ companyId, accountId: actor.accountId }, work);
  /** The saved material in its list row shape, read once the write has committed. */
  type RowAnswer = AnswerOf<typeof materialEndpoints.create>;
  const saved = async (request: FastifyRequest, name: string) =>
    (await engine.record(
      request,
      materialList,
      sql`${materials.name} = ${name} and ${materials.deletedAt} is null`,
    )) as RowAnswer;

  /**
   * Inserts a material with its categories and prepared maps, taking the uploads it was made
   * from; asks for its preview. The uploads are released once the maps are stored.
   */
  const saveMaterial = async (
    actor: MemberActor,
    companyId: number,
    body: { name: string; description?: string | null; categories?: number[]; parent_name?: string | null },
    prepared: PreparedMaps | null,
    uploadIds: string[],
    kind: UploadKind = 'image',
  ): Promise<string> => {
    try {
      const name = await nameGuard(() =>
        inTenant(actor, companyId, async (tx) => {
          await assertNameFree(tx, body.name);
          await assertLiveCategories(tx, body.categories ?? []);
          if (body.parent_name) await assertParent(tx, body.parent_name);
          for (const uploadId of uploadIds) {
            await services.uploads.claim(tx, { companyId, accountId: actor.accountId, uploadId, kinds: [kind] });
          }
          const [row] = await queryRows<{ id: number; name: string }>(
            tx,
            sql`insert into materials (company_id, name, description, parent_name, active_version_creator_id)
              values (${companyId}, ${body.name}, ${body.description ?? null}, ${body.parent_name ?? null}, ${actor.accountId})
              returning id, name`,
          );
          if (!row) throw new Error('material not inserted');
          await linkCategories(tx, companyId, [row.id], body.categories ?? [], 'add');
          if (prepared && Object.keys(prepared.files).length > 0) {
            const maps = await storeMaps(services.storage, companyId, row.id, prepared);
            await tx.execute(sql`update materials set maps = ${JSON.stringify(maps)}::jsonb where id = ${row.id}`);
            await services.jobs.enqueueAfterCommit(tx, materialPreviewJob.name, { companyId, materialId: row.id });
          }
          return row.name;
        }),
      );
      for (const uploadId of uploadIds) await services.uploads.release(companyId, uploadId);
      return name;
    } finally {
      await prepared?.dispose();
    }
  };

  return [
    defineRoute(materialEndpoints.create, {
      access: UPDATE,
      changes: ['materials', 'categories'],
      async handler({ actor, companyId, body, request, reply }) {
        const prepared = body.maps
          ? await prepareUploadedMaps(services.uploads, services.storage, companyId, body.maps)
          : null;
        const name = await saveMaterial(actor, companyId, body, prepared, Object.values(body.maps ?? {}));
        reply.status(201);
        return saved(request, name);
      },
    }),

    defineRoute(materialEndpoints.import, {
      access: UPDATE,
      changes: ['materials', 'categories'],
      async handler({ actor, companyId, body, request, reply }) {
        const prepared = await prepareMaterialPackage(services.uploads, services.storage, companyId, body.upload_id);
        const packageName = materialSaveSchema.shape.name.safeParse(prepared.name ?? '');
        const chosen = body.name ?? (packageName.success ? packageName.data : null);
        if (!chosen) {
          await prepared.dispose();
          throw new ValidationError({ name: ['Required: the package names no material.'] });
        }
        const name = await saveMaterial(
          actor,
          companyId,
          { name: chosen, categories: body.categories },
          prepared,
          [body.upload_id],
          'zip',
        );
        reply.status(201);
        return saved(request, name);
      },
    }),

    defineRoute(materialEndpoints.map, {
      access: { permission: MATERIAL_PERMISSIONS.view, hatchOnly: true },
      ownQueryParsing: true,
      async handler({ actor, companyId, params, reply }) {
        const [row] = await inTenant(actor, companyId, (tx) =>
          queryRows<{ maps: MaterialMaps }>(
            tx,
            sql`select maps from materials where name = ${params.name} and deleted_at is null`,
          ),
        );
        if (!row) throw notFound(MATERIAL_NOT_FOUND);
        const key = row.maps[params.map]?.key;
        if (!key) throw notFound('This material has no such map.');
        return reply
          .type('image/webp')
          .header('cache-control', 'private, max-age=86400')
          .header('content-security-policy', "default-src 'none'")
          .send(services.storage.read(key));
      },
    }),

    defineRoute(materialEndpoints.update, {
      access: UPDATE,
      changes: ['materials', 'categories'],
      async handler({ actor, companyId, params, body, request }) {
        const name = await nameGuard(() =>
          inTenant(actor, companyId, async (tx) => {
            const material = await liveMaterial(tx, params.name);
            if (body.name !== undefined && body.name !== material.name) {
              await assertNameFree(tx, body.name, material.id);
            }
            if (body.categories) await assertLiveCategories(tx, body.categories);
            if (body.parent_name) await assertParent(tx, body.parent_name, material);
            const changes: MaterialChanges = {};
            if (body.name !== undefined) changes.name = body.name;
            if (body.description !== undefined) changes.description = body.description;
            if (body.parent_name !== undefined) changes.parent_name = body.parent_name;
            if (body.archived !== undefined) changes.status = body.archived ? 'archived' : 'active';
            // The links hold the id and variants follow a rename by cascade: renaming keeps both.
            await updateMaterialRow(tx, material.id, changes);
            if (body.categories) await linkCategories(tx, companyId, [material.id], body.categories, 'replace');
            return changes.name ?? material.name;
          }),
        );
        return saved(request, name);
      },
    }),

    defineRoute(materialEndpoints.delete, {
      access: DELETE,
      changes: ['materials', 'categories'],
      async handler({ actor, companyId, params }) {
        const name = await inTenant(actor, companyId, async (tx) => {
          const material = await liveMaterial(tx, params.name);
          await binMaterial(tx, material);
          return material.name;
        });
        return { material_name: name, status: 'deleted' as const };
      },
    }),

    defineRoute(materialEndpoints.duplicate, {
      access: UPDATE,
      changes: ['materials', 'categories'],
      async handler({ actor, companyId, params, request }) {
        const name = await nameGuard(() =>
          inTenant(actor, companyId, async (tx) => {
            const source = await liveMaterial(tx, params.name);
            const copy = await copyName(tx, source.name);
            const [row] = await queryRows<{ id: number }>(
              tx,
              sql`insert into materials (company_id, name, description, parent_name, status, active_version_creator_id)
                select company_id, ${copy}, description, parent_name, status, active_version_creator_id
                from materials where id = ${source.id} returning id`,
            );
            if (!row) throw new Error('material not copied');
            await tx.execute(sql`insert into material_category_materials (company_id, material_category_id, material_id)
              select company_id, material_category_id, ${row.id} from material_category_materials
              where material_id = ${source.id}`);
            const preview = await copyPreview(services.storage, companyId, source.preview_image_path, String(row.id));
            if (preview)
              await tx.execute(sql`update materials set preview_image_path = ${preview} where id = ${row.id}`);
            return copy;
          }),
        );
        return saved(request, name);
      },
    }),

    defineRoute(materialEndpoints.bulk, {
      access: { permission: `${MATERIAL_PERMISSIONS.update}|${MATERIAL_PERMISSIONS.delete}`, hatchOnly: true },
      changes: ['materials', 'categories'],
      async handler({ actor, companyId, body }) {
        const needed = body.action === 'delete' ? MATERIAL_PERMISSIONS.delete : MATERIAL_PERMISSIONS.update;
        if (!holds(needed)(policyActor(actor), null)) throw forbidden();
        return inTenant(actor, companyId, (tx) => bulkMaterials(tx, companyId, body));
      },
    }),

    defineRoute(materialEndpoints.restore, {
      access: { permission: 'restore-deleted-entities', hatchOnly: true },
      changes: ['materials', 'categories'],
      async handler({ actor, companyId, params }) {
        const record = await inTenant(actor, companyId, async (tx) => {
          await restoreMaterialVariants(tx, params.name);
          return restoreFromBin(tx, materials, sql`t.name = ${params.name}`, { notFound: MATERIAL_NOT_FOUND });
        });
        // Materials are named by their name (their id is internal).
        return restored({ id: record.name, name: record.name });
      },
    }),
  ];
}
