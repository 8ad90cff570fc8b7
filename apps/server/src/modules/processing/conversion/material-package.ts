import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { MATERIAL_MAP_KINDS, type MaterialMapKind, type SourceMessageCode } from '@meshport/contract';
import { z } from 'zod';
import { ConversionError, codedFailure } from './conversion-types.ts';
import { baseName, FileIndex, type IndexedFile } from './file-index.ts';
import { ImageError } from './image-error.ts';
import { unpackArchive } from './safe-archive.ts';
import { imageToWebp } from './texture-images.ts';

export const MAP_KEYS = MATERIAL_MAP_KINDS;
export type MapKey = MaterialMapKind;

/** Local file paths of the WebP outputs. */
export type MaterialMaps = Partial<Record<MapKey, string>>;

export interface MaterialPackage {
  name: string;
  maps: MaterialMaps;
  factors: {
    base_color?: [number, number, number, number];
    metallic?: number;
    roughness?: number;
    emissive?: [number, number, number];
  };
  warnings: string[];
}

const unit = z.number().min(0).max(1);
const manifestSchema = z.object({
  format: z.literal('meshport-material'),
  version: z.literal(1),
  name: z.string().trim().min(1).max(200),
  maps: z.record(z.string(), z.string().min(1).max(1000)),
  factors: z
    .object({
      base_color: z.tuple([unit, unit, unit, unit]).optional(),
      metallic: unit.optional(),
      roughness: unit.optional(),
      emissive: z.tuple([z.number().min(0), z.number().min(0), z.number().min(0)]).optional(),
    })
    .optional(),
});

const MANIFEST = 'material.json';

// File-name hints used when a package has no material.json (a zip of maps exported from a texturing tool).
const NAME_HINTS: [MapKey, RegExp][] = [
  ['metallic_roughness', /(metal(lic)?[-_ ]?rough(ness)?|orm|arm)$/],
  ['base_color', /(base[-_ ]?colou?r|albedo|diffuse|diff|color|col)$/],
  ['normal', /(normal[-_ ]?(gl|dx)?|nrm|nor)$/],
  ['metallic', /(metal(lic|ness)?)$/],
  ['roughness', /(rough(ness)?)$/],
  ['occlusion', /(ao|ambient[-_ ]?occlusion|occlusion)$/],
  ['emissive', /(emissive|emission)$/],
  ['height', /(height|displacement|disp|bump)$/],
];

const IMAGE_EXT = /\.(png|jpe?g|webp|tga|bmp|tiff?|gif)$/i;

function guessMaps(files: readonly IndexedFile[]): Partial<Record<MapKey, string>> {
  const maps: Partial<Record<MapKey, string>> = {};
  for (const file of files) {
    if (!IMAGE_EXT.test(file.name)) continue;
    const stem = path.posix.basename(file.name).replace(IMAGE_EXT, '').toLowerCase();
    const hit = NAME_HINTS.find(([, pattern]) => pattern.test(stem));
    if (hit && !maps[hit[0]]) maps[hit[0]] = file.name;
  }
  return maps;
}

const fail = (code: SourceMessageCode, params: Record<string, string> = {}) => codedFailure('inspect', code, params);

/** Unpacks a .matz safely, validates material.json and converts each map to WebP (≤ 2048 px) in `workDir`. */
export async function readMaterialPackage(filePath: string, workDir: string): Promise<MaterialPackage> {
  const files = await unpackArchive(filePath, path.join(workDir, 'package'), { limits: { maxEntries: 200 } });
  const index = new FileIndex(files);
  const warnings: string[] = [];
  const manifestFile = files
    .filter((f) => path.posix.basename(f.name).toLowerCase() === MANIFEST)
    .sort((a, b) => a.name.split('/').length - b.name.split('/').length)[0];

  let name = path.basename(filePath).replace(/\.(matz|zip)$/i, '');
  let references: Partial<Record<string, string>>;
  let factors: MaterialPackage['factors'] = {};
  let from = MANIFEST;
  if (manifestFile) {
    let raw: unknown;
    try {
      raw = JSON.parse(await readFile(manifestFile.filePath, 'utf8'));
    } catch {
      throw fail('materialJsonInvalid');
    }
    const parsed = manifestSchema.safeParse(raw);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw issue?.path.length
        ? fail('materialJsonBadField', { field: issue.path.join('.') })
        : fail('materialJsonNotMeshport');
    }
    name = parsed.data.name;
    factors = parsed.data.factors ?? {};
    references = parsed.data.maps;
    from = manifestFile.name;
  } else {
    references = guessMaps(files);
    if (Object.keys(references).length > 0)
      warnings.push('The package has no material.json: maps were recognised by their file names');
  }

  const maps: MaterialMaps = {};
  const outDir = path.join(workDir, 'maps');
  await mkdir(outDir, { recursive: true });
  for (const [key, reference] of Object.entries(references)) {
    if (!reference) continue;
    if (!(MAP_KEYS as readonly string[]).includes(key)) {
      warnings.push(`The map "${key}" is not a known material map and was ignored`);
      continue;
    }
    const file = index.resolve(reference, from);
    if (!file) {
      warnings.push(`The ${key.replace('_', ' ')} map ${baseName(reference)} was not found in the package`);
      continue;
    }
    const output = path.join(outDir, `${key}.webp`);
    try {
      await prepareMapImage(file.filePath, output);
      maps[key as MapKey] = output;
    } catch (error) {
      if (!(error instanceof ConversionError)) throw error;
      warnings.push(`${error.message}; the ${key.replace('_', ' ')} map was left out`);
    }
  }
  if (Object.keys(maps).length === 0) throw fail('materialNoMaps');
  return { name, maps, factors, warnings };
}

/** One uploaded map image → WebP (≤ 2048 px). TGA and BMP are decoded here; the pixel cap is checked first. */
export async function prepareMapImage(
  filePath: string,
  outputPath: string,
): Promise<{ width: number; height: number }> {
  const bytes = await readFile(filePath);
  try {
    const webp = await imageToWebp(bytes, path.basename(filePath), { quality: 90 });
    await mkdir(path.dirname(outputPath), { recursive: true });
    await writeFile(outputPath, webp.data);
    return { width: webp.width, height: webp.height };
  } catch (error) {
    if (error instanceof ImageError) throw ConversionError.of('convert', error);
    throw error;
  }
}
