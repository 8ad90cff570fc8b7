import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '#core/db/database.ts';
import type { FileStorage } from '#core/storage/file-storage.ts';

/**
 * A copy of a stored file under the new record's folder, or null when the file is gone. Each
 * record owns its files: the purge removes a record's files with it, so a copy never shares one.
 */
export async function copyStoredFile(
  storage: FileStorage,
  key: string,
  place: { companyId: number; kind: string; id: number },
): Promise<string | null> {
  if (!(await storage.exists(key))) return null;
  const extension = path.extname(key).replace(/[^A-Za-z0-9.]/g, '');
  const copy = `companies/${place.companyId}/${place.kind}/${place.id}/preview-${randomBytes(6).toString('hex')}${extension}`;
  await storage.putStream(copy, storage.read(key));
  return copy;
}

interface ModelRow extends Record<string, unknown> {
  id: number;
  preview_image_path: string | null;
}

/**
 * A model belongs to exactly one project (`project_models.project_id`), so a copied project's
 * "model links" are copies of the source's live models: each with its fields, its preview
 * image, the library items and materials it uses, and its processing history.
 */
export async function copyProjectModels(
  tx: Db,
  storage: FileStorage,
  scope: { companyId: number; from: number; to: number },
  created: string[],
): Promise<number> {
  const models = await queryRows<ModelRow>(
    tx,
    sql`select id, preview_image_path from project_models
      where project_id = ${scope.from} and deleted_at is null order by id`,
  );
  for (const model of models) {
    const [copy] = await queryRows<{ id: number }>(
      tx,
      sql`insert into project_models (company_id, project_id, name, description, status, started_at, finished_at, uploader_id)
        select company_id, ${scope.to}, name, description, status, started_at, finished_at, uploader_id
        from project_models where id = ${model.id} returning id`,
    );
    const id = copy?.id as number;
    await tx.execute(sql`insert into project_model_library_items (company_id, project_model_id, library_item_id)
      select company_id, ${id}, library_item_id from project_model_library_items where project_model_id = ${model.id}`);
    await tx.execute(sql`insert into project_model_materials (company_id, project_model_id, material_id)
      select company_id, ${id}, material_id from project_model_materials where project_model_id = ${model.id}`);
    await tx.execute(sql`insert into geometry_events
        (company_id, subject_kind, subject_id, step, message, message_code, message_params, status, created_at)
      select company_id, subject_kind, ${id}, step, message, message_code, message_params, status, created_at
      from geometry_events
      where subject_kind = 'project_model' and subject_id = ${model.id}`);
    if (model.preview_image_path) {
      const key = await copyStoredFile(storage, model.preview_image_path, {
        companyId: scope.companyId,
        kind: 'models',
        id,
      });
      if (key) {
        created.push(key);
        await tx.execute(sql`update project_models set preview_image_path = ${key} where id = ${id}`);
      }
    }
  }
  return models.length;
}
