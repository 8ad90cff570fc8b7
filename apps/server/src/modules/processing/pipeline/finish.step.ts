import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import type { ProcessingFigures } from '@meshport/contract';
import type { FileStorage } from '#core/storage/file-storage.ts';
import type { ConversionResult } from '#modules/processing/conversion/conversion-types.ts';
import { formatBytes, formatCount } from './format.ts';

export interface FinishOutputs {
  glbKey: string;
  previewKey: string | null;
  figures: ProcessingFigures;
  message: string;
}

/** The figures as the record keeps them (the contract's names), with every step's time. */
export function recordFigures(
  result: ConversionResult,
  extra: { originalBytes: number; stepsMs: Record<string, number>; warnings: string[] },
): ProcessingFigures {
  const f = result.figures;
  return {
    format: f.format,
    triangles: f.triangles,
    triangles_before: f.trianglesBefore,
    vertices: f.vertices,
    points: f.points,
    meshes: f.meshes,
    materials: f.materials,
    textures: f.textures,
    bounds: f.bounds,
    simplified: f.simplified,
    original_bytes: extra.originalBytes,
    glb_bytes: f.outputBytes,
    steps_ms: { ...f.stepsMs, ...extra.stepsMs },
    warnings: [...result.warnings, ...extra.warnings],
  };
}

export function finishMessage(figures: ProcessingFigures): string {
  const shape =
    figures.points > 0 && figures.triangles === 0
      ? `${formatCount(figures.points)} points`
      : `${formatCount(figures.triangles)} triangles`;
  return `Ready: ${shape}, ${formatBytes(figures.glb_bytes)} GLB (original ${formatBytes(figures.original_bytes)})`;
}

/** finish: the GLB and the preview into storage under new keys (a reader never sees half of one). */
export async function finishStep(
  storage: FileStorage,
  folder: string,
  glbPath: string,
  preview: Buffer | null,
  figures: ProcessingFigures,
): Promise<FinishOutputs> {
  const tag = randomBytes(6).toString('hex');
  const glbKey = `${folder}/model-${tag}.glb`;
  await storage.putStream(glbKey, createReadStream(glbPath));
  let previewKey: string | null = null;
  if (preview) {
    previewKey = `${folder}/preview-${tag}.webp`;
    await storage.put(previewKey, preview);
  }
  return { glbKey, previewKey, figures, message: finishMessage(figures) };
}
