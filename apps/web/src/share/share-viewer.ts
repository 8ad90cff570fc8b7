import type { SharedSlot, SharedView } from '@meshport/contract';
import { type ArMode, detectArMode } from '@/shared/viewer/ar-support.logic.ts';
import { finishAttributeEvents } from '@/shared/viewer/finish-attributes.ts';
import type { FinishChoice } from '@/shared/viewer/viewer-finishes.ts';
import { hasWebGl } from '@/shared/viewer/webgl-surface.ts';
import { el } from './share-dom.ts';
import type { ShareTexts } from './share-texts.ts';

type OpenView = Extract<SharedView, { locked: false }>;
export type ViewerEngineType = InstanceType<Awaited<ReturnType<typeof preloadEngine>>['ViewerEngine']>;

interface ViewerParts {
  view: OpenView;
  stage: HTMLElement;
  status: HTMLElement;
  controls: HTMLElement;
  texts: ShareTexts;
}

/**
 * The 3D view of the share page: the app viewer's engine (the same staging, finishes and AR), the slots' swatches
 * as toggle buttons, and 'View in your space' with the chosen finishes (Quick Look on iOS, WebXR elsewhere).
 */
/** The viewer's engine (three.js), asked for once. */
let engineModule: Promise<typeof import('@/shared/viewer/viewer-engine.ts')> | null = null;
export function preloadEngine(): Promise<typeof import('@/shared/viewer/viewer-engine.ts')> {
  engineModule ??= import('@/shared/viewer/viewer-engine.ts');
  return engineModule;
}

export async function startViewer({ view, stage, status, controls, texts }: ViewerParts): Promise<void> {
  if (!hasWebGl()) {
    stage.dataset.state = 'unsupported';
    status.textContent = texts.noWebGl;
    return;
  }
  const { ViewerEngine } = await preloadEngine();
  const events = finishAttributeEvents(() => stage, { onShown: { current: undefined }, onError: () => undefined });
  const engine = new ViewerEngine(
    stage,
    () => {
      stage.dataset.state = 'ready';
      status.textContent = '';
    },
    events,
    // The first frame comes before the image-based light, which follows at once: on a phone's first visit the
    // model shows sooner, and where WebGL is drawn on the CPU its PMREM alone takes seconds.
    { environment: 'later', onEnvironment: () => (stage.dataset.environment = 'ready') },
  );
  const chosen = new Map<number, string | null>(view.slots.map((slot) => [slot.index, slot.choice]));
  const choice = (): FinishChoice =>
    Object.fromEntries(
      view.slots.map((slot) => {
        const material = slot.materials.find((m) => m.name === chosen.get(slot.index));
        return [slot.index, material ? { maps: material.maps } : null];
      }),
    );
  engine.setFinishes(choice());
  if (view.allow_configure) {
    for (const slot of view.slots) controls.append(swatches(slot, chosen, texts, () => engine.setFinishes(choice())));
  }
  const arButton = el('button', { type: 'button', class: 'share-button share-ar', hidden: '' }, texts.ar);
  controls.append(arButton);
  try {
    await loadModel(engine, view, stage);
  } catch {
    stage.dataset.state = 'error';
    status.textContent = texts.failed;
    return;
  }
  const mode = await detectArMode();
  stage.dataset.arMode = mode ?? 'none';
  if (mode) {
    arButton.hidden = false;
    arButton.addEventListener('click', () => void enterAr(mode));
  }
  // The AR entry is announced for the browser suite even where the device has none (data-ar-mode="none").
  arButton.dataset.arMode = mode ?? 'none';

  async function enterAr(arMode: ArMode): Promise<void> {
    arButton.setAttribute('disabled', '');
    try {
      const ar = await import('@/shared/viewer/viewer-ar.ts');
      if (arMode === 'quick-look') {
        await ar.openQuickLook(engine, view.name, view.model.preview_image_url);
        arButton.removeAttribute('disabled');
      } else {
        await ar.startWebXr(engine, { hint: texts.arHint, exit: texts.arExit }, () =>
          arButton.removeAttribute('disabled'),
        );
      }
    } catch {
      arButton.removeAttribute('disabled');
      status.textContent = texts.arFailed;
    }
  }
}

/**
 * The model, its light version first where it has one (a GLB over 1 MB): drawn while the full GLB, fetched at the
 * same time, arrives; that one then takes its place with the visitor's view and finishes kept. `data-detail` on the
 * stage tells which is shown. Rejects only when nothing could be shown.
 */
export async function loadModel(engine: ViewerEngineType, view: OpenView, stage: HTMLElement): Promise<void> {
  const never = new AbortController().signal;
  const liteUrl = view.model.lite_glb_url;
  if (!liteUrl) {
    await engine.load({ kind: 'glb', url: view.model.glb_url }, never);
    stage.dataset.detail = 'full';
    return;
  }
  // Low priority: the light version's bytes go first on a narrow network.
  const full = fetch(view.model.glb_url, { credentials: 'include', priority: 'low' }).then(async (response) => {
    if (!response.ok) throw new Error(`The model answered ${response.status}`);
    return response.blob();
  });
  full.catch(() => undefined);
  const lite = new AbortController();
  const liteSettled = engine.load({ kind: 'glb', url: liteUrl }, lite.signal).then(
    () => {
      if (engine.object && !lite.signal.aborted) stage.dataset.detail = 'lite';
    },
    () => undefined,
  );
  let blob: Blob;
  try {
    blob = await full;
  } catch (error) {
    await liteSettled;
    if (engine.object) return;
    throw error;
  }
  // The full model first (a fast network, a cached file): the light one is not drawn after it.
  lite.abort();
  await liteSettled;
  const shownLite = engine.object !== null;
  const url = URL.createObjectURL(blob);
  try {
    await engine.load({ kind: 'glb', url }, never, { keepView: shownLite });
    stage.dataset.detail = 'full';
  } catch (error) {
    if (!shownLite) throw error;
  } finally {
    URL.revokeObjectURL(url);
  }
}

/** One slot's finishes as toggle buttons (one pressed); arrow keys move between them. */
function swatches(
  slot: SharedSlot,
  chosen: Map<number, string | null>,
  texts: ShareTexts,
  changed: () => void,
): HTMLElement {
  const heading = el('h2', { class: 'share-slot-name', id: `share-slot-${slot.index}` }, slot.name);
  const row = el('div', {
    class: 'share-swatches',
    role: 'group',
    'aria-label': texts.finishesOf(slot.name),
  });
  const buttons: HTMLButtonElement[] = [];
  const press = () => {
    for (const button of buttons) {
      button.setAttribute('aria-pressed', String((button.dataset.material || null) === chosen.get(slot.index)));
    }
  };
  // A design that kept the model's own material in this slot offers it back beside the finishes.
  const options = [
    ...(slot.choice === null ? [{ name: null, label: texts.ownMaterial, preview_image_url: null }] : []),
    ...slot.materials.map((material) => ({ ...material, label: material.name })),
  ];
  for (const material of options) {
    const image = material.preview_image_url
      ? el('img', { src: material.preview_image_url, alt: '', loading: 'lazy', width: '56', height: '56' })
      : el('span', { class: 'share-swatch-blank', 'aria-hidden': 'true' });
    const button = el(
      'button',
      { type: 'button', class: 'share-swatch', 'data-material': material.name ?? '', title: material.label },
      image,
      el('span', { class: 'share-swatch-name' }, material.label),
    ) as HTMLButtonElement;
    button.addEventListener('click', () => {
      if (chosen.get(slot.index) === material.name) return;
      chosen.set(slot.index, material.name);
      press();
      changed();
    });
    button.addEventListener('keydown', (event) => {
      const step =
        event.key === 'ArrowRight' || event.key === 'ArrowDown'
          ? 1
          : event.key === 'ArrowLeft' || event.key === 'ArrowUp'
            ? -1
            : 0;
      if (!step) return;
      event.preventDefault();
      const next = buttons[(buttons.indexOf(button) + step + buttons.length) % buttons.length];
      next?.focus();
    });
    buttons.push(button);
    row.append(button);
  }
  press();
  return el('div', { class: 'share-slot' }, heading, row);
}
