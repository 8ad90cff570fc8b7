import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { type CodedText, codedText, type ProcessingFigures } from '@meshport/contract';
import type { FileStorage } from '#core/storage/file-storage.ts';
import type { ConversionResult } from '#modules/processing/conversion/conversion-types.ts';

export interface FinishOutputs {
  glbKey: string;
  /** The light version's key, beside the GLB; null without one. */
  liteGlbKey: string | null;
  previewKey: string | null;
  figures: ProcessingFigures;
  message: CodedText;
}

/** The real size along glTF's axes, in metres (the output is placed in metres, Y up: decision 0037). */
export function dimensions(bounds: ConversionResult['figures']['bounds']): ProcessingFigures['dimensions_m'] {
  if (!bounds) return null;
  const size = (axis: 0 | 1 | 2) => Math.round((bounds.max[axis] - bounds.min[axis]) * 1e6) / 1e6;
  return { width: size(0), depth: size(2), height: size(1) };
}

/** The figures as the record keeps them (the contract's names), with every step's time. */
export function recordFigures(
  result: ConversionResult,
  extra: { originalBytes: number; stepsMs: Record<string, number>; warnings: string[] },
): ProcessingFigures {
  const lite: Record<string, number> = result.lite ? { lite: result.lite.ms } : {};
  const f = result.figures;
  return {
    format: f.format,
    triangles: f.triangles,
    triangles_before: f.trianglesBefore,
    keyframes_before: f.keyframesBefore,
    keyframes_after: f.keyframesAfter,
    vertices: f.vertices,
    points: f.points,
    meshes: f.meshes,
    materials: f.materials,
    material_names: f.materialNames,
    textures: f.textures,
    bounds: f.bounds,
    dimensions_m: dimensions(f.bounds),
    placement: f.placement,
    simplified: f.simplified,
    original_bytes: extra.originalBytes,
    glb_bytes: f.outputBytes,
    lite_glb_bytes: result.lite?.bytes ?? null,
    steps_ms: { ...f.stepsMs, ...lite, ...extra.stepsMs },
    warnings: [...result.warnings, ...extra.warnings],
    validator_errors: f.validatorErrors,
    validator_warnings: f.validatorWarnings,
  };
}

export function finishMessage(figures: ProcessingFigures): CodedText {
  const sizes = { glbBytes: String(figures.glb_bytes), originalBytes: String(figures.original_bytes) };
  if (figures.meshes === 0) return codedText('readyMeshless', sizes);
  const counts =
    figures.points > 0 && figures.triangles === 0 ? `point:${figures.points}` : `triangle:${figures.triangles}`;
  return codedText('ready', { counts, ...sizes });
}

/** finish: the GLB and the preview into storage under new keys (a reader never sees half of one). */
export async function finishStep(
  storage: FileStorage,
  folder: string,
  glbPath: string,
  preview: Buffer | null,
  figures: ProcessingFigures,
  litePath: string | null = null,
): Promise<FinishOutputs> {
  const tag = randomBytes(6).toString('hex');
  const glbKey = `${folder}/model-${tag}.glb`;
  await storage.putStream(glbKey, createReadStream(glbPath));
  let liteGlbKey: string | null = null;
  if (litePath) {
    liteGlbKey = `${folder}/model-${tag}-lite.glb`;
    await storage.putStream(liteGlbKey, createReadStream(litePath));
  }
  let previewKey: string | null = null;
  if (preview) {
    previewKey = `${folder}/preview-${tag}.webp`;
    await storage.put(previewKey, preview);
  }
  return { glbKey, liteGlbKey, previewKey, figures, message: finishMessage(figures) };
}
