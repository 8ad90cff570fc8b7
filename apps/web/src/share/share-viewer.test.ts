import type { SharedView } from '@meshport/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadModel, type ViewerEngineType } from './share-viewer.ts';

type OpenView = Extract<SharedView, { locked: false }>;

/** What the page asks of the engine: which files it drew, in order, and whether the view was kept. */
function fakeEngine(liteMs: number) {
  const drawn: { url: string; keepView: boolean }[] = [];
  const engine = {
    object: null as object | null,
    async load(source: { url: string }, signal: AbortSignal, options: { keepView?: boolean } = {}) {
      if (source.url.endsWith('/lite-glb')) await new Promise((resolve) => setTimeout(resolve, liteMs));
      if (signal.aborted) return;
      engine.object = {};
      drawn.push({ url: source.url.startsWith('blob:') ? 'full' : source.url, keepView: options.keepView ?? false });
    },
  };
  return { engine: engine as unknown as ViewerEngineType, drawn };
}

const view = (lite: string | null) =>
  ({ model: { glb_url: '/v2/shared/t/files/glb', lite_glb_url: lite } }) as unknown as OpenView;

function fullAnswers(ms: number, ok = true) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => {
      await new Promise((resolve) => setTimeout(resolve, ms));
      return new Response(ok ? new Blob(['glTF-full']) : null, { status: ok ? 200 : 404 });
    }),
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('the share page loads a light version first', () => {
  it('draws the light model, then swaps the full one in keeping the view', async () => {
    fullAnswers(40);
    const { engine, drawn } = fakeEngine(5);
    const stage = { dataset: {} as Record<string, string> } as HTMLElement;
    const seen: string[] = [];
    const watching = setInterval(() => {
      if (stage.dataset.detail && seen.at(-1) !== stage.dataset.detail) seen.push(stage.dataset.detail);
    }, 1);
    await loadModel(engine, view('/v2/shared/t/files/lite-glb'), stage);
    clearInterval(watching);
    expect(drawn).toEqual([
      { url: '/v2/shared/t/files/lite-glb', keepView: false },
      { url: 'full', keepView: true },
    ]);
    expect(seen[0]).toBe('lite');
    expect(stage.dataset.detail).toBe('full');
  });

  it('draws no light model after the full one (the full one came first)', async () => {
    fullAnswers(1);
    const { engine, drawn } = fakeEngine(60);
    const stage = { dataset: {} as Record<string, string> } as HTMLElement;
    await loadModel(engine, view('/v2/shared/t/files/lite-glb'), stage);
    expect(drawn).toEqual([{ url: 'full', keepView: false }]);
    expect(stage.dataset.detail).toBe('full');
  });

  it('keeps the light model when the full one fails; without a light version, the GLB as before', async () => {
    fullAnswers(20, false);
    const failing = fakeEngine(1);
    const stage = { dataset: {} as Record<string, string> } as HTMLElement;
    await loadModel(failing.engine, view('/v2/shared/t/files/lite-glb'), stage);
    expect(failing.drawn).toEqual([{ url: '/v2/shared/t/files/lite-glb', keepView: false }]);
    expect(stage.dataset.detail).toBe('lite');

    const plain = fakeEngine(1);
    const plainStage = { dataset: {} as Record<string, string> } as HTMLElement;
    await loadModel(plain.engine, view(null), plainStage);
    expect(plain.drawn).toEqual([{ url: '/v2/shared/t/files/glb', keepView: false }]);
    expect(plainStage.dataset.detail).toBe('full');
  });
});
