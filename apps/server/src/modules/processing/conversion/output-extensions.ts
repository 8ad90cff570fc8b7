import { parseGlb, writeGlb } from './gltf-io.ts';

interface GltfJson {
  extensionsUsed?: string[];
  extensionsRequired?: string[];
  accessors?: { componentType?: number }[];
  meshes?: { primitives?: { attributes?: Record<string, number>; targets?: Record<string, number>[] }[] }[];
}

const FLOAT = 5126;
/** Attributes that core glTF allows only as floats: anything else is KHR_mesh_quantization. */
const FLOAT_ONLY = /^(POSITION|NORMAL|TANGENT|TEXCOORD_\d+)$/;

/**
 * The extensions a glTF's JSON carries: every key of an `extensions` object anywhere, and KHR_mesh_quantization
 * when a vertex attribute that core glTF wants as floats is stored otherwise.
 */
export function extensionsInUse(json: GltfJson): Set<string> {
  const found = new Set<string>();
  const walk = (value: unknown, key: string) => {
    if (Array.isArray(value)) {
      for (const item of value) walk(item, '');
    } else if (value && typeof value === 'object') {
      for (const [k, v] of Object.entries(value)) {
        if (key === 'extensions') found.add(k);
        if (k !== 'extensionsUsed' && k !== 'extensionsRequired') walk(v, k);
      }
    }
  };
  walk(json, '');
  const quantised = (attributes: Record<string, number> | undefined) =>
    Object.entries(attributes ?? {}).some(
      ([name, index]) => FLOAT_ONLY.test(name) && (json.accessors?.[index]?.componentType ?? FLOAT) !== FLOAT,
    );
  for (const mesh of json.meshes ?? []) {
    for (const prim of mesh.primitives ?? []) {
      if (quantised(prim.attributes) || (prim.targets ?? []).some(quantised)) found.add('KHR_mesh_quantization');
    }
  }
  return found;
}

/**
 * Rewrites a GLB's `extensionsUsed` and `extensionsRequired` to name exactly the extensions it uses: gltf-transform
 * lists every extension the document ever held (an input's Draco, a texture format whose textures were left out).
 */
export function declareUsedExtensions(glb: Uint8Array): Uint8Array {
  const { json, resources } = parseGlb(glb);
  const gltf = json as GltfJson;
  const inUse = extensionsInUse(gltf);
  const used = [...inUse].sort();
  const declared = [...(gltf.extensionsUsed ?? [])].sort();
  if (used.join() === declared.join()) return glb;
  const required = (gltf.extensionsRequired ?? []).filter((name) => inUse.has(name));
  delete gltf.extensionsUsed;
  delete gltf.extensionsRequired;
  if (used.length > 0) gltf.extensionsUsed = used;
  if (required.length > 0) gltf.extensionsRequired = required;
  return writeGlb(gltf, resources['@glb.bin']);
}
