/**
 * What an upload may be, by its name's extension (zod-free: the upload widget imports it). The
 * server checks the bytes as they arrive (`detectUploadKind`); the widget refuses by name first
 * with the same texts. `.fbx` is FBX whatever a browser says its type is; `.zip` and `.matz` are zip.
 */
export type UploadKind =
  | 'fbx'
  | 'obj'
  | 'mtl'
  | 'dae'
  | 'zae'
  | '3ds'
  | 'stl'
  | 'ply'
  | 'gltf'
  | 'glb'
  | 'off'
  | 'zip'
  | 'image';

export const UPLOAD_KIND_BY_EXTENSION: Readonly<Record<string, UploadKind>> = Object.freeze({
  '.fbx': 'fbx',
  '.obj': 'obj',
  '.mtl': 'mtl',
  '.dae': 'dae',
  '.zae': 'zae',
  '.3ds': '3ds',
  '.stl': 'stl',
  '.ply': 'ply',
  '.gltf': 'gltf',
  '.glb': 'glb',
  '.off': 'off',
  '.zip': 'zip',
  '.matz': 'zip',
  '.png': 'image',
  '.jpg': 'image',
  '.jpeg': 'image',
  '.webp': 'image',
  '.tga': 'image',
  '.bmp': 'image',
  '.tif': 'image',
  '.tiff': 'image',
  '.gif': 'image',
});

/** The lower-case extension of a file name, with its dot ('' when none); Windows paths too. */
export function uploadExtension(fileName: string): string {
  const base = fileName.replaceAll('\\', '/').split('/').pop() ?? '';
  const dot = base.lastIndexOf('.');
  return dot <= 0 ? '' : base.slice(dot).toLowerCase();
}

/** The kind a file name says it is, or null when its extension is not accepted. */
export function uploadKindFromName(fileName: string): UploadKind | null {
  return UPLOAD_KIND_BY_EXTENSION[uploadExtension(fileName)] ?? null;
}

/**
 * What each file field takes. A model or item is one 3D file or a zip of one with its textures
 * (an .mtl alone is not a model); a PBR map is an image; an import is a material package.
 */
export const UPLOAD_PURPOSES = {
  model: ['fbx', 'obj', 'dae', 'zae', '3ds', 'stl', 'ply', 'gltf', 'glb', 'off', 'zip'],
  material_map: ['image'],
  material_package: ['zip'],
} as const satisfies Record<string, readonly UploadKind[]>;
export type UploadPurpose = keyof typeof UPLOAD_PURPOSES;

/** A material package is a zip, but a model is never a `.matz`. */
const NOT_FOR: Partial<Record<UploadPurpose, readonly string[]>> = { model: ['.matz'] };

/** The extensions a purpose accepts (for the file chooser's `accept` and the hint under a field). */
export function uploadExtensions(purpose: UploadPurpose): string[] {
  const kinds: readonly UploadKind[] = UPLOAD_PURPOSES[purpose];
  return Object.entries(UPLOAD_KIND_BY_EXTENSION)
    .filter(([extension, kind]) => kinds.includes(kind) && !NOT_FOR[purpose]?.includes(extension))
    .map(([extension]) => extension);
}

/** Whether a file name is accepted for a purpose. */
export function acceptsUpload(purpose: UploadPurpose, fileName: string): boolean {
  return uploadExtensions(purpose).includes(uploadExtension(fileName));
}
