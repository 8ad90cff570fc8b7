import { projectEndpoints, projectModelEndpoints, shareLinkEndpoints } from '@meshport/contract';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiClient, apiLogin } from '../support/api.ts';
import { useBrowser } from '../support/browser.ts';
import { HOSTS } from '../support/hosts.ts';
import { largeModelZip } from '../support/large-model.ts';
import { apiCreateModel } from '../support/uploads.ts';

/**
 * Issue 30, item 6, measured as a phone gets it: the share page of a model whose web-ready GLB is over 5 MB, with the
 * browser throttled to 10 Mbit/s and 40 ms. The first 3D frame (the light version, drawn while the full GLB still
 * arrives) within 2.5 s of the navigation; a switch to a finish whose maps are decoded within 100 ms of the click.
 * The figures are printed.
 */

const PROCESSING_TIMEOUT_MS = 300_000;
const READY_TIMEOUT_MS = 120_000;
const FIVE_MB = 5 * 1024 * 1024;
const FIRST_FRAME_MS = 2500;
const SWITCH_MS = 100;
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
/** Two of the demo company's materials (seeded with maps), for the model's one slot. */
const FINISHES = ['Oak Natural', 'Carrara Marble'] as const;

/** Clicks a swatch and waits for the frame that shows it whole: the viewer's `data-finish-ms` of that choice. */
async function choose(page: Page, swatch: Locator): Promise<number> {
  const viewer = page.locator('[data-viewer]');
  const before = await viewer.getAttribute('data-finish-drawn-at');
  await swatch.click();
  await expect.poll(() => viewer.getAttribute('data-finish-drawn-at'), { timeout: READY_TIMEOUT_MS }).not.toBe(before);
  await page.locator('[data-viewer][data-finish-state="ready"]').waitFor({ timeout: READY_TIMEOUT_MS });
  return Number(await viewer.getAttribute('data-finish-ms'));
}

describe('the share page on a phone’s network', { timeout: PROCESSING_TIMEOUT_MS + 3 * READY_TIMEOUT_MS }, () => {
  const e2e = useBrowser();

  it('draws a 5 MB model’s first frame within 2.5 s at 10 Mbit/s and 40 ms, and switches a finish within 100 ms', async () => {
    const host = HOSTS.acmeHatch;
    const token = await apiLogin(e2e.port, host, 'editor');
    const api = apiClient(e2e.port, host, token);
    const project = (await api.call(projectEndpoints.list, { query: { per_page: 1 } })).data[0];
    if (!project) throw new Error('acme has no project');
    const model = await apiCreateModel(
      api,
      { port: e2e.port, host, token },
      { projectId: project.id, name: `E2E Large Surface ${Date.now().toString(36)}`, file: await largeModelZip() },
    );
    const deadline = Date.now() + PROCESSING_TIMEOUT_MS;
    for (;;) {
      const { status } = (await api.call(projectModelEndpoints.get, { params: { id: model.id } })).data;
      if (status === 'FINISHED') break;
      if (status === 'FAILED' || Date.now() > deadline) throw new Error(`the large model is ${String(status)}`);
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
    try {
      await api.call(projectModelEndpoints.saveMaterialSlots, {
        params: { id: model.id },
        body: { slots: [{ index: 0, name: 'Surface', materials: [...FINISHES], default_material: FINISHES[0] }] },
      });
      const link = await api.call(shareLinkEndpoints.create, {
        body: { project_model_id: model.id, expires_in_days: 1, allow_configure: true },
      });

      const page = await e2e.openPage(HOSTS.acmeCustomerportal, '/favicon.svg', { webgl: true, context: PHONE });
      // The first frame by the page's own clock, from the navigation's start.
      await page.addInitScript(() => {
        new MutationObserver((_changes, observer) => {
          if (!document.querySelector('[data-viewer][data-state="ready"]')) return;
          (window as unknown as { firstFrameAt: number }).firstFrameAt = performance.now();
          observer.disconnect();
        }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-state'] });
      });
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 40,
        downloadThroughput: 10_000_000 / 8,
        uploadThroughput: 10_000_000 / 8,
      });
      await page.goto(e2e.url(HOSTS.acmeCustomerportal, new URL(link.data.url).pathname));
      await page.locator('[data-viewer][data-state="ready"]').waitFor({ timeout: READY_TIMEOUT_MS });
      const firstFrame = await page.evaluate(() => (window as unknown as { firstFrameAt: number }).firstFrameAt);
      const firstDetail = await page.locator('[data-viewer]').getAttribute('data-detail');
      await page.locator('[data-viewer][data-detail="full"]').waitFor({ timeout: READY_TIMEOUT_MS });
      const fullAt = await page.evaluate(() => performance.now());
      // The bytes of each GLB as they crossed the network (the page's resource timing: same origin).
      const bytesOf = (file: string) =>
        page.evaluate(
          (ending) =>
            performance
              .getEntriesByType('resource')
              .filter((entry) => new URL(entry.name).pathname.endsWith(ending))
              .reduce((sum, entry) => sum + (entry as PerformanceResourceTiming).encodedBodySize, 0),
          `/files/${file}`,
        );
      const [glb, lite] = [await bytesOf('glb'), await bytesOf('lite-glb')];

      // The second finish's maps load (progressively); then each switch is between decoded finishes.
      const swatch = (name: string) => page.locator(`.share-swatch[data-material="${name}"]`);
      const loading = await choose(page, swatch(FINISHES[1]));
      const back = await choose(page, swatch(FINISHES[0]));
      const again = await choose(page, swatch(FINISHES[1]));
      const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(2);
      console.log(
        `share page at 10 Mbit/s, 40 ms: GLB ${mb(glb)} MB (light version ${mb(lite)} MB); first 3D frame ` +
          `${firstFrame.toFixed(0)} ms after navigation (${firstDetail ?? 'full'} model), full model drawn by ` +
          `${fullAt.toFixed(0)} ms; finish switch ${loading.toFixed(0)} ms while its maps loaded, then ` +
          `${back.toFixed(1)} ms and ${again.toFixed(1)} ms between decoded finishes`,
      );
      expect(glb).toBeGreaterThan(FIVE_MB);
      expect(firstDetail).toBe('lite');
      expect(firstFrame).toBeLessThanOrEqual(FIRST_FRAME_MS);
      expect(back).toBeLessThanOrEqual(SWITCH_MS);
      expect(again).toBeLessThanOrEqual(SWITCH_MS);
      await api.call(shareLinkEndpoints.revoke, { params: { id: link.data.id } });
    } finally {
      await api.call(projectModelEndpoints.delete, { params: { id: model.id } });
    }
  });
});
