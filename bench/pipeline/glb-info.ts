import fs from 'node:fs';

/** What the bench reads from a GLB's JSON chunk without decoding its buffers. */
export interface GlbInfo {
  /** Triangles of every mesh once (instances not multiplied), from accessor counts. */
  triangles: number;
  /** Images declared by the file. */
  images: number;
  /** Images stored inside the file (bufferView) rather than referenced by URI. */
  embeddedImages: number;
  /** URIs of the images referenced outside the file. */
  imageUris: string[];
  /** Image MIME types (embedded) or URI extensions (referenced). */
  imageTypes: string[];
}

interface GltfJson {
  accessors?: { count: number }[];
  meshes?: { primitives: { mode?: number; indices?: number; attributes: Record<string, number> }[] }[];
  images?: { uri?: string; mimeType?: string; bufferView?: number }[];
}

/** Parse the JSON chunk of a GLB file (null when the file is not a GLB). */
export function readGlbJson(file: string): GltfJson | null {
  const fd = fs.openSync(file, 'r');
  try {
    const header = Buffer.alloc(20);
    if (fs.readSync(fd, header, 0, 20, 0) < 20 || header.toString('latin1', 0, 4) !== 'glTF') return null;
    const jsonLength = header.readUInt32LE(12);
    if (header.readUInt32LE(16) !== 0x4e4f534a) return null;
    const json = Buffer.alloc(jsonLength);
    fs.readSync(fd, json, 0, jsonLength, 20);
    return JSON.parse(json.toString('utf8')) as GltfJson;
  } finally {
    fs.closeSync(fd);
  }
}

export function glbInfo(file: string): GlbInfo | null {
  const json = readGlbJson(file);
  if (!json) return null;
  let triangles = 0;
  for (const mesh of json.meshes ?? []) {
    for (const primitive of mesh.primitives) {
      const mode = primitive.mode ?? 4;
      const position = primitive.attributes.POSITION;
      const count =
        primitive.indices !== undefined
          ? (json.accessors?.[primitive.indices]?.count ?? 0)
          : position !== undefined
            ? (json.accessors?.[position]?.count ?? 0)
            : 0;
      if (mode === 4) triangles += Math.floor(count / 3);
      else if (mode === 5 || mode === 6) triangles += Math.max(0, count - 2);
    }
  }
  const images = json.images ?? [];
  return {
    triangles,
    images: images.length,
    embeddedImages: images.filter((image) => image.bufferView !== undefined || image.uri?.startsWith('data:')).length,
    imageUris: images.flatMap((image) => (image.uri && !image.uri.startsWith('data:') ? [image.uri] : [])),
    imageTypes: [
      ...new Set(
        images.map((image) => image.mimeType ?? (image.uri ? (image.uri.split('.').pop() ?? '?').toLowerCase() : '?')),
      ),
    ],
  };
}
