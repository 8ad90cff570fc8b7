import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const MODEL_EXTENSIONS = new Set(['.fbx', '.obj', '.dae', '.zae', '.3ds', '.stl', '.ply', '.gltf', '.glb']);
const IMAGE_EXTENSIONS = new Set(['.png', '.jpg', '.jpeg', '.tga', '.bmp', '.webp', '.gif', '.tif', '.tiff']);
const SIDE_EXTENSIONS = new Set([...IMAGE_EXTENSIONS, '.mtl', '.bin']);
/** Folders of broken inputs: the pipeline must fail them, so they are not part of the speed comparison. */
const SKIPPED_FOLDERS = new Set(['invalid', 'IndexOutOfRange', 'MissingBin', 'RecursiveNodes']);

export interface BenchInput {
  /** Name shown in the table: the path below the samples folder. */
  name: string;
  format: string;
  /** The model file itself. */
  model: string;
  /** Side files the model refers to (material libraries, buffers, images) found beside it. */
  sideFiles: string[];
  /** Images among the side files. */
  sideImages: string[];
  bytes: number;
}

function walk(dir: string): string[] {
  const out: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!SKIPPED_FOLDERS.has(entry.name)) out.push(...walk(full));
    } else if (entry.isFile()) out.push(full);
  }
  return out.sort();
}

/**
 * The side files a model (or its material library) names, found in its folder. Names are matched
 * case-insensitively on their last path part, so `.\SpiderTex.jpg` and `TEST.PNG` count.
 */
function referencedSideFiles(model: string): string[] {
  const dir = path.dirname(model);
  const siblings = fs
    .readdirSync(dir)
    .filter((name) => SIDE_EXTENSIONS.has(path.extname(name).toLowerCase()) && name !== path.basename(model));
  const found = new Set<string>();
  const scan = (file: string) => {
    const text = fs.readFileSync(file).toString('latin1').toLowerCase();
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

/** Every valid model of the samples folder, each with the side files it refers to. */
export function sampleInputs(samplesDir: string): BenchInput[] {
  return walk(samplesDir)
    .filter((file) => MODEL_EXTENSIONS.has(path.extname(file).toLowerCase()))
    .map((model) => {
      const sideFiles = referencedSideFiles(model);
      return {
        name: path.relative(samplesDir, model),
        format: path.extname(model).slice(1).toLowerCase(),
        model,
        sideFiles,
        sideImages: sideFiles.filter((file) => IMAGE_EXTENSIONS.has(path.extname(file).toLowerCase())),
        bytes: [model, ...sideFiles].reduce((sum, file) => sum + fs.statSync(file).size, 0),
      };
    });
}

/** Copy the model and its side files flat into `dir` (what unzipping the user's bundle gives). */
export function copyFlat(input: BenchInput, dir: string): string {
  fs.mkdirSync(dir, { recursive: true });
  for (const file of [input.model, ...input.sideFiles]) fs.copyFileSync(file, path.join(dir, path.basename(file)));
  return path.join(dir, path.basename(input.model));
}

/** A zip archive (deflated entries, flat names) of the given files, as a user would upload a bundle. */
export function writeZip(files: string[], out: string): number {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const file of files) {
    const name = Buffer.from(path.basename(file), 'utf8');
    const data = fs.readFileSync(file);
    const packed = zlib.deflateRawSync(data);
    const crc = zlib.crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6);
    local.writeUInt16LE(8, 8);
    local.writeUInt16LE(0, 10);
    local.writeUInt16LE(0x21, 12);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(name.length, 26);
    local.writeUInt16LE(0, 28);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(8, 10);
    central.writeUInt16LE(0, 12);
    central.writeUInt16LE(0x21, 14);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(packed.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, packed);
    centrals.push(central, name);
    offset += local.length + name.length + packed.length;
  }
  const centralSize = centrals.reduce((sum, part) => sum + part.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(files.length, 8);
  end.writeUInt16LE(files.length, 10);
  end.writeUInt32LE(centralSize, 12);
  end.writeUInt32LE(offset, 16);
  const zip = Buffer.concat([...locals, ...centrals, end]);
  fs.writeFileSync(out, zip);
  return zip.length;
}
