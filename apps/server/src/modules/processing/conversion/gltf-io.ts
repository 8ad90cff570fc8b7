import { type JSONDocument, Logger, NodeIO } from '@gltf-transform/core';
import { ALL_EXTENSIONS } from '@gltf-transform/extensions';
import draco3d from 'draco3dgltf';
import { MeshoptDecoder, MeshoptEncoder } from 'meshoptimizer';

/** Library chatter (prune counts, optional extensions) is not for users; errors still surface as exceptions. */
export const QUIET = new Logger(Logger.Verbosity.SILENT);

let io: Promise<NodeIO> | undefined;

/** One NodeIO with every extension and the meshopt codecs, made once per process. */
export function gltfIO(): Promise<NodeIO> {
  io ??= (async () => {
    await Promise.all([MeshoptDecoder.ready, MeshoptEncoder.ready]);
    return new NodeIO()
      .setLogger(QUIET)
      .registerExtensions(ALL_EXTENSIONS)
      .registerDependencies({ 'meshopt.decoder': MeshoptDecoder, 'meshopt.encoder': MeshoptEncoder });
  })();
  return io;
}

let draco: Promise<unknown> | undefined;

/** Registers the Draco decoder on `io` the first time a file needs it: its WebAssembly is not loaded for files without Draco. */
export async function withDracoDecoder(io: NodeIO): Promise<NodeIO> {
  draco ??= draco3d.createDecoderModule();
  io.registerDependencies({ 'draco3d.decoder': await draco });
  return io;
}

/** Splits a GLB container into its JSON and binary chunk, leaving external URIs for the caller to resolve. */
export function parseGlb(bytes: Uint8Array): JSONDocument {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes.byteLength < 20 || view.getUint32(0, true) !== 0x46546c67) throw new Error('not a GLB');
  if (view.getUint32(4, true) !== 2) throw new Error('GLB version is not 2');
  const length = Math.min(view.getUint32(8, true), bytes.byteLength);
  let offset = 12;
  let json: unknown;
  const resources: JSONDocument['resources'] = {};
  while (offset + 8 <= length) {
    const chunkLength = view.getUint32(offset, true);
    const chunkType = view.getUint32(offset + 4, true);
    const start = offset + 8;
    if (start + chunkLength > length) throw new Error('GLB chunk out of bounds');
    const chunk = new Uint8Array(bytes.buffer as ArrayBuffer, bytes.byteOffset + start, chunkLength);
    if (chunkType === 0x4e4f534a && json === undefined) json = JSON.parse(new TextDecoder().decode(chunk));
    else if (chunkType === 0x004e4942 && !resources['@glb.bin']) resources['@glb.bin'] = chunk;
    offset = start + chunkLength;
  }
  if (json === undefined) throw new Error('GLB has no JSON chunk');
  return { json: json as JSONDocument['json'], resources };
}

/** A GLB container of `json` and an optional binary chunk (each chunk padded to 4 bytes). */
export function writeGlb(json: unknown, bin: Uint8Array | undefined): Uint8Array {
  const pad = (n: number) => (4 - (n % 4)) % 4;
  const text = new TextEncoder().encode(JSON.stringify(json));
  const jsonLength = text.byteLength + pad(text.byteLength);
  const binLength = bin ? bin.byteLength + pad(bin.byteLength) : 0;
  const total = 12 + 8 + jsonLength + (bin ? 8 + binLength : 0);
  const out = new Uint8Array(total);
  const view = new DataView(out.buffer);
  view.setUint32(0, 0x46546c67, true);
  view.setUint32(4, 2, true);
  view.setUint32(8, total, true);
  view.setUint32(12, jsonLength, true);
  view.setUint32(16, 0x4e4f534a, true);
  out.set(text, 20);
  out.fill(0x20, 20 + text.byteLength, 20 + jsonLength);
  if (bin) {
    const at = 20 + jsonLength;
    view.setUint32(at, binLength, true);
    view.setUint32(at + 4, 0x004e4942, true);
    out.set(bin, at + 8);
  }
  return out;
}
