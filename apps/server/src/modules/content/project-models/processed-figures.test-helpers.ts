import type { ProcessingFigures } from '@meshport/contract';

/** The figures processing keeps for a small GLB whose materials are `names`, in order (its material slots). */
export const processedFigures = (
  names: string[],
  shape: { triangles: number; vertices: number } = { triangles: 12, vertices: 24 },
): ProcessingFigures => ({
  format: 'glb',
  triangles: shape.triangles,
  triangles_before: shape.triangles,
  vertices: shape.vertices,
  points: 0,
  meshes: 1,
  materials: names.length,
  material_names: names,
  textures: 0,
  bounds: null,
  simplified: false,
  original_bytes: 100,
  glb_bytes: 100,
  steps_ms: {},
  warnings: [],
});
