import { createHash } from 'node:crypto';
import { buffer } from 'node:stream/consumers';
import {
  MATERIAL_MAP_KINDS,
  MATERIAL_SLOTS_NOT_PROCESSED,
  MATERIAL_VARIANTS_NONE,
  MATERIAL_VARIANTS_ONLY_FINISHED,
} from '@meshport/contract';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '#core/db/database.ts';
import { HttpError, notFound } from '#core/http/http-error.ts';
import type { FileStorage } from '#core/storage/file-storage.ts';
import type { MaterialMaps } from '#modules/content/materials/material.table.ts';
import { type SlotFinishes, writeVariantsGlb } from '#modules/processing/conversion/material-variants.ts';
import { storageFolder } from '#modules/processing/pipeline/processing-subject.ts';
import { safeFileName } from '#modules/processing/pipeline/store.step.ts';
import { projectModelProcessing } from './project-model.processing-subject.ts';
import { MODEL_NOT_FOUND } from './project-model-material-slots.service.ts';

/**
 * The finishes export of a model (issue 30, item 5): its web-ready GLB with every material its slots allow as a
 * KHR_materials_variants variant (`writeVariantsGlb`). Built on the first download of a configuration and kept in
 * storage under a hash of everything it is made of (the GLB's key, the slots, the materials' map keys and changes),
 * so a second download reads the file; a new configuration's file replaces the old one.
 */

/** One allowed material's maps: stored keys, a variant's own over its base's (as the slot map route serves them). */
interface AllowedMaterial {
  slot: number;
  name: string;
  isDefault: boolean;
  keys: Partial<Record<(typeof MATERIAL_MAP_KINDS)[number], string>>;
  changed: string;
}

export interface VariantsSource {
  glbKey: string;
  /** The download's file name: `<model>-finishes.glb`. */
  fileName: string;
  /** Where the built file is (or will be) kept. */
  cacheKey: string;
  /** The folder holding the model's built files (cleared before a new one is kept). */
  cacheFolder: string;
  materials: AllowedMaterial[];
}

/** Where a model's built finishes exports are kept (the recycle bin's purge removes it with the model). */
export const variantsCacheFolder = (companyId: number, modelId: number) =>
  `${storageFolder(projectModelProcessing, companyId, modelId)}/finishes`;

type MaterialRow = {
  slot_index: number;
  is_default: boolean;
  name: string;
  maps: MaterialMaps;
  base_maps: MaterialMaps | null;
  updated_at: string;
  base_updated_at: string | null;
};

/**
 * What the export of a model is made of. 404 for no live model of the company; 409 before it was processed with
 * slots, when it is not FINISHED, or when no slot allows a material (live, not archived, as the slots show them).
 */
export async function variantsSource(tx: Db, companyId: number, modelId: number): Promise<VariantsSource> {
  const [model] = await queryRows<{ name: string; status: string; glb_key: string | null; names: unknown }>(
    tx,
    sql`select name, status, glb_key, figures->'material_names' as names from project_models
      where company_id = ${companyId} and id = ${modelId} and deleted_at is null`,
  );
  if (!model) throw notFound(MODEL_NOT_FOUND);
  if (!Array.isArray(model.names)) throw new HttpError(409, MATERIAL_SLOTS_NOT_PROCESSED);
  if (model.status !== 'FINISHED' || !model.glb_key) throw new HttpError(409, MATERIAL_VARIANTS_ONLY_FINISHED);
  const slotCount = model.names.length;
  const rows = await queryRows<MaterialRow>(
    tx,
    sql`select sm.slot_index, sm.is_default, m.name, m.maps, b.maps as base_maps,
        m.updated_at::text as updated_at, b.updated_at::text as base_updated_at
      from project_model_slot_materials sm
      join materials m on m.company_id = sm.company_id and m.id = sm.material_id
      left join materials b on b.company_id = m.company_id and b.name = m.parent_name and b.deleted_at is null
      where sm.company_id = ${companyId} and sm.project_model_id = ${modelId}
        and m.deleted_at is null and m.status <> 'archived' and sm.slot_index < ${slotCount}
      order by sm.slot_index, m.name`,
  );
  if (rows.length === 0) throw new HttpError(409, MATERIAL_VARIANTS_NONE);
  const materials = rows.map((row): AllowedMaterial => {
    const keys: AllowedMaterial['keys'] = {};
    for (const kind of MATERIAL_MAP_KINDS) {
      const key = row.maps[kind]?.key ?? row.base_maps?.[kind]?.key;
      if (key) keys[kind] = key;
    }
    return {
      slot: row.slot_index,
      name: row.name,
      isDefault: row.is_default,
      keys,
      changed: `${row.updated_at} ${row.base_updated_at ?? ''}`,
    };
  });
  const hash = createHash('sha256')
    .update(JSON.stringify({ glb: model.glb_key, materials }))
    .digest('hex')
    .slice(0, 32);
  const cacheFolder = variantsCacheFolder(companyId, modelId);
  const base = safeFileName(model.name).replace(/\.[^.]*$/, '') || 'model';
  return {
    glbKey: model.glb_key,
    fileName: `${base}-finishes.glb`,
    cacheKey: `${cacheFolder}/${hash}.glb`,
    cacheFolder,
    materials,
  };
}

/** The slots `writeVariantsGlb` takes, with each map's bytes read from storage (maps are stored as WebP). */
async function slotFinishes(storage: FileStorage, materials: readonly AllowedMaterial[]): Promise<SlotFinishes[]> {
  const bySlot = new Map<number, SlotFinishes>();
  for (const material of materials) {
    let slot = bySlot.get(material.slot);
    if (!slot) {
      slot = { index: material.slot, default: null, options: [] };
      bySlot.set(material.slot, slot);
    }
    const maps: SlotFinishes['options'][number]['maps'] = {};
    for (const [kind, key] of Object.entries(material.keys) as [keyof typeof material.keys, string][]) {
      // A map whose file is gone is left out, as the viewer would go without it.
      if (!(await storage.exists(key))) continue;
      maps[kind] = { bytes: new Uint8Array(await buffer(storage.read(key))), mimeType: 'image/webp' };
    }
    slot.options.push({ name: material.name, maps });
    if (material.isDefault) slot.default = material.name;
  }
  return [...bySlot.values()];
}

/** Builds of a cache key under way in this process: a second download at the same time waits for the first. */
const building = new Map<string, Promise<Buffer>>();

/**
 * The export's bytes: null when the kept file is there (the caller streams it), else built now, kept (older
 * configurations' files removed first), and returned.
 */
export async function buildVariantsGlb(storage: FileStorage, source: VariantsSource): Promise<Buffer | null> {
  if (await storage.exists(source.cacheKey)) return null;
  let pending = building.get(source.cacheKey);
  if (!pending) {
    pending = (async () => {
      const glb = new Uint8Array(await buffer(storage.read(source.glbKey)));
      const built = Buffer.from(await writeVariantsGlb(glb, await slotFinishes(storage, source.materials)));
      await storage.removeFolder(source.cacheFolder);
      await storage.put(source.cacheKey, built);
      return built;
    })().finally(() => building.delete(source.cacheKey));
    building.set(source.cacheKey, pending);
  }
  return pending;
}
