import { writeCollada } from './demo-collada.ts';
import type { Part } from './demo-geometry.ts';
import * as layouts from './demo-layouts.ts';
import * as pieces from './demo-pieces.ts';
import {
  DEMO_MATERIAL_NAMES,
  type DemoMaterialName,
  isDemoMaterialName,
  materialPngs,
  materialRaster,
  png,
} from './demo-textures.ts';
import { type ModelMaps, writeGlb, writeObjZip, writePly, writeStl } from './demo-writers.ts';

export { DEMO_MATERIAL_NAMES };

export interface DemoFile {
  fileName: string;
  bytes: Buffer;
}
/** The maps of a demo material record, PNG, 512 × 512; a metal also has its metallic map. */
export interface DemoMaterialMaps {
  base_color: Buffer;
  normal: Buffer;
  roughness: Buffer;
  metallic?: Buffer;
}

export const MATERIAL_MAP_SIZE = 512;
/** Models carry smaller maps: a preview does not need more, and the files stay small. */
export const MODEL_MAP_SIZE = 256;

type Format = 'glb' | 'obj-zip' | 'stl' | 'ply' | 'dae' | 'glb-cut' | 'zip-without-obj';
interface Entry {
  file: string;
  format: Format;
  build: () => Part[];
}

/** The demo file of every demo model and library item, by record name (demo-content.data.ts). */
const CATALOGUE: Record<string, Entry> = {
  'Island with Breakfast Bar': { file: 'island-breakfast-bar.glb', format: 'glb', build: () => layouts.island() },
  'Tall Cabinet Wall': { file: 'tall-cabinet-wall.zip', format: 'obj-zip', build: () => layouts.tallCabinetWall() },
  'Corner Pantry Unit': { file: 'corner-pantry-unit.dae', format: 'dae', build: () => layouts.cornerPantry() },
  'Loft Galley Layout': { file: 'loft-galley-layout.glb', format: 'glb', build: layouts.galley },
  'Showroom Display A': { file: 'showroom-display-a.zip', format: 'obj-zip', build: layouts.showroomDisplay },
  'Outdoor Grill Station': { file: 'outdoor-grill-station.glb', format: 'glb-cut', build: layouts.grillStation },
  'Bistro Service Counter': { file: 'bistro-service-counter.glb', format: 'glb', build: layouts.serviceCounter },
  'Farmhouse Range Hood': { file: 'farmhouse-range-hood.ply', format: 'ply', build: pieces.rangeHood },
  'Draft Island v1': {
    file: 'draft-island-v1.glb',
    format: 'glb',
    build: () => layouts.island({ stools: false, fronts: 'Matte White Lacquer', top: 'Laminate Beige' }),
  },
  'Flagship Counter': { file: 'flagship-counter.glb', format: 'glb', build: layouts.flagshipCounter },
  'Base Cabinet 60cm': { file: 'base-cabinet-60.glb', format: 'glb', build: () => pieces.baseCabinet(0.6) },
  'Base Cabinet 80cm': {
    file: 'base-cabinet-80.zip',
    format: 'obj-zip',
    build: () => pieces.baseCabinet(0.8, 'Oak Natural'),
  },
  'Drawer Unit 3-Drawer 60cm': { file: 'drawer-unit-60.glb', format: 'glb', build: () => pieces.drawerUnit(0.6) },
  'Wall Cabinet 40cm': { file: 'wall-cabinet-40.stl', format: 'stl', build: () => pieces.wallCabinet(0.4) },
  'Built-in Oven 60cm': { file: 'built-in-oven-60.glb', format: 'glb', build: pieces.builtInOven },
  'Induction Hob 4-Zone': { file: 'induction-hob-4-zone.zip', format: 'obj-zip', build: pieces.inductionHob },
  'Gas Hob 5-Burner': { file: 'gas-hob-5-burner.glb', format: 'glb', build: pieces.gasHob },
  'Oak Worktop 3m': { file: 'oak-worktop-3m.zip', format: 'obj-zip', build: () => pieces.worktop(3, 'Oak Natural') },
  'Quartz Worktop 3m': {
    file: 'quartz-worktop-3m.ply',
    format: 'ply',
    build: () => pieces.worktop(3, 'Carrara Marble'),
  },
  'Bar Handle 160mm': { file: 'bar-handle-160.stl', format: 'stl', build: pieces.barHandle },
  'Sink Unit 80cm': { file: 'sink-unit-80.zip', format: 'zip-without-obj', build: pieces.sinkUnit },
  'Brass Knob': { file: 'brass-knob.glb', format: 'glb', build: pieces.brassKnob },
  'Extractor Hood 90cm': { file: 'extractor-hood-90.dae', format: 'dae', build: () => pieces.extractorHood() },
  'Legacy Plinth': { file: 'legacy-plinth.stl', format: 'stl', build: pieces.plinth },
  'Bar Stool': { file: 'bar-stool.glb', format: 'glb', build: pieces.barStool },
  'Dining Chair': { file: 'dining-chair.dae', format: 'dae', build: pieces.diningChair },
  'Pendant Lamp': { file: 'pendant-lamp.zip', format: 'obj-zip', build: pieces.pendantLamp },
  'Display Shelf 120cm': { file: 'display-shelf-120.zip', format: 'obj-zip', build: pieces.displayShelf },
};

export const DEMO_FILE_NAMES: readonly string[] = Object.freeze(Object.keys(CATALOGUE));
/** Records whose file is really broken: the grill's GLB cut off mid-copy, the sink's bundle without its model. */
export const BROKEN_DEMO_FILES: readonly string[] = Object.freeze(['Outdoor Grill Station', 'Sink Unit 80cm']);

/** The parts a demo file was built from (metres, Y up), for checking what the converter makes of it. */
export function demoParts(recordName: string): Part[] {
  return entryOf(recordName).build();
}

function entryOf(recordName: string): Entry {
  if (!Object.hasOwn(CATALOGUE, recordName)) throw new Error(`No demo file for "${recordName}"`);
  return CATALOGUE[recordName] as Entry;
}

// Generated once per process, when first asked for.
const files = new Map<string, Promise<DemoFile>>();
const materialMaps = new Map<string, Promise<DemoMaterialMaps>>();
const modelMaps = new Map<DemoMaterialName, Promise<ModelMaps>>();

/** Drops what was generated: the demo is made once, and the server keeps running long after (tens of MB). */
export function forgetDemoFiles(): void {
  files.clear();
  materialMaps.clear();
  modelMaps.clear();
}

function cached<K, V>(cache: Map<K, Promise<V>>, key: K, make: () => Promise<V>): Promise<V> {
  let value = cache.get(key);
  if (!value) {
    value = make();
    cache.set(key, value);
    value.catch(() => cache.delete(key));
  }
  return value;
}

const mapsForModels = (name: DemoMaterialName): Promise<ModelMaps> =>
  cached(modelMaps, name, async () => {
    const raster = materialRaster(name, MODEL_MAP_SIZE);
    const metallic = raster.metallic * 255;
    const packed = new Uint8Array(raster.roughness.length * 3);
    for (let i = 0; i < raster.roughness.length; i++) packed.set([255, raster.roughness[i] as number, metallic], i * 3);
    const [{ base_color, normal, roughness }, metallic_roughness] = await Promise.all([
      materialPngs(raster),
      png(packed, raster.size, 3),
    ]);
    return { base_color, normal, roughness, metallic_roughness };
  });

/** The maps of a demo material record (PNG, 512²); throws for a name that is not a demo material. */
export function demoMaterialMaps(materialName: string): Promise<DemoMaterialMaps> {
  if (!isDemoMaterialName(materialName)) return Promise.reject(new Error(`No demo material named "${materialName}"`));
  return cached(materialMaps, materialName, () => materialPngs(materialRaster(materialName, MATERIAL_MAP_SIZE)));
}

/** The demo file of a model or library item by its record name; throws for a name the demo has no file for. */
export function demoFile(recordName: string): Promise<DemoFile> {
  let entry: Entry;
  try {
    entry = entryOf(recordName);
  } catch (error) {
    return Promise.reject(error);
  }
  return cached(files, recordName, async () => ({ fileName: entry.file, bytes: await write(entry) }));
}

async function write(entry: Entry): Promise<Buffer> {
  const parts = entry.build();
  const base = entry.file.replace(/\.[^.]+$/, '');
  switch (entry.format) {
    case 'glb':
      return writeGlb(parts, mapsForModels);
    case 'glb-cut':
      return cutInBinaryChunk(await writeGlb(parts, mapsForModels));
    case 'obj-zip':
      return writeObjZip(base, parts, mapsForModels);
    case 'zip-without-obj':
      return writeObjZip(base, parts, mapsForModels, { withoutObj: true });
    case 'stl':
      return writeStl(parts);
    case 'ply':
      return writePly(parts);
    case 'dae':
      return writeCollada(base, parts);
  }
}

/** A GLB as an interrupted copy leaves it: the file ends halfway through its binary chunk. */
function cutInBinaryChunk(glb: Buffer): Buffer {
  const jsonLength = glb.readUInt32LE(12);
  const binStart = 20 + jsonLength;
  const binLength = glb.readUInt32LE(binStart);
  return Buffer.from(glb.subarray(0, binStart + 8 + Math.floor(binLength / 2)));
}
