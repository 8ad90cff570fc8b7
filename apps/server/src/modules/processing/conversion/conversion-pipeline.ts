import { mkdir, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Document } from '@gltf-transform/core';
import { resampleAnimations } from './animation-resample.ts';
import { importWithAssimp } from './assimp-import.ts';
import { applyColladaOpacity } from './collada-opacity.ts';
import { compressChecked } from './compress-step.ts';
import {
  ConversionError,
  type ConversionResult,
  type ConversionStep,
  codedFailure,
  type StepReport,
  UNREADABLE_MESSAGE,
} from './conversion-types.ts';
import { texturesToWebp } from './document-textures.ts';
import { applyRrsInheritance, readRrsModels } from './fbx-inherit-type.ts';
import { removeDoubledPreRotation } from './fbx-pre-rotation.ts';
import { shapesBounds } from './geometry-shape.ts';
import { importGltf } from './gltf-import.ts';
import { validateGlb } from './gltf-validation.ts';
import { formatSize, type Inspection, inspectUpload } from './inspect-step.ts';
import { LITE_ABOVE_BYTES, LITE_MIN_TRIANGLES, LITE_SHARE, makeLiteGlb } from './lite-glb.ts';
import { jointBounds, meshlessContent } from './meshless-scene.ts';
import { importObj } from './obj-import.ts';
import { geometryFigures, optimiseDocument } from './optimise-step.ts';
import { declareUsedExtensions } from './output-extensions.ts';
import { importPly } from './ply-import.ts';
import { type PlacementChoice, placeScene } from './scene-placement.ts';
import { importStl } from './stl-import.ts';

export interface ConversionInput {
  filePath: string;
  fileName: string;
  workDir: string;
  outputPath: string;
  /** The record's units and up axis for formats that state none. */
  placement?: PlacementChoice;
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
    case 'fbx': {
      const doc = await importWithAssimp(main.filePath, main.name, index, warnings);
      const turned = removeDoubledPreRotation(doc);
      if (turned > 0) warnings.push(`${count(turned, 'animated rotation')} no longer turned twice by its PreRotation`);
      const kept = applyRrsInheritance(doc, await readRrsModels(main.filePath));
      if (kept > 0) {
        warnings.push(
          `${count(kept, 'node')} kept out of ${kept === 1 ? 'its' : 'their'} parent's scale, as the file says`,
        );
      }
      return doc;
    }
    case 'dae': {
      const doc = await importWithAssimp(main.filePath, main.name, index, warnings);
      await applyColladaOpacity(doc, main.filePath, warnings);
      return doc;
    }
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
  const placement = await step('convert', UNREADABLE_MESSAGE, () =>
    placeScene(doc, inspection.kind, inspection.main.filePath, input.placement),
  );
  const read = describe(doc);
  const meshless = read.figures.triangles === 0 && read.figures.points === 0 ? meshlessContent(doc) : undefined;
  if (meshless === null) {
    throw codedFailure('convert', 'noGeometry');
  }
  if (meshless) {
    read.text = `no mesh, ${count(meshless.nodes, 'node')} and ${count(meshless.animations, 'animation')}`;
    convertWarnings.push('The file holds no mesh, so nothing is drawn: its nodes and animations are kept');
  }
  report('convert', started, `Read ${read.text}${placement.note ? `; ${placement.note}` : ''}`, convertWarnings);

  started = performance.now();
  const optimiseWarnings: string[] = [];
  const result = await step('optimise', 'The model could not be optimised', async () => {
    await texturesToWebp(doc, optimiseWarnings);
    const { simplified, trianglesBefore } = await optimiseDocument(doc, optimiseWarnings, {
      keepLeaves: Boolean(meshless),
    });
    const keyframes = await resampleAnimations(doc);
    const compressed = await compressChecked(doc);
    optimiseWarnings.push(...compressed.warnings);
    const glb = declareUsedExtensions(compressed.glb);
    // Measured on the output, decoded: what is published, not what was read.
    // Without a mesh, the size of what the file carries: its joints' and animated nodes' positions.
    const bounds = meshless ? jointBounds(compressed.decoded) : shapesBounds(compressed.shapes);
    const figures = { ...geometryFigures(compressed.decoded, false), bounds };
    const validation = await validateGlb(declareUsedExtensions(compressed.plain));
    if (validation.firstError) {
      throw codedFailure('optimise', 'invalidOutput', { reason: validation.firstError });
    }
    await mkdir(path.dirname(input.outputPath), { recursive: true });
    await writeFile(input.outputPath, glb);
    const lite =
      glb.byteLength > LITE_ABOVE_BYTES ? await writeLite(compressed.decoded, input.outputPath, glb.byteLength) : null;
    return { simplified, trianglesBefore, figures, validation, keyframes, outputBytes: glb.byteLength, lite };
  });
  const shape = result.simplified
    ? `simplified from ${count(result.trianglesBefore, 'triangle')} to ${result.figures.triangles.toLocaleString('en-US')}`
    : result.figures.triangles > 0
      ? count(result.figures.triangles, 'triangle')
      : meshless
        ? 'no mesh'
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
      placement: placement.figure,
      trianglesBefore: result.trianglesBefore,
      ...result.keyframes,
      validatorErrors: result.validation.errors,
      validatorWarnings: result.validation.warnings,
    },
    warnings: allWarnings,
    lite: result.lite,
  };
}

/**
 * The light version beside the output (`model-lite.glb`); null when it could not be made: it is an extra, so its
 * failure is logged and the conversion goes on without it.
 */
async function writeLite(decoded: Document, outputPath: string, fullBytes: number): Promise<ConversionResult['lite']> {
  const started = performance.now();
  try {
    let lite = await makeLiteGlb(decoded);
    // Over its share of the full size (a mesh of seams, a vertex per corner, weighs more a triangle): fewer triangles.
    if (lite.glb.byteLength > fullBytes * LITE_SHARE && lite.triangles > LITE_MIN_TRIANGLES) {
      const fewer = Math.floor((lite.triangles * fullBytes * LITE_SHARE * 0.9) / lite.glb.byteLength);
      lite = await makeLiteGlb(decoded, Math.max(LITE_MIN_TRIANGLES, fewer));
    }
    const litePath = outputPath.replace(/(\.glb)?$/, '-lite.glb');
    await writeFile(litePath, lite.glb);
    return {
      path: litePath,
      bytes: lite.glb.byteLength,
      triangles: lite.triangles,
      ms: Math.round(performance.now() - started),
    };
  } catch (error) {
    console.error('[converter] the light version could not be made:', error);
    return null;
  }
}
