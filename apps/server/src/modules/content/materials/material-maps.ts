import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { FILE_INVALID_TYPE, MATERIAL_MAP_KINDS, type MaterialMapKind } from '@meshport/contract';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import type { CoreServices } from '#core/core-services.ts';
import { type Db, queryRows } from '#core/db/database.ts';
import { ValidationError } from '#core/http/http-error.ts';
import type { FileStorage } from '#core/storage/file-storage.ts';
import { ConversionError } from '#modules/processing/conversion/conversion-types.ts';
import {
  type MaterialPackage,
  prepareMapImage,
  readMaterialPackage,
} from '#modules/processing/conversion/material-package.ts';
import { UPLOAD_NOT_FINISHED, type UploadService } from '#modules/processing/uploads/upload.service.ts';
import { type MaterialMaps, materials } from './material.table.ts';
import { materialAt, shownMaps } from './material-inheritance.ts';
import { materialPreviewJob } from './material-preview.job.ts';

/** Map images made ready (WebP, at most 2048 px) in a work folder, before the material is saved. */
export interface PreparedMaps {
  files: Partial<Record<MaterialMapKind, { path: string; width: number; height: number }>>;
  factors: MaterialPackage['factors'];
  /** The package's own name (imports). */
  name: string | null;
  workDir: string;
  dispose(): Promise<void>;
}

async function workFolder(): Promise<{ workDir: string; dispose: () => Promise<void> }> {
  const workDir = await mkdtemp(path.join(tmpdir(), 'meshport-material-'));
  return { workDir, dispose: () => rm(workDir, { recursive: true, force: true }) };
}

const messageOf = (error: unknown) => {
  if (error instanceof ConversionError) return error.message;
  throw error;
};

/**
 * `maps[kind]=<upload id>` of POST /materials: each a finished image upload of this company,
 * turned into WebP now, so that a bad image is answered on its own field and nothing is saved.
 */
export async function prepareUploadedMaps(
  uploads: UploadService,
  storage: FileStorage,
  companyId: number,
  wanted: Partial<Record<MaterialMapKind, string>>,
): Promise<PreparedMaps> {
  const { workDir, dispose } = await workFolder();
  const files: PreparedMaps['files'] = {};
  const errors: Record<string, string[]> = {};
  try {
    for (const kind of MATERIAL_MAP_KINDS) {
      const uploadId = wanted[kind];
      if (!uploadId) continue;
      const upload = await uploads.find(companyId, uploadId);
      if (upload?.state !== 'finished') {
        errors[`maps.${kind}`] = [UPLOAD_NOT_FINISHED];
        continue;
      }
      if (upload.kind !== 'image') {
        errors[`maps.${kind}`] = [FILE_INVALID_TYPE];
        continue;
      }
      const source = path.join(workDir, `${kind}-source`);
      await storage.downloadTo(upload.storageKey, source);
      const output = path.join(workDir, `${kind}.webp`);
      try {
        files[kind] = { path: output, ...(await prepareMapImage(source, output)) };
      } catch (error) {
        errors[`maps.${kind}`] = [messageOf(error)];
      }
    }
    if (Object.keys(errors).length > 0) throw new ValidationError(errors);
    return { files, factors: {}, name: null, workDir, dispose };
  } catch (error) {
    await dispose();
    throw error;
  }
}

/** POST /materials/import: a `.matz` package (docs/material-package.md), read and checked now. */
export async function prepareMaterialPackage(
  uploads: UploadService,
  storage: FileStorage,
  companyId: number,
  uploadId: string,
): Promise<PreparedMaps> {
  const upload = await uploads.find(companyId, uploadId);
  if (upload?.state !== 'finished') throw new ValidationError({ upload_id: [UPLOAD_NOT_FINISHED] });
  if (upload.kind !== 'zip') throw new ValidationError({ upload_id: [FILE_INVALID_TYPE] });
  const { workDir, dispose } = await workFolder();
  try {
    const source = path.join(workDir, 'package.zip');
    await storage.downloadTo(upload.storageKey, source);
    let material: MaterialPackage;
    try {
      material = await readMaterialPackage(source, path.join(workDir, 'maps'));
    } catch (error) {
      throw new ValidationError({ upload_id: [messageOf(error)] });
    }
    const files: PreparedMaps['files'] = {};
    for (const kind of MATERIAL_MAP_KINDS) {
      const file = material.maps[kind];
      if (!file) continue;
      // Already WebP within the size cap: only its size is read.
      const { width = 0, height = 0 } = await sharp(file).metadata();
      files[kind] = { path: file, width, height };
    }
    return { files, factors: material.factors, name: material.name, workDir, dispose };
  } catch (error) {
    await dispose();
    throw error;
  }
}

/** The prepared maps into storage under new keys; returns what the material row keeps. */
export async function storeMaps(
  storage: FileStorage,
  companyId: number,
  materialId: number,
  prepared: PreparedMaps,
): Promise<MaterialMaps> {
  const tag = randomBytes(6).toString('hex');
  const maps: MaterialMaps = {};
  for (const [kind, file] of Object.entries(prepared.files) as [
    MaterialMapKind,
    { path: string; width: number; height: number },
  ][]) {
    const key = `companies/${companyId}/materials/${materialId}/${kind}-${tag}.webp`;
    await storage.put(key, await readFile(file.path));
    maps[kind] = { key, width: file.width, height: file.height };
  }
  return maps;
}

/** Takes the map uploads in `tx`; one that cannot be taken is answered on its own field. */
export async function claimMapUploads(
  uploads: UploadService,
  tx: Db,
  owner: { companyId: number; accountId: number },
  wanted: Partial<Record<MaterialMapKind, string>>,
): Promise<void> {
  for (const kind of MATERIAL_MAP_KINDS) {
    const uploadId = wanted[kind];
    if (!uploadId) continue;
    try {
      await uploads.claim(tx, { ...owner, uploadId, kinds: ['image'] });
    } catch (error) {
      if (error instanceof ValidationError) throw new ValidationError({ [`maps.${kind}`]: [UPLOAD_NOT_FINISHED] });
      throw error;
    }
  }
}

/**
 * The maps a material shows (own over its base's), as text, for it and its live variants:
 * read before and after a change, the ones that differ need a new preview.
 */
export async function effectiveMaps(tx: Db, materialId: number): Promise<Map<number, string>> {
  const rows = await queryRows<{ id: number; maps: string }>(
    tx,
    sql`select m.id, ${shownMaps(materialAt('m'))}::text as maps
      from ${materials} m
      where m.deleted_at is null
        and (m.id = ${materialId} or m.parent_name = (select s.name from materials s where s.id = ${materialId}))`,
  );
  return new Map(rows.map((row) => [row.id, row.maps]));
}

/** After a change: asks (with the transaction) for the previews of the materials whose maps it changed. */
export async function renderChangedPreviews(
  jobs: CoreServices['jobs'],
  tx: Db,
  companyId: number,
  before: Map<number, string>,
  after: Map<number, string>,
): Promise<number[]> {
  const changed = [...after].filter(([id, maps]) => before.get(id) !== maps).map(([id]) => id);
  for (const materialId of changed)
    await jobs.enqueueAfterCommit(tx, materialPreviewJob.name, { companyId, materialId });
  return changed;
}

/** Stored map files no row holds any more (after the commit, or after a failed one for new files). */
export async function removeMapFiles(storage: FileStorage, keys: readonly string[]): Promise<void> {
  for (const key of keys) await storage.remove(key).catch(() => {});
}

/** A duplicate's own copies of its source's maps (a later change of either leaves the other's in place). */
export async function copyMaps(
  storage: FileStorage,
  companyId: number,
  copyId: number,
  sourceId: number,
  tx: Db,
): Promise<MaterialMaps | null> {
  const [row] = await queryRows<{ maps: MaterialMaps }>(tx, sql`select maps from materials where id = ${sourceId}`);
  const entries = Object.entries(row?.maps ?? {}) as [
    MaterialMapKind,
    { key: string; width: number; height: number },
  ][];
  if (entries.length === 0) return null;
  const tag = randomBytes(6).toString('hex');
  const maps: MaterialMaps = {};
  for (const [kind, map] of entries) {
    const key = `companies/${companyId}/materials/${copyId}/${kind}-${tag}.webp`;
    await storage.put(key, await buffer(storage.read(map.key)));
    maps[kind] = { ...map, key };
  }
  return maps;
}
