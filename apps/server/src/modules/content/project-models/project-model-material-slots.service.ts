import {
  MATERIAL_SLOTS_NOT_PROCESSED,
  MATERIAL_SLOTS_ONLY_FINISHED,
  type MaterialRef,
  type MaterialSlot,
  type MaterialSlotsSave,
  noSuchSlot,
  type ProcessingFigures,
} from '@meshport/contract';
import { and, eq, gte, inArray, isNull, sql } from 'drizzle-orm';
import { type Db, queryRows } from '#core/db/database.ts';
import { fieldErrors } from '#core/http/error-handler.ts';
import { HttpError, notFound, ValidationError } from '#core/http/http-error.ts';
import { materialMapUrls, materialPreviewUrl } from '#modules/content/materials/material.list.ts';
import { MATERIAL_NOT_FOUND } from '#modules/content/materials/material.service.ts';
import { type MaterialMaps, materials, projectModelMaterials } from '#modules/content/materials/material.table.ts';
import { ref } from '#modules/content/shared/content-fields.ts';
import { projectModels } from './project-model.table.ts';
import { projectModelSlotMaterials, projectModelMaterialSlots as slots } from './project-model-material-slot.table.ts';

/**
 * The material slots of a model (issue 30, decision 0059): slot i is material i of the processed
 * GLB, as `figures.material_names` lists them. A stored slot keeps its display name; the materials
 * it allows, with its default, are rows of `project_model_slot_materials`. `project_model_materials`
 * (what makes a material undeletable) stays the union of every slot's materials.
 */

export const MODEL_NOT_FOUND = 'No such model.';

/** The tables a slots answer reads (the response cache's declaration). */
export const MATERIAL_SLOT_READS = [projectModels, slots, projectModelSlotMaterials, materials];

interface Model {
  status: string;
  /** The processed file's material names; null before the model was processed with them. */
  names: string[] | null;
}

async function modelOf(tx: Db, companyId: number, id: number, lock: boolean): Promise<Model> {
  const where = and(eq(projectModels.companyId, companyId), eq(projectModels.id, id), isNull(projectModels.deletedAt));
  const query = tx
    .select({ status: projectModels.status, figures: projectModels.figures })
    .from(projectModels)
    .where(where);
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound(MODEL_NOT_FOUND);
  return { status: row.status, names: row.figures?.material_names ?? null };
}

type AllowedRow = MaterialRef & { slot_index: number; is_default: boolean };

/** The slots of the file's names, with what is stored of each; rows of slots the file no longer has are left out. */
async function slotsOf(tx: Db, companyId: number, modelId: number, names: string[]): Promise<MaterialSlot[]> {
  const stored = await tx
    .select({ index: slots.slotIndex, name: slots.name })
    .from(slots)
    .where(and(eq(slots.companyId, companyId), eq(slots.projectModelId, modelId)));
  // Materials in the recycle bin or archived are not offered; a variant shows its base's maps where it has none.
  const allowed = await queryRows<AllowedRow>(
    tx,
    sql`select sm.slot_index, sm.is_default, ${ref(materials.name)} as name, ${ref(materials.parentName)} as parent_name,
        ${materialPreviewUrl} as preview_image_url, ${materialMapUrls} as maps
      from ${projectModelSlotMaterials} sm
      join ${materials} on ${ref(materials.companyId)} = sm.company_id and ${ref(materials.id)} = sm.material_id
      where sm.company_id = ${companyId} and sm.project_model_id = ${modelId}
        and ${ref(materials.deletedAt)} is null and ${ref(materials.status)} <> 'archived'
      order by sm.slot_index, ${ref(materials.name)}`,
  );
  const nameOf = new Map(stored.map((slot) => [slot.index, slot.name]));
  const allowedIn = new Map<number, AllowedRow[]>();
  for (const row of allowed) allowedIn.set(row.slot_index, [...(allowedIn.get(row.slot_index) ?? []), row]);
  // The materials' own addresses are hatch's (list-materials); the model's serve whoever may view the model.
  const own = '/v2/materials/';
  const viaModel = (url: string) =>
    url.startsWith(own) ? `/v2/projects/models/${modelId}/material-slots/materials/${url.slice(own.length)}` : url;
  const materialRef = (row: AllowedRow): MaterialRef => ({
    name: row.name,
    parent_name: row.parent_name,
    preview_image_url: row.preview_image_url === null ? null : viaModel(row.preview_image_url),
    maps: Object.fromEntries(Object.entries(row.maps).map(([kind, url]) => [kind, viaModel(url)])),
  });
  return names.map((sourceName, index) => {
    const rows = allowedIn.get(index) ?? [];
    const chosen = rows.find((row) => row.is_default);
    return {
      index,
      source_name: sourceName,
      name: nameOf.get(index) ?? sourceName,
      default_material: chosen ? materialRef(chosen) : null,
      materials: rows.map(materialRef),
    };
  });
}

/** GET /projects/models/{id}/material-slots: 404 for no live model of the company, 409 before its slots are known. */
export async function readMaterialSlots(tx: Db, companyId: number, modelId: number): Promise<MaterialSlot[]> {
  const model = await modelOf(tx, companyId, modelId, false);
  if (!model.names) throw new HttpError(409, MATERIAL_SLOTS_NOT_PROCESSED);
  return slotsOf(tx, companyId, modelId, model.names);
}

/** `project_model_materials` of the model: the union of its slots' materials. */
async function linkSlotMaterials(tx: Db, companyId: number, modelId: number): Promise<void> {
  await tx
    .delete(projectModelMaterials)
    .where(and(eq(projectModelMaterials.companyId, companyId), eq(projectModelMaterials.projectModelId, modelId)));
  await tx.execute(sql`insert into ${projectModelMaterials} (company_id, project_model_id, material_id)
    select distinct sm.company_id, sm.project_model_id, sm.material_id from ${projectModelSlotMaterials} sm
    where sm.company_id = ${companyId} and sm.project_model_id = ${modelId}`);
}

/**
 * PUT /projects/models/{id}/material-slots: every configured slot of the body replaces what was
 * stored (a slot left out has no row again), and the model's material links become their union,
 * in the request's transaction. Each index must be a slot of the file and each material a live
 * material of the company (422 per field); the model must be finished (409).
 */
export async function saveMaterialSlots(
  tx: Db,
  companyId: number,
  modelId: number,
  body: MaterialSlotsSave,
): Promise<MaterialSlot[]> {
  const model = await modelOf(tx, companyId, modelId, true);
  if (!model.names) throw new HttpError(409, MATERIAL_SLOTS_NOT_PROCESSED);
  if (model.status !== 'FINISHED') throw new HttpError(409, MATERIAL_SLOTS_ONLY_FINISHED);
  const names = model.names;
  const wanted = [...new Set(body.slots.flatMap((slot) => slot.materials))];
  const found =
    wanted.length === 0
      ? []
      : await tx
          .select({ id: materials.id, name: materials.name })
          .from(materials)
          .where(and(eq(materials.companyId, companyId), inArray(materials.name, wanted), isNull(materials.deletedAt)));
  const idOf = new Map(found.map((material) => [material.name, material.id]));
  const errors = fieldErrors();
  body.slots.forEach((slot, i) => {
    if (slot.index >= names.length) errors[`slots.${i}.index`] = [noSuchSlot(names.length)];
    slot.materials.forEach((name, j) => {
      if (!idOf.has(name)) errors[`slots.${i}.materials.${j}`] = [MATERIAL_NOT_FOUND];
    });
  });
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);

  // The slot's materials go with it (cascade).
  await tx.delete(slots).where(and(eq(slots.companyId, companyId), eq(slots.projectModelId, modelId)));
  if (body.slots.length > 0) {
    await tx.insert(slots).values(
      body.slots.map((slot) => ({
        companyId,
        projectModelId: modelId,
        slotIndex: slot.index,
        sourceName: names[slot.index] ?? '',
        name: slot.name,
      })),
    );
  }
  const allowed = body.slots.flatMap((slot) =>
    [...new Set(slot.materials)].flatMap((name) => {
      const materialId = idOf.get(name);
      if (materialId === undefined) return [];
      return [
        {
          companyId,
          projectModelId: modelId,
          slotIndex: slot.index,
          materialId,
          isDefault: name === slot.default_material,
        },
      ];
    }),
  );
  if (allowed.length > 0) await tx.insert(projectModelSlotMaterials).values(allowed);
  await linkSlotMaterials(tx, companyId, modelId);
  return slotsOf(tx, companyId, modelId, names);
}

/**
 * After a run finished the model (processed again, or from a replaced file): the slots its new file
 * still has keep their names and materials; those beyond go, and with them their material links.
 */
export async function keepSlotsOfFile(
  tx: Db,
  companyId: number,
  modelId: number,
  figures: ProcessingFigures,
): Promise<void> {
  const names = figures.material_names;
  if (!names) return;
  const gone = await tx
    .delete(slots)
    .where(and(eq(slots.companyId, companyId), eq(slots.projectModelId, modelId), gte(slots.slotIndex, names.length)))
    .returning({ index: slots.slotIndex });
  if (gone.length > 0) await linkSlotMaterials(tx, companyId, modelId);
}

/**
 * A material one of the model's slots allows (live, not archived), with the stored files a viewer of
 * the model may load: its maps (a variant's own over its base's) and its preview. Null when the model
 * or the material is not there, or no slot allows it.
 */
export async function slotMaterialFiles(
  tx: Db,
  companyId: number,
  modelId: number,
  name: string,
): Promise<{ maps: MaterialMaps; baseMaps: MaterialMaps | null; previewPath: string | null } | null> {
  const [row] = await queryRows<{
    maps: MaterialMaps;
    base_maps: MaterialMaps | null;
    preview_image_path: string | null;
  }>(
    tx,
    sql`select m.maps, b.maps as base_maps, m.preview_image_path
      from project_models pm
      join project_model_slot_materials sm on sm.company_id = pm.company_id and sm.project_model_id = pm.id
      join materials m on m.company_id = sm.company_id and m.id = sm.material_id
      left join materials b on b.company_id = m.company_id and b.name = m.parent_name
      where pm.company_id = ${companyId} and pm.id = ${modelId} and pm.deleted_at is null
        and m.name = ${name} and m.deleted_at is null and m.status <> 'archived'
      limit 1`,
  );
  return row ? { maps: row.maps, baseMaps: row.base_maps, previewPath: row.preview_image_path } : null;
}
