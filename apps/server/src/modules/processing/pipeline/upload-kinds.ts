import { UPLOAD_PURPOSES, type UploadKind } from '@meshport/contract';

/** What a model or library item may be made from: a 3D file, or a zip bundle of one with its textures. */
export const MODEL_UPLOAD_KINDS: readonly UploadKind[] = UPLOAD_PURPOSES.model;
export const MATERIAL_PACKAGE_KINDS: readonly UploadKind[] = UPLOAD_PURPOSES.material_package;
export const MAP_IMAGE_KINDS: readonly UploadKind[] = UPLOAD_PURPOSES.material_map;
