import type { UploadKind } from '#modules/processing/conversion/file-kind.ts';

/** What a model or library item may be made from: a 3D file, or a zip bundle of one with its textures. */
export const MODEL_UPLOAD_KINDS: readonly UploadKind[] = [
  'fbx',
  'obj',
  'dae',
  'zae',
  '3ds',
  'stl',
  'ply',
  'gltf',
  'glb',
  'off',
  'zip',
];
export const MATERIAL_PACKAGE_KINDS: readonly UploadKind[] = ['zip'];
export const MAP_IMAGE_KINDS: readonly UploadKind[] = ['image'];
