import { MeshoptDecoder } from 'meshoptimizer';
import { parseGlb, writeGlb } from './gltf-io.ts';

const MESHOPT = 'EXT_meshopt_compression';

interface MeshoptView {
  buffer: number;
  byteOffset?: number;
  byteLength: number;
  byteStride: number;
  count: number;
  mode: 'ATTRIBUTES' | 'TRIANGLES' | 'INDICES';
  filter?: 'NONE' | 'OCTAHEDRAL' | 'QUATERNION' | 'EXPONENTIAL';
}

interface BufferView {
  buffer: number;
  byteOffset?: number;
  byteLength: number;
  extensions?: { [MESHOPT]?: MeshoptView } & Record<string, unknown>;
}

interface GlbJson {
  buffers?: { uri?: string; byteLength: number; extensions?: Record<string, unknown> }[];
  bufferViews?: BufferView[];
  extensionsUsed?: string[];
  extensionsRequired?: string[];
}

const align4 = (n: number) => Math.ceil(n / 4) * 4;

/**
 * The same GLB with its meshopt-compressed buffer views decoded in place of the compressed bytes: one plain binary
 * chunk holding every buffer view, EXT_meshopt_compression gone. This is the published file as its reader sees it,
 * which the validator can read (it cannot look inside meshopt buffers). Returns the GLB unchanged without meshopt,
 * and null if it references buffers outside itself (never so for the converter's output).
 */
export async function decodeMeshoptGlb(glb: Uint8Array): Promise<Uint8Array | null> {
  const { json: raw, resources } = parseGlb(glb);
  const json = raw as GlbJson;
  if (!json.extensionsUsed?.includes(MESHOPT)) return glb;
  const bin = resources['@glb.bin'];
  const buffers = json.buffers ?? [];
  // In a GLB, the first buffer without a URI is the binary chunk.
  const isBin = (index: number) => index === 0 && bin !== undefined && buffers[0]?.uri === undefined;
  const views = json.bufferViews ?? [];
  const sourceOf = (view: BufferView) => view.extensions?.[MESHOPT] ?? view;
  if (!views.every((view) => isBin(sourceOf(view).buffer))) return null;
  const offsets: number[] = [];
  let total = 0;
  for (const view of views) {
    offsets.push(total);
    total = align4(total + view.byteLength);
  }
  await MeshoptDecoder.ready;
  const out = new Uint8Array(total);
  for (const [i, view] of views.entries()) {
    const { [MESHOPT]: meshopt, ...otherExtensions } = view.extensions ?? {};
    const target = out.subarray(offsets[i], (offsets[i] as number) + view.byteLength);
    const from = (meshopt ?? view).byteOffset ?? 0;
    const source = (bin as Uint8Array).subarray(from, from + (meshopt ?? view).byteLength);
    if (meshopt) {
      const { count, byteStride, mode, filter = 'NONE' } = meshopt;
      MeshoptDecoder.decodeGltfBuffer(target, count, byteStride, source, mode, filter);
    } else {
      target.set(source);
    }
    view.buffer = 0;
    view.byteOffset = offsets[i];
    if (Object.keys(otherExtensions).length > 0) view.extensions = otherExtensions;
    else delete view.extensions;
  }
  json.buffers = total > 0 ? [{ byteLength: total }] : [];
  const without = (names: string[] | undefined) => names?.filter((name) => name !== MESHOPT);
  json.extensionsUsed = without(json.extensionsUsed);
  json.extensionsRequired = without(json.extensionsRequired);
  if (json.extensionsUsed?.length === 0) delete json.extensionsUsed;
  if (json.extensionsRequired?.length === 0) delete json.extensionsRequired;
  return writeGlb(json, total > 0 ? out : undefined);
}
