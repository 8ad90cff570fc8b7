import { type Document, type Material, type Primitive, Root, type Texture } from '@gltf-transform/core';
import { EXTTextureWebP, KHRMaterialsVariants, type MappingList, type Variant } from '@gltf-transform/extensions';
import type { MaterialMapKind } from '@meshport/contract';
import { gltfIO } from './gltf-io.ts';
import { type MapImage, metallicRoughnessSources, TexturePool } from './material-variants-textures.ts';
import { declareUsedExtensions } from './output-extensions.ts';

export type { MapImage } from './material-variants-textures.ts';

/** One finish a slot allows: a company material, by its name and its map images. */
export interface FinishOption {
  name: string;
  maps: Partial<Record<MaterialMapKind, MapImage>>;
}

/** The finishes of one slot: a material index of the processed GLB. */
export interface SlotFinishes {
  index: number;
  /** The option the file shows without a variant chosen; null keeps the model's own material. */
  default: string | null;
  options: FinishOption[];
}

export interface MaterialVariants {
  /** The glTF variants in the file's order: one per distinct finish name of the slots that are drawn. */
  variants: string[];
  /**
   * The slots (indices) with a primitive that has no UVs (TEXCOORD_0): a finish with maps cannot be laid on it
   * (the glTF validator would count an error), so it keeps its own material there and offers only map-less finishes.
   */
  withoutUvs: number[];
}

const VARIANTS = KHRMaterialsVariants.EXTENSION_NAME;

/** The slots' problems a caller must not make: an index that is no material, a name twice, a default not offered. */
function checkSlots(slots: readonly SlotFinishes[], materialCount: number) {
  const seen = new Set<number>();
  for (const slot of slots) {
    const { index } = slot;
    if (!Number.isInteger(index) || index < 0 || index >= materialCount) {
      throw new Error(`Slot ${index} is not a material of the model (it has ${materialCount})`);
    }
    if (seen.has(index)) throw new Error(`Slot ${index} is given twice`);
    seen.add(index);
    const names = slot.options.map((option) => option.name);
    const twice = names.find((name, i) => names.indexOf(name) !== i);
    if (twice !== undefined) throw new Error(`Slot ${index} offers the finish ${twice} twice`);
    if (slot.default !== null && !names.includes(slot.default)) {
      throw new Error(`Slot ${index}'s default ${slot.default} is not one of its finishes`);
    }
  }
}

/** Removes the variants a source file brought: the finishes are the file's only variants. */
function dropVariants(extension: KHRMaterialsVariants, primitives: readonly Primitive[]) {
  for (const prim of primitives) {
    const list = prim.getExtension<MappingList>(VARIANTS);
    if (!list) continue;
    for (const mapping of list.listMappings()) mapping.dispose();
    list.dispose();
  }
  for (const variant of extension.listVariants()) variant.dispose();
}

/**
 * A glTF material showing a finish as the viewer's material sphere shows it (packages/scene/src/material-sphere.ts):
 * base colour (sRGB), normal, occlusion (R) and emissive (factor 1, 1, 1) maps as they are; metallic and roughness
 * as one glTF metallicRoughness texture (`TexturePool.metallicRoughness`); metallic factor 1 with a metallic map
 * (separate or packed) else 0, roughness factor 1 with a roughness map else 0.5. Height has no glTF slot and is
 * left out. Every texture reads the model's own UVs (TEXCOORD_0). Double-sidedness is the slot's: it belongs to
 * the geometry (a leaf, a sheet), not to the finish.
 */
async function finishMaterial(doc: Document, pool: TexturePool, option: FinishOption, slot: Material) {
  const { name, maps } = option;
  const texture = (kind: MaterialMapKind): Texture | null => {
    const image = maps[kind];
    return image ? pool.texture(image, `${name} ${kind}`) : null;
  };
  const material = doc
    .createMaterial(name)
    .setDoubleSided(slot.getDoubleSided())
    .setBaseColorTexture(texture('base_color'))
    .setNormalTexture(texture('normal'))
    .setOcclusionTexture(texture('occlusion'))
    .setMetallicFactor(maps.metallic || maps.metallic_roughness ? 1 : 0)
    .setRoughnessFactor(maps.roughness || maps.metallic_roughness ? 1 : 0.5);
  const emissive = texture('emissive');
  if (emissive) material.setEmissiveTexture(emissive).setEmissiveFactor([1, 1, 1]);
  const sources = metallicRoughnessSources(maps);
  if (sources) {
    material.setMetallicRoughnessTexture(await pool.metallicRoughness(sources, `${name} metallic_roughness`));
  }
  return material;
}

const textureOf = (material: Material) => [
  material.getBaseColorTexture(),
  material.getMetallicRoughnessTexture(),
  material.getNormalTexture(),
  material.getOcclusionTexture(),
  material.getEmissiveTexture(),
];

const hasTextures = (material: Material) => textureOf(material).some((texture) => texture !== null);

/** Disposes of `material` if nothing uses it any more, and of its textures that nothing else uses. */
function disposeIfUnused(material: Material) {
  const used = (parents: { propertyType: string }[]) => parents.some((parent) => !(parent instanceof Root));
  if (used(material.listParents())) return;
  const textures = textureOf(material);
  material.dispose();
  for (const texture of textures) if (texture && !used(texture.listParents())) texture.dispose();
}

/**
 * Adds KHR_materials_variants to `doc`: one glTF variant per distinct finish name (named after it); for each slot
 * with finishes, one material per finish (`finishMaterial`) and, on every primitive drawn with the slot's material,
 * a mapping from each finish's variant to its material. A primitive is drawn by default with the slot's default
 * finish, else with its own material; a model's material no primitive uses any more is removed. Images are shared
 * by content (`TexturePool`). A slot no primitive draws gets nothing (no material, no variant); variants the file
 * carried before are removed. Throws on slots the caller got wrong (`checkSlots`). A primitive without UVs takes
 * only finishes without maps (`MaterialVariants.withoutUvs`). The model's own textures (KTX2 too) stay as they are.
 */
export async function addMaterialVariants(doc: Document, slots: readonly SlotFinishes[]): Promise<MaterialVariants> {
  const root = doc.getRoot();
  const materials = root.listMaterials();
  checkSlots(slots, materials.length);
  const primitives = [...new Set(root.listMeshes().flatMap((mesh) => mesh.listPrimitives()))];
  const extension = doc.createExtension(KHRMaterialsVariants);
  dropVariants(extension, primitives);

  const pool = new TexturePool(doc);
  const withoutUvs: number[] = [];
  const mayBeUnused: Material[] = [];
  const variants = new Map<string, Variant>();
  const variantOf = (name: string) => {
    let variant = variants.get(name);
    if (!variant) {
      variant = extension.createVariant(name);
      variants.set(name, variant);
    }
    return variant;
  };

  for (const slot of slots) {
    const original = materials[slot.index] as Material;
    const drawn = primitives.filter((prim) => prim.getMaterial() === original);
    if (slot.options.length === 0 || drawn.length === 0) continue;
    const finishes = [];
    for (const option of slot.options) {
      finishes.push({
        option,
        variant: variantOf(option.name),
        material: await finishMaterial(doc, pool, option, original),
      });
    }
    const byDefault = finishes.find(({ option }) => option.name === slot.default);
    for (const prim of drawn) {
      const uvs = prim.getAttribute('TEXCOORD_0') !== null;
      const fits = finishes.filter(({ material }) => uvs || !hasTextures(material));
      if (fits.length < finishes.length && !withoutUvs.includes(slot.index)) withoutUvs.push(slot.index);
      if (fits.length === 0) continue;
      const list = extension.createMappingList();
      for (const { variant, material } of fits) {
        list.addMapping(extension.createMapping().setMaterial(material).addVariant(variant));
      }
      prim.setExtension(VARIANTS, list);
      if (byDefault && fits.includes(byDefault)) prim.setMaterial(byDefault.material);
    }
    mayBeUnused.push(original, ...finishes.map(({ material }) => material));
  }
  // Only now: the pool may lend an original's texture to a later slot's finish.
  for (const material of mayBeUnused) disposeIfUnused(material);

  if (root.listTextures().some((texture) => texture.getMimeType() === 'image/webp')) {
    doc.createExtension(EXTTextureWebP).setRequired(true);
  }
  for (const [name, variant] of variants) {
    if (variant.listParents().length > 0) continue;
    variant.dispose();
    variants.delete(name);
  }
  if (variants.size === 0) extension.dispose();
  return { variants: [...variants.keys()], withoutUvs };
}

/**
 * The variant export of a processed GLB: read with the converter's IO (meshopt and KTX2 inputs decoded and kept),
 * `addMaterialVariants`, written again (meshopt-compressed if the input was) with `extensionsUsed` made exact.
 */
export async function writeVariantsGlb(glb: Uint8Array, slots: readonly SlotFinishes[]): Promise<Uint8Array> {
  const io = await gltfIO();
  const doc = await io.readBinary(glb);
  await addMaterialVariants(doc, slots);
  return declareUsedExtensions(await io.writeBinary(doc));
}
