/**
 * The PBR maps a material may have (zod-free: the preview page and the viewer import it).
 * `.matz` packages name them the same way (docs/material-package.md).
 */
export const MATERIAL_MAP_KINDS = [
  'base_color',
  'normal',
  'metallic_roughness',
  'metallic',
  'roughness',
  'occlusion',
  'emissive',
  'height',
] as const;
export type MaterialMapKind = (typeof MATERIAL_MAP_KINDS)[number];
