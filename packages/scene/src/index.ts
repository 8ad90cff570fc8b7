export {
  DEFAULT_PADDING,
  DEFAULT_VIEW_DIRECTION,
  type FrameOptions,
  type Framing,
  frameBox,
  frameObject,
} from './frame-object.ts';
export { BASIS_TRANSCODER_PATH, createKtx2Loader, type KTX2Loader } from './ktx2-textures.ts';
export {
  collectMaterialSlots,
  type LoadedModel,
  type LoadModelOptions,
  loadGlb,
  loadGlbWithSlots,
  type MaterialSlots,
  type SlotTarget,
} from './load-model.ts';
export {
  applyFinish,
  createFinishMaterial,
  disposeFinishMaterial,
  FINISH_MAP_ORDER,
  finishMapOrder,
  originalMaterial,
  resetFinish,
} from './material-finish.ts';
export { createMaterialSphere } from './material-sphere.ts';
export {
  COLOURFUL_SATURATION,
  contrastingBackground,
  DARK_BACKGROUND,
  DEFAULT_BACKGROUND,
  LIGHT_MODEL_LUMINANCE,
  luminanceOf,
  meanSurfaceColour,
} from './model-tone.ts';
export {
  configureMapTexture,
  createPbrMaterial,
  MATERIAL_MAP_NAMES,
  type MapLayout,
  type MaterialFactors,
  type MaterialMapName,
  type MaterialMaps,
} from './pbr-material.ts';
export {
  createStudioScene,
  disposeObject,
  type StudioScene,
  type StudioSceneOptions,
} from './scene-setup.ts';
export { type StageOptions, type Staging, stageModel } from './stage-model.ts';
