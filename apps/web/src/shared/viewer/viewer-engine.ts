import type { MaterialMapKind } from '@meshport/contract';
import {
  createKtx2Loader,
  createMaterialSphere,
  createStudioScene,
  disposeObject,
  type KTX2Loader,
  type LoadedModel,
  loadGlbWithSlots,
  type MaterialMaps,
  type SlotTarget,
  type StudioScene,
  stageModel,
} from '@meshport/scene';
import * as THREE from 'three';
import { OrbitControls } from 'three/examples/jsm/controls/OrbitControls.js';
import { releaseRenderer, takeRenderer } from './renderer-pool.ts';
import { type FinishChoice, type FinishEvents, ViewerFinishes } from './viewer-finishes.ts';

/** What the viewer shows: a processed model (its GLB) or a material on a sphere (its maps). */
export type ViewerSource =
  | { kind: 'glb'; url: string }
  | { kind: 'material'; maps: Partial<Record<MaterialMapKind, string>> };

/** A GLB or map that could not be fetched: `status` 0 when there was no answer. */
export class ViewerLoadError extends Error {
  constructor(readonly status: number) {
    super(`The 3D file answered ${status}`);
  }
}

export interface ViewerEngineOptions {
  /** `later`: the first frame without the image-based light, which follows in the next task (scene-setup.ts). */
  environment?: 'now' | 'later';
  /** Called once the image-based light is in the scene (drawn at the next frame). */
  onEnvironment?: () => void;
}

/** How far the camera may move in and out, relative to the framed distance. */
const MIN_DISTANCE = 0.15;
const MAX_DISTANCE = 5;

/**
 * The three.js side of the viewer (loaded lazily): the server preview's studio scene, orbit
 * controls, rendering on demand (a frame only when something changed), the canvas sized to its
 * container. Everything is released by `dispose`.
 */
export class ViewerEngine {
  readonly renderer: THREE.WebGLRenderer;
  readonly studio: StudioScene;
  readonly controls: OrbitControls;
  /** KTX2 / Basis textures, transcoded in a worker with the transcoder the web build serves under /basis/. */
  private readonly ktx2Loader: KTX2Loader;
  /** The model or sphere on show, null until loaded. */
  object: THREE.Object3D | null = null;
  /** The backdrop chosen for the object on show (the one that contrasts with it), kept while it is shown. */
  private background: string | null = null;
  private frame = 0;
  private disposed = false;
  private wireframe = false;
  /** Whether the user moved the camera since the last framing: an untouched view is re-framed on resize. */
  private touched = false;
  private drawn = false;
  private readonly resizeObserver: ResizeObserver;
  private readonly onFirstFrame: () => void;
  /** The finishes chosen for the model's material slots, and their decoded maps. */
  private readonly finishes: ViewerFinishes;

  constructor(
    private readonly container: HTMLElement,
    onFirstFrame: () => void,
    finishEvents: FinishEvents = {},
    private readonly options: ViewerEngineOptions = {},
  ) {
    this.onFirstFrame = onFirstFrame;
    this.finishes = new ViewerFinishes(
      { drawNow: () => this.drawNow(), requestRender: this.requestRender, swapped: (targets) => this.swapped(targets) },
      finishEvents,
    );
    this.renderer = takeRenderer();
    this.renderer.setPixelRatio(Math.min(window.devicePixelRatio || 1, 2));
    const canvas = this.renderer.domElement;
    canvas.style.display = 'block';
    canvas.style.width = '100%';
    canvas.style.height = '100%';
    canvas.style.touchAction = 'none';
    canvas.setAttribute('aria-hidden', 'true');
    container.appendChild(canvas);

    this.studio = createStudioScene(this.renderer, { environment: options.environment });
    this.ktx2Loader = createKtx2Loader(this.renderer);
    this.controls = new OrbitControls(this.studio.camera, canvas);
    this.controls.enableDamping = true;
    this.controls.dampingFactor = 0.12;
    this.controls.addEventListener('change', this.requestRender);
    this.controls.addEventListener('start', this.markTouched);

    this.resizeObserver = new ResizeObserver(() => this.resize());
    this.resizeObserver.observe(container);
    this.resize();
  }

  /**
   * Fetches and shows the source, replacing what was shown. Rejects with ViewerLoadError when a file fails.
   * `keepView`: the camera stays where it is (a light version's full model swapped in, the visitor's view kept).
   */
  async load(source: ViewerSource, signal: AbortSignal, { keepView = false } = {}): Promise<void> {
    const { root: object, slots } =
      source.kind === 'glb'
        ? await this.fetchModel(source.url, signal)
        : { root: await fetchSphere(source.maps), slots: new Map() };
    if (this.disposed || signal.aborted) {
      disposeObject(object);
      return;
    }
    if (this.object) {
      // The own materials back first, so that they are the ones freed.
      this.finishes.detach();
      this.studio.scene.remove(this.object);
      disposeObject(this.object);
    }
    const keep = keepView && this.object !== null;
    this.object = object;
    if (!keep) this.background = null;
    this.studio.scene.add(object);
    this.finishes.attach(slots);
    this.applyWireframe();
    if (keep) this.requestRender();
    else this.frameView();
  }

  /**
   * Chooses the finish of each material slot of the model (before or after it loaded). A finish whose maps are
   * decoded is drawn before this returns; else its maps load and show as they arrive (`ViewerFinishes`).
   */
  setFinishes(choice: FinishChoice): void {
    this.finishes.set(choice);
  }

  /** Back to the framed 3/4 view. */
  resetView(): void {
    this.frameView();
  }

  setWireframe(on: boolean): void {
    this.wireframe = on;
    this.applyWireframe();
    this.requestRender();
  }

  /** Orbits by angles in radians (keyboard). */
  orbit(left: number, up: number): void {
    this.touched = true;
    if (left) this.controls.rotateLeft(left);
    if (up) this.controls.rotateUp(up);
  }

  /** `factor` > 1 moves closer, < 1 further away. */
  zoom(factor: number): void {
    this.touched = true;
    this.controls.dollyIn(1 / factor);
  }

  /** Draws one frame soon (at most one per animation frame); nothing runs while idle. */
  readonly requestRender = (): void => {
    if (this.frame || this.disposed || this.renderer.xr.isPresenting) return;
    this.frame = requestAnimationFrame(this.draw);
  };

  /** Stops rendering on demand while an XR session draws every frame itself. */
  suspend(): void {
    if (this.frame) cancelAnimationFrame(this.frame);
    this.frame = 0;
  }

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    this.suspend();
    this.resizeObserver.disconnect();
    this.controls.removeEventListener('change', this.requestRender);
    this.controls.removeEventListener('start', this.markTouched);
    this.controls.dispose();
    this.finishes.dispose();
    if (this.object) disposeObject(this.object);
    this.object = null;
    this.studio.dispose();
    this.ktx2Loader.dispose();
    releaseRenderer(this.renderer);
  }

  private readonly draw = (): void => {
    this.frame = 0;
    // With damping, update() keeps reporting a change (and so asks for the next frame) until the motion settles.
    this.controls.update();
    this.renderer.render(this.studio.scene, this.studio.camera);
    if (!this.drawn && this.object) {
      this.drawn = true;
      this.onFirstFrame();
      if (!this.studio.hasEnvironment()) setTimeout(this.addEnvironment, 0);
    }
    if (this.object) this.finishes.frameDrawn(performance.now());
  };

  /** The image-based light left out of the first frame (`environment: 'later'`), then drawn. */
  private readonly addEnvironment = (): void => {
    if (this.disposed) return;
    this.studio.addEnvironment();
    this.options.onEnvironment?.();
    this.requestRender();
  };

  /** Draws in this task, instead of at the next animation frame (an XR session draws its own frames). */
  private drawNow(): void {
    if (this.disposed || this.renderer.xr.isPresenting) return;
    if (this.frame) cancelAnimationFrame(this.frame);
    this.draw();
  }

  /** Meshes whose materials a finish changed: the wireframe setting holds for their new materials. */
  private swapped(targets: readonly SlotTarget[]): void {
    for (const { mesh } of targets) this.setMeshWireframe(mesh);
  }

  private readonly markTouched = (): void => {
    this.touched = true;
  };

  private async fetchModel(url: string, signal: AbortSignal): Promise<LoadedModel> {
    let response: Response;
    try {
      response = await fetch(url, { credentials: 'include', signal });
    } catch (error) {
      if (signal.aborted) throw error;
      throw new ViewerLoadError(0);
    }
    if (!response.ok) throw new ViewerLoadError(response.status);
    return loadGlbWithSlots(await response.arrayBuffer(), { ktx2Loader: this.ktx2Loader });
  }

  private frameView(): void {
    if (!this.object) return;
    // Drop any motion still damping out, so the framed view is exactly where the camera ends up.
    this.controls.enableDamping = false;
    this.controls.update();
    this.controls.enableDamping = true;
    // The preview's staging (the same function): the backdrop that contrasts with the model, the same framing.
    const { center, distance, background } = stageModel(this.studio, this.object, {
      background: this.background ?? 'auto',
    });
    this.background = background;
    this.controls.target.copy(center);
    this.controls.minDistance = distance * MIN_DISTANCE;
    this.controls.maxDistance = distance * MAX_DISTANCE;
    this.controls.update();
    this.controls.saveState();
    this.touched = false;
    this.requestRender();
  }

  private resize(): void {
    if (this.renderer.xr.isPresenting) return;
    const width = Math.max(1, this.container.clientWidth);
    const height = Math.max(1, this.container.clientHeight);
    this.renderer.setSize(width, height, false);
    this.studio.camera.aspect = width / height;
    this.studio.camera.updateProjectionMatrix();
    if (!this.touched) this.frameView();
    this.requestRender();
  }

  private applyWireframe(): void {
    this.object?.traverse((node) => {
      if (node instanceof THREE.Mesh) this.setMeshWireframe(node);
    });
  }

  private setMeshWireframe(mesh: THREE.Mesh): void {
    for (const material of ([] as THREE.Material[]).concat(mesh.material)) {
      if ('wireframe' in material) material.wireframe = this.wireframe;
    }
  }
}

/** The maps (same-origin WebP addresses) as textures on the shared material sphere. */
async function fetchSphere(urls: Partial<Record<MaterialMapKind, string>>): Promise<THREE.Object3D> {
  const loader = new THREE.TextureLoader();
  const entries = Object.entries(urls) as [MaterialMapKind, string][];
  const results = await Promise.allSettled(entries.map(([, url]) => loader.loadAsync(url)));
  const maps: MaterialMaps = {};
  let failed = false;
  results.forEach((result, index) => {
    const name = entries[index]?.[0];
    if (result.status === 'rejected') failed = true;
    else if (name) maps[name] = result.value;
  });
  if (failed) {
    for (const texture of Object.values(maps)) texture?.dispose();
    throw new ViewerLoadError(0);
  }
  return createMaterialSphere(maps);
}
