export {
  DEFAULT_PADDING,
  DEFAULT_VIEW_DIRECTION,
  type FrameOptions,
  type Framing,
  frameBox,
  frameObject,
} from './frame-object.ts';
export { type LoadModelOptions, loadGlb } from './load-model.ts';
export {
  createMaterialSphere,
  MATERIAL_MAP_NAMES,
  type MaterialFactors,
  type MaterialMapName,
  type MaterialMaps,
} from './material-sphere.ts';
export {
  createStudioScene,
  DEFAULT_BACKGROUND,
  disposeObject,
  type StudioScene,
  type StudioSceneOptions,
} from './scene-setup.ts';
