import type * as THREE from 'three';
import { type FrameOptions, type Framing, frameObject } from './frame-object.ts';
import { contrastingBackground } from './model-tone.ts';
import type { StudioScene } from './scene-setup.ts';

export interface StageOptions extends FrameOptions {
  /** A CSS colour, null for a transparent background, or 'auto' (the default): the backdrop that contrasts with the model. */
  background?: string | null | 'auto';
}

export interface Staging extends Framing {
  /** The background the model is shown on (null: transparent). */
  background: string | null;
}

/**
 * Shows an object (already in `studio.scene`) as the previews and the viewer's first frame do: on the backdrop that
 * contrasts with it (a light model on the dark studio tone) and framed by the camera (`frameObject`).
 */
export function stageModel(studio: StudioScene, object: THREE.Object3D, options: StageOptions = {}): Staging {
  const { background: wanted = 'auto', ...frame } = options;
  const background = wanted === 'auto' ? contrastingBackground(object) : wanted;
  studio.setBackground(background);
  return { ...frameObject(studio.camera, object, frame), background };
}
