import type { Locator, Page } from 'playwright-core';

/**
 * Issue 31 item 5: every outcome is told in the frame's one banner region, which covers nothing of
 * the page. What the specs measure a banner against.
 */

/** The frame's one banner region, inside <main>. */
export const bannerRegion = (page: Page): Locator => page.getByRole('main').locator('[data-banner-region]');

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** The buttons and links of the page outside the banner region that a banner box covers. */
export async function coveredControls(page: Page, banner: Locator): Promise<string[]> {
  const box = await banner.boundingBox();
  if (!box) throw new Error('the banner has no box');
  const controls = await page
    .getByRole('main')
    .locator('button:visible, a[href]:visible')
    .evaluateAll((elements) =>
      elements
        .filter((element) => !element.closest('[data-banner-region]'))
        .map((element) => {
          const rect = element.getBoundingClientRect();
          return {
            name: element.getAttribute('aria-label') ?? element.textContent?.trim() ?? '',
            box: { x: rect.x, y: rect.y, width: rect.width, height: rect.height },
          };
        }),
    );
  return controls.filter((control) => overlaps(box, control.box)).map((control) => control.name);
}

/** Whether the control is what a tap at its centre reaches (nothing drawn over it). */
export async function isOnTop(control: Locator): Promise<boolean> {
  await control.waitFor();
  await control.scrollIntoViewIfNeeded();
  return control.evaluate((element) => {
    const rect = element.getBoundingClientRect();
    const hit = document.elementFromPoint(rect.x + rect.width / 2, rect.y + rect.height / 2);
    return hit !== null && (hit === element || element.contains(hit));
  });
}
