import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { writeTestZip } from '#modules/processing/conversion/zip-writer.test-support.ts';
import { SAMPLES_DIR } from './samples.ts';

const MODEL_EXTENSIONS = new Set(['.fbx', '.obj', '.dae', '.zae', '.3ds', '.stl', '.ply', '.gltf', '.glb']);
const IMAGE_EXTENSIONS = ['.png', '.jpg', '.jpeg', '.tga', '.bmp', '.webp', '.gif', '.tif', '.tiff', '.ktx2'];
const SIDE_EXTENSIONS = new Set([...IMAGE_EXTENSIONS, '.mtl', '.bin']);
/** Folders whose files must fail (the invalid inputs and the broken glTF files): they have no preview. */
const FAILING_FOLDERS = new Set(['invalid', 'IndexOutOfRange', 'MissingBin', 'RecursiveNodes']);

/** One model of the sample folders (the first set and real-world/), with the side files it names. */
export interface SampleModel {
  /** The path below the samples folder, e.g. `real-world/glTF2-draco/gears.glb`. */
  name: string;
  model: string;
  sideFiles: string[];
}

function walk(dir: string): string[] {
  const files: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!FAILING_FOLDERS.has(entry.name)) files.push(...walk(full));
    } else if (entry.isFile()) files.push(full);
  }
  return files.sort();
}

/** The side files a model (or its material library) names, matched case-insensitively on the last path part. */
function namedSideFiles(model: string): string[] {
  const dir = path.dirname(model);
  const siblings = readdirSync(dir).filter(
    (name) => SIDE_EXTENSIONS.has(path.extname(name).toLowerCase()) && name !== path.basename(model),
  );
  const found = new Set<string>();
  const scan = (file: string) => {
    const text = readFileSync(file).toString('latin1').toLowerCase();
    for (const name of siblings) {
      const full = path.join(dir, name);
      if (found.has(full) || !text.includes(name.toLowerCase())) continue;
      found.add(full);
      if (path.extname(name).toLowerCase() === '.mtl') scan(full);
    }
  };
  scan(model);
  return [...found].sort();
}

/**
 * Every model below `samplesDir` that must convert (not `invalid/`, not the broken glTF files), with the side files
 * it names; also what bench:pipeline measures.
 */
export function sampleModelsIn(samplesDir: string): SampleModel[] {
  return walk(samplesDir)
    .filter((file) => MODEL_EXTENSIONS.has(path.extname(file).toLowerCase()))
    .map((model) => ({ name: path.relative(samplesDir, model), model, sideFiles: namedSideFiles(model) }));
}

/** Every model of both sample folders that must convert. */
export function sampleModels(): SampleModel[] {
  return sampleModelsIn(SAMPLES_DIR);
}

/** What a user uploads for the model: the file itself, or a zip of it and its side files written into `dir`. */
export function sampleUpload(model: SampleModel, dir: string): { filePath: string; fileName: string } {
  if (model.sideFiles.length === 0) return { filePath: model.model, fileName: path.basename(model.model) };
  const fileName = `${path.basename(model.model, path.extname(model.model))}.zip`;
  const filePath = path.join(dir, fileName);
  writeTestZip(
    filePath,
    [model.model, ...model.sideFiles].map((file) => ({ name: path.basename(file), data: readFileSync(file) })),
  );
  return { filePath, fileName };
}
