import { readFile } from 'node:fs/promises';
import type { Document, JSONDocument } from '@gltf-transform/core';
import { dequantize } from '@gltf-transform/functions';
import type { SourceMessageCode } from '@meshport/contract';
import { ConversionError, codedFailure } from './conversion-types.ts';
import { baseName, type FileIndex } from './file-index.ts';
import { gltfIO, parseGlb, QUIET, withDracoDecoder } from './gltf-io.ts';
import { unsupportedExtensionsMessage } from './source-checks.ts';

const fail = (code: SourceMessageCode, params: Record<string, string | number> = {}) =>
  codedFailure('convert', code, params);

interface GltfJson {
  buffers?: { uri?: string }[];
  images?: { uri?: string }[];
  nodes?: { children?: number[] }[];
  scenes?: { nodes?: number[] }[];
}

const isExternal = (uri: string | undefined): uri is string => !!uri && !uri.startsWith('data:');

/** Reads a .gltf (with its external files resolved in `index`) or .glb file, validating what could hang or crash. */
export async function importGltf(
  filePath: string,
  name: string,
  kind: 'gltf' | 'glb',
  index: FileIndex,
  warnings: string[],
): Promise<Document> {
  const bytes = await readFile(filePath);
  let jsonDoc: JSONDocument;
  if (kind === 'glb') {
    try {
      jsonDoc = parseGlb(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength));
    } catch {
      throw fail('glbDamaged');
    }
  } else {
    try {
      jsonDoc = { json: JSON.parse(bytes.toString('utf8')), resources: {} };
    } catch {
      throw fail('gltfNotJson');
    }
  }
  return readGltfJson(jsonDoc, name, index, warnings, kind === 'glb' ? 'GLB' : 'glTF');
}

/** Resolves external files, checks the node graph and indices, and reads the document. */
export async function readGltfJson(
  jsonDoc: JSONDocument,
  name: string,
  index: FileIndex,
  warnings: string[],
  label: string,
): Promise<Document> {
  const json = jsonDoc.json as GltfJson & { extensionsUsed?: string[]; extensionsRequired?: string[] };
  // assimp declares FB_ngon_encoding on triangle lists; nothing here needs it.
  for (const key of ['extensionsUsed', 'extensionsRequired'] as const) {
    if (Array.isArray(json[key])) json[key] = json[key].filter((e) => e !== 'FB_ngon_encoding');
  }
  if (typeof json !== 'object' || json === null || !('asset' in json)) {
    throw fail('damagedNoAsset', { format: label });
  }
  const unsupported = unsupportedExtensionsMessage(json.extensionsRequired, label);
  if (unsupported) throw ConversionError.coded('convert', unsupported);
  for (const buffer of json.buffers ?? []) {
    if (!isExternal(buffer.uri) || buffer.uri in jsonDoc.resources) continue;
    const file = index.resolve(buffer.uri, name);
    if (!file) throw fail('missingFile', { format: label, fileName: baseName(buffer.uri) });
    const data = await readFile(file.filePath);
    jsonDoc.resources[buffer.uri] = new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
  }
  for (const image of json.images ?? []) {
    if (!isExternal(image.uri) || image.uri in jsonDoc.resources) continue;
    const file = index.resolve(image.uri, name);
    if (!file) warnings.push(`Texture ${baseName(image.uri)} was not found in the upload`);
    const data = file ? await readFile(file.filePath) : Buffer.alloc(0);
    jsonDoc.resources[image.uri] = new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
  }
  checkNodeGraph(json, label);
  const used = json.extensionsUsed ?? [];
  const io = used.includes(DRACO) ? await withDracoDecoder(await gltfIO()) : await gltfIO();
  let doc: Document;
  try {
    doc = await io.readJSON(jsonDoc);
    doc.setLogger(QUIET);
  } catch (error) {
    // glTF-Transform's own words, where they name an extension.
    const detail = error instanceof Error && /extension/i.test(error.message) ? error.message : null;
    throw detail
      ? fail('damagedUnreadableDetail', { format: label, detail })
      : fail('damagedUnreadable', { format: label });
  }
  checkIndices(doc, label);
  await decodeCompression(doc);
  return doc;
}

const DRACO = 'KHR_draco_mesh_compression';

/**
 * Reading decoded Draco and meshopt buffers; quantised attributes become floats here too, so every step sees
 * plain geometry (the optimiser quantises and compresses again, and declares what it uses).
 */
async function decodeCompression(doc: Document) {
  const root = doc.getRoot();
  if (root.listExtensionsUsed().some((e) => e.extensionName === 'KHR_mesh_quantization')) {
    await doc.transform(dequantize());
  }
  for (const extension of root.listExtensionsUsed()) {
    if (extension.extensionName === DRACO || extension.extensionName === 'EXT_meshopt_compression') {
      extension.dispose();
    }
  }
}

/** A node graph with cycles or shared children would hang or explode every traversal. */
function checkNodeGraph(json: GltfJson, label: string) {
  const nodes = json.nodes ?? [];
  const parent = new Int32Array(nodes.length).fill(-1);
  nodes.forEach((node, i) => {
    for (const child of node.children ?? []) {
      if (!Number.isInteger(child) || child < 0 || child >= nodes.length) {
        throw fail('damagedMissingNode', { format: label });
      }
      if (parent[child] !== -1 || child === i) {
        throw fail('damagedTwoParents', { format: label });
      }
      parent[child] = i;
    }
  });
  // With at most one parent each, a cycle is a parent chain that never reaches a root.
  for (let i = 0; i < nodes.length; i++) {
    let p = i;
    for (let steps = 0; p !== -1; steps++) {
      if (steps > nodes.length) throw fail('damagedCycle', { format: label });
      p = parent[p] as number;
    }
  }
}

function checkIndices(doc: Document, label: string) {
  for (const mesh of doc.getRoot().listMeshes()) {
    for (const prim of mesh.listPrimitives()) {
      const indices = prim.getIndices();
      const position = prim.getAttribute('POSITION');
      if (!position) throw fail('damagedNoPositions', { format: label });
      if (!indices) continue;
      const count = position.getCount();
      const array = indices.getArray();
      if (!array) continue;
      for (let i = 0; i < array.length; i++) {
        if ((array[i] as number) >= count) {
          throw fail('damagedVertexIndex', { format: label, index: String(array[i]), verticesNumber: count });
        }
      }
    }
  }
}
