import { mkdir, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Document } from '@gltf-transform/core';
import { importWithAssimp } from './assimp-import.ts';
import {
  ConversionError,
  type ConversionResult,
  type ConversionStep,
  type StepReport,
  UNREADABLE_MESSAGE,
} from './conversion-types.ts';
import { texturesToWebp } from './document-textures.ts';
import { importGltf } from './gltf-import.ts';
import { gltfIO } from './gltf-io.ts';
import { formatSize, type Inspection, inspectUpload } from './inspect-step.ts';
import { importObj } from './obj-import.ts';
import { compressDocument, geometryFigures, optimiseDocument } from './optimise-step.ts';
import { importPly } from './ply-import.ts';
import { importStl } from './stl-import.ts';

export interface ConversionInput {
  filePath: string;
  fileName: string;
  workDir: string;
  outputPath: string;
}

const count = (n: number, word: string) => `${n.toLocaleString('en-US')} ${word}${n === 1 ? '' : 's'}`;

/** Unexpected failures inside a step become a human message; the cause goes to the log. */
async function step<T>(name: ConversionStep, fallback: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof ConversionError) throw error;
    console.error(`[converter] ${name} failed:`, error);
    throw new ConversionError(name, fallback);
  }
}

async function importModel(inspection: Inspection, warnings: string[]): Promise<Document> {
  const { kind, main, index } = inspection;
  switch (kind) {
    case 'obj':
      return importObj(main.filePath, main.name, index, warnings);
    case 'gltf':
    case 'glb':
      return importGltf(main.filePath, main.name, kind, index, warnings);
    case 'ply':
      return importPly(main.filePath, main.name, index, warnings);
    case 'stl':
      return importStl(main.filePath, main.name);
    default:
      return importWithAssimp(main.filePath, main.name, index, warnings);
  }
}

function describe(doc: Document) {
  const f = geometryFigures(doc);
  const parts = [f.triangles > 0 || f.points === 0 ? count(f.triangles, 'triangle') : count(f.points, 'point')];
  parts.push(count(f.meshes, 'mesh'), count(f.materials, 'material'), count(f.textures, 'texture'));
  return { figures: f, text: parts.join(', ').replace('meshs', 'meshes') };
}

/** inspect → convert → optimise in this process; `Converter` runs it in a contained child. */
export async function runConversion(
  input: ConversionInput,
  onStep: (report: StepReport) => void,
): Promise<ConversionResult> {
  const allWarnings: string[] = [];
  const stepsMs: Partial<Record<ConversionStep, number>> = {};
  const report = (name: ConversionStep, started: number, message: string, warnings: string[]) => {
    const ms = Math.round(performance.now() - started);
    stepsMs[name] = ms;
    allWarnings.push(...warnings);
    onStep({ step: name, message, ms, warnings });
  };

  let started = performance.now();
  const inspection = await step('inspect', 'The upload could not be inspected', () => inspectUpload(input));
  report('inspect', started, inspection.message, inspection.warnings);

  started = performance.now();
  const convertWarnings: string[] = [];
  const doc = await step('convert', UNREADABLE_MESSAGE, () => importModel(inspection, convertWarnings));
  const read = describe(doc);
  if (read.figures.triangles === 0 && read.figures.points === 0) {
    throw new ConversionError('convert', 'The file contains no geometry: no triangles and no points');
  }
  report('convert', started, `Read ${read.text}`, convertWarnings);

  started = performance.now();
  const optimiseWarnings: string[] = [];
  const result = await step('optimise', 'The model could not be optimised', async () => {
    await texturesToWebp(doc, optimiseWarnings);
    const { simplified, trianglesBefore } = await optimiseDocument(doc);
    // Bounds as read: optimising keeps them (simplification locks borders).
    const figures = { ...geometryFigures(doc, false), bounds: read.figures.bounds };
    await compressDocument(doc);
    const glb = await (await gltfIO()).writeBinary(doc);
    await mkdir(path.dirname(input.outputPath), { recursive: true });
    await writeFile(input.outputPath, glb);
    return { simplified, trianglesBefore, figures, outputBytes: glb.byteLength };
  });
  const shape = result.simplified
    ? `simplified from ${count(result.trianglesBefore, 'triangle')} to ${result.figures.triangles.toLocaleString('en-US')}`
    : result.figures.triangles > 0
      ? count(result.figures.triangles, 'triangle')
      : count(result.figures.points, 'point');
  report('optimise', started, `Optimised to ${formatSize(result.outputBytes)}: ${shape}`, optimiseWarnings);

  return {
    figures: {
      format: inspection.kind,
      ...result.figures,
      inputBytes: (await stat(input.filePath)).size,
      outputBytes: result.outputBytes,
      stepsMs,
      simplified: result.simplified,
      trianglesBefore: result.trianglesBefore,
    },
    warnings: allWarnings,
  };
}
