/// <reference types="webxr" />
import * as THREE from 'three';
import { USDZExporter } from 'three/examples/jsm/exporters/USDZExporter.js';
import * as WebGLTextureUtils from 'three/examples/jsm/utils/WebGLTextureUtils.js';
import type { ViewerEngine } from './viewer-engine.ts';

/**
 * 'View in your space' (decision 0024), loaded only when asked for: on iOS a USDZ made here from
 * the loaded model opens in AR Quick Look; on Android a WebXR `immersive-ar` session places the
 * model on a surface found by hit-testing.
 */

/**
 * The model as Quick Look opens it: a USDZ of the object as it is drawn, so with the finishes chosen for its
 * slots (their maps are image bitmaps or images, drawn to PNG as they are; `flipY` off, as glTF's).
 */
export function exportUsdz(object: THREE.Object3D): Promise<Uint8Array<ArrayBuffer>> {
  const exporter = new USDZExporter();
  // KTX2 textures are GPU-compressed once loaded (decision 0036): the exporter draws them back to images.
  exporter.setTextureUtils(WebGLTextureUtils);
  return exporter.parseAsync(object, { quickLookCompatible: true });
}

/** Exports the shown model as USDZ and hands it to AR Quick Look. */
export async function openQuickLook(engine: ViewerEngine, fileName: string, posterUrl: string | null): Promise<void> {
  if (!engine.object) return;
  const bytes = await exportUsdz(engine.object);
  const url = URL.createObjectURL(new Blob([bytes], { type: 'model/vnd.usdz+zip' }));
  const anchor = document.createElement('a');
  anchor.rel = 'ar';
  anchor.href = url;
  anchor.download = `${fileName}.usdz`;
  // Quick Look opens only a link whose first child is an image.
  const image = document.createElement('img');
  image.alt = '';
  if (posterUrl) image.src = posterUrl;
  anchor.appendChild(image);
  anchor.click();
  window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

export interface WebXrTexts {
  hint: string;
  exit: string;
}

/** Models larger or smaller than this (metres) are shown at 1 m instead of their own size. */
const REAL_SIZE_RANGE = { min: 0.02, max: 30 };

/**
 * Runs an `immersive-ar` session: a ring follows the surface under the screen's centre, a tap
 * places the model there (at its real size, standing on its lowest point). Resolves when the
 * session has started; `onEnd` runs once it has ended and the viewer is back to normal.
 */
export async function startWebXr(engine: ViewerEngine, texts: WebXrTexts, onEnd: () => void): Promise<void> {
  const xr = navigator.xr;
  const model = engine.object;
  if (!xr || !model) return;
  const overlay = createOverlay(texts);
  let session: XRSession;
  try {
    session = await xr.requestSession('immersive-ar', {
      requiredFeatures: ['hit-test'],
      optionalFeatures: ['dom-overlay'],
      domOverlay: { root: overlay },
    });
  } catch (error) {
    overlay.remove();
    throw error;
  }
  overlay.querySelector('button')?.addEventListener('click', () => void session.end());

  const { renderer, studio } = engine;
  const { scene, camera } = studio;
  const background = scene.background;
  const parent = model.parent;
  const saved = { position: model.position.clone(), scale: model.scale.clone(), quaternion: model.quaternion.clone() };

  // Stand the model on its lowest point, centred, at real size unless that is absurd.
  const placed = new THREE.Group();
  placed.visible = false;
  const box = new THREE.Box3().setFromObject(model);
  const size = box.getSize(new THREE.Vector3()).length();
  const scale = size > REAL_SIZE_RANGE.min && size < REAL_SIZE_RANGE.max ? 1 : 1 / Math.max(size, 1e-6);
  const center = box.getCenter(new THREE.Vector3());
  model.scale.multiplyScalar(scale);
  model.position.sub(new THREE.Vector3(center.x, box.min.y, center.z)).multiplyScalar(scale);
  placed.add(model);
  scene.add(placed);

  const reticle = new THREE.Mesh(
    new THREE.RingGeometry(0.08, 0.1, 40).rotateX(-Math.PI / 2),
    new THREE.MeshBasicMaterial({ color: 0xffffff }),
  );
  reticle.matrixAutoUpdate = false;
  reticle.visible = false;
  scene.add(reticle);
  scene.background = null;

  engine.suspend();
  renderer.xr.enabled = true;
  renderer.xr.setReferenceSpaceType('local');
  await renderer.xr.setSession(session);

  const viewerSpace = await session.requestReferenceSpace('viewer');
  const hitTestSource = await session.requestHitTestSource?.({ space: viewerSpace });

  session.addEventListener('select', () => {
    if (!reticle.visible) return;
    placed.position.setFromMatrixPosition(reticle.matrix);
    placed.visible = true;
  });

  renderer.setAnimationLoop((_time, frame) => {
    const space = renderer.xr.getReferenceSpace();
    const hit = hitTestSource && space ? frame?.getHitTestResults(hitTestSource)[0] : undefined;
    const pose = hit && space ? hit.getPose(space) : undefined;
    reticle.visible = pose !== undefined;
    if (pose) reticle.matrix.fromArray(pose.transform.matrix);
    renderer.render(scene, camera);
  });

  session.addEventListener('end', () => {
    renderer.setAnimationLoop(null);
    hitTestSource?.cancel();
    renderer.xr.enabled = false;
    scene.remove(reticle);
    reticle.geometry.dispose();
    reticle.material.dispose();
    (parent ?? scene).add(model);
    model.position.copy(saved.position);
    model.scale.copy(saved.scale);
    model.quaternion.copy(saved.quaternion);
    scene.remove(placed);
    scene.background = background;
    overlay.remove();
    engine.resetView();
    onEnd();
  });
}

/** What the DOM overlay shows over the camera image: how to place the model, and a way out. */
function createOverlay(texts: WebXrTexts): HTMLElement {
  const overlay = document.createElement('div');
  overlay.style.cssText =
    'position:fixed;inset:auto 0 0 0;display:flex;gap:12px;align-items:center;justify-content:space-between;' +
    'padding:16px;background:rgba(0,0,0,0.55);color:#fff;font:16px system-ui,sans-serif';
  const hint = document.createElement('span');
  hint.textContent = texts.hint;
  const exit = document.createElement('button');
  exit.type = 'button';
  exit.textContent = texts.exit;
  exit.style.cssText = 'padding:8px 16px;border-radius:8px;border:0;font:inherit;background:#fff;color:#111';
  overlay.append(hint, exit);
  document.body.appendChild(overlay);
  return overlay;
}
