import * as THREE from 'three';
import { RoomEnvironment } from 'three/examples/jsm/environments/RoomEnvironment.js';
import { DEFAULT_BACKGROUND } from './model-tone.ts';

export interface StudioSceneOptions {
  /** A CSS colour; `null` leaves the background transparent (the renderer needs `alpha: true`). */
  background?: string | null;
  /**
   * `later` leaves the image-based light out until `addEnvironment()`: its PMREM takes seconds where WebGL is
   * drawn on the CPU (SwiftShader), so a page that must show its first frame soon adds it after that frame.
   */
  environment?: 'now' | 'later';
}

export interface StudioScene {
  scene: THREE.Scene;
  camera: THREE.PerspectiveCamera;
  lights: {
    hemisphere: THREE.HemisphereLight;
    key: THREE.DirectionalLight;
    fill: THREE.DirectionalLight;
    rim: THREE.DirectionalLight;
  };
  /** Sets or clears (null) the background colour. */
  setBackground(background: string | null): void;
  /** Makes the image-based light (once; at once unless `environment: 'later'`). */
  addEnvironment(): void;
  /** Whether the image-based light is in the scene. */
  hasEnvironment(): boolean;
  dispose(): void;
}

/**
 * Neutral studio lighting shared by the web viewer and the server's previews: image-based light from
 * a PMREM of three's RoomEnvironment (kept low, so that it does not flatten an untextured model into
 * white), a soft hemisphere, and a three-point rig: a key light from the upper left, a weaker fill from
 * the right and a rim light from behind that draws the silhouette's edges against the backdrop. The rig
 * is a child of the camera, so it lights the model the same way whichever way the viewer orbits.
 * The camera is added to the scene; add models to `scene` and show them with `stageModel`.
 */
export function createStudioScene(renderer: THREE.WebGLRenderer, options: StudioSceneOptions = {}): StudioScene {
  renderer.toneMapping = THREE.ACESFilmicToneMapping;
  renderer.toneMappingExposure = 1;
  renderer.outputColorSpace = THREE.SRGBColorSpace;

  const scene = new THREE.Scene();
  let environment: THREE.WebGLRenderTarget | null = null;
  const addEnvironment = () => {
    if (environment) return;
    const pmrem = new THREE.PMREMGenerator(renderer);
    const room = new RoomEnvironment();
    environment = pmrem.fromScene(room, 0.04);
    room.dispose();
    pmrem.dispose();
    scene.environment = environment.texture;
  };
  scene.environmentIntensity = 0.15;
  if (options.environment !== 'later') addEnvironment();

  const camera = new THREE.PerspectiveCamera(35, 1, 0.01, 1000);
  scene.add(camera);

  const hemisphere = new THREE.HemisphereLight(0xffffff, 0x6d7078, 0.1);
  scene.add(hemisphere);

  // Positions are in the camera's frame (the model lies ahead, along -z); each light shines at `ahead`.
  const ahead = new THREE.Object3D();
  ahead.position.set(0, 0, -1);
  camera.add(ahead);
  const cameraLight = (intensity: number, x: number, y: number, z: number) => {
    const light = new THREE.DirectionalLight(0xffffff, intensity);
    light.position.set(x, y, z - 1);
    light.target = ahead;
    camera.add(light);
    return light;
  };
  const key = cameraLight(2.2, -1.2, 2, 2);
  const fill = cameraLight(0.5, 1.6, -0.2, 1);
  const rim = cameraLight(1.6, 0.4, 1.2, -2.5);

  const setBackground = (background: string | null) => {
    scene.background = background === null ? null : new THREE.Color(background);
  };
  setBackground(options.background === undefined ? DEFAULT_BACKGROUND : options.background);

  return {
    scene,
    camera,
    lights: { hemisphere, key, fill, rim },
    setBackground,
    addEnvironment,
    hasEnvironment: () => environment !== null,
    dispose() {
      environment?.dispose();
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
