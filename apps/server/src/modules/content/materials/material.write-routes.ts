import { type AnswerOf, type MaterialMapKind, materialEndpoints, materialSaveSchema } from '@meshport/contract';
import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { CoreServices } from '#core/core-services.ts';
import { type Db, queryRows } from '#core/db/database.ts';
import { notFound, ValidationError } from '#core/http/http-error.ts';
import type { MemberActor } from '#core/http/route.ts';
import { defineRoute, type RouteDefinition } from '#core/http/route.ts';
import { ListEngine } from '#core/list/list-engine.ts';
import { restored, restoreFromBin } from '#modules/content/shared/content-writes.ts';
import type { UploadService } from '#modules/processing/uploads/upload.service.ts';
import { materialList } from './material.list.ts';
import { materialPolicy } from './material.policy.ts';
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
import {
  claimMapUploads,
  copyMaps,
  effectiveMaps,
  type PreparedMaps,
  prepareMaterialPackage,
  prepareUploadedMaps,
  removeMapFiles,
  renderChangedPreviews,
  storeMaps,
} from './material-maps.ts';

const UPDATE = materialPolicy.access('update');
const DELETE = materialPolicy.access('delete');

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
   * from; asks for its preview (a variant's shows its base's maps too). The uploads are
   * released once the maps are stored.
   */
  const saveMaterial = async (
    actor: MemberActor,
    companyId: number,
    body: { name: string; description?: string | null; categories?: number[]; parent_name?: string | null },
    prepared: PreparedMaps | null,
    claim: (tx: Db) => Promise<void>,
    uploadIds: string[],
  ): Promise<string> => {
    const stored: string[] = [];
    try {
      const name = await nameGuard(() =>
        inTenant(actor, companyId, async (tx) => {
          await assertNameFree(tx, body.name);
          await assertLiveCategories(tx, body.categories ?? []);
          if (body.parent_name) await assertParent(tx, body.parent_name);
          await claim(tx);
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
            stored.push(...Object.values(maps).map((map) => map.key));
            await tx.execute(sql`update materials set maps = ${JSON.stringify(maps)}::jsonb where id = ${row.id}`);
          }
          const none = new Map([[row.id, '{}']]);
          await renderChangedPreviews(services.jobs, tx, companyId, none, await effectiveMaps(tx, row.id));
          return row.name;
        }),
      );
      for (const uploadId of uploadIds) await services.uploads.release(companyId, uploadId);
      return name;
    } catch (error) {
      await removeMapFiles(services.storage, stored);
      throw error;
    } finally {
      await prepared?.dispose();
    }
  };

  /**
   * The map part of a PATCH: replaced maps stored under new keys, removed ones dropped (a
   * variant then shows its base's again). Answers the keys no longer held, to remove after
   * the commit; `stored` collects the new keys, to remove if the transaction fails.
   */
  const changeMaps = async (
    tx: Db,
    companyId: number,
    materialId: number,
    prepared: PreparedMaps | null,
    removals: readonly MaterialMapKind[],
    stored: string[],
  ): Promise<string[]> => {
    const [row] = await queryRows<{ maps: MaterialMaps }>(
      tx,
      sql`select maps from materials where id = ${materialId} for update`,
    );
    const own: MaterialMaps = { ...row?.maps };
    const added = prepared ? await storeMaps(services.storage, companyId, materialId, prepared) : {};
    stored.push(...Object.values(added).map((map) => map.key));
    const dropped: string[] = [];
    for (const kind of [...removals, ...(Object.keys(added) as MaterialMapKind[])]) {
      const old = own[kind]?.key;
      if (old) dropped.push(old);
      delete own[kind];
    }
    const next = { ...own, ...added };
    await tx.execute(sql`update materials set maps = ${JSON.stringify(next)}::jsonb where id = ${materialId}`);
    return dropped;
  };

  return [
    defineRoute(materialEndpoints.create, {
      access: UPDATE,
      changes: ['materials', 'categories'],
      async handler({ actor, companyId, body, request, reply }) {
        const wanted = body.maps ?? {};
        const prepared = body.maps
          ? await prepareUploadedMaps(services.uploads, services.storage, companyId, wanted)
          : null;
        const owner = { companyId, accountId: actor.accountId };
        const name = await saveMaterial(
          actor,
          companyId,
          body,
          prepared,
          (tx) => claimMapUploads(services.uploads, tx, owner, wanted),
          Object.values(wanted),
        );
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
        const claim = async (tx: Db) => {
          const owner = { companyId, accountId: actor.accountId, uploadId: body.upload_id };
          await services.uploads.claim(tx, { ...owner, kinds: ['zip'] });
        };
        const name = await saveMaterial(
          actor,
          companyId,
          { name: chosen, categories: body.categories },
          prepared,
          claim,
          [body.upload_id],
        );
        reply.status(201);
        return saved(request, name);
      },
    }),

    defineRoute(materialEndpoints.map, {
      access: materialPolicy.access('view'),
      ownQueryParsing: true,
      async handler({ actor, companyId, params, reply }) {
        // A variant's own map, else its base's (inherited until replaced).
        const [row] = await inTenant(actor, companyId, (tx) =>
          queryRows<{ maps: MaterialMaps; base_maps: MaterialMaps | null }>(
            tx,
            sql`select m.maps, b.maps as base_maps from materials m
              left join materials b on b.company_id = m.company_id and b.name = m.parent_name
              where m.name = ${params.name} and m.deleted_at is null`,
          ),
        );
        if (!row) throw notFound(MATERIAL_NOT_FOUND);
        const key = row.maps[params.map]?.key ?? row.base_maps?.[params.map]?.key;
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
        const wanted = body.maps ?? {};
        const removals = body.remove_maps ?? [];
        const prepared =
          Object.keys(wanted).length > 0
            ? await prepareUploadedMaps(services.uploads, services.storage, companyId, wanted)
            : null;
        const stored: string[] = [];
        let dropped: string[] = [];
        let name: string;
        try {
          name = await nameGuard(() =>
            inTenant(actor, companyId, async (tx) => {
              const material = await liveMaterial(tx, params.name);
              if (body.name !== undefined && body.name !== material.name) {
                await assertNameFree(tx, body.name, material.id);
              }
              if (body.categories) await assertLiveCategories(tx, body.categories);
              if (body.parent_name) await assertParent(tx, body.parent_name, material);
              await claimMapUploads(services.uploads, tx, { companyId, accountId: actor.accountId }, wanted);
              const before = await effectiveMaps(tx, material.id);
              const changes: MaterialChanges = {};
              if (body.name !== undefined) changes.name = body.name;
              if (body.description !== undefined) changes.description = body.description;
              if (body.parent_name !== undefined) changes.parent_name = body.parent_name;
              if (body.archived !== undefined) changes.status = body.archived ? 'archived' : 'active';
              // The links hold the id and variants follow a rename by cascade: renaming keeps both.
              await updateMaterialRow(tx, material.id, changes);
              if (body.categories) await linkCategories(tx, companyId, [material.id], body.categories, 'replace');
              if (prepared || removals.length > 0) {
                dropped = await changeMaps(tx, companyId, material.id, prepared, removals, stored);
              }
              // Its own preview, and those of its variants that inherit what changed.
              await renderChangedPreviews(services.jobs, tx, companyId, before, await effectiveMaps(tx, material.id));
              return changes.name ?? material.name;
            }),
          );
        } catch (error) {
          await removeMapFiles(services.storage, stored);
          throw error;
        } finally {
          await prepared?.dispose();
        }
        await removeMapFiles(services.storage, dropped);
        for (const uploadId of Object.values(wanted)) await services.uploads.release(companyId, uploadId);
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
            const maps = await copyMaps(services.storage, companyId, row.id, source.id, tx);
            if (maps)
              await tx.execute(sql`update materials set maps = ${JSON.stringify(maps)}::jsonb where id = ${row.id}`);
            return copy;
          }),
        );
        return saved(request, name);
      },
    }),

    defineRoute(materialEndpoints.bulk, {
      access: materialPolicy.accessAny('update', 'delete'),
      changes: ['materials', 'categories'],
      async handler({ actor, companyId, body }) {
        materialPolicy.assertPermits(actor, body.action === 'delete' ? 'delete' : 'update');
        return inTenant(actor, companyId, (tx) => bulkMaterials(tx, companyId, body));
      },
    }),

    defineRoute(materialEndpoints.restore, {
      access: materialPolicy.access('restore'),
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
