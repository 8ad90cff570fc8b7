import * as THREE from 'three';
import { RoomEnvironment } from 'three/examples/jsm/environments/RoomEnvironment.js';

/** The light neutral backdrop of previews and the viewer. */
export const DEFAULT_BACKGROUND = '#eceef1';

export interface StudioSceneOptions {
  /** A CSS colour; `null` leaves the background transparent (the renderer needs `alpha: true`). */
  background?: string | null;
}

export interface StudioScene {
  scene: THREE.Scene;
  camera: THREE.PerspectiveCamera;
  lights: { hemisphere: THREE.HemisphereLight; key: THREE.DirectionalLight };
  /** Sets or clears (null) the background colour. */
  setBackground(background: string | null): void;
  dispose(): void;
}

/**
 * Neutral studio lighting shared by the web viewer and the server's previews: image-based light from
 * a PMREM of three's RoomEnvironment, a soft hemisphere fill and a key light. The key light is a child
 * of the camera, so it keeps lighting the model from the upper left whichever way the viewer orbits.
 * The camera is added to the scene; add models to `scene` and fit them with `frameObject`.
 */
export function createStudioScene(renderer: THREE.WebGLRenderer, options: StudioSceneOptions = {}): StudioScene {
  renderer.toneMapping = THREE.ACESFilmicToneMapping;
  renderer.toneMappingExposure = 1;
  renderer.outputColorSpace = THREE.SRGBColorSpace;

  const scene = new THREE.Scene();
  const pmrem = new THREE.PMREMGenerator(renderer);
  const room = new RoomEnvironment();
  const environment = pmrem.fromScene(room, 0.04);
  room.dispose();
  pmrem.dispose();
  scene.environment = environment.texture;
  scene.environmentIntensity = 0.45;

  const camera = new THREE.PerspectiveCamera(35, 1, 0.01, 1000);
  scene.add(camera);

  const hemisphere = new THREE.HemisphereLight(0xffffff, 0x6d7078, 0.2);
  scene.add(hemisphere);

  const key = new THREE.DirectionalLight(0xffffff, 2.4);
  key.position.set(-1.2, 2, 1);
  key.target.position.set(0, 0, -1);
  camera.add(key, key.target);

  const setBackground = (background: string | null) => {
    scene.background = background === null ? null : new THREE.Color(background);
  };
  setBackground(options.background === undefined ? DEFAULT_BACKGROUND : options.background);

  return {
    scene,
    camera,
    lights: { hemisphere, key },
    setBackground,
    dispose() {
      environment.dispose();
      scene.environment = null;
    },
  };
}

/** Frees the GPU resources (geometries, materials, textures) of an object that is no longer shown. */
export function disposeObject(object: THREE.Object3D): void {
  object.traverse((node) => {
    const drawable = node as Partial<THREE.Mesh>;
    drawable.geometry?.dispose();
    const materials = drawable.material === undefined ? [] : ([] as THREE.Material[]).concat(drawable.material);
    for (const material of materials) {
      for (const value of Object.values(material)) {
        if (value instanceof THREE.Texture) value.dispose();
      }
      material.dispose();
    }
  });
}
