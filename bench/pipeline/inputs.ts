import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { sampleModelsIn } from '../../apps/server/test/sample-models.ts';

const IMAGE_EXTENSIONS = new Set(['.png', '.jpg', '.jpeg', '.tga', '.bmp', '.webp', '.gif', '.tif', '.tiff', '.ktx2']);
/** The second sample set (issue 26): features customers' files carry; reported as its own folder. */
export const REAL_WORLD_FOLDER = 'real-world';

export interface BenchInput {
  /** Name shown in the table: the path below the samples folder. */
  name: string;
  /** The set it belongs to: `samples` (the first set), `real-world`, or `generated`. */
  folder: string;
  format: string;
  /** The model file itself. */
  model: string;
  /** Side files the model refers to (material libraries, buffers, images) found beside it. */
  sideFiles: string[];
  /** Images among the side files. */
  sideImages: string[];
  bytes: number;
}

/** Every valid model of the samples folder (real-world/ included), each with the side files it refers to. */
export function sampleInputs(samplesDir: string): BenchInput[] {
  return sampleModelsIn(samplesDir).map(({ name, model, sideFiles }) => ({
    name,
    folder: name.split(path.sep)[0] === REAL_WORLD_FOLDER ? REAL_WORLD_FOLDER : 'samples',
    format: path.extname(model).slice(1).toLowerCase(),
    model,
    sideFiles,
    sideImages: sideFiles.filter((file) => IMAGE_EXTENSIONS.has(path.extname(file).toLowerCase())),
    bytes: [model, ...sideFiles].reduce((sum, file) => sum + fs.statSync(file).size, 0),
  }));
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
