/**
 * The preview page's script: runs in headless Chromium, bundled by esbuild (preview-bundle.ts). It draws
 * with the same studio scene as the web viewer; Node takes the screenshot once a render call resolves.
 */
import {
  createKtx2Loader,
  createMaterialSphere,
  createStudioScene,
  disposeObject,
  loadGlb,
  type MaterialMapName,
  type MaterialMaps,
  type StudioScene,
  stageModel,
} from '@meshport/scene';
import * as THREE from 'three';
import type {
  PageMaterialRequest,
  PageModelRequest,
  PageRenderRequest,
  PageResult,
  PreviewPageApi,
} from './preview-protocol.ts';

function messageOf(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (typeof error === 'string') return error;
  return 'unknown error';
}

async function fetchBytes(url: string): Promise<ArrayBuffer> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`could not read ${url} (${response.status})`);
  return response.arrayBuffer();
}

function start(): PreviewPageApi {
  const canvas = document.getElementById('view');
  if (!(canvas instanceof HTMLCanvasElement)) throw new Error('the preview page has no canvas');
  const renderer = new THREE.WebGLRenderer({ canvas, antialias: true, alpha: true, preserveDrawingBuffer: true });
  renderer.setPixelRatio(1);
  const studio: StudioScene = createStudioScene(renderer);
  // The Basis transcoder is served by the renderer's routing (preview-renderer.ts), never fetched from outside.
  const ktx2Loader = createKtx2Loader(renderer);

  function draw(object: THREE.Object3D, request: PageRenderRequest): void {
    renderer.setSize(request.size, request.size);
    renderer.setClearColor(0x000000, 0);
    studio.camera.aspect = 1;
    studio.scene.add(object);
    try {
      stageModel(studio, object, { background: request.background });
      renderer.render(studio.scene, studio.camera);
    } finally {
      // The drawing buffer is preserved, so the picture stays for the screenshot after the model is gone.
      studio.scene.remove(object);
      disposeObject(object);
    }
  }

  async function loadTexture(name: MaterialMapName, url: string): Promise<THREE.Texture> {
    const bytes = await fetchBytes(url);
    try {
      const bitmap = await createImageBitmap(new Blob([bytes]), { imageOrientation: 'flipY' });
      const texture = new THREE.Texture(bitmap);
      // The bitmap is already flipped for three's UV convention (flipY does not apply to ImageBitmaps).
      texture.flipY = false;
      return texture;
    } catch {
      throw new Error(`the ${name.replace('_', ' ')} map is not an image the renderer can read`);
    }
  }

  return {
    async renderModel(request: PageModelRequest): Promise<PageResult> {
      try {
        const model = await loadGlb(await fetchBytes(request.url), { ktx2Loader });
        draw(model, request);
        return { ok: true };
      } catch (error) {
        return { ok: false, message: messageOf(error) };
      }
    },
    async renderMaterial(request: PageMaterialRequest): Promise<PageResult> {
      const maps: MaterialMaps = {};
      try {
        for (const [name, url] of Object.entries(request.maps) as [MaterialMapName, string][]) {
          maps[name] = await loadTexture(name, url);
        }
        draw(createMaterialSphere(maps, request.factors), request);
        return { ok: true };
      } catch (error) {
        for (const texture of Object.values(maps)) texture.dispose();
        return { ok: false, message: messageOf(error) };
      }
    },
  };
}

const target = window;
try {
  target.meshportPreview = start();
} catch (error) {
  target.meshportPreviewFailure = messageOf(error);
}
